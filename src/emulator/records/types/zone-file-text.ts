/**
 * A record type's RDATA in a BIND zone file, as the service's import reads it and its export
 * writes it (src/emulator/bind: `POST .../dns_records/import`, `GET .../dns_records/export`):
 * what each entry of the registry (index.ts) holds as its `zoneFile`, and the pieces the entries
 * share. The emulator's own code: it shares nothing with zonectl's BIND reader and writer.
 */
import type { RecordRow } from '../record-row.js';

/** One token of RDATA: its text (a quoted string without its quotes) and whether it was quoted. */
export interface ZoneFileToken {
  readonly text: string;
  readonly quoted: boolean;
}

/** The RDATA of one record of the file. */
export interface ZoneFileRdata {
  readonly tokens: readonly ZoneFileToken[];
  /** The tokens' texts. */
  readonly words: readonly string[];
  /** A host name made absolute against the file's origin (without its trailing dot). */
  host(name: string): string;
}

/** The value fields of a record's write body read from its RDATA. */
export interface ZoneFileValue {
  readonly content?: string;
  readonly priority?: number;
  readonly data?: Readonly<Record<string, unknown>>;
}

export interface ZoneFileForm {
  read(rdata: ZoneFileRdata): ZoneFileValue;
  write(r: RecordRow): string;
}

const enc = new TextEncoder();

/** A host name as the export writes it: absolute, with its trailing dot. */
export const absoluteHost = (host: string): string => (host === '' || host === '.' ? '.' : host.endsWith('.') ? host : `${host}.`);

/** A character-string quoted as the export writes it (`"` and `\` escaped, other bytes outside ASCII as `\DDD`). */
export function quotedText(text: string): string {
  let out = '"';
  for (const b of enc.encode(text)) {
    if (b === 0x22 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else out += `\\${String(b).padStart(3, '0')}`;
  }
  return `${out}"`;
}

/** A stored data field as text. */
export const field = (r: RecordRow, key: string): string => String(r.data?.[key] ?? '');

/** The value as stored, for the types the export writes without a form of their own. */
export const storedValue = (r: RecordRow): string =>
  r.data !== undefined ? Object.values(r.data).map(String).join(' ') : (r.content ?? '');

/** One word of RDATA as `content`, written back as stored (A, AAAA). */
export const oneWord: ZoneFileForm = { read: ({ words }) => ({ content: words[0] }), write: storedValue };

/** One host name as `content` (CNAME, NS, PTR). */
export const oneHost: ZoneFileForm = {
  read: ({ words, host }) => ({ content: host(words[0] ?? '') }),
  write: (r) => absoluteHost(r.content ?? ''),
};

const HOST_FIELDS = new Set(['target', 'replacement']);
const TEXT_FIELDS = new Set(['tag', 'value', 'digest', 'public_key', 'fingerprint', 'certificate', 'flags', 'service', 'regex']);

/**
 * The fields of `data` in RDATA order, read one word each: host names made absolute, text fields
 * as they are, the others numbers; the last field, when it is key material, takes the rest of the
 * words (base64 and hex may be split by spaces).
 */
export function dataFields(fields: readonly string[], write: (r: RecordRow) => string = storedValue): ZoneFileForm {
  return {
    read: ({ words, host }) => {
      const data: Record<string, unknown> = {};
      fields.forEach((f, k) => {
        const last = k === fields.length - 1;
        const raw = last && !HOST_FIELDS.has(f) && f !== 'value' && f !== 'regex' ? words.slice(k).join('') : words[k];
        if (raw === undefined) return;
        data[f] = HOST_FIELDS.has(f) ? host(raw) : TEXT_FIELDS.has(f) ? raw : Number(raw);
      });
      return { data };
    },
    write,
  };
}
