/**
 * Fast address checks for the rules: the address is parsed once and matched against ranges
 * parsed once per process. (`model/addresses.ts` re-parses every range on every call, which
 * costs seconds on 100,000 records; same lists, same answers.)
 */
import ipaddr from 'ipaddr.js';
import { SERVICE_NETWORK_RANGES } from '../../model/addresses.js';

type Parsed = ipaddr.IPv4 | ipaddr.IPv6;
type Range = [Parsed, number];

const DOCUMENTATION_RANGES = ['192.0.2.0/24', '198.51.100.0/24', '203.0.113.0/24', '2001:db8::/32'];
const NOT_PROXIABLE = new Set(['private', 'loopback', 'linkLocal', 'carrierGradeNat', 'uniqueLocal', 'unspecified', 'broadcast', 'multicast', 'reserved']);

let service: Range[] | null = null;
let documentation: Range[] | null = null;

function inAny(addr: Parsed, ranges: readonly Range[]): boolean {
  for (const [net, bits] of ranges) {
    if (net.kind() === addr.kind() && addr.match(net, bits)) return true;
  }
  return false;
}

const OCTET = '(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const FOUR_PART = new RegExp(`^${OCTET}\\.${OCTET}\\.${OCTET}\\.${OCTET}$`);

/** A dotted-quad IPv4 address (no shorthand, no leading zeros), parsed; undefined when invalid. */
export function parseIPv4(text: string): ipaddr.IPv4 | undefined {
  const m = FOUR_PART.exec(text);
  return m ? new ipaddr.IPv4([Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4])]) : undefined;
}

/** An IPv6 address (any textual form, no zone index), parsed; undefined when invalid. */
export function parseIPv6(text: string): ipaddr.IPv6 | undefined {
  if (text.includes('%') || !text.includes(':')) return undefined;
  try {
    return ipaddr.IPv6.parse(text);
  } catch {
    return undefined;
  }
}

export interface AddressClass {
  serviceNetwork: boolean;
  proxiable: boolean;
}

/** Whether a parsed address is in the service's network, and whether it can be proxied. */
export function classifyAddress(parsed: Parsed): AddressClass {
  const addr = parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()
    ? (parsed as ipaddr.IPv6).toIPv4Address()
    : parsed;
  service ??= SERVICE_NETWORK_RANGES.map((r) => ipaddr.parseCIDR(r) as Range);
  documentation ??= DOCUMENTATION_RANGES.map((r) => ipaddr.parseCIDR(r) as Range);
  return {
    serviceNetwork: inAny(addr, service),
    proxiable: inAny(addr, documentation) || !NOT_PROXIABLE.has(addr.range()),
  };
}
