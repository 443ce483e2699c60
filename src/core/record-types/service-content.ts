/**
 * Pieces of the service's `content` rendering of `data` that several types share. The emulator
 * renders on its own (src/emulator/records/data-content.ts), so that each side checks the other.
 */
import { text } from './field-text.js';

/** A field between double quotes, as the service writes CAA values, URI targets and NAPTR strings (not escaped). */
export const quoted = (v: unknown): string => `"${text(v)}"`;

/** A host name as the service renders it in `content`: absolute, with its trailing dot ("" and "." stay). */
export function fqdn(v: unknown): string {
  const h = text(v);
  return h === '' || h.endsWith('.') ? h : `${h}.`;
}
