/**
 * The characters and scalars of simple-yaml.ts: which characters start what, quoted scalars on
 * one line, and block scalars whose lines share one indentation, read exactly as js-yaml reads
 * them (its loader's readDoubleQuotedScalar, readSingleQuotedScalar, readBlockScalar), or left
 * to it (NOT_SIMPLE).
 */
import {
  BACKSLASH,
  CLOSE_BRACE,
  CLOSE_BRACKET,
  COLON,
  COMMA,
  DASH,
  DQUOTE,
  GREATER,
  HASH,
  LF,
  OPEN_BRACE,
  OPEN_BRACKET,
  PIPE,
  SPACE,
  SQUOTE,
} from './char-codes.js';
import type { NodeTable } from './yaml-node-table.js';

/** Where the reader stands in the text, and what scalar readers need of it. */
export interface Cursor {
  readonly s: string;
  readonly nodes: NodeTable;
  /** Offset of the next character. */
  i: number;
  /** 0-based line of `i`, and the offset its line starts at. */
  line: number;
  lineStart: number;
  /** Past the end of the current line (after its LF). */
  nextLine(): void;
  /** Toward the next line with content (blank and comment lines skipped); its indentation, or -1 at the end. */
  toContent(): number;
  scalarNode(start: number, end: number, value: unknown): void;
}

/** Thrown to leave the fast path; never escapes `readSimpleYaml`. */
class NotSimple {}
export const NOT_SIMPLE = new NotSimple();

export function isFlowIndicator(c: number): boolean {
  return c === COMMA || c === OPEN_BRACKET || c === CLOSE_BRACKET || c === OPEN_BRACE || c === CLOSE_BRACE;
}

/** Space, end of line or end of input (charCodeAt past the end is NaN). */
export function isBlank(c: number): boolean {
  return c === SPACE || c === LF || Number.isNaN(c);
}

/** A character no plain scalar starts with (YAML 1.2 §7.3.3 as js-yaml's readPlainScalar reads it). */
export function isIndicator(c: number): boolean {
  switch (c) {
    case HASH:
    case 0x26: // &
    case 0x2a: // *
    case 0x21: // !
    case PIPE:
    case GREATER:
    case SQUOTE:
    case DQUOTE:
    case 0x25: // %
    case 0x40: // @
    case 0x60: // `
    case COMMA:
    case OPEN_BRACKET:
    case CLOSE_BRACKET:
    case OPEN_BRACE:
    case CLOSE_BRACE:
      return true;
    default:
      return false;
  }
}

/** js-yaml's double-quoted escapes (simpleEscapeSequence), apart from the hex ones. */
export function simpleEscape(c: number): string | undefined {
  switch (c) {
    case 0x30:
      return '\x00';
    case 0x61:
      return '\x07';
    case 0x62:
      return '\x08';
    case 0x74:
      return '\x09';
    case 0x6e:
      return '\x0A';
    case 0x76:
      return '\x0B';
    case 0x66:
      return '\x0C';
    case 0x72:
      return '\x0D';
    case 0x65:
      return '\x1B';
    case SPACE:
      return ' ';
    case DQUOTE:
      return '"';
    case 0x2f:
      return '/';
    case BACKSLASH:
      return '\\';
    case 0x4e:
      return '\x85';
    case 0x5f:
      return '\xA0';
    case 0x4c:
      return '\u2028';
    case 0x50:
      return '\u2029';
    default:
      return undefined;
  }
}

export function hexDigit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 0x30;
  const lc = c | 0x20;
  return lc >= 0x61 && lc <= 0x66 ? lc - 0x61 + 10 : -1;
}

/** A double-quoted scalar on one line. */
export function readDoubleQuoted(r: Cursor): string {
  const s = r.s;
  const start = r.i;
  let j = start + 1;
  let out = '';
  let from = j;
  for (;;) {
    const c = s.charCodeAt(j);
    if (c === DQUOTE) break;
    if (c === LF || j >= s.length) throw NOT_SIMPLE;
    if (c === BACKSLASH) {
      out += s.slice(from, j);
      const e = s.charCodeAt(j + 1);
      const simple = simpleEscape(e);
      if (simple !== undefined) {
        out += simple;
        j += 2;
      } else {
        const length = e === 0x78 ? 2 : e === 0x75 ? 4 : e === 0x55 ? 8 : 0;
        if (length === 0) throw NOT_SIMPLE;
        let code = 0;
        for (let k = 0; k < length; k += 1) {
          const d = hexDigit(s.charCodeAt(j + 2 + k));
          if (d < 0) throw NOT_SIMPLE;
          code = (code << 4) + d;
        }
        // As js-yaml's charFromCodepoint.
        out +=
          code <= 0xffff
            ? String.fromCharCode(code)
            : String.fromCharCode(((code - 0x10000) >> 10) + 0xd800, ((code - 0x10000) & 0x3ff) + 0xdc00);
        j += 2 + length;
      }
      from = j;
    } else {
      j += 1;
    }
  }
  return quotedScalar(r, start, j, out + s.slice(from, j));
}

/** The node of a quoted scalar from `start` to its closing quote at `close`; `i` goes past it. */
function quotedScalar(r: Cursor, start: number, close: number, value: string): string {
  r.i = close + 1;
  r.scalarNode(start, r.i, value);
  return value;
}

/** A single-quoted scalar on one line (`''` is a quote). */
export function readSingleQuoted(r: Cursor): string {
  const s = r.s;
  const start = r.i;
  let j = start + 1;
  let out = '';
  let from = j;
  for (;;) {
    const c = s.charCodeAt(j);
    if (c === LF || j >= s.length) throw NOT_SIMPLE;
    if (c === SQUOTE) {
      if (s.charCodeAt(j + 1) !== SQUOTE) break;
      out += s.slice(from, j + 1);
      j += 2;
      from = j;
    } else {
      j += 1;
    }
  }
  return quotedScalar(r, start, j, out + s.slice(from, j));
}

/**
 * A `|` or `>` block scalar after a key of the mapping at `indent`: a clip or strip indicator
 * at most, its lines at one indentation deeper than `indent`, no blank line among them.
 */
export function readBlockScalar(r: Cursor, indent: number): string {
  const s = r.s;
  const start = r.i;
  const literal = s.charCodeAt(start) === PIPE;
  let j = start + 1;
  let strip = false;
  if (s.charCodeAt(j) === DASH) {
    strip = true;
    j += 1;
  }
  // Keep (`+`), an indentation indicator, or anything else on the header line: js-yaml's.
  while (s.charCodeAt(j) === SPACE) j += 1;
  if (s.charCodeAt(j) === HASH && j > start + (strip ? 2 : 1)) {
    j = s.indexOf('\n', j);
    if (j < 0) throw NOT_SIMPLE;
  }
  if (s.charCodeAt(j) !== LF) throw NOT_SIMPLE;
  const line = r.line;
  const lineStart = r.lineStart;
  r.i = j;
  r.nextLine();
  const parts: string[] = [];
  let textIndent = -1;
  for (;;) {
    let k = r.i;
    while (s.charCodeAt(k) === SPACE) k += 1;
    const spaces = k - r.i;
    const c = s.charCodeAt(k);
    if (k >= s.length && spaces === 0) break; // the end of the input after a line break
    if (c === LF || k >= s.length) {
      // A blank line: fine after the last line of the scalar, left to js-yaml anywhere else.
      if (spaces > 0 || parts.length === 0) throw NOT_SIMPLE;
      // Empty lines, then a line less indented than the scalar's: the scalar ended before them
      // (the caller skips them). A line of spaces, or a deep enough one (a comment too) after
      // them, belongs to the scalar: js-yaml's.
      let m = k + 1;
      for (;;) {
        let e = m;
        while (s.charCodeAt(e) === SPACE) e += 1;
        if (e > m && (e >= s.length || s.charCodeAt(e) === LF)) throw NOT_SIMPLE;
        if (e >= s.length) break;
        if (s.charCodeAt(e) !== LF) {
          if (e - m >= textIndent) throw NOT_SIMPLE;
          break;
        }
        m = e + 1;
      }
      break;
    }
    if (textIndent < 0) {
      if (spaces <= indent) throw NOT_SIMPLE; // an empty scalar
      textIndent = spaces;
    } else if (spaces < textIndent) {
      break;
    } else if (spaces > textIndent) {
      throw NOT_SIMPLE; // a more indented line
    }
    const lf = s.indexOf('\n', k);
    if (lf < 0) throw NOT_SIMPLE; // js-yaml adds no line break at the very end
    parts.push(s.slice(k, lf));
    r.i = k;
    r.nextLine();
  }
  if (parts.length === 0) throw NOT_SIMPLE;
  const value = parts.join(literal ? '\n' : ' ') + (strip ? '' : '\n');
  const n = r.nodes.open(start, line, lineStart);
  r.nodes.close(n, start, 'scalar', value);
  return value;
}

/** Whether a key (plain or quoted, then `:` and a blank) starts at `i` on its line. */
export function startsKey(s: string, i: number): boolean {
  const first = s.charCodeAt(i);
  if (first === DQUOTE || first === SQUOTE) {
    let j = i + 1;
    for (;;) {
      const c = s.charCodeAt(j);
      if (c === LF || j >= s.length) return false;
      if (c === first) {
        if (first === SQUOTE && s.charCodeAt(j + 1) === SQUOTE) j += 2;
        else break;
      } else {
        j += c === BACKSLASH && first === DQUOTE ? 2 : 1;
      }
    }
    j += 1;
    while (s.charCodeAt(j) === SPACE) j += 1;
    return s.charCodeAt(j) === COLON && isBlank(s.charCodeAt(j + 1));
  }
  if (isIndicator(first) || ((first === DASH || first === 0x3f || first === COLON) && isBlank(s.charCodeAt(i + 1)))) return false;
  for (let j = i; j < s.length; j += 1) {
    const c = s.charCodeAt(j);
    if (c === LF) return false;
    if (c === COLON && isBlank(s.charCodeAt(j + 1))) return true;
    if (c === HASH && s.charCodeAt(j - 1) === SPACE) return false;
  }
  return false;
}

/**
 * Characters left to js-yaml: those it refuses in a YAML stream (its PATTERN_NON_PRINTABLE: C0
 * and C1 controls, U+FFFE, U+FFFF, lone surrogates), tab, CR, NEL, LS, PS, BOM, and surrogates
 * altogether (a character class V8 scans quickly; text outside the BMP is rare in zone files).
 */
export const LEFT_TO_JS_YAML = /[\x00-\x09\x0B-\x1F\x7F-\x9F\uD800-\uDFFF\uFEFF\u2028\u2029\uFFFE\uFFFF]/;
