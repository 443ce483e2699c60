/** A CNAME may not share its name with any other record of the file (the file owns names). */
import { recordKey } from '../../model/keys.js';
import type { RecordEntry, Rule } from './context.js';
import { describeRecordAt } from './context.js';

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
  for (const group of byName.values()) {
    if (group.length < 2) continue;
    const cnames = group.filter((e) => e.record.type === 'CNAME');
    if (cnames.length === 0) continue;
    for (const c of cnames) {
      const key = recordKey(c.record);
      // Exact copies are reported by the duplicate rule.
      const others = group.filter((o) => o !== c && recordKey(o.record) !== key);
      if (others.length === 0) continue;
      const list = others.map((o) => `${o.record.type} at ${describeRecordAt(ctx, o)}`).join(', ');
      ctx.sink.error('cname.exclusive', [...c.path, 'name'], `a CNAME cannot share its name ${c.record.name} with other records: ${list}`);
    }
  }
};
