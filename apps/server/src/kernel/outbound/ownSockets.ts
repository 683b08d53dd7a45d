import { readdir, readFile, readlink } from 'node:fs/promises';
import { isIP } from 'node:net';
import { networkInterfaces } from 'node:os';
import ipaddr from 'ipaddr.js';

/**
 * Proctor's own listening sockets, for a browser on the open web: even where the install allows an address of
 * this machine (a site on loopback or the LAN), the browser must not reach Proctor's API, its simulator host,
 * its environments' DevTools endpoints or proxies, which listen on this machine too.
 */

/** Loopback, unspecified, or one of this machine's interfaces' addresses. */
export function isThisMachine(address: string): boolean {
  if (!isIP(address)) return false;
  let ip = ipaddr.parse(address.replace(/%.*$/, ''));
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress())
    ip = (ip as ipaddr.IPv6).toIPv4Address();
  const range = ip.range();
  if (range === 'loopback' || range === 'unspecified') return true;
  const normal = ip.toNormalizedString();
  return Object.values(networkInterfaces()).some((entries) =>
    (entries ?? []).some((entry) => {
      try {
        return ipaddr.parse(entry.address.replace(/%.*$/, '')).toNormalizedString() === normal;
      } catch {
        return false;
      }
    }),
  );
}

/** How long one reading of this process's listening ports is trusted: sockets come and go with environments. */
const PORTS_FRESH_MS = 1_000;
let cached: { at: number; ports: Promise<ReadonlySet<number> | null> } | undefined;

/**
 * The TCP ports this process listens on (Linux: its socket inodes in /proc/self/fd matched against
 * /proc/net/tcp{,6} in state LISTEN); null where /proc cannot tell, and the caller then refuses every port.
 */
export function ownListeningPorts(options: { reread?: boolean } = {}): Promise<ReadonlySet<number> | null> {
  const now = Date.now();
  if (!options.reread && cached && now - cached.at < PORTS_FRESH_MS) return cached.ports;
  const ports = readListeningPorts().catch(() => null);
  cached = { at: now, ports };
  return ports;
}

async function readListeningPorts(): Promise<ReadonlySet<number>> {
  const inodes = new Set<string>();
  const fds = await readdir('/proc/self/fd');
  await Promise.all(
    fds.map(async (fd) => {
      const target = await readlink(`/proc/self/fd/${fd}`).catch(() => '');
      const socket = /^socket:\[(\d+)\]$/.exec(target);
      if (socket) inodes.add(socket[1] as string);
    }),
  );
  const ports = new Set<number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    const text = await readFile(table, 'utf8').catch(() => '');
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      // sl local_address rem_address st tx:rx tr:when retrnsmt uid timeout inode
      const [local, state, inode] = [fields[1], fields[3], fields[9]];
      if (!local || state !== '0A' || !inode || !inodes.has(inode)) continue;
      ports.add(Number.parseInt(local.slice(local.lastIndexOf(':') + 1), 16));
    }
  }
  return ports;
}

/**
 * Why the open web's browser may not connect to `address`:`port`, or null: only an address of this machine on a
 * port this process listens on (or any port of this machine when that cannot be read) is refused here; the
 * outbound guard has judged the address itself already.
 */
export async function ownSocketProblem(address: string, port: number): Promise<string | null> {
  if (!isThisMachine(address)) return null;
  let ports = await ownListeningPorts();
  // A port just opened (a new environment's endpoint) may be missing from the last reading: read again.
  if (ports && !ports.has(port)) ports = await ownListeningPorts({ reread: true });
  if (ports === null) return 'this machine (which of its ports are Proctor’s own cannot be read here)';
  return ports.has(port) ? `Proctor's own service on this machine (port ${port})` : null;
}
