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
import type { RecordEntry, Rule } from './context.js';
import { describeRecordAt } from './context.js';

/** Types that conflict with a CNAME at the apex (the flattened CNAME answers A and AAAA). */
const APEX_CONFLICTS: ReadonlySet<RecordType> = new Set<RecordType>(['A', 'AAAA', 'CNAME']);

export const checkCnameExclusivity: Rule = (ctx) => {
  // Only names that have a CNAME are grouped (most records share no name with one).
  const cnameNames = new Set<string>();
  for (const e of ctx.records) if (e.record.type === 'CNAME') cnameNames.add(e.record.name);
  if (cnameNames.size === 0) return;
  const byName = new Map<string, RecordEntry[]>();
  for (const e of ctx.records) {
    if (!cnameNames.has(e.record.name)) continue;
    const list = byName.get(e.record.name);
    if (list) list.push(e);
    else byName.set(e.record.name, [e]);
  }
  for (const [name, group] of byName) {
    if (group.length < 2) continue;
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
