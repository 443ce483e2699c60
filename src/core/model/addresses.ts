import ipaddr from 'ipaddr.js';

/** True for a dotted-quad IPv4 address (no shorthand forms such as `10.1`). */
export function isIPv4(value: string): boolean {
  // The regex is the one isValidFourPartDecimal applies too; testing it first avoids ipaddr's
  // throw-and-catch on non-IPv4 input (an exception per call: ~10 µs, seconds on 100k records).
  return /^(0|[1-9]\d*)(\.(0|[1-9]\d*)){3}$/.test(value) && ipaddr.IPv4.isValidFourPartDecimal(value);
}

/** True for an IPv6 address (any valid textual form, no zone index). */
export function isIPv6(value: string): boolean {
  // Every IPv6 form contains ':'; checking it first avoids ipaddr's throw-and-catch on other input.
  return value.includes(':') && !value.includes('%') && ipaddr.IPv6.isValid(value);
}

/** IPv4 without leading zeros; IPv6 compressed and lower-case (RFC 5952). Invalid input is returned trimmed. */
export function canonicalAddress(value: string): string {
  const v = value.trim();
  if (isIPv4(v)) return ipaddr.IPv4.parse(v).toString();
  if (isIPv6(v)) return ipaddr.IPv6.parse(v).toRFC5952String();
  return v;
}

export type CidrParse =
  | { ok: true; cidr: string; family: 'ipv4' | 'ipv6' }
  | { ok: false; reason: 'bare-address'; family: 'ipv4' | 'ipv6' }
  | { ok: false; reason: 'invalid' };

/** Parse a CIDR such as `192.0.2.0/24` or `2001:db8::/32`; a bare address is reported as such. */
export function parseCidr(value: string): CidrParse {
  const v = value.trim();
  if (!v.includes('/')) {
    if (isIPv4(v)) return { ok: false, reason: 'bare-address', family: 'ipv4' };
    if (isIPv6(v)) return { ok: false, reason: 'bare-address', family: 'ipv6' };
    return { ok: false, reason: 'invalid' };
  }
  const [addr, bits] = v.split('/');
  if (!/^\d{1,3}$/.test(bits ?? '')) return { ok: false, reason: 'invalid' };
  const n = Number(bits);
  if (isIPv4(addr) && n <= 32) return { ok: true, cidr: `${canonicalAddress(addr)}/${n}`, family: 'ipv4' };
  if (isIPv6(addr) && n <= 128) return { ok: true, cidr: `${canonicalAddress(addr)}/${n}`, family: 'ipv6' };
  return { ok: false, reason: 'invalid' };
}

/** True when `address` lies inside `cidr` (families must match). */
export function cidrContains(cidr: string, address: string): boolean {
  try {
    const addr = ipaddr.process(address);
    const [range, bits] = ipaddr.parseCIDR(cidr);
    const a = addr.kind() === 'ipv6' && range.kind() === 'ipv4' && (addr as ipaddr.IPv6).isIPv4MappedAddress()
      ? (addr as ipaddr.IPv6).toIPv4Address()
      : addr;
    if (a.kind() !== range.kind()) return false;
    return a.match([range, bits] as [typeof range, number]);
  } catch {
    return false;
  }
}

/** The service's own network (published list, DESIGN §7): A/AAAA content may not point there. */
export const SERVICE_NETWORK_RANGES: readonly string[] = [
  '173.245.48.0/20', '103.21.244.0/22', '103.22.200.0/22', '103.31.4.0/22', '141.101.64.0/18',
  '108.162.192.0/18', '190.93.240.0/20', '188.114.96.0/20', '197.234.240.0/22', '198.41.128.0/17',
  '162.158.0.0/15', '104.16.0.0/13', '104.24.0.0/14', '172.64.0.0/13', '131.0.72.0/22',
  '2400:cb00::/32', '2606:4700::/32', '2803:f800::/32', '2405:b500::/32', '2405:8100::/32',
  '2a06:98c0::/29', '2c0f:f248::/32',
];

export function isServiceNetworkAddress(address: string): boolean {
  return SERVICE_NETWORK_RANGES.some((r) => cidrContains(r, address));
}

const NOT_PROXIABLE_RANGES = new Set(['private', 'loopback', 'linkLocal', 'carrierGradeNat', 'uniqueLocal', 'unspecified', 'broadcast', 'multicast', 'reserved']);
const DOCUMENTATION = ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24', '2001:db8::/32'];

/**
 * Whether an address can be proxied: private, loopback, link-local, shared (CGNAT) and other
 * special ranges cannot; documentation ranges count as ordinary public addresses (DESIGN §5).
 */
export function isProxiableAddress(address: string): boolean {
  if (DOCUMENTATION.some((r) => cidrContains(r, address))) return true;
  try {
    const range = ipaddr.process(address).range();
    return !NOT_PROXIABLE_RANGES.has(range);
  } catch {
    return false;
  }
}
