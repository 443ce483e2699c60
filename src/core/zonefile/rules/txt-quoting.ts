/**
 * TXT content:
 * - Quotation must be consistent (unquoted text, or a sequence of "..." strings).
 * - Only printable ASCII: the service refuses anything else with 9051 "Invalid TXT record.
 *   Record may only contain printable ASCII!" (terraform-provider-cloudflare issue #9 and PR #14).
 *   Other bytes are written inside a quoted string as RFC 1035 §5.1 `\DDD` escapes (three
 *   decimal digits, one byte each: `é` in UTF-8 is `\195\169`); `\X` stands for X itself.
 * - In quoted strings, a backslash followed by a digit must be a whole `\DDD` of at most 255.
 */
import { parseTxtContent } from '../../model/txt-strings.js';
import type { Rule } from './context.js';

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

export const checkTxtQuotation: Rule = (ctx) => {
  for (const e of ctx.records) {
    if (e.record.type !== 'TXT') continue;
    const at = [...e.path, 'content'];
    const content = e.raw.content ?? '';
    // A malformed escape first: the quotation parser would only call it inconsistent quotation.
    const malformed = badEscape(content);
    if (malformed) {
      ctx.sink.error('txt.escape', at, `TXT content: ${malformed}; write a byte as \\DDD (e.g. \\032 for a space) and a backslash as \\\\`);
      continue;
    }
    const parsed = parseTxtContent(content);
    if (!parsed.ok) {
      ctx.sink.error(
        'txt.quotation',
        at,
        `inconsistent quotation in TXT content: ${parsed.reason}; write the text without quotes, or as one or more "..." strings`,
      );
      continue;
    }
    const bad = firstUnprintable(content);
    if (bad !== undefined) {
      const shown =
        bad.charCodeAt(0) < 0x20 || bad.charCodeAt(0) === 0x7f
          ? `U+${bad.charCodeAt(0).toString(16).padStart(4, '0').toUpperCase()}`
          : `\`${bad}\``;
      ctx.sink.error(
        'txt.ascii',
        at,
        `TXT content may contain only printable ASCII (the service refuses other characters with error 9051): ${shown} must be written as the RFC 1035 decimal escape ${decimalEscapes(bad)} inside a quoted string, e.g. content: '"${decimalEscapes(bad)}"'`,
      );
    }
  }
};
