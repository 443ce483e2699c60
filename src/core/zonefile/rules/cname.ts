/**
 * Where a CNAME may stand beside other records of the file; what the service accepts decides
 * (issue 19, item 6):
 * - never beside an A, an AAAA or another CNAME, at any name: the refused cases of
 *   developers.cloudflare.com/dns/manage-dns-records/troubleshooting/records-with-same-name/ and
 *   the official SDK's notes ("A/AAAA records cannot exist on the same name as CNAME records");
 * - beside other types (MX, TXT, CAA...) accepted, at the apex and below: a zone export made by
 *   the service holds `www CNAME` next to `www MX`; cloudflare/cloudflare-docs issue #30376 (NS
 *   is delegation.ts's);
 * - below the apex such a pair works only while the service flattens the CNAME
 *   (`flattenedCname`, record-types/cname.ts; Domain Connect linter rule DCTL5007): unflattened,
 *   resolvers never see the other records (RFC 1034 §3.6.2), a warning.
 */ import { recordKey } from '../../model/keys.js';
import { flattenedCname, type RecordType } from '../../record-types/index.js';
import { CNAME_EXCLUSIVE_TYPES as CNAME_CONFLICTS } from '../../service/coexistence.js';
import { type RecordEntry, type Rule, type RuleContext, describeRecordAt } from './context.js';
import { sharedNames } from './shared-names.js';
import { matchesIgnoreByName } from '../../ownership/index.js';

function flattenedByFile(ctx: RuleContext, cname: RecordEntry): boolean {
  return flattenedCname(cname.record, ctx.zone, ctx.settings?.flatten_all_cnames === true);
}

export const checkCnameExclusivity: Rule = (ctx) => {
  // A CNAME alone at its name conflicts with nothing: only names holding several records are looked at.
  for (const group of sharedNames(ctx).values()) {
    if (!group.some((e) => e.record.type === 'CNAME')) continue;
    for (const c of group.filter((e) => e.record.type === 'CNAME')) {
      const key = recordKey(c.record);
      // Exact copies are reported by the duplicate rule; NS beside anything by the delegation rule.
      const others = group.filter((o) => o !== c && recordKey(o.record) !== key && o.record.type !== 'NS');
      const refused = others.filter((o) => CNAME_CONFLICTS.has(o.record.type));
      const list = (es: readonly RecordEntry[]): string => es.map((o) => `${o.record.type} at ${describeRecordAt(ctx, o)}`).join(', ');
      if (refused.length > 0) {
        ctx.sink.error(
          'cname.exclusive',
          [...c.path, 'name'],
          `a CNAME cannot share its name ${c.record.name} with ${list(refused)}: the service refuses a CNAME beside an A, AAAA or another CNAME (MX, TXT and other records are accepted)`,
        );
      }
      const beside = others.filter((o) => !CNAME_CONFLICTS.has(o.record.type));
      if (beside.length > 0 && !flattenedByFile(ctx, c)) {
        ctx.sink.warning(
          'cname.unflattened',
          [...c.path, 'name'],
          `the CNAME at ${c.record.name} stands beside ${list(beside)}: the service accepts it, but unless it flattens the CNAME (settings.flatten_cname: true on the record, or flatten_all_cnames: true) it answers the CNAME and resolvers never see those records (RFC 1034 §3.6.2)`,
        );
      }
    }
  }
};

/** Record types tried against `manage.ignore` rules without a type (any of them conflicts). */
const PROBE_TYPES: readonly RecordType[] = ['A', 'AAAA', 'MX', 'TXT', 'NS', 'CAA'];

/**
 * Conflicts the file makes evident with records it does not list (README.md, "Ownership"):
 * - a `manage.ignore` rule keeps records at a CNAME's name that cannot stand beside it, so the
 *   service will refuse the CNAME while one exists (zonectl never deletes an ignored record);
 * - with `manage.unmanaged: keep`, a CNAME still deletes a live A or AAAA record at its name
 *   (a destructive replacement), although the file says unlisted records are kept.
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
    const conflicts = (t: RecordType): boolean => t !== 'CNAME' && CNAME_CONFLICTS.has(t) && !listedTypes.get(c.record.name)?.has(t);
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
    const names = [...new Set(cnames.map((c) => c.record.name))];
    if (names.length === 0) return;
    const shown = names.length > 5 ? `${names.slice(0, 5).join(', ')} and ${names.length - 5} more` : names.join(', ');
    ctx.sink.warning(
      'cname.replaces-unlisted',
      ['manage', 'unmanaged'],
      `records the file does not list are kept, except where a CNAME of the file needs the name: a live A or AAAA record at ${shown} is deleted (shown as a destructive replacement at the top of the plan)`,
    );
  }
};
