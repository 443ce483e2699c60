/**
 * The combined content length at one name and type that the service refuses
 * (src/core/service/record-limits.ts): the `content` zonectl sends (TXT quoted and split; the
 * service's rendering of `data` for structured types). An error on the record that goes over (the
 * whole batch would be refused). A TXT record's own wire size is TXT's check (record-types/txt.ts).
 */
import { contentAsSent } from '../../record-types/index.js';
import { RRSET_CONTENT_MAX as MAX_RRSET_CONTENT } from '../../service/record-limits.js';
import type { Rule } from './context.js';
import { sharedNames } from './shared-names.js';

export const checkRecordSizes: Rule = (ctx) => {
  // Totals only at names holding several records (sharedNames): a record alone at its name is
  // its own total, with no key string and no map entry for each of a large zone's records.
  const shared = sharedNames(ctx);
  const totals = new Map<string, number>();
  for (const e of ctx.records) {
    const r = e.record;
    const key = shared.has(r.name) ? `${r.name} ${r.type}` : undefined;
    const before = key === undefined ? 0 : (totals.get(key) ?? 0);
    const total = before + contentAsSent(r).length;
    if (key !== undefined) totals.set(key, total);
    if (total > MAX_RRSET_CONTENT && before <= MAX_RRSET_CONTENT) {
      ctx.sink.error(
        'rrset.too-large',
        [...e.path, r.content !== undefined ? 'content' : 'data'],
        `the ${r.type} records at ${r.name} reach ${total} characters of content with this one; the service refuses more than ${MAX_RRSET_CONTENT} for one name and type together`,
      );
    }
  }
};
