/** The same record written twice (same canonical name, type, value and priority), e.g. `www` and `WWW.example.com.`. */
import { recordKey } from '../../model/keys.js';
import type { RecordEntry, Rule } from './context.js';
import { describeRecordAt } from './context.js';

export const checkDuplicates: Rule = (ctx) => {
  const first = new Map<string, RecordEntry>();
  for (const e of ctx.records) {
    const key = recordKey(e.record);
    const earlier = first.get(key);
    if (!earlier) {
      first.set(key, e);
      continue;
    }
    ctx.sink.error(
      'record.duplicate',
      e.path,
      `duplicate record: ${e.record.type} ${e.record.name} with the same value is already at ${describeRecordAt(ctx, earlier)}`,
    );
  }
};
