/**
 * TXT content: a list of character-strings (RFC 1035 §3.3.14), each at most 255 bytes.
 *
 * The service keeps the strings as written: its `content` "must consist of quoted character
 * strings (RFC 1035), each with a length of up to 255 bytes. Strings exceeding this allowed
 * maximum length are automatically split" (the TXT record schema of the API reference, quoted
 * in cloudflare-typescript PR #1777 and go-acme/lego PR #2521). The split is data: DNS-SD
 * key=value pairs are one pair a string (RFC 6763 §6), so `"a" "b"` and `"ab"` are two records,
 * not two spellings of one (DNSControl PR #1543 found in 2022 that the API then kept one string;
 * the schema since says strings, and zonectl follows it). What the service takes as the same strings compares equal:
 * unquoted content is one string, a string over 255 bytes is the 255-byte strings it splits
 * into, and `\DDD` (three decimal digits, one byte) and `\X` (X itself) are the bytes they
 * stand for (RFC 1035 §5.1).
 *
 * The canonical form (what is compared) is the strings written out: `"..."` each, separated by
 * one space, printable ASCII as is but `"` and `\` escaped, every other byte as `\DDD`. So the
 * content sent is always printable ASCII, which the service requires (9051 "Invalid TXT record.
 * Record may only contain printable ASCII!", terraform-provider-cloudflare issue #9; octodns PRs
 * #1126/#1127), however the file wrote it.
 *
 * One exception: unquoted printable text longer than 255 bytes says nothing about where its
 * strings split (where a long TXT splits is the writer's choice: octoDNS splits a DKIM key at
 * 253 bytes, counting its `\;` escapes; the service at 255). Its canonical form is the text
 * itself, unquoted ("free split", `isFreeSplitTxt`): it is compared with the live strings joined
 * (diff/txt-splits.ts) and split at 255 bytes only when it is written (`txtContentToSend`).
 * Quoted strings keep their boundaries exactly: `"a" "b"` is not `"ab"`.
 *
 * Decoded text (for lint, DKIM/SPF checks, display) is kept as a JS string of its UTF-8
 * decoding; a byte that is not part of valid UTF-8 (e.g. `\200` alone) is kept as the lone
 * surrogate U+DC00+byte ("surrogateescape"), so it renders back to the same byte.
 */

export type TxtParse = { ok: true; strings: Uint8Array[]; quoted: boolean } | { ok: false; reason: string };

/** Longest character-string (RFC 1035 §3.3: one length byte). */
export const MAX_TXT_STRING = 255;

const encoder = new TextEncoder();
const strictDecoder = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });

const isDigit = (c: string | undefined): boolean => c !== undefined && c >= '0' && c <= '9';

/** The byte a lone escape surrogate stands for, or undefined for any other UTF-16 unit. */
function escapedByte(code: number): number | undefined {
  return code >= 0xdc80 && code <= 0xdcff ? code - 0xdc00 : undefined;
}

/** Bytes -> text: valid UTF-8 runs decoded, every other byte kept as its escape surrogate. */
export function bytesToTxt(bytes: Uint8Array): string {
  try {
    return strictDecoder.decode(bytes);
  } catch {
    // Decode byte by byte: take the longest valid UTF-8 sequence at each position.
    let out = '';
    let i = 0;
    while (i < bytes.length) {
      let taken = 0;
      for (let len = Math.min(4, bytes.length - i); len >= 1 && taken === 0; len -= 1) {
        try {
          out += strictDecoder.decode(bytes.subarray(i, i + len));
          taken = len;
        } catch {
          // not a sequence of that length
        }
      }
      if (taken === 0) {
        out += String.fromCharCode(0xdc00 + bytes[i]!);
        taken = 1;
      }
      i += taken;
    }
    return out;
  }
}

/** Text -> bytes: UTF-8, escape surrogates back to their byte. */
export function txtToBytes(text: string): Uint8Array {
  // Fast path: no surrogate code unit at all, so no escape surrogate either.
  if (!/[\uD800-\uDFFF]/.test(text)) return encoder.encode(text);
  const out: number[] = [];
  for (const ch of text) {
    const b = ch.length === 1 ? escapedByte(ch.charCodeAt(0)) : undefined;
    if (b !== undefined) out.push(b);
    else for (const x of encoder.encode(ch)) out.push(x);
  }
  return Uint8Array.from(out);
}

/** Text holding a backslash or a character outside ASCII: read character by character. */
const NOT_PLAIN_ASCII = /[^\x00-\x5b\x5d-\x7f]/;

/** One quoted string: `"...", "` and `\` escaped, printable ASCII as is, any other byte as `\DDD`. */
function readQuoted(s: string, start: number): { ok: true; bytes: Uint8Array; end: number } | { ok: false; reason: string } {
  // Most strings (SPF, DMARC, verifications) are ASCII without an escape up to their closing
  // quote: their bytes are their characters' codes, encoded at once instead of one by one.
  const close = s.indexOf('"', start + 1);
  if (close > start && !NOT_PLAIN_ASCII.test(s.slice(start + 1, close))) {
    return { ok: true, bytes: encoder.encode(s.slice(start + 1, close)), end: close + 1 };
  }
  const out: number[] = [];
  let i = start + 1;
  while (i < s.length) {
    const c = s[i]!;
    if (c === '"') return { ok: true, bytes: Uint8Array.from(out), end: i + 1 };
    if (c === '\\' && i + 1 < s.length) {
      if (isDigit(s[i + 1]) && isDigit(s[i + 2]) && isDigit(s[i + 3])) {
        const value = Number(s.slice(i + 1, i + 4));
        if (value > 255) return { ok: false, reason: `escape \\${s.slice(i + 1, i + 4)} is not a byte (000..255) at character ${i + 1}` };
        out.push(value);
        i += 4;
        continue;
      }
      const next = String.fromCodePoint(s.codePointAt(i + 1)!);
      for (const b of encoder.encode(next)) out.push(b);
      i += 1 + next.length;
      continue;
    }
    const ch = String.fromCodePoint(s.codePointAt(i)!);
    if (ch.length === 1 && c.charCodeAt(0) < 0x80) out.push(c.charCodeAt(0));
    else for (const b of txtToBytes(ch)) out.push(b);
    i += ch.length;
  }
  return { ok: false, reason: 'a quoted string is not closed' };
}

/**
 * Read TXT content as written in a file or returned by the API. Unquoted content is one
 * string, taken as it is. Quoted content must be a sequence of `"..."` strings separated by
 * white space, with RFC 1035 escapes inside; anything else is inconsistent quotation.
 */
export function parseTxtContent(content: string): TxtParse {
  const s = content.trim();
  if (!s.startsWith('"')) {
    if (s.endsWith('"') && s.length > 0) {
      return { ok: false, reason: 'ends with a double quote but does not start with one' };
    }
    return { ok: true, strings: [txtToBytes(s)], quoted: false };
  }
  const strings: Uint8Array[] = [];
  let i = 0;
  while (i < s.length) {
    if (s[i] !== '"') return { ok: false, reason: `text outside quotes at character ${i + 1}` };
    const one = readQuoted(s, i);
    if (!one.ok) return one;
    strings.push(one.bytes);
    i = one.end;
    while (i < s.length && (s[i] === ' ' || s[i] === '\t')) i += 1;
  }
  return { ok: true, strings, quoted: true };
}

/** The strings the service keeps: each over 255 bytes split into 255-byte strings. */
function splitLong(strings: readonly Uint8Array[]): Uint8Array[] {
  const out: Uint8Array[] = [];
  for (const s of strings) {
    if (s.length <= MAX_TXT_STRING) out.push(s);
    else for (let at = 0; at < s.length; at += MAX_TXT_STRING) out.push(s.subarray(at, at + MAX_TXT_STRING));
  }
  return out;
}

/** One byte string as a quoted character-string: printable ASCII as is, `"` and `\` escaped, other bytes as \DDD. */
export function quoteBytes(bytes: Uint8Array): string {
  let out = '"';
  for (const b of bytes) {
    if (b === 0x22 || b === 0x5c) out += `\\${String.fromCharCode(b)}`;
    else if (b >= 0x20 && b < 0x7f) out += String.fromCharCode(b);
    else out += `\\${String(b).padStart(3, '0')}`;
  }
  return `${out}"`;
}

/** Byte strings -> the canonical content (see the header). */
export function renderTxtStrings(strings: readonly Uint8Array[]): string {
  const kept = splitLong(strings);
  return kept.length === 0 ? '""' : kept.map(quoteBytes).join(' ');
}

/** One string of printable ASCII without `"` or `\`, at most 255 bytes: its own canonical text. */
const PLAIN_STRING = /^[\x20\x21\x23-\x5b\x5d-\x7e]{0,255}$/;

/** Unquoted printable ASCII of more than one string's worth: text whose split is free (see the header). */
const FREE_SPLIT_TEXT = /^[\x20-\x7e]{256,}$/;

/** The canonical (compared) form of TXT content; inconsistent content is returned as given. */
export function canonicalTxt(content: string): string {
  // Fast path for most records (one plain string, quoted or not): every live TXT record comes here.
  const s = content.trim();
  const inner = s.length >= 2 && s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1) : s;
  if (PLAIN_STRING.test(inner)) return `"${inner}"`;
  const parsed = parseTxtContent(content);
  if (!parsed.ok) return content;
  if (!parsed.quoted && FREE_SPLIT_TEXT.test(s)) return s;
  return renderTxtStrings(parsed.strings);
}

/** True for canonical TXT content whose split is free: long unquoted text (see the header). */
export function isFreeSplitTxt(canonical: string): boolean {
  return !canonical.startsWith('"') && FREE_SPLIT_TEXT.test(canonical);
}

/** Canonical TXT content as it is sent and counted by the service: free-split text cut at 255 bytes, quoted. */
export function txtContentToSend(canonical: string): string {
  if (!isFreeSplitTxt(canonical)) return canonical;
  // White space around it, or a quote at its end, changes how it reads (parseTxtContent): the long way.
  if (canonical.endsWith('"') || canonical.trim().length !== canonical.length) return renderTxtStrings(txtStrings(canonical));
  // Printable ASCII, one byte a character: the 255-byte strings are 255-character slices, each
  // quoted with `"` and `\` escaped, as renderTxtStrings(txtStrings(canonical)) writes them,
  // without building their bytes (a DKIM key is sent, and sized by the checks, on every run).
  let out = '';
  for (let at = 0; at < canonical.length; at += MAX_TXT_STRING) {
    out += `${at === 0 ? '' : ' '}"${canonical.slice(at, at + MAX_TXT_STRING).replace(/["\\]/g, '\\$&')}"`;
  }
  return out;
}

/** The bytes of TXT content, its strings joined (what a free-split value is compared by). */
export function txtJoinedBytes(content: string): Uint8Array {
  const strings = txtStrings(content);
  if (strings.length === 1) return strings[0]!;
  const all = new Uint8Array(strings.reduce((n, s) => n + s.length, 0));
  let at = 0;
  for (const s of strings) {
    all.set(s, at);
    at += s.length;
  }
  return all;
}

/** The strings of TXT content as the service keeps them (255 bytes at most each). */
export function txtStrings(content: string): Uint8Array[] {
  const parsed = parseTxtContent(content);
  return parsed.ok ? splitLong(parsed.strings) : [txtToBytes(content)];
}

/** The text of TXT content: its strings joined (RFC 7208 §3.3, RFC 6376 §3.6.2.2), decoded. */
export function txtText(content: string): string {
  return bytesToTxt(txtJoinedBytes(content));
}

/** Text -> canonical content, as one string (split only where it passes 255 bytes). */
export function txtContentOf(text: string): string {
  return renderTxtStrings([txtToBytes(text)]);
}

/**
 * TXT content as a zone file writes it: its text unquoted when that is printable ASCII and
 * reads back as the same record (one string; or a long text whose strings are the service's own
 * 255-byte split, which unquoted text matches as free-split), else the strings as the service
 * keeps them, quoted with `\DDD` escapes (any other split is kept exactly).
 */
export function txtForZoneFile(content: string): string {
  const canonical = canonicalTxt(content);
  const text = txtText(canonical);
  if (!/^[\x20-\x7e]*$/.test(text)) return canonical;
  if (canonicalTxt(text) === canonical) return text;
  const strings = txtStrings(canonical);
  const serviceSplit = strings.length > 1 && strings.slice(0, -1).every((s) => s.length === MAX_TXT_STRING);
  const readsBack = text === text.trim() && !text.startsWith('"') && !text.endsWith('"') && isFreeSplitTxt(text);
  return serviceSplit && readsBack ? text : canonical;
}
