import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { BROWSER_SESSION } from '@proctor/contracts';
import { describe, expect, it } from 'vitest';
import { overdue } from '../../src/environments/lifetime';
import { loadConfig } from '../../src/kernel/config';
import { guardedRequest, OutboundRefusedError } from '../../src/kernel/outbound/outboundGuard';
import { isThisMachine, ownListeningPorts, ownSocketProblem } from '../../src/kernel/outbound/ownSockets';

describe('BROWSER_SESSION_ALLOWED_ADDRESSES', () => {
  it('should allow no private address by default, read addresses and CIDRs, and refuse anything else', () => {
    expect(loadConfig({}).browserSessions.allowedAddresses).toEqual([]);
    expect(
      loadConfig({ BROWSER_SESSION_ALLOWED_ADDRESSES: '10.0.0.0/8, 127.0.0.1' }).browserSessions
        .allowedAddresses,
    ).toEqual(['10.0.0.0/8', '127.0.0.1']);
    expect(() => loadConfig({ BROWSER_SESSION_ALLOWED_ADDRESSES: 'intranet' })).toThrow(
      /BROWSER_SESSION_ALLOWED_ADDRESSES must be a comma-separated list of addresses or CIDRs; not "intranet"/,
    );
  });
});

describe("Proctor's own sockets", () => {
  it('should know loopback, unspecified and IPv4-mapped loopback as this machine, and a public address not', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '0.0.0.0', '::ffff:127.0.0.1'])
      expect(isThisMachine(address), address).toBe(true);
    expect(isThisMachine('93.184.216.34')).toBe(false);
  });

  it("should refuse this process's listening port on this machine, and nothing else", async () => {
    const server = createServer((_request, response) => response.end('ours'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      expect((await ownListeningPorts({ reread: true }))?.has(port)).toBe(true);
      expect(await ownSocketProblem('127.0.0.1', port)).toContain("Proctor's own service");
      expect(await ownSocketProblem('93.184.216.34', port)).toBeNull();
      // The guard asks before it connects, for an address literal too.
      const refused = guardedRequest(
        `http://127.0.0.1:${port}/`,
        {},
        { allowedAddresses: ['127.0.0.1'], refuseSocket: ownSocketProblem },
      );
      await expect(refused).rejects.toThrow(OutboundRefusedError);
      await expect(refused).rejects.toThrow(
        `127.0.0.1 is Proctor's own service on this machine (port ${port})`,
      );
      // Without that check the same address is reached: the refusal above is the socket's, not the address's.
      const reached = await guardedRequest(
        `http://127.0.0.1:${port}/`,
        {},
        { allowedAddresses: ['127.0.0.1'] },
      );
      expect(reached.body.toString()).toBe('ours');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

describe('a browser session left idle', () => {
  const session = { keepalive: false, createdAt: new Date(0), idleTimeoutMs: BROWSER_SESSION.idleTimeoutMs };
  it('should be closed after its own idle time, not after the two minutes of a heartbeat', () => {
    expect(overdue({ ...session, heartbeatAt: 0 }, 5 * 60_000, 480)).toBeUndefined();
    expect(overdue({ ...session, heartbeatAt: 0 }, BROWSER_SESSION.idleTimeoutMs + 1, 480)).toBe(
      'Closed after 10 minutes without activity',
    );
  });
});
