/**
 * The `dnssec` section `export` writes from the service's answer, so that the exported file
 * plans no DNSSEC change (diff.ts): `pending` and `active` are `status: active`,
 * `pending-disabled` and `disabled` are `status: disabled`, and the flags that are on are
 * written (the others left unmanaged, the service default being off). Nothing is written for a
 * zone whose DNSSEC was never enabled (or was deleted: the file then leaves DNSSEC unmanaged, as
 * before zonectl knew of it) or that is in `error` (its wish is unknown); the comment says why.
 * Pure.
 */
import { DNSSEC_FLAGS, type DesiredDnssec, type DnssecFlag } from './desired.js';
import type { LiveDnssec } from './live.js';

export interface DnssecExport {
  /** The section to write, or undefined for none. */
  readonly section?: DesiredDnssec;
  /** A comment for the exported file (one line, no `#`). */
  readonly comment: string;
}

export function exportDnssec(live: LiveDnssec): DnssecExport {
  if (live.status === 'error')
    return { comment: 'dnssec: the service reports an error; not exported (add a dnssec section once it clears)' };
  if (live.deleted) return { comment: 'dnssec: never enabled (or deleted); add `dnssec: { status: active }` to enable it' };
  const status = live.status === 'active' || live.status === 'pending' ? 'active' : 'disabled';
  const on: { -readonly [F in DnssecFlag]?: boolean } = {};
  for (const flag of DNSSEC_FLAGS) if (live.flags[flag]) on[flag] = true;
  const ds = live.key !== undefined ? `; DS at the registrar: ${live.key.ds.text}` : '';
  return { section: { status, ...on }, comment: `dnssec: the service reports ${live.status}${ds}` };
}
