import { BlockList, isIPv4, isIPv6 } from 'node:net';

/**
 * Where one request of an environment's browser goes: to the environment's own simulator, out through the
 * environment's `outside` handler, or nowhere, with the reason shown on the refusal page and in the session's log.
 */
export type NetworkRoute =
  | { to: 'own'; origin: string }
  | { to: 'outside' }
  | { to: 'refused'; reason: string };

export const REFUSAL_REASONS = {
  unbound: 'This browser is not serving an environment yet, so it reaches nothing.',
  scheme: 'Only http and https (and their WebSockets) leave an environment.',
  otherEnvironment:
    "This is another environment's simulator on this machine: an environment reaches only its own.",
  loopback:
    "This is the machine Proctor runs on (loopback): Proctor's API, its database and other services listen there.",
  private: 'This is a private network address.',
  linkLocal: 'This is a link-local address, where cloud metadata services answer (169.254.169.254).',
  reserved: 'This address is not on the public internet.',
  outsideClosed: 'This environment reaches only its own simulator: outside addresses are closed to it.',
} as const;

const v4 = (ranges: Array<[string, number]>) => {
  const list = new BlockList();
  for (const [address, prefix] of ranges) list.addSubnet(address, prefix, 'ipv4');
  return list;
};
const v6 = (ranges: Array<[string, number]>) => {
  const list = new BlockList();
  for (const [address, prefix] of ranges) list.addSubnet(address, prefix, 'ipv6');
  return list;
};

const LOOPBACK_V4 = v4([['127.0.0.0', 8]]);
const PRIVATE_V4 = v4([
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['100.64.0.0', 10],
]);
const LINK_LOCAL_V4 = v4([['169.254.0.0', 16]]);
/** "This network", IETF protocol assignments, documentation, benchmarking, multicast, reserved and broadcast. */
const RESERVED_V4 = v4([
  ['0.0.0.0', 8],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
]);
const LOOPBACK_V6 = v6([['::1', 128]]);
const PRIVATE_V6 = v6([['fc00::', 7]]);
const LINK_LOCAL_V6 = v6([['fe80::', 10]]);
/** Global unicast, less the forms that carry an IPv4 address (6to4, Teredo) and documentation. */
const GLOBAL_V6 = v6([['2000::', 3]]);
const NOT_GLOBAL_V6 = v6([
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
]);

/** Why an IP address is not a public one, or undefined when it is. */
export function addressRefusal(address: string): string | undefined {
  if (isIPv4(address)) {
    if (LOOPBACK_V4.check(address, 'ipv4')) return REFUSAL_REASONS.loopback;
    if (PRIVATE_V4.check(address, 'ipv4')) return REFUSAL_REASONS.private;
    if (LINK_LOCAL_V4.check(address, 'ipv4')) return REFUSAL_REASONS.linkLocal;
    if (RESERVED_V4.check(address, 'ipv4')) return REFUSAL_REASONS.reserved;
    return undefined;
  }
  if (!isIPv6(address)) return REFUSAL_REASONS.reserved;
  // IPv4-mapped (::ffff:a.b.c.d, which URL parsing writes in hex): traffic to it ends at the IPv4 address.
  const mapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (mapped) {
    const [high, low] = [Number.parseInt(mapped[1] as string, 16), Number.parseInt(mapped[2] as string, 16)];
    return addressRefusal(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`);
  }
  if (LOOPBACK_V6.check(address, 'ipv6')) return REFUSAL_REASONS.loopback;
  if (PRIVATE_V6.check(address, 'ipv6')) return REFUSAL_REASONS.private;
  if (LINK_LOCAL_V6.check(address, 'ipv6')) return REFUSAL_REASONS.linkLocal;
  if (!GLOBAL_V6.check(address, 'ipv6') || NOT_GLOBAL_V6.check(address, 'ipv6'))
    return REFUSAL_REASONS.reserved;
  return undefined;
}

/** `http://a.b:80` and `http://A.b` name the same origin as `http://a.b`. */
export function normalOrigin(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.origin === 'null' ? undefined : url.origin;
  } catch {
    return undefined;
  }
}

/**
 * The route of one request (`url` absolute; ws:// and wss:// are their http origins). `rules` undefined: the
 * browser serves no environment yet. Names under `localhost` and addresses that are not public are refused even
 * when outside addresses are open: they are this machine and its networks, never the outside.
 */
export function routeOf(
  url: string,
  rules: { origins: readonly string[]; outside?: unknown } | undefined,
): NetworkRoute {
  if (!rules) return { to: 'refused', reason: REFUSAL_REASONS.unbound };
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/^ws(s?):/i, 'http$1:'));
  } catch {
    return { to: 'refused', reason: REFUSAL_REASONS.scheme };
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return { to: 'refused', reason: REFUSAL_REASONS.scheme };
  if (rules.origins.some((origin) => normalOrigin(origin) === parsed.origin))
    return { to: 'own', origin: parsed.origin };
  const hostname = parsed.hostname.replace(/\.$/, '').replace(/^\[(.*)\]$/, '$1');
  if (hostname === 'localhost' || hostname.endsWith('.localhost'))
    return {
      to: 'refused',
      reason: hostname.split('.').length >= 3 ? REFUSAL_REASONS.otherEnvironment : REFUSAL_REASONS.loopback,
    };
  if (isIPv4(hostname) || isIPv6(hostname)) {
    const reason = addressRefusal(hostname);
    if (reason) return { to: 'refused', reason };
  }
  return rules.outside ? { to: 'outside' } : { to: 'refused', reason: REFUSAL_REASONS.outsideClosed };
}
