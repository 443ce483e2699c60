/**
 * TXT content: the service stores one or more double-quoted strings; zonectl compares the
 * unquoted, joined text and writes long text as 255-byte chunks.
 */

export type TxtParse = { ok: true; text: string; quoted: boolean } | { ok: false; reason: string };

/**
 * Read TXT content as written in a file or returned by the API. Unquoted content is taken as
 * it is. Quoted content must be a sequence of `"..."` strings separated by white space
 * (backslash escapes `\"` and `\\` inside); anything else is inconsistent quotation.
 */
export function parseTxtContent(content: string): TxtParse {
  const s = content.trim();
  if (!s.startsWith('"')) {
    if (s.endsWith('"') && s.length > 0) {
      return { ok: false, reason: 'ends with a double quote but does not start with one' };
    }
    return { ok: true, text: content, quoted: false };
  }
  let i = 0;
  let text = '';
  while (i < s.length) {
    if (s[i] !== '"') return { ok: false, reason: `text outside quotes at character ${i + 1}` };
    i += 1;
    let closed = false;
    while (i < s.length) {
      const c = s[i];
      if (c === '\\' && i + 1 < s.length) {
        text += s[i + 1];
        i += 2;
        continue;
      }
      if (c === '"') {
        closed = true;
        i += 1;
        break;
      }
      text += c;
      i += 1;
    }
    if (!closed) return { ok: false, reason: 'a quoted string is not closed' };
    while (i < s.length && (s[i] === ' ' || s[i] === '\t')) i += 1;
  }
  return { ok: true, text, quoted: true };
}

/** The canonical (compared) form of TXT content; inconsistent content is returned as given. */
export function canonicalTxt(content: string): string {
  const parsed = parseTxtContent(content);
  return parsed.ok ? parsed.text : content;
}

const encoder = new TextEncoder();

/** Split text into chunks of at most `max` UTF-8 bytes without cutting a character. */
export function splitTxtChunks(text: string, max = 255): string[] {
  if (encoder.encode(text).length <= max) return [text];
  const chunks: string[] = [];
  let current = '';
  let bytes = 0;
  for (const ch of text) {
    const n = encoder.encode(ch).length;
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

function quote(chunk: string): string {
  return `"${chunk.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** TXT content as zonectl writes it to the service: quoted 255-byte chunks. */
export function renderTxtContent(text: string): string {
  return splitTxtChunks(text).map(quote).join(' ');
}
