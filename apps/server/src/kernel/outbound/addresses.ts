import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses the outbound guard lets Proctor reach: public unicast only, IPv6 forms that carry an IPv4 address
 * judged by it, unless OUTBOUND_ALLOWED_ADDRESSES allows them (docs/architecture.md, "The outbound guard").
 */

/** The part of the guard's options that says which addresses may be reached. */
export interface AddressRules {
  /** Allow every non-public address (a model served on this machine or the LAN; tests). */
  allowPrivateAddresses?: boolean;
  /** Non-public addresses or CIDRs allowed all the same (`10.0.0.7`, `192.168.1.0/24`). */
  allowedAddresses?: readonly string[];
}

type IP = ipaddr.IPv4 | ipaddr.IPv6;
/** An allowed network: OUTBOUND_ALLOWED_ADDRESSES's addresses and CIDRs, parsed. */
type Network = [IP, number];

/** What each special range is called in a refusal; any other non-unicast range is called reserved. */
const RANGE_NAMES: Record<string, string> = {
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a shared (CGNAT) address',
  private: 'a private address',
  uniqueLocal: 'a unique-local (private) address',
  deprecatedSiteLocal: 'a site-local (private) address',
  benchmarking: 'a benchmarking address',
  discard: 'a discard-only address',
  rfc6052: 'a local-use NAT64 address (the IPv4 address it stands for depends on the network)',
};
const rangeProblem = (range: string) =>
  range === 'unicast' ? null : (RANGE_NAMES[range] ?? 'a reserved address');

const NAT64_WELL_KNOWN = ipaddr.IPv6.parseCIDR('64:ff9b::/96');
const ipv4At = (bytes: number[], from: number) =>
  new ipaddr.IPv4(bytes.slice(from, from + 4) as [number, number, number, number]);

/**
 * The IPv4 addresses an IPv6 address stands for, when it is one of the forms that carry one: traffic to it ends
 * at that IPv4 address (through this machine's stack, a translator or a relay), so it is judged by it.
 */
function embeddedIPv4(ip: ipaddr.IPv6): { form: string; addresses: ipaddr.IPv4[] } | null {
  const bytes = ip.toByteArray();
  const zeros = (from: number, to: number) => bytes.slice(from, to).every((byte) => byte === 0);
  const range = ip.range();
  if (range === 'ipv4Mapped') return { form: 'an IPv4-mapped form', addresses: [ipv4At(bytes, 12)] };
  if (range === 'rfc6145') return { form: 'an IPv4-translated form', addresses: [ipv4At(bytes, 12)] };
  // ::/96 less :: and ::1 (unspecified and loopback in their own right): the deprecated IPv4-compatible form.
  if (zeros(0, 12) && range === 'unicast')
    return { form: 'an IPv4-compatible form', addresses: [ipv4At(bytes, 12)] };
  // The well-known NAT64 prefix 64:ff9b::/96; the local-use 64:ff9b:1::/48 is refused as a range (RANGE_NAMES).
  if (range === 'rfc6052' && ip.match(NAT64_WELL_KNOWN))
    return { form: 'a NAT64 form', addresses: [ipv4At(bytes, 12)] };
  if (range === '6to4') return { form: 'a 6to4 form', addresses: [ipv4At(bytes, 2)] };
  // Teredo: the server's address, then the client's, stored inverted in the last 32 bits.
  if (range === 'teredo') {
    const client = bytes.slice(12, 16).map((byte) => byte ^ 0xff);
    return { form: 'a Teredo form', addresses: [ipv4At(bytes, 4), ipv4At(client, 0)] };
  }
  // ISATAP's interface identifier (0000:5efe or 0200:5efe, RFC 5214) carries an IPv4 address behind any prefix.
  const isatap = (bytes[8]! & 0xfd) === 0 && bytes[9] === 0 && bytes[10] === 0x5e && bytes[11] === 0xfe;
  if (isatap && range === 'unicast') return { form: 'an ISATAP form', addresses: [ipv4At(bytes, 12)] };
  return null;
}

const isAllowed = (ip: IP, allowed: readonly Network[]) =>
  allowed.some(([network, bits]) => network.kind() === ip.kind() && ip.match(network, bits));

/**
 * Why an IP address may not be reached, or null when it may: every address outside the public unicast space is
 * refused (loopback, private, link-local, unique-local, shared, multicast, broadcast, benchmarking, documentation,
 * reserved, unspecified), and IPv6 forms that carry an IPv4 address are judged by that address. `allowed`
 * networks (OUTBOUND_ALLOWED_ADDRESSES) may be reached all the same, given as IPv6 or as the IPv4 carried.
 */
export function addressProblem(address: string, allowed: readonly Network[] = []): string | null {
  if (!isIP(address)) return 'not an IP address';
  // Zone ids (fe80::1%eth0) name an interface, not an address.
  const ip = ipaddr.parse(address.replace(/%.*$/, ''));
  if (isAllowed(ip, allowed)) return null;
  if (ip.kind() === 'ipv4') return rangeProblem(ip.range());
  const embedded = embeddedIPv4(ip as ipaddr.IPv6);
  if (!embedded) return rangeProblem(ip.range());
  for (const ipv4 of embedded.addresses) {
    const problem = isAllowed(ipv4, allowed) ? null : rangeProblem(ipv4.range());
    if (problem) return `${embedded.form} of ${ipv4}, ${problem}`;
  }
  return null;
}

/** OUTBOUND_ALLOWED_ADDRESSES's entries (checked when the configuration loads): an address is its own /32 or /128. */
function allowedNetworks(entries: readonly string[]): Network[] {
  return entries.map((entry) => {
    const bare = entry.replace(/%[^/]*/, '');
    if (bare.includes('/')) return ipaddr.parseCIDR(bare);
    const ip = ipaddr.parse(bare);
    return [ip, ip.kind() === 'ipv4' ? 32 : 128];
  });
}

/** The check every address goes through: null when it may be reached. */
export function addressChecker(options: AddressRules): (address: string) => string | null {
  if (options.allowPrivateAddresses) return () => null;
  const allowed = allowedNetworks(options.allowedAddresses ?? []);
  return (address) => addressProblem(address, allowed);
}
