/**
 * Which records the service refuses at one name:
 * - A CNAME never shares its name with an A, an AAAA or another CNAME, at any name: "Create a
 *   CNAME record with a Name matching the name of an existing A/AAAA or CNAME record" and the
 *   converse are the refused cases (https://developers.cloudflare.com/dns/manage-dns-records/troubleshooting/records-with-same-name/;
 *   the official SDK's create/update notes: "A/AAAA records cannot exist on the same name as
 *   CNAME records"). Beside MX, TXT and other types a CNAME is accepted, below the apex too (a
 *   zone export made by the service holds `www CNAME` beside `www MX`).
 * - NS records (a delegation) and other records at one name are held, not refused: the service
 *   keeps them as "shadowed" records ("Any record you keep at or below that delegation point is
 *   shadowed. It stays stored in your zone",
 *   https://developers.cloudflare.com/dns/manage-dns-records/reference/shadowed-records/), and real
 *   zones hold an A, TXT or MX beside an NS (issue 28). They never replace each other; the order
 *   in which apply writes them is src/core/plan/order.ts's (a record created where an NS already
 *   exists is refused, 81056: https://github.com/acme-dns/acme-dns/issues/258).
 */
import type { RecordType } from '../../facts/record-types.js';

/** Types the service refuses beside a CNAME at its name (a second CNAME of another value included). */
export const CNAME_EXCLUSIVE_TYPES: ReadonlySet<RecordType> = new Set<RecordType>(['A', 'AAAA', 'CNAME']);

/** Types that share a name with NS records below the apex without being shadowed by them (a delegation's own). */
export const DELEGATION_COMPANION_TYPES: ReadonlySet<RecordType> = new Set<RecordType>(['NS', 'DS']);

/**
 * Whether records of types `a` and `b` cannot share the name `name` of zone `zone`: the pairs
 * the service refuses. Records of one type never conflict with each other here (they form one
 * group, matched value by value).
 */
export function cannotCoexist(_name: string, a: RecordType, b: RecordType, _zone: string): boolean {
  if (a === b) return false;
  if (a !== 'CNAME' && b !== 'CNAME') return false;
  return CNAME_EXCLUSIVE_TYPES.has(a === 'CNAME' ? b : a);
}
