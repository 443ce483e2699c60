/** The same record written twice (same canonical name, type, value and priority), e.g. `www` and `WWW.example.com.`. */
import { recordKey } from '../../model/keys.js';
import type { RecordEntry, Rule } from './context.js';
import { describeRecordAt } from './context.js';

export const checkDuplicates: Rule = (ctx) => {
  // Same record means same name: records are grouped by name first, and the (longer) record keys
  // are computed only inside groups of two or more (most names of a large zone are unique).
  const byName = new Map<string, RecordEntry | RecordEntry[]>();
  for (const e of ctx.records) {
    const seen = byName.get(e.record.name);
    if (seen === undefined) byName.set(e.record.name, e);
    else if (Array.isArray(seen)) seen.push(e);
    else byName.set(e.record.name, [seen, e]);
  }
  const firstByKey = new Map<string, RecordEntry>();
  for (const group of byName.values()) {
    if (!Array.isArray(group)) continue;
    for (const e of group) {
      const key = recordKey(e.record);
      const earlier = firstByKey.get(key);
      if (!earlier) {
        firstByKey.set(key, e);
        continue;
      }
      ctx.sink.error(
        'record.duplicate',
        e.path,
        `duplicate record: ${e.record.type} ${e.record.name} with the same value is already at ${describeRecordAt(ctx, earlier)}`,
      );
    }
  }
};
