/**
 * Sizes the service refuses (src/core/service/record-limits.ts):
 * - the wire format size of one record: for TXT, the strings zonectl sends (as written, cut at
 *   255 bytes, each with its length byte);
 * - the combined content length at one name and type: the `content` zonectl sends (TXT quoted
 *   and split; the service's rendering of `data` for structured types).
 * Both are errors on the record that goes over (the whole batch would be refused).
 */
import { renderDataContent } from '../../record-types/index.js';
import type { CanonicalRecord } from '../../model/record.js';
import { canonicalTxt, txtContentToSend, txtStrings } from '../../model/txt-strings.js';
import { RECORD_WIRE_MAX_BYTES as MAX_WIRE_BYTES, RRSET_CONTENT_MAX as MAX_RRSET_CONTENT } from '../../service/record-limits.js';
import type { Rule } from './context.js';

/** The strings the service keeps (255 bytes at most each), each with its length byte. */
function txtWireBytes(content: string): number {
  return txtStrings(content).reduce((n, s) => n + 1 + s.length, 0);
}

function sentContentLength(r: CanonicalRecord): number {
  if (r.type === 'TXT') return txtContentToSend(canonicalTxt(r.content ?? '')).length;
  if (r.content !== undefined) return r.content.length;
  return renderDataContent(r.type, r.data ?? {}).length;
}

export const checkRecordSizes: Rule = (ctx) => {
  const totals = new Map<string, number>();
  for (const e of ctx.records) {
    const r = e.record;
    if (r.type === 'TXT' && r.content !== undefined) {
      const size = txtWireBytes(r.content);
      if (size > MAX_WIRE_BYTES) {
        ctx.sink.error(
          'record.too-large',
          [...e.path, 'content'],
          `this TXT record is ${size} bytes on the wire; the service refuses a record over ${MAX_WIRE_BYTES} bytes (split the text over several records)`,
        );
      }
    }
    const key = `${r.name} ${r.type}`;
    const before = totals.get(key) ?? 0;
    const total = before + sentContentLength(r);
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
