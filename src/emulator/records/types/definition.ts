/**
 * What the emulator knows of one record type beyond the shared facts (src/facts/record-types.ts):
 * its number on the wire, its RDATA in wire form from what the emulator stores, and, for the
 * types whose value is `data`, the service's read-only rendering of it as `content`, and its RDATA
 * in a BIND zone file (zone-file-text.ts). The
 * emulator's own code, independent of zonectl's record types (src/emulator/README.md).
 */
import type { RecordRow, StoredData } from '../record-row.js';
import type { ZoneFileForm } from './zone-file-text.js';

export interface EmulatorRecordType {
  /** The type's number (IANA "Resource Record (RR) TYPEs"). */
  readonly code: number;
  /** A stored record's RDATA in wire form (RFC 1035 §3.3 and the type's RFC); host names whole (dns/compress.ts compresses). */
  rdata(r: RecordRow): Buffer;
  /** `content` rendered from `data` (the types whose value is `data`). */
  content?(d: StoredData): string;
  /** Its RDATA in a BIND zone file, read (the service's import) and written (its export). */
  readonly zoneFile: ZoneFileForm;
}

/** A stored text field as UTF-8 bytes. */
export const textBytes = (d: StoredData, key: string): Buffer => Buffer.from(String(d[key] ?? ''), 'utf8');
/** A stored number field (0 when absent). */
export const int = (d: StoredData, key: string): number => Number(d[key] ?? 0);
/** A stored field as text. */
export const s = (v: unknown): string => String(v ?? '');
/** A stored field quoted (no escaping: the service's rendering). */
export const q = (v: unknown): string => `"${String(v ?? '')}"`;
/** A host name with its trailing dot (the root and the empty name as they are). */
export function fqdn(v: unknown): string {
  const t = s(v);
  return t === '.' || t === '' || t.endsWith('.') ? t : `${t}.`;
}
