import type { CanonicalRecord } from '../model/record.js';
import { definitionOf, renderDataContent } from '../record-types/index.js';
import { canonicalTxt, txtText, txtToBytes } from '../model/txt-strings.js';
import { printable } from '../text/index.js';
import { TTL_AUTO } from '../service/ttl.js';

/** Longest value shown in full on one line; longer ones are shortened (JSON output keeps them whole). */
export const MAX_SHOWN_VALUE = 100;

function shorten(text: string): string {
  const value = printable(text);
  if (value.length <= MAX_SHOWN_VALUE) return value;
  return `${value.slice(0, MAX_SHOWN_VALUE - 30)}…${value.slice(-20)} (${value.length} chars)`;
}

/** Long TXT: its strings' head and tail, and the length of the text itself (not of its quoting). */
function shortenText(content: string): string {
  return `${content.slice(0, MAX_SHOWN_VALUE - 30)}…${content.slice(-20)} (${txtToBytes(txtText(content)).length} bytes)`;
}

/** The value of a record as one line: MX/URI priority first, TXT quoted, data rendered. */
export function describeValue(r: Pick<CanonicalRecord, 'type' | 'content' | 'data' | 'priority'>): string {
  // TXT as its quoted strings (the canonical form): a different split shows as a change.
  if (r.type === 'TXT') {
    const content = canonicalTxt(r.content ?? '');
    return content.length <= MAX_SHOWN_VALUE ? content : shortenText(content);
  }
  const value = r.data !== undefined ? renderDataContent(r.type, r.data) : (r.content ?? '');
  return shorten(r.priority !== undefined ? `${r.priority} ${value}` : value);
}

/**
 * The value of a record as a plan shows it: like `describeValue`, with the priority first for
 * SRV and URI too (their priority lives in `data`, outside the content the service renders), so
 * that a priority change is visible (`10 5 5060 sip.example.com → 20 5 5060 sip.example.com`).
 */
export function describeRecordValue(r: Pick<CanonicalRecord, 'type' | 'content' | 'data' | 'priority'>): string {
  const dataPriority = r.data?.priority;
  if (r.priority === undefined && dataPriority !== undefined && definitionOf(r.type).priorityOutsideContent === true) {
    return shorten(`${String(dataPriority)} ${describeValue(r)}`);
  }
  return describeValue(r);
}

export function describeTtl(ttl: number): string {
  return ttl === TTL_AUTO ? 'auto' : String(ttl);
}

/** Attribute summary: `proxied`, `ttl 300`, comment and tags when managed. */
export function describeAttributes(r: CanonicalRecord): string {
  const parts = [r.proxied ? 'proxied' : `ttl ${describeTtl(r.ttl)}`];
  if (r.comment) parts.push(`comment ${JSON.stringify(r.comment)}`);
  if (r.tags && r.tags.length > 0) parts.push(`tags ${printable(r.tags.join(','))}`);
  if (r.private_routing === true) parts.push('private_routing');
  return parts.join(', ');
}

/** One field of a record as shown in a plan. */
export function describeFieldValue(field: string, r: CanonicalRecord): string {
  switch (field) {
    case 'content':
    case 'data':
    case 'priority':
      return describeRecordValue(r);
    case 'ttl':
      return describeTtl(r.ttl);
    case 'proxied':
      return String(r.proxied);
    case 'comment':
      return JSON.stringify(r.comment ?? null);
    case 'tags':
      return `[${printable((r.tags ?? []).join(', '))}]`;
    case 'private_routing':
      return String(r.private_routing === true);
    default:
      // A per-record settings flag (`settings.flatten_cname`): off when the record leaves it out.
      if (field.startsWith('settings.')) return String(r.settings?.[field.slice('settings.'.length) as keyof typeof r.settings] === true);
      return '?';
  }
}

/** `before → after` for one changed field. */
export function describeField(field: string, before: CanonicalRecord, after: CanonicalRecord): string {
  return `${field}: ${describeFieldValue(field, before)} → ${describeFieldValue(field, after)}`;
}

/** A DNS setting's value on one line (objects as JSON). */
export function describeSettingsValue(v: unknown): string {
  return typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v);
}
