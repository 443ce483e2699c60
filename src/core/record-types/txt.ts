/**
 * TXT (RFC 1035 §3.3.14): the strings the record holds (model/txt-strings.ts), compared and
 * written in their canonical quoted form; the empty text is a value. What the service refuses:
 * - inconsistent quotation (unquoted text, or a sequence of "..." strings);
 * - anything but printable ASCII, with 9051 "Invalid TXT record. Record may only contain
 *   printable ASCII!" (terraform-provider-cloudflare issue #9 and PR #14): other bytes are
 *   written inside a quoted string as RFC 1035 §5.1 `\DDD` escapes (`é` in UTF-8 is
 *   `\195\169`), and in quoted strings a backslash before a digit must be a whole `\DDD` of at
 *   most 255 (`\X` is X itself);
 * - a record over RECORD_WIRE_MAX_BYTES on the wire: the strings zonectl sends, each with its
 *   length byte (src/core/service/record-limits.ts).
 */
import { canonicalTxt, parseTxtContent, renderTxtStrings, txtContentToSend, txtForZoneFile, txtStrings } from '../model/txt-strings.js';
import { RECORD_WIRE_MAX_BYTES } from '../service/record-limits.js';
import type { ContentTypeDefinition, RecordProblemSink } from './definition.js';
import { readAs } from './presentation.js';
import { quoteWire } from './wire.js';

const encoder = new TextEncoder();

/** `é` -> `\195\169` (its UTF-8 bytes as RFC 1035 decimal escapes). */
function decimalEscapes(text: string): string {
  return Array.from(encoder.encode(text), (b) => `\\${String(b).padStart(3, '0')}`).join('');
}

/** The first character outside printable ASCII (0x20..0x7e), or undefined. */
function firstUnprintable(text: string): string | undefined {
  const m = /[^\x20-\x7e]/u.exec(text);
  return m?.[0];
}

/** Why a `\DDD` escape in quoted TXT content is malformed, or undefined. */
function badEscape(content: string): string | undefined {
  const s = content.trim();
  if (!s.startsWith('"')) return undefined;
  for (let i = 0; i < s.length; i += 1) {
    if (s[i] !== '\\') continue;
    const next = s[i + 1];
    if (next !== undefined && next >= '0' && next <= '9') {
      const digits = /^\d{3}/.exec(s.slice(i + 1))?.[0];
      if (!digits) return `\`${s.slice(i, i + 4)}\` is not a \\DDD escape (exactly three decimal digits)`;
      if (Number(digits) > 255) return `\`\\${digits}\` is not a byte (\\DDD is 000..255)`;
      i += 3;
    } else {
      i += 1; // `\X`: X itself
    }
  }
  return undefined;
}

/** Quotation, escapes and printable ASCII of the content as written. */
function checkQuotation(content: string, sink: RecordProblemSink): void {
  const at = ['content'];
  // A malformed escape first: the quotation parser would only call it inconsistent quotation.
  const malformed = badEscape(content);
  if (malformed) {
    sink.error('txt.escape', at, `TXT content: ${malformed}; write a byte as \\DDD (e.g. \\032 for a space) and a backslash as \\\\`);
    return;
  }
  const parsed = parseTxtContent(content);
  if (!parsed.ok) {
    sink.error(
      'txt.quotation',
      at,
      `inconsistent quotation in TXT content: ${parsed.reason}; write the text without quotes, or as one or more "..." strings`,
    );
    return;
  }
  const bad = firstUnprintable(content);
  if (bad !== undefined) {
    const shown =
      bad.charCodeAt(0) < 0x20 || bad.charCodeAt(0) === 0x7f
        ? `U+${bad.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`
        : `\`${bad}\``;
    sink.error(
      'txt.ascii',
      at,
      `TXT content may contain only printable ASCII (the service refuses other characters with error 9051): ${shown} must be written as the RFC 1035 decimal escape ${decimalEscapes(bad)} inside a quoted string, e.g. content: '"${decimalEscapes(bad)}"'`,
    );
  }
}

/** The strings the service keeps (255 bytes at most each), each with its length byte. */
function wireBytes(content: string): number {
  return txtStrings(content).reduce((n, s) => n + 1 + s.length, 0);
}

export const TXT: ContentTypeDefinition = {
  type: 'TXT',
  kind: 'content',
  wire: { code: 16, presentAnswer: (rdata) => (rdata as readonly Uint8Array[]).map(quoteWire).join(' ') },
  canonicalContent: (content) => canonicalTxt(content),
  contentSchema: {
    description:
      'Text. Written unquoted, or as one or more "double-quoted" strings; long text is split into 255-byte strings automatically.',
    mayBeEmpty: true,
  },
  // Printable ASCII only, other bytes as `\DDD`; free-split text cut at 255 bytes.
  contentToSend: (canonical) => txtContentToSend(canonicalTxt(canonical)),
  contentInZoneFile: (canonical) => txtForZoneFile(canonical),
  present: (content) => txtContentToSend(canonicalTxt(content)),
  // The character-strings as written, each one string of the content.
  read: ({ tokens }) => readAs({ content: renderTxtStrings(tokens.map((t) => t.bytes)) }),
  check: ({ written, record }, sink) => {
    checkQuotation(written.content ?? '', sink);
    if (record.content === undefined) return;
    const size = wireBytes(record.content);
    if (size > RECORD_WIRE_MAX_BYTES) {
      sink.error(
        'record.too-large',
        ['content'],
        `this TXT record is ${size} bytes on the wire; the service refuses a record over ${RECORD_WIRE_MAX_BYTES} bytes (split the text over several records)`,
      );
    }
  },
};
