/**
 * The lexical layer of a DNS master file (RFC 1035 §5.1): entries (one per record or
 * directive, parentheses joining lines), tokens with `\X` and `\DDD` escapes decoded to bytes,
 * quoted strings, and the comment that ends an entry (kept: the service's export puts a
 * record's comment and tags there). Pure.
 */

export interface Token {
  /** As written (quotes and escapes included). */
  readonly raw: string;
  /** The bytes it stands for (escapes decoded, quotes removed). */
  readonly bytes: Uint8Array;
  /** The whole token was one quoted string. */
  readonly quoted: boolean;
}

export interface Entry {
  /** Line (1-based) where the entry starts. */
  readonly line: number;
  /** The entry starts with white space: its owner is the previous entry's. */
  readonly inheritsOwner: boolean;
  readonly tokens: readonly Token[];
  /** Text of the last comment on the entry's lines (after `;`), if any. */
  readonly comment?: string;
}

export class MasterFileSyntaxError extends Error {
  constructor(
    readonly line: number,
    message: string,
  ) {
    super(message);
  }
}

const utf8 = new TextEncoder();

function isSpace(c: string): boolean {
  return c === ' ' || c === '\t' || c === '\r';
}

/** Splits a master file into entries. Throws MasterFileSyntaxError on an unclosed quote or parenthesis. */
export function tokenizeMasterFile(text: string): Entry[] {
  const entries: Entry[] = [];
  let i = 0;
  let line = 1;
  let depth = 0;
  let tokens: Token[] = [];
  let comment: string | undefined;
  let entryLine = 1;
  let inheritsOwner = false;
  let atLineStart = true;
  let parenLine = 0;

  const finish = (): void => {
    if (tokens.length > 0) entries.push({ line: entryLine, inheritsOwner, tokens, ...(comment !== undefined ? { comment } : {}) });
    tokens = [];
    comment = undefined;
  };

  while (i < text.length) {
    const c = text[i];
    if (c === '\n') {
      line += 1;
      i += 1;
      if (depth === 0) {
        finish();
        atLineStart = true;
      }
      continue;
    }
    if (atLineStart && depth === 0) {
      atLineStart = false;
      entryLine = line;
      inheritsOwner = isSpace(c);
    }
    if (isSpace(c)) {
      i += 1;
      continue;
    }
    if (c === ';') {
      const end = text.indexOf('\n', i);
      const stop = end < 0 ? text.length : end;
      comment = text.slice(i + 1, stop).trim();
      i = stop;
      continue;
    }
    if (c === '(') {
      if (depth === 0) parenLine = line;
      depth += 1;
      i += 1;
      continue;
    }
    if (c === ')') {
      if (depth === 0) throw new MasterFileSyntaxError(line, 'a ")" closes no "("');
      depth -= 1;
      i += 1;
      continue;
    }
    const start = i;
    const startLine = line;
    const bytes: number[] = [];
    const quotedWhole = c === '"';
    let inQuote = false;
    while (i < text.length) {
      const ch = text[i];
      if (!inQuote && (isSpace(ch) || ch === '\n' || ch === ';' || ch === '(' || ch === ')')) break;
      if (ch === '"') {
        inQuote = !inQuote;
        i += 1;
        if (!inQuote && quotedWhole) break;
        continue;
      }
      if (ch === '\n') line += 1;
      if (ch === '\\') {
        const digits = /^\d{3}/.exec(text.slice(i + 1, i + 4));
        if (digits) {
          const value = Number(digits[0]);
          if (value > 255) throw new MasterFileSyntaxError(line, `escape \\${digits[0]} is not a byte (0..255)`);
          bytes.push(value);
          i += 4;
          continue;
        }
        if (i + 1 >= text.length) throw new MasterFileSyntaxError(line, 'a backslash ends the file');
        bytes.push(...utf8.encode(text[i + 1]));
        i += 2;
        continue;
      }
      const cp = text.codePointAt(i) as number;
      const s = String.fromCodePoint(cp);
      bytes.push(...utf8.encode(s));
      i += s.length;
    }
    if (inQuote) throw new MasterFileSyntaxError(startLine, 'a quoted string is not closed');
    tokens.push({ raw: text.slice(start, i), bytes: Uint8Array.from(bytes), quoted: quotedWhole });
  }
  if (depth > 0) throw new MasterFileSyntaxError(parenLine, 'a "(" is not closed');
  finish();
  return entries;
}

const decoder = new TextDecoder('utf-8', { fatal: false });

/** A token's bytes as text (UTF-8). */
export function tokenText(t: Token): string {
  return decoder.decode(t.bytes);
}
