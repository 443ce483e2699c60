/**
 * Private network routing (Enterprise, closed beta): `private_routing` on A and AAAA records,
 * as https://developers.cloudflare.com/dns/manage-dns-records/how-to/private-network-routing/
 * documents it ("API field behavior"):
 * - "Private network routing is available for A (IPv4) and AAAA (IPv6) records only. Records
 *   must be proxied"; for other types the "field [is] not supported";
 * - a proxied A/AAAA record with an address in the private ranges (10/8, 172.16/12, 192.168/16,
 *   fc00::/7, 100.64/10: src/facts/private-routing.ts) gets `private_routing: true` on its own
 *   ("Auto-set to true"), and "if you manually set `private_routing: false` on a proxied A/AAAA
 *   record with private IP, the API will return an error";
 * - a proxied A/AAAA record with a public address "defaults to false", and may set it to true.
 * The emulator stands for the entitlement with the zone's plan: Enterprise zones have it; on the
 * others a private address may not be proxied (9003, as before) and `private_routing: true` is
 * refused. The codes of these refusals (9120) and their messages are the emulator's (not published).
 */
import { PRIVATE_ROUTING_RANGES, PRIVATE_ROUTING_TYPES } from '../../facts/private-routing.js';
import type { RecordType } from '../../facts/record-types.js';
import type { ZoneRow } from '../contract.js';
import { inRange, parseCidr, parseIPv4, parseIPv6, unmapped, type Range } from '../net/ip.js';
import { RECORD_CODES as C, invalid } from './codes.js';

const RANGES: Range[] = PRIVATE_ROUTING_RANGES.map((c) => {
  const p = parseCidr(c);
  if (!p.ok) throw new Error(`bad built-in range ${c}`);
  return p.range;
});

/** Whether an address (as written) is in the private ranges private network routing reaches. */
export function inPrivateRoutingRange(text: string): boolean {
  const a = parseIPv4(text.trim()) ?? parseIPv6(text.trim());
  if (a === undefined) return false;
  const x = unmapped(a);
  return RANGES.some((r) => inRange(x, r));
}

/** Whether the zone may use private network routing (the emulator's stand-in for the entitlement). */
export function hasPrivateRouting(zone: ZoneRow): boolean {
  return zone.plan === 'enterprise';
}

/** The `private_routing` a write asks for: a boolean, nothing (undefined), or a refusal. */
export function requestedPrivateRouting(raw: unknown, type: RecordType): boolean | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (!PRIVATE_ROUTING_TYPES.includes(type))
    throw invalid(C.privateRouting, `private_routing is not supported on ${type} records (A and AAAA only).`);
  if (typeof raw !== 'boolean') throw invalid(C.bodyInvalid, 'private_routing must be a boolean.');
  return raw;
}

/** The stored `private_routing` of an A/AAAA record (undefined for other types), once its content is valid. */
export function privateRoutingOf(
  requested: boolean | undefined,
  type: RecordType,
  content: string,
  proxied: boolean,
  zone: ZoneRow,
): boolean | undefined {
  if (!PRIVATE_ROUTING_TYPES.includes(type)) return undefined;
  const privateAddress = inPrivateRoutingRange(content);
  if (requested === true && !proxied) throw invalid(C.privateRouting, 'private_routing needs a proxied record.');
  if (requested === true && !hasPrivateRouting(zone))
    throw invalid(
      C.privateRouting,
      `private_routing is not available on this zone (${zone.plan} plan): private network routing needs an Enterprise entitlement.`,
    );
  if (proxied && privateAddress) {
    // Proxying a private address is private network routing (content.ts refuses it without the entitlement).
    if (requested === false)
      throw invalid(C.privateRouting, `private_routing cannot be false on a proxied record with the private address ${content}.`);
    return true;
  }
  return requested === true;
}
