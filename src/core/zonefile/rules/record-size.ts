/**
 * The combined content length at one name and type that the service refuses
 * (src/core/service/record-limits.ts): the `content` zonectl sends (TXT quoted and split; the
 * service's rendering of `data` for structured types). An error on the record that goes over (the
 * whole batch would be refused). A TXT record's own wire size is TXT's check (record-types/txt.ts).
 */
import { contentAsSent } from '../../record-types/index.js';
import { RRSET_CONTENT_MAX as MAX_RRSET_CONTENT } from '../../service/record-limits.js';
import type { Rule } from './context.js';

export const checkRecordSizes: Rule = (ctx) => {
  const totals = new Map<string, number>();
  for (const e of ctx.records) {
    const r = e.record;
    const key = `${r.name} ${r.type}`;
    const before = totals.get(key) ?? 0;
    const total = before + contentAsSent(r).length;
    totals.set(key, total);
    if (total > MAX_RRSET_CONTENT && before <= MAX_RRSET_CONTENT) {
      ctx.sink.error(
        'rrset.too-large',
        [...e.path, r.content !== undefined ? 'content' : 'data'],
        `the ${r.type} records at ${r.name} reach ${total} characters of content with this one; the service refuses more than ${MAX_RRSET_CONTENT} for one name and type together`,
      );
    }
  }
};
