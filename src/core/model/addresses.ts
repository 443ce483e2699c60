import ipaddr from 'ipaddr.js';
import { classifyAddress, parseAnyAddress, parseIPv6 } from './address-classes.js';
import { formatIPv6, isDottedQuad } from './address-text.js';

/** True for a dotted-quad IPv4 address (no shorthand forms such as `10.1`, no leading zeros). */
export function isIPv4(value: string): boolean {
  return isDottedQuad(value);
}

/** True for an IPv6 address (any valid textual form, no zone index). */
export function isIPv6(value: string): boolean {
  return parseIPv6(value) !== undefined;
}

/** IPv4 without leading zeros; IPv6 compressed and lower-case (RFC 5952). Invalid input is returned trimmed. */
export function canonicalAddress(value: string): string {
  const v = value.trim();
  // A valid dotted quad has no leading zeros (isIPv4), so it is already canonical.
  if (isDottedQuad(v)) return v;
  const parsed = parseIPv6(v);
  if (parsed === undefined) return v;
  const canonical = formatIPv6(parsed.parts);
  // The text already canonical (live records are): keep the string read, drop the new one.
  return canonical === v ? v : canonical;
}

export type CidrParse =
  | {
      ok: true;
      cidr: string;
      family: 'ipv4' | 'ipv6' /** The range's network address with its length (host bits cleared). */;
      network: string;
    }
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
  if (isIPv4(addr) && n <= 32) {
    return {
      ok: true,
      cidr: `${canonicalAddress(addr)}/${n}`,
      family: 'ipv4',
      network: `${ipaddr.IPv4.networkAddressFromCIDR(`${addr}/${n}`).toString()}/${n}`,
    };
  }
  if (isIPv6(addr) && n <= 128) {
    return {
      ok: true,
      cidr: `${canonicalAddress(addr)}/${n}`,
      family: 'ipv6',
      network: `${ipaddr.IPv6.networkAddressFromCIDR(`${addr}/${n}`).toRFC5952String()}/${n}`,
    };
  }
  return { ok: false, reason: 'invalid' };
}

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Parsed, number];

/** Parse an address (IPv4-mapped IPv6 unwrapped to IPv4); undefined when it is not one. */
export function parseAddress(address: string): Parsed | undefined {
  const v = address.trim();
  let parsed: Parsed;
  if (isIPv4(v)) parsed = ipaddr.IPv4.parse(v);
  else if (isIPv6(v)) parsed = ipaddr.IPv6.parse(v);
  else return undefined;
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
}

/** Parsed CIDRs, cached: range lists are matched against every record of large zones. */
const parsedRanges = new Map<string, Range | null>();

function parseRange(cidr: string): Range | null {
  let range = parsedRanges.get(cidr);
  if (range === undefined) {
    try {
      range = ipaddr.parseCIDR(cidr) as Range;
    } catch {
      range = null;
    }
    parsedRanges.set(cidr, range);
  }
  return range;
}

function inRange(address: Parsed, cidr: string): boolean {
  const range = parseRange(cidr);
  return range !== null && range[0].kind() === address.kind() && address.match(range[0] as never, range[1]);
}

/** True when `address` lies inside `cidr` (families must match; IPv4-mapped IPv6 counts as IPv4). */
export function cidrContains(cidr: string, address: string): boolean {
  const a = parseAddress(address);
  return a !== undefined && inRange(a, cidr);
}

export { DOCUMENTATION_RANGES, type AddressClass } from './address-classes.js';

export function isServiceNetworkAddress(address: string): boolean {
  const a = parseAnyAddress(address.trim());
  return a !== undefined && classifyAddress(a).serviceNetwork;
}

/** Whether an address can be proxied (documentation ranges count as public: RFC 5737, RFC 3849). */
export function isProxiableAddress(address: string): boolean {
  const a = parseAnyAddress(address.trim());
  return a !== undefined && classifyAddress(a).proxiable;
}
