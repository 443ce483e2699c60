/**
 * What the service says of live records beside delegations (shadow metadata, read with
 * `include_shadow_metadata=true`:
 * https://developers.cloudflare.com/dns/manage-dns-records/reference/shadowed-records/): a record
 * whose `meta.shadowed_by` names NS records is at or below a delegation and not served by the
 * zone (resolvers are referred to the delegated nameservers), unless it is glue the referral
 * carries (`meta.is_glue`); glue with `meta.dead_glue` is never served either (a shallower
 * delegation takes its name). Plan and drift show those records as notes: the service's own word
 * on the live zone, where it gives it (lists of more than 1,000 records carry none, and
 * src/api/shadow-metadata.ts reads those by delegation, up to a number of delegations; past it the
 * plan says it was not read). The in-file guesses of validate (`ns.delegation-alone`,
 * `lint.occluded`) stay for the file alone. Pure.
 */
import type { LiveRecord } from '../model/record.js';

/** Records named in a note; the rest counted. */
const SHOWN = 10;

function shadowedBy(r: LiveRecord): readonly string[] {
  const ids = r.meta?.shadowed_by;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string') : [];
}

function listed(records: readonly string[]): string {
  const more = records.length > SHOWN ? ` and ${records.length - SHOWN} more` : '';
  return `${records.slice(0, SHOWN).join(', ')}${more}`;
}

/**
 * The notes of a zone's live records the service says are shadowed (not glue) or dead glue;
 * `unread`: the zone's delegations were too many to ask for it (then the only note says so).
 */
export function shadowedNotes(live: readonly LiveRecord[], unread?: { readonly delegations: number; readonly most: number }): string[] {
  if (unread !== undefined)
    return [
      `the service's word on shadowed records was not read: it gives none in a list of more than 1,000 records, and this zone has ${unread.delegations} delegations (NS below the apex) to ask one by one (zonectl asks at most ${unread.most}); validate's in-file checks (ns.delegation-alone, lint.occluded) still apply`,
    ];
  const byId = new Map(live.map((r) => [r.id, r]));
  const shadowed: string[] = [];
  const deadGlue: string[] = [];
  for (const r of live) {
    const by = shadowedBy(r);
    if (by.length === 0) continue;
    const delegations = [...new Set(by.map((id) => byId.get(id)?.name).filter((n): n is string => n !== undefined))];
    const under = delegations.length > 0 ? ` (under ${delegations.join(', ')})` : '';
    if (r.meta?.dead_glue === true) deadGlue.push(`${r.name} ${r.type}${under}`);
    else if (r.meta?.is_glue !== true) shadowed.push(`${r.name} ${r.type}${under}`);
  }
  const notes: string[] = [];
  if (shadowed.length > 0)
    notes.push(
      `the service says ${shadowed.length} live record(s) are shadowed by a delegation (NS below the apex) and not served by this zone: ${listed(shadowed)}`,
    );
  if (deadGlue.length > 0)
    notes.push(
      `the service says ${deadGlue.length} live glue record(s) are never served (dead glue: a shallower delegation takes their name): ${listed(deadGlue)}`,
    );
  return notes;
}
