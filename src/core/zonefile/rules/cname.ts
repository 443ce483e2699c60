/**
 * Where a CNAME may stand beside other records of the file (the file owns names):
 * - At the zone apex the service flattens a CNAME (it answers with the target's addresses,
 *   developers.cloudflare.com/dns/cname-flattening; "a CNAME record at the zone apex will always
 *   be flattened", the dns_settings `flatten_all_cnames` field of the API schema). So an apex
 *   CNAME may stand beside MX, TXT, CAA, NS and the other non-address records (DNSControl
 *   PR #86 allows the same); only A, AAAA and another CNAME conflict with it there, since the
 *   flattened CNAME is itself the apex's address answer.
 * - Below the apex a CNAME stays exclusive. The service flattens such a CNAME only while the
 *   zone's `flatten_all_cnames` setting (paid plans) or the record's own
 *   `settings.flatten_cname` is on (set-up-cname-flattening); neither is something the file can
 *   guarantee for the record's lifetime (a plan downgrade or a settings change turns
 *   flattening off), and an unflattened CNAME beside other data is invalid DNS (RFC 1034
 *   §3.6.2). zonectl therefore refuses it by its own policy.
 */
import { recordKey } from '../../model/keys.js';
import type { RecordType } from '../../model/record-types.js';
import type { Rule } from './context.js';
import { describeRecordAt } from './context.js';
import { sharedNames } from './shared-names.js';
import { matchesIgnoreByName } from '../match-ignore.js';

/** Types that conflict with a CNAME at the apex (the flattened CNAME answers A and AAAA). */
const APEX_CONFLICTS: ReadonlySet<RecordType> = new Set<RecordType>(['A', 'AAAA', 'CNAME']);

export const checkCnameExclusivity: Rule = (ctx) => {
  // A CNAME alone at its name conflicts with nothing: only names holding several records are looked at.
  for (const [name, group] of sharedNames(ctx)) {
    if (!group.some((e) => e.record.type === 'CNAME')) continue;
    const apex = name === ctx.zone;
    for (const c of group.filter((e) => e.record.type === 'CNAME')) {
      const key = recordKey(c.record);
      // Exact copies are reported by the duplicate rule.
      const others = group.filter((o) => o !== c && recordKey(o.record) !== key && (!apex || APEX_CONFLICTS.has(o.record.type)));
      if (others.length === 0) continue;
      const list = others.map((o) => `${o.record.type} at ${describeRecordAt(ctx, o)}`).join(', ');
      const message = apex
        ? `a CNAME at the zone apex is flattened into the apex's address answer, so it cannot stand beside ${list} (MX, TXT and other non-address records are fine)`
        : `a CNAME cannot share its name ${c.record.name} with other records: ${list} (only at the zone apex, where the service flattens the CNAME, may it stand beside non-address records)`;
      ctx.sink.error('cname.exclusive', [...c.path, 'name'], message);
    }
  }
};

/** Record types tried against `manage.ignore` rules without a type (any of them conflicts). */
const PROBE_TYPES: readonly RecordType[] = ['A', 'AAAA', 'MX', 'TXT', 'NS', 'CAA'];

/**
 * Conflicts the file makes evident with records it does not list (README.md, "Ownership"):
 * - a `manage.ignore` rule keeps records at a CNAME's name that cannot stand beside it, so the
 *   service will refuse the CNAME while one exists (zonectl never deletes an ignored record);
 * - with `manage.unmanaged: keep`, a CNAME still deletes any live record of another type at its
 *   name (a destructive replacement), although the file says unlisted records are kept.
 */
export const checkCnameOverUnlisted: Rule = (ctx) => {
  if (ctx.manage === undefined) return;
  const ignore = ctx.manage.ignore ?? [];
  if (ignore.length === 0 && ctx.manage.unmanaged !== 'keep') return;
  const cnames = ctx.records.filter((e) => e.record.type === 'CNAME');
  if (cnames.length === 0) return;
  // The types the file lists at each CNAME's name (only those names: a large zone has many others).
  const listedTypes = new Map<string, Set<string>>();
  if (ignore.length > 0) {
    for (const c of cnames) listedTypes.set(c.record.name, new Set<string>());
    for (const e of ctx.records) listedTypes.get(e.record.name)?.add(e.record.type);
  }
  for (const c of cnames) {
    const apex = c.record.name === ctx.zone;
    const conflicts = (t: RecordType): boolean => t !== 'CNAME' && (!apex || APEX_CONFLICTS.has(t)) && !listedTypes.get(c.record.name)?.has(t);
    ignore.forEach((rule, i) => {
      const types = rule.type !== undefined ? [rule.type as RecordType] : PROBE_TYPES;
      const hit = types.filter((t) => conflicts(t) && matchesIgnoreByName(rule, { name: c.record.name, type: t }, ctx.zone));
      if (hit.length === 0) return;
      ctx.sink.warning(
        'cname.ignored-conflict',
        [...c.path, 'name'],
        `manage.ignore[${i}] keeps ${rule.type !== undefined ? `${rule.type} records` : 'records of any type'} at ${c.record.name}, which cannot stand beside this CNAME: zonectl never deletes them, so the service refuses the CNAME while one exists`,
      );
    });
  }
  if (ctx.manage.unmanaged === 'keep') {
    const names = [...new Set(cnames.filter((c) => c.record.name !== ctx.zone).map((c) => c.record.name))];
    if (names.length === 0) return;
    const shown = names.length > 5 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : names.join(', ');
    ctx.sink.warning(
      'cname.replaces-unlisted',
      ['manage', 'unmanaged'],
      `records the file does not list are kept, except where a CNAME of the file needs the name: a live record of another type at ${shown} is deleted (shown as a destructive replacement at the top of the plan)`,
    );
  }
};
