/**
 * TXT content: the service stores one or more double-quoted strings; zonectl compares the
 * bytes those strings hold and writes long text as 255-byte chunks.
 *
 * Inside quotes the presentation format of RFC 1035 §5.1 applies: `\DDD` (three decimal
 * digits) is the one byte of that value, `\X` is X (so `\"` and `\\`). Text is kept as a JS
 * string of its UTF-8 decoding; a byte that is not part of valid UTF-8 (e.g. `\200` alone) is
 * kept as the lone surrogate U+DC00+byte ("surrogateescape"), so that two contents compare
 * equal exactly when their bytes are equal, and render back to the same bytes.
 */

export type TxtParse = { ok: true; text: string; quoted: boolean } | { ok: false; reason: string };

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

/** Byte length of text as the service counts it (UTF-8; an escape surrogate is one byte). */
function byteLength(ch: string): number {
  return ch.length === 1 && escapedByte(ch.charCodeAt(0)) !== undefined ? 1 : encoder.encode(ch).length;
}

/**
 * Read TXT content as written in a file or returned by the API. Unquoted content is taken as
 * it is. Quoted content must be a sequence of `"..."` strings separated by white space, with
 * RFC 1035 escapes inside; anything else is inconsistent quotation.
 */
export function parseTxtContent(content: string): TxtParse {
  const s = content.trim();
  if (!s.startsWith('"')) {
    if (s.endsWith('"') && s.length > 0) {
      return { ok: false, reason: 'ends with a double quote but does not start with one' };
    }
    return { ok: true, text: content, quoted: false };
  }
  // Text is gathered as a string; a `\DDD` byte of 128..255 goes in as its escape surrogate and,
  // when there was one, the whole is re-read as bytes so that escaped UTF-8 joins into characters.
  let text = '';
  let highByte = false;
  let i = 0;
  while (i < s.length) {
    if (s[i] !== '"') return { ok: false, reason: `text outside quotes at character ${i + 1}` };
    i += 1;
    let closed = false;
    while (i < s.length) {
      const c = s[i]!;
      if (c === '\\' && i + 1 < s.length) {
        if (isDigit(s[i + 1]) && isDigit(s[i + 2]) && isDigit(s[i + 3])) {
          const value = Number(s.slice(i + 1, i + 4));
          if (value > 255) return { ok: false, reason: `escape \\${s.slice(i + 1, i + 4)} is not a byte (000..255) at character ${i + 1}` };
          highByte ||= value >= 0x80;
          text += String.fromCharCode(value >= 0x80 ? 0xdc00 + value : value);
          i += 4;
          continue;
        }
        const next = String.fromCodePoint(s.codePointAt(i + 1)!);
        text += next;
        i += 1 + next.length;
        continue;
      }
      if (c === '"') {
        closed = true;
        i += 1;
        break;
      }
      // A run of plain characters is appended at once (most content has no escape at all).
      let j = i + 1;
      while (j < s.length && s.charCodeAt(j) !== 34 && s.charCodeAt(j) !== 92) j += 1;
      text += s.slice(i, j);
      i = j;
    }
    if (!closed) return { ok: false, reason: 'a quoted string is not closed' };
    while (i < s.length && (s[i] === ' ' || s[i] === '\t')) i += 1;
  }
  return { ok: true, text: highByte ? bytesToTxt(txtToBytes(text)) : text, quoted: true };
}

/** The canonical (compared) form of TXT content; inconsistent content is returned as given. */
export function canonicalTxt(content: string): string {
  const parsed = parseTxtContent(content);
  return parsed.ok ? parsed.text : content;
}

/** Split text into chunks of at most `max` bytes without cutting a character. */
export function splitTxtChunks(text: string, max = 255): string[] {
  if (txtToBytes(text).length <= max) return [text];
  const chunks: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of text) {
    const n = ch.charCodeAt(0) < 0x80 ? 1 : byteLength(ch);
    if (bytes + n > max) {
      chunks.push(current);
      current = '';
      bytes = 0;
    }
    current += ch;
    bytes += n;
  }
  if (current !== '' || chunks.length === 0) chunks.push(current);
  return chunks;
}

/** One quoted string: `"` and `\` escaped, a byte that is not UTF-8 text as `\DDD`. */
function quote(chunk: string): string {
  const escaped = chunk.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
  if (!/[\uD800-\uDFFF]/.test(chunk)) return `"${escaped}"`;
  let out = '';
  for (const ch of escaped) {
    const b = ch.length === 1 ? escapedByte(ch.charCodeAt(0)) : undefined;
    out += b !== undefined ? `\\${String(b).padStart(3, '0')}` : ch;
  }
  return `"${out}"`;
}

/** TXT content as zonectl writes it to the service: quoted 255-byte chunks. */
export function renderTxtContent(text: string): string {
  return splitTxtChunks(text).map(quote).join(' ');
}
