/**
 * Which records the service refuses at one name:
 * - A CNAME never shares its name with an A, an AAAA or another CNAME, at any name: "Create a
 *   CNAME record with a Name matching the name of an existing A/AAAA or CNAME record" and the
 *   converse are the refused cases (https://developers.cloudflare.com/dns/manage-dns-records/troubleshooting/records-with-same-name/;
 *   the official SDK's create/update notes: "A/AAAA records cannot exist on the same name as
 *   CNAME records"). Beside MX, TXT and other types a CNAME is accepted, below the apex too (a
 *   zone export made by the service holds `www CNAME` beside `www MX`).
 * - Below the apex, NS records (a delegation) share their name only with DS ("NS records cannot
 *   exist on the same name as any other record type", the same notes; the service answers 81056
 *   "NS records with that host already exist."; DS sits at delegation points, RFC 4035 §2.4).
 *   At the apex the zone's own NS records stand beside everything.
 */
import type { RecordTypeName } from '../../facts/record-types.js';

/** Types the service refuses beside a CNAME at its name (a second CNAME of another value included). */
export const CNAME_EXCLUSIVE_TYPES: ReadonlySet<RecordTypeName> = new Set<RecordTypeName>(['A', 'AAAA', 'CNAME']);

/** Types that may share a name with NS records below the apex (a delegation). */
export const DELEGATION_COMPANION_TYPES: ReadonlySet<RecordTypeName> = new Set<RecordTypeName>(['NS', 'DS']);

/**
 * Whether records of types `a` and `b` cannot share the name `name` of zone `zone`: the pairs
 * the service refuses. Records of one type never conflict with each other here (they form one
 * group, matched value by value).
 */
export function cannotCoexist(name: string, a: RecordTypeName, b: RecordTypeName, zone: string): boolean {
  if (a === b) return false;
  if ((a === 'NS' || b === 'NS') && name !== zone) return !DELEGATION_COMPANION_TYPES.has(a === 'NS' ? b : a);
  if (a !== 'CNAME' && b !== 'CNAME') return false;
  return CNAME_EXCLUSIVE_TYPES.has(a === 'CNAME' ? b : a);
}
