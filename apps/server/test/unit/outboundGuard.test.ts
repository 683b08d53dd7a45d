import ipaddr from 'ipaddr.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressProblem } from '../../src/kernel/outbound/addresses';
import {
  checkOutboundUrl,
  guardedPostJson,
  guardedRequest,
  OutboundError,
  OutboundRefusedError,
  type Resolver,
} from '../../src/kernel/outbound/outboundGuard';
import { json, startStandIn } from './support/standIn';

/** A resolver for names of our choosing, counting its calls. */
function resolverFor(names: Record<string, string[]>) {
  const calls: string[] = [];
  const resolve: Resolver = async (hostname) => {
    calls.push(hostname);
    const addresses = names[hostname];
    if (!addresses) throw new Error(`ENOTFOUND ${hostname}`);
    return addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, calls };
}

const refusal = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OutboundRefusedError);
  return (error as Error).message;
};

describe('addressProblem', () => {
  it('should call every non-public range by its name', () => {
    expect(addressProblem('127.0.0.1')).toBe('a loopback address');
    expect(addressProblem('::1')).toBe('a loopback address');
    expect(addressProblem('10.0.0.1')).toBe('a private address');
    expect(addressProblem('172.31.255.255')).toBe('a private address');
    expect(addressProblem('192.168.1.1')).toBe('a private address');
    expect(addressProblem('fd12:3456::1')).toBe('a unique-local (private) address');
    expect(addressProblem('fec0::1')).toBe('a site-local (private) address');
    expect(addressProblem('169.254.169.254')).toBe('a link-local address');
    expect(addressProblem('fe80::1%eth0')).toBe('a link-local address');
    expect(addressProblem('0.0.0.0')).toBe('an unspecified address');
    expect(addressProblem('::')).toBe('an unspecified address');
    expect(addressProblem('100.64.0.1')).toBe('a shared (CGNAT) address');
    expect(addressProblem('224.0.0.1')).toBe('a multicast address');
    expect(addressProblem('ff02::1')).toBe('a multicast address');
    expect(addressProblem('255.255.255.255')).toBe('a broadcast address');
    expect(addressProblem('198.18.0.1')).toBe('a reserved address');
    expect(addressProblem('192.0.2.1')).toBe('a reserved address');
    expect(addressProblem('240.0.0.1')).toBe('a reserved address');
    expect(addressProblem('2001:db8::1')).toBe('a reserved address');
    expect(addressProblem('2001:2::1')).toBe('a benchmarking address');
    expect(addressProblem('100::1')).toBe('a discard-only address');
    expect(addressProblem('64:ff9b:1::808:808')).toMatch(/^a local-use NAT64 address/);
  });

  it('should judge IPv6 forms that carry an IPv4 address by that address', () => {
    expect(addressProblem('::ffff:127.0.0.1')).toBe('an IPv4-mapped form of 127.0.0.1, a loopback address');
    expect(addressProblem('::ffff:a9fe:a9fe')).toBe(
      'an IPv4-mapped form of 169.254.169.254, a link-local address',
    );
    expect(addressProblem('::ffff:0:127.0.0.1')).toBe(
      'an IPv4-translated form of 127.0.0.1, a loopback address',
    );
    expect(addressProblem('::7f00:1')).toBe('an IPv4-compatible form of 127.0.0.1, a loopback address');
    expect(addressProblem('64:ff9b::a00:1')).toBe('a NAT64 form of 10.0.0.1, a private address');
    expect(addressProblem('2002:7f00:1::')).toBe('a 6to4 form of 127.0.0.1, a loopback address');
    expect(addressProblem('2002:c0a8:101::1')).toBe('a 6to4 form of 192.168.1.1, a private address');
    // Teredo keeps the client's address inverted: 80ff:fffe is 127.0.0.1.
    expect(addressProblem('2001:0:4136:e378:8000:63bf:80ff:fffe')).toBe(
      'a Teredo form of 127.0.0.1, a loopback address',
    );
    expect(addressProblem('2001:0:a00:1:8000:63bf:f7f7:f7f7')).toBe(
      'a Teredo form of 10.0.0.1, a private address',
    );
    expect(addressProblem('2606:4700::5efe:a00:1')).toBe('an ISATAP form of 10.0.0.1, a private address');
  });

  it('should let public addresses through, in every form', () => {
    for (const address of [
      '8.8.8.8',
      '172.32.0.1',
      '100.128.0.1',
      '2606:4700:4700::1111',
      '::ffff:8.8.8.8',
      '::ffff:0:8.8.8.8',
      '64:ff9b::808:808',
      '2002:808:808::1',
      '2001:0:4136:e378:8000:63bf:f7f7:f7f7',
    ])
      expect(addressProblem(address), address).toBeNull();
  });

  it('should let allowed addresses and networks through, also when carried in an IPv6 form', () => {
    const allowed = [ipaddr.parseCIDR('10.0.0.0/8'), ipaddr.parseCIDR('fd00::/8')];
    expect(addressProblem('10.1.2.3', allowed)).toBeNull();
    expect(addressProblem('fd12::1', allowed)).toBeNull();
    expect(addressProblem('::ffff:10.1.2.3', allowed)).toBeNull();
    expect(addressProblem('2002:a01:203::1', allowed)).toBeNull();
    expect(addressProblem('11.0.0.1', allowed)).toBeNull();
    expect(addressProblem('192.168.0.1', allowed)).toBe('a private address');
    expect(addressProblem('fc00::1', allowed)).toBe('a unique-local (private) address');
  });
});

describe('the outbound guard', () => {
  it('should refuse loopback, link-local and private addresses before connecting', async () => {
    expect(await refusal(guardedRequest('http://127.0.0.1/'))).toBe(
      'Refused http://127.0.0.1/: 127.0.0.1 is a loopback address',
    );
    expect(await refusal(guardedRequest('http://[::1]:8080/admin'))).toBe(
      'Refused http://[::1]:8080/admin: ::1 is a loopback address',
    );
    expect(await refusal(guardedRequest('http://169.254.169.254/latest/meta-data/'))).toBe(
      'Refused http://169.254.169.254/latest/meta-data/: 169.254.169.254 is a link-local address',
    );
    expect(await refusal(guardedRequest('http://10.0.0.1/'))).toBe(
      'Refused http://10.0.0.1/: 10.0.0.1 is a private address',
    );
    expect(await refusal(guardedRequest('http://[::ffff:7f00:1]/'))).toContain(
      'IPv4-mapped form of 127.0.0.1, a loopback address',
    );
    // Spellings the URL parser turns into 127.0.0.1.
    expect(await refusal(guardedRequest('http://2130706433/'))).toContain('127.0.0.1 is a loopback address');
    expect(await refusal(guardedRequest('http://0x7f.1/'))).toContain('127.0.0.1 is a loopback address');
  });

  it('should refuse other schemes and credentials in the URL', async () => {
    expect(await refusal(guardedRequest('file:///etc/passwd'))).toContain(
      'only http and https URLs are allowed',
    );
    expect(await refusal(guardedRequest('gopher://example.com/'))).toContain('only http and https');
    expect(await refusal(guardedRequest('http://user:pw@example.com/'))).toContain('credentials in the URL');
    expect(await refusal(guardedRequest('not a url'))).toContain('not a valid URL');
  });

  it('should refuse a name that resolves to a private address, with the address in the message', async () => {
    const { resolve } = resolverFor({ 'scorer.example.com': ['93.184.215.14', '10.1.2.3'] });
    expect(await refusal(guardedRequest('https://scorer.example.com/verdict', {}, { resolve }))).toBe(
      'Refused https://scorer.example.com/verdict: scorer.example.com resolves to 10.1.2.3, a private address',
    );
    expect(await refusal(checkOutboundUrl('https://scorer.example.com/', { resolve }))).toContain('10.1.2.3');
  });

  it('should refuse loopback written inside IPv6 forms in the URL itself', async () => {
    expect(await refusal(checkOutboundUrl('http://[::ffff:0:127.0.0.1]/'))).toBe(
      'Refused http://[::ffff:0:7f00:1]/: ::ffff:0:7f00:1 is an IPv4-translated form of 127.0.0.1, a loopback address',
    );
    expect(await refusal(checkOutboundUrl('http://[2002:7f00:1::]/'))).toContain(
      'a 6to4 form of 127.0.0.1, a loopback address',
    );
    expect(await refusal(guardedRequest('http://[64:ff9b::7f00:1]/'))).toContain(
      'a NAT64 form of 127.0.0.1, a loopback address',
    );
  });

  it('should say that a name does not resolve, when checked and when connecting', async () => {
    const { resolve } = resolverFor({});
    const checked = await checkOutboundUrl('http://nowhere.test/', { resolve }).catch((e: unknown) => e);
    expect(checked).toBeInstanceOf(OutboundError);
    expect((checked as Error).message).toBe('nowhere.test does not resolve (ENOTFOUND nowhere.test)');
    await expect(guardedRequest('http://nowhere.test/', {}, { resolve })).rejects.toThrow(
      'nowhere.test does not resolve',
    );
    // The system resolver's own failure has its code.
    await expect(checkOutboundUrl('http://foo.localhost:3399/')).rejects.toBeInstanceOf(OutboundError);
  });

  it('should refuse localhost with the system resolver', async () => {
    expect(await refusal(guardedRequest('http://localhost:9/'))).toMatch(
      /^Refused http:\/\/localhost:9\/: localhost resolves to (127\.0\.0\.1|::1), a loopback address$/,
    );
  });

  describe('against a local stand-in', () => {
    let standIn: Awaited<ReturnType<typeof startStandIn>>;
    beforeAll(async () => {
      standIn = await startStandIn({
        '/verdict': (req, res) => json(res, 200, { correct: true, got: JSON.parse(req.body || 'null') }),
        '/to-loopback': (_req, res) =>
          res.writeHead(302, { location: `http://127.0.0.2:${standIn.port}/secret` }).end(),
        '/to-internal-name': (_req, res) =>
          res.writeHead(307, { location: `http://internal.test:${standIn.port}/secret` }).end(),
        '/to-other-origin': (_req, res) =>
          res.writeHead(307, { location: `http://other.test:${standIn.port}/verdict` }).end(),
        '/loop': (_req, res) => res.writeHead(302, { location: '/loop' }).end(),
        '/see-other': (_req, res) => res.writeHead(303, { location: '/verdict' }).end(),
        '/big': (_req, res) => res.writeHead(200).end('x'.repeat(4096)),
        '/silent': () => {},
        '/secret': (_req, res) => json(res, 200, { secret: true }),
      });
    });
    afterAll(() => standIn.close());

    // The stand-in listens on 127.0.0.1; the tests allow that one address, as an operator would allow a host.
    const names = {
      'scorer.test': ['127.0.0.1'],
      'other.test': ['127.0.0.1'],
      'internal.test': ['127.0.0.9'],
    };
    const options = (extra = {}) => ({
      resolve: resolverFor(names).resolve,
      allowedAddresses: ['127.0.0.1'],
      ...extra,
    });
    const url = (path: string) => `http://scorer.test:${standIn.port}${path}`;

    it('should reach an allowed host and read its JSON answer', async () => {
      const post = guardedPostJson(options());
      expect(await post(url('/verdict'), { session_id: 's1' }, { authorization: 'Bearer k' })).toEqual({
        status: 200,
        body: { correct: true, got: { session_id: 's1' } },
      });
      const last = standIn.received.at(-1);
      expect(last?.headers.authorization).toBe('Bearer k');
      expect(last?.headers['content-type']).toBe('application/json');
    });

    it('should resolve once per connection and connect to the address it checked', async () => {
      const { resolve, calls } = resolverFor(names);
      const response = await guardedRequest(
        url('/verdict'),
        {},
        { resolve, allowedAddresses: ['127.0.0.1'] },
      );
      expect(response.status).toBe(200);
      expect(calls).toEqual(['scorer.test']);
    });

    it('should check every redirect: to a loopback address and to a name that resolves to one', async () => {
      expect(await refusal(guardedRequest(url('/to-loopback'), {}, options()))).toBe(
        `Refused http://127.0.0.2:${standIn.port}/secret: 127.0.0.2 is a loopback address`,
      );
      expect(await refusal(guardedRequest(url('/to-internal-name'), {}, options()))).toBe(
        `Refused http://internal.test:${standIn.port}/secret: internal.test resolves to 127.0.0.9, a loopback address`,
      );
      expect(standIn.received.some((r) => r.url === '/secret')).toBe(false);
    });

    it('should not forward credentials to another origin, and continue a 303 as a GET', async () => {
      await guardedRequest(
        url('/to-other-origin'),
        { method: 'POST', headers: { authorization: 'Bearer k' }, body: '{}' },
        options(),
      );
      const forwarded = standIn.received.at(-1);
      expect(forwarded).toMatchObject({ method: 'POST', url: '/verdict', body: '{}' });
      expect(forwarded?.headers.authorization).toBeUndefined();
      await guardedRequest(url('/see-other'), { method: 'POST', body: '{"a":1}' }, options());
      expect(standIn.received.at(-1)).toMatchObject({ method: 'GET', url: '/verdict', body: '' });
    });

    it('should follow at most 5 redirects', async () => {
      const before = standIn.received.length;
      const error = await guardedRequest(url('/loop'), {}, options()).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(OutboundError);
      expect((error as Error).message).toBe(`${url('/loop')}: more than 5 redirects`);
      expect(standIn.received.length - before).toBe(6);
    });

    it('should stop reading an answer larger than the limit', async () => {
      await expect(guardedRequest(url('/big'), {}, options({ maxResponseBytes: 1024 }))).rejects.toThrow(
        `The answer of http://scorer.test:${standIn.port} is larger than 1024 bytes`,
      );
    });

    it('should give up on an endpoint that does not answer in time', async () => {
      await expect(guardedRequest(url('/silent'), {}, options({ timeoutMs: 300 }))).rejects.toThrow(
        `No answer from http://scorer.test:${standIn.port} within 300 ms`,
      );
    });

    it('should refuse the stand-in itself when its address is not allowed', async () => {
      expect(await refusal(guardedRequest(`${standIn.origin}/verdict`))).toContain(
        '127.0.0.1 is a loopback address',
      );
      const { resolve } = resolverFor(names);
      expect(await refusal(guardedRequest(url('/verdict'), {}, { resolve }))).toContain(
        'scorer.test resolves to 127.0.0.1, a loopback address',
      );
    });
  });
});
