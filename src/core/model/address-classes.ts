/**
 * Address classes (the service's own network; proxiable or not), fast enough for 100,000-record
 * zones: an address is parsed once into numbers and matched against prefixes parsed once per
 * process. zonectl's one implementation, used by the validator, the model and `import --proxied`
 * (the emulator classes addresses on its own: src/emulator/net/address-classes.ts); the service's
 * prefixes are in src/core/service/network.ts.
 */
import ipaddr from 'ipaddr.js';
import { PRIVATE_ROUTING_RANGES, SERVICE_NETWORK_RANGES } from '../service/network.js';
import { isDottedQuad, parseHexIPv6 } from './address-text.js';

/**
 * An address as numbers: 4 octets (IPv4) or 8 groups of 16 bits (IPv6). Matching prefixes on
 * these directly is several times cheaper than ipaddr.js objects, whose `range()` walks every
 * special range through generic code (it showed in profiles of 100,000-record files).
 */
export interface Address {
  readonly v6: boolean;
  readonly parts: readonly number[];
}

/** A prefix of one family: the address's parts and the prefix length in bits. */
export interface Prefix {
  readonly v6: boolean;
  readonly parts: readonly number[];
  readonly bits: number;
}

/** Documentation ranges: ordinary public addresses here, so that examples and tests can use them (RFC 5737, RFC 3849). */
export const DOCUMENTATION_RANGES: readonly string[] = ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24', '2001:db8::/32'];

/** ipaddr.js range names that cannot be proxied: private, loopback, link-local, shared (CGNAT), ... */
const NOT_PROXIABLE = new Set([
  'private',
  'loopback',
  'linkLocal',
  'carrierGradeNat',
  'uniqueLocal',
  'unspecified',
  'broadcast',
  'multicast',
  'reserved',
]);

function toPrefix(addr: ipaddr.IPv4 | ipaddr.IPv6, bits: number): Prefix {
  return addr.kind() === 'ipv6'
    ? { v6: true, parts: [...(addr as ipaddr.IPv6).parts], bits }
    : { v6: false, parts: [...(addr as ipaddr.IPv4).octets], bits };
}

/**
 * One CIDR of the tables below: a dotted quad or a hex-and-colons IPv6 address and a length
 * within its family, read by address-text.ts (warm from the records); any other form through
 * ipaddr.js. Reading the service's ranges through ipaddr.js's parser was about 1 % of a
 * `validate` run of 1,400 records, for a dozen prefixes (its code compiled for them alone).
 * The same prefixes as `ipaddr.parseCIDR`: test/core/model/address-classes.test.ts.
 */
export function parsePrefix(cidr: string): Prefix {
  const slash = cidr.indexOf('/');
  const text = cidr.slice(0, slash);
  const bitsText = cidr.slice(slash + 1);
  const bits = /^(0|[1-9][0-9]{0,2})$/.test(bitsText) ? Number(bitsText) : -1;
  if (slash > 0 && bits >= 0) {
    if (isDottedQuad(text) && bits <= 32) return { v6: false, parts: text.split('.').map(Number), bits };
    const groups = text.includes('.') ? undefined : parseHexIPv6(text);
    if (groups !== undefined && bits <= 128) return { v6: true, parts: groups, bits };
  }
  const [addr, length] = ipaddr.parseCIDR(cidr);
  return toPrefix(addr, length);
}

function parsePrefixes(cidrs: readonly string[]): Prefix[] {
  return cidrs.map(parsePrefix);
}

/** True when `a` lies in `p` (same family). */
function inPrefix(a: Address, p: Prefix): boolean {
  if (a.v6 !== p.v6) return false;
  const size = a.v6 ? 16 : 8;
  let bits = p.bits;
  for (let i = 0; bits > 0; i += 1, bits -= size) {
    const shift = bits >= size ? 0 : size - bits;
    if (a.parts[i] >> shift !== p.parts[i] >> shift) return false;
  }
  return true;
}

function inAny(a: Address, prefixes: readonly Prefix[]): boolean {
  for (const p of prefixes) if (inPrefix(a, p)) return true;
  return false;
}

type SpecialRange = [ipaddr.IPv4 | ipaddr.IPv6, number];

/**
 * ipaddr.js's own table of special ranges, in its order (`range()` answers the first name that
 * matches, so the order matters): the same answers, read from the same data.
 */
function specialRanges(sample: ipaddr.IPv4 | ipaddr.IPv6): Array<{ name: string; prefixes: Prefix[] }> {
  const table = (sample as unknown as { SpecialRanges: Record<string, SpecialRange | SpecialRange[]> }).SpecialRanges;
  return Object.entries(table).map(([name, value]) => {
    const list = Array.isArray(value[0]) ? (value as SpecialRange[]) : [value as SpecialRange];
    return { name, prefixes: list.map(([addr, bits]) => toPrefix(addr, bits)) };
  });
}

interface Tables {
  service: Prefix[];
  privateRouting: Prefix[];
  documentation: Prefix[];
  special4: Array<{ name: string; prefixes: Prefix[] }>;
  special6: Array<{ name: string; prefixes: Prefix[] }>;
}

let tables: Tables | null = null;

function getTables(): Tables {
  tables ??= {
    service: parsePrefixes(SERVICE_NETWORK_RANGES),
    privateRouting: parsePrefixes(PRIVATE_ROUTING_RANGES),
    documentation: parsePrefixes(DOCUMENTATION_RANGES),
    special4: specialRanges(new ipaddr.IPv4([0, 0, 0, 0])),
    special6: specialRanges(new ipaddr.IPv6([0, 0, 0, 0, 0, 0, 0, 0])),
  };
  return tables;
}

/** ipaddr.js's `range()` name of an address ('unicast' when no special range matches). */
export function rangeName(a: Address): string {
  const t = getTables();
  for (const { name, prefixes } of a.v6 ? t.special6 : t.special4) if (inAny(a, prefixes)) return name;
  return 'unicast';
}

/** A dotted-quad IPv4 address (no shorthand, no leading zeros: `isDottedQuad`), parsed; undefined when invalid. */
export function parseIPv4(text: string): Address | undefined {
  return isDottedQuad(text) ? { v6: false, parts: text.split('.').map(Number) } : undefined;
}

/** An IPv6 address (any textual form, no zone index), parsed; undefined when invalid. */
export function parseIPv6(text: string): Address | undefined {
  if (text.includes('%') || !text.includes(':')) return undefined;
  if (!text.includes('.')) {
    // Hex and colons only (an IPv4 suffix needs a '.'): read without ipaddr.js.
    const parts = parseHexIPv6(text);
    return parts ? { v6: true, parts } : undefined;
  }
  try {
    return { v6: true, parts: ipaddr.IPv6.parse(text).parts };
  } catch {
    return undefined;
  }
}

export interface AddressClass {
  /** In the service's own network (A/AAAA content may not point there). */
  readonly serviceNetwork: boolean;
  /** Can be proxied. */
  readonly proxiable: boolean;
}

/** Parse an IPv4 (dotted quad) or IPv6 address; undefined when it is neither. */
export function parseAnyAddress(text: string): Address | undefined {
  return parseIPv4(text) ?? parseIPv6(text);
}

/** An IPv4-mapped IPv6 address (::ffff:a.b.c.d) as the IPv4 address it maps; any other as it is. */
function unmapped(parsed: Address): Address {
  const p = parsed.parts;
  const mapped = parsed.v6 && p[0] === 0 && p[1] === 0 && p[2] === 0 && p[3] === 0 && p[4] === 0 && p[5] === 0xffff;
  return mapped ? { v6: false, parts: [p[6] >> 8, p[6] & 0xff, p[7] >> 8, p[7] & 0xff] } : parsed;
}

/** Whether an address is in the service's network (`classifyAddress(parsed).serviceNetwork`, without the proxiable check). */
export function inServiceNetwork(parsed: Address): boolean {
  return inAny(unmapped(parsed), getTables().service);
}

/**
 * Whether an address can be proxied (`classifyAddress(parsed).proxiable`): its own function so
 * that the check of a record not proxied, most of a large zone, skips the special ranges.
 */
export function isProxiable(parsed: Address): boolean {
  const addr = unmapped(parsed);
  return inAny(addr, getTables().documentation) || !NOT_PROXIABLE.has(rangeName(addr));
}

/**
 * Whether an address is in one of the private ranges a record with `private_routing: true` may
 * proxy (src/core/service/network.ts, `PRIVATE_ROUTING_RANGES`).
 */
export function inPrivateRoutingRange(parsed: Address): boolean {
  return inAny(unmapped(parsed), getTables().privateRouting);
}

/** Whether an address is in the service's network, and whether it can be proxied. An IPv4-mapped IPv6 address is judged as the IPv4 address. */
export function classifyAddress(parsed: Address): AddressClass {
  return { serviceNetwork: inServiceNetwork(parsed), proxiable: isProxiable(parsed) };
}
