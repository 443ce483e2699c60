/** The same record written twice (same canonical name, type, value and priority), e.g. `www` and `WWW.example.com.`. */
import { recordKey } from '../../model/keys.js';
import { type RecordEntry, type Rule, describeRecordAt } from './context.js';
import { sharedNames } from './shared-names.js';

export const checkDuplicates: Rule = (ctx) => {
  // Same record means same name: the (longer) record keys are computed only inside names that
  // hold two records or more (most names of a large zone are unique).
  const firstByKey = new Map<string, RecordEntry>();
  for (const group of sharedNames(ctx).values()) {
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
