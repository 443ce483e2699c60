/** Fields of `data` as text, as both the service's `content` and presentation form write numbers and plain words. */
import type { RecordData } from '../model/record.js';
import type { DataField } from './definition.js';

/** A field as text; a missing one is empty. */
export const text = (v: unknown): string => String(v ?? '');

/** The fields in their order, as text, separated by spaces (DS, DNSKEY, SSHFP, TLSA, SMIMEA, CERT). */
export function spaced(fields: readonly DataField[]): (data: RecordData) => string {
  const names = fields.map((f) => f.name);
  return (data) => names.map((name) => text(data[name])).join(' ');
}
