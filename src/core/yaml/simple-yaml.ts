/**
 * A fast reader for the plain YAML zone files are written in, tried before js-yaml
 * (parse-yaml.ts): block mappings and sequences indented with spaces, one-line flow mappings and
 * sequences, one-line plain, single- and double-quoted scalars, `|`/`>` block scalars whose lines
 * share one indentation, comments and blank lines. It gives the same value as js-yaml, and a node
 * table (yaml-node-table.ts) that answers every position question as js-yaml's with the listener
 * of parse-yaml.ts does, in 0.55-0.6 of js-yaml's instructions (valgrind: 107 M instead of 189 M
 * on a 1,400-record team zone, 1.8 G instead of 3.8 G on 100,000 records): js-yaml's general
 * machinery (a state snapshot per node, two listener calls, every rule of the grammar tried)
 * was the largest part of loading a zone file.
 *
 * Anything else (anchors, aliases, tags, merge keys, directives, documents, tabs, CR line ends,
 * multi-line scalars or flow collections, explicit keys, a duplicate key, any syntax error, ...)
 * is not read here: `readSimpleYaml` returns undefined and js-yaml reads the file, so errors and
 * rare forms keep js-yaml's messages and meaning. test/core/yaml/simple-yaml.test.ts compares
 * the two on generated documents, valid and broken.
 */
import {
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
import {
  NOT_SIMPLE,
  type Cursor,
  isBlank,
  isFlowIndicator,
  isIndicator,
  LEFT_TO_JS_YAML,
  readBlockScalar,
  readDoubleQuoted,
  readSingleQuoted,
  startsKey,
} from './simple-yaml-text.js';
import { NodeTable } from './yaml-node-table.js';

/** The value of a plain scalar, as the schema's implicit types resolve it (null, booleans, numbers). */
export type ResolvePlain = (text: string) => unknown;

/** Nesting of collections read here (js-yaml takes deeper ones, up to its own limit). */
const MAX_DEPTH = 16;
/** js-yaml's limit on an implicit key's length. */
const MAX_KEY_LENGTH = 1024;
const KEY_CACHE_SIZE = 4;

class Reader implements Cursor {
  readonly nodes: NodeTable;
  /** Offset of the next character. */
  i = 0;
  /** 0-based line of `i`, and the offset its line starts at. */
  line = 0;
  lineStart = 0;
  depth = 0;

  /** Where the `:` after the last key read by blockKey stands. */
  colon = 0;
  /** Plain keys read so far, by length and first character (keyText). */
  readonly keys = new Map<number, string[]>();

  constructor(
    readonly s: string,
    readonly resolvePlain: ResolvePlain,
  ) {
    // About one node per 8 bytes in zone files: the table rarely grows.
    this.nodes = new NodeTable(s.length >> 3);
  }

  /** Past the end of the current line (after its LF). */
  nextLine(): void {
    const lf = this.s.charCodeAt(this.i) === LF ? this.i : this.s.indexOf('\n', this.i);
    if (lf < 0) {
      this.i = this.s.length;
      return;
    }
    this.i = lf + 1;
    this.line += 1;
    this.lineStart = this.i;
  }

  /**
   * From the start of a line: past blank and comment-only lines, to the first character of the
   * next line with content; returns its indentation, or -1 at the end of the input.
   */
  toContent(): number {
    const s = this.s;
    for (;;) {
      let j = this.i;
      while (s.charCodeAt(j) === SPACE) j += 1;
      if (j >= s.length) {
        this.i = s.length;
        return -1;
      }
      const c = s.charCodeAt(j);
      if (c !== LF && c !== HASH) {
        this.i = j;
        return j - this.lineStart;
      }
      this.i = j;
      this.nextLine();
    }
  }

  /** After a value: only blanks and a comment may follow on its line; then to the next line. */
  endLine(): void {
    const s = this.s;
    let j = this.i;
    while (s.charCodeAt(j) === SPACE) j += 1;
    const c = s.charCodeAt(j);
    if (c === HASH) {
      if (j === this.i) throw NOT_SIMPLE; // `#` right after a value is no comment
    } else if (!(c === LF || j >= s.length)) {
      throw NOT_SIMPLE;
    }
    this.i = j;
    this.nextLine();
  }

  scalarNode(start: number, end: number, value: unknown): void {
    const n = this.nodes.open(start, this.line, this.lineStart);
    this.nodes.close(n, end, 'scalar', value);
  }

  /** The document: a block mapping at column 0. */
  document(): unknown {
    if (this.toContent() !== 0) throw NOT_SIMPLE;
    const s = this.s;
    const c = s.charCodeAt(this.i);
    // A document marker or directive, or a root that is not a mapping: js-yaml's.
    if (c === DASH || c === 0x25 || (c === 0x2e && s.startsWith('...', this.i))) throw NOT_SIMPLE;
    const value = this.blockMapping(0);
    if (this.i < s.length) throw NOT_SIMPLE;
    return value;
  }

  /**
   * A block mapping whose keys stand at column `indent`; `i` is at its first key (at the start of
   * its line's content, or after `- ` for a mapping in a sequence item). Returns at the start of
   * the first line with content less indented, or at the end.
   */
  blockMapping(indent: number): Record<string, unknown> {
    this.enter();
    const s = this.s;
    const nodes = this.nodes;
    const n = nodes.open(this.i, this.line, this.lineStart);
    const out: Record<string, unknown> = {};
    for (;;) {
      // The key: a plain or quoted scalar on this line, then `:` and a blank.
      const keyStart = this.i;
      if (indent === 0 && (s.startsWith('---', keyStart) || s.startsWith('...', keyStart))) throw NOT_SIMPLE;
      const name = String(this.blockKey());
      if (name === '<<' || name === '__proto__' || Object.hasOwn(out, name)) throw NOT_SIMPLE; // merges, duplicates: js-yaml's
      const afterColon = this.colon + 1;
      this.i = afterColon;
      out[name] = this.mappingValue(indent, afterColon);
      const next = this.toContent();
      if (next < indent) break;
      if (next > indent) throw NOT_SIMPLE;
    }
    nodes.close(n, this.i, 'mapping', out);
    this.depth -= 1;
    return out;
  }

  enter(): void {
    if (this.depth >= MAX_DEPTH) throw NOT_SIMPLE;
    this.depth += 1;
  }

  /** A block mapping's key (the offset of the `:` after it in `colon`); `i` is at the key. */
  blockKey(): unknown {
    const s = this.s;
    const keyStart = this.i;
    const first = s.charCodeAt(keyStart);
    let key: unknown;
    let j: number;
    if (first === DQUOTE || first === SQUOTE) {
      key = first === DQUOTE ? readDoubleQuoted(this) : readSingleQuoted(this);
      j = this.i;
      while (s.charCodeAt(j) === SPACE) j += 1;
      if (!(s.charCodeAt(j) === COLON && isBlank(s.charCodeAt(j + 1)))) throw NOT_SIMPLE;
    } else {
      if (isIndicator(first) || ((first === DASH || first === 0x3f || first === COLON) && isBlank(s.charCodeAt(keyStart + 1)))) {
        throw NOT_SIMPLE;
      }
      j = keyStart;
      let keyEnd = keyStart;
      for (;;) {
        const c = s.charCodeAt(j);
        if (c === COLON && isBlank(s.charCodeAt(j + 1))) break;
        if (c === LF || j >= s.length || c === HASH || isFlowIndicator(c) || c === DQUOTE || c === SQUOTE) throw NOT_SIMPLE;
        j += 1;
        if (c !== SPACE) keyEnd = j;
      }
      key = this.resolvePlain(this.keyText(keyStart, keyEnd));
      this.scalarNode(keyStart, keyEnd, key);
    }
    if (j - keyStart > MAX_KEY_LENGTH) throw NOT_SIMPLE;
    this.colon = j;
    return key;
  }

  /** `s.slice(start, end)` of a plain key; one string per key written alike (`name`: 100,000 times), not a copy kept and internalised per record. */
  keyText(start: number, end: number): string {
    const s = this.s;
    const bucket = ((end - start) << 8) | (s.charCodeAt(start) & 0xff);
    const known = this.keys.get(bucket);
    if (known !== undefined) for (const k of known) if (s.startsWith(k, start)) return k;
    const text = s.slice(start, end);
    if (known === undefined) this.keys.set(bucket, [text]);
    else if (known.length < KEY_CACHE_SIZE) known.push(text);
    return text;
  }

  /** The value after `key:` of a block mapping at `indent`; `afterColon` is where the value node opens when empty. */
  mappingValue(indent: number, afterColon: number): unknown {
    const s = this.s;
    while (s.charCodeAt(this.i) === SPACE) this.i += 1;
    const c = s.charCodeAt(this.i);
    if (c === LF || c === HASH || this.i >= s.length) {
      // The value is on the next lines: a nested block, or nothing.
      const line = this.line;
      const lineStart = this.lineStart;
      this.nextLine();
      const next = this.toContent();
      const dash = next >= 0 && s.charCodeAt(this.i) === DASH && isBlank(s.charCodeAt(this.i + 1));
      if (next > indent) return dash ? this.blockSequence(next) : this.blockMapping(next);
      if (next === indent && dash) return this.blockSequence(next);
      // Empty: a node with no value where js-yaml opens one (after the colon).
      const n = this.nodes.open(afterColon, line, lineStart);
      this.nodes.close(n, afterColon, null, null);
      return null;
    }
    let value: unknown;
    if (c === PIPE || c === GREATER) return readBlockScalar(this, indent);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) value = this.flowCollection();
    else if (c === DQUOTE) value = readDoubleQuoted(this);
    else if (c === SQUOTE) value = readSingleQuoted(this);
    else value = this.plain(false);
    this.endLine();
    // A more indented line after a one-line value continues it (a multi-line scalar) or is an error.
    if (this.toContent() > indent) throw NOT_SIMPLE;
    return value;
  }

  /** A block sequence whose `-` stand at column `indent`; `i` is at the first `-`. */
  blockSequence(indent: number): unknown[] {
    this.enter();
    const s = this.s;
    const nodes = this.nodes;
    const n = nodes.open(this.i, this.line, this.lineStart);
    const out: unknown[] = [];
    for (;;) {
      this.i += 1; // the dash
      if (s.charCodeAt(this.i) !== SPACE) throw NOT_SIMPLE; // an item on the next lines
      while (s.charCodeAt(this.i) === SPACE) this.i += 1;
      const c = s.charCodeAt(this.i);
      if (startsKey(s, this.i)) {
        // A mapping in the item: its keys stand where the first one does.
        out.push(this.blockMapping(this.i - this.lineStart));
      } else if (c === OPEN_BRACE || c === OPEN_BRACKET || c === DQUOTE || c === SQUOTE) {
        out.push(c === DQUOTE ? readDoubleQuoted(this) : c === SQUOTE ? readSingleQuoted(this) : this.flowCollection());
        this.endLine();
      } else {
        out.push(this.plain(false));
        this.endLine();
      }
      // (after a one-line item, a more indented line continues it, or is an error: js-yaml's)
      const next = this.toContent();
      if (next < indent) break;
      if (next > indent) throw NOT_SIMPLE;
      if (!(s.charCodeAt(this.i) === DASH && isBlank(s.charCodeAt(this.i + 1)))) break; // the parent mapping's next key
    }
    nodes.close(n, this.i, 'sequence', out);
    this.depth -= 1;
    return out;
  }

  /**
   * A plain scalar on this line (block or flow context); `i` is at its first character. `key`: a
   * flow mapping's key, whose text comes from keyText (one string per key written alike).
   */
  plain(inFlow: boolean, key = false): unknown {
    const s = this.s;
    const start = this.i;
    const first = s.charCodeAt(start);
    if (isIndicator(first)) throw NOT_SIMPLE;
    if ((first === DASH || first === 0x3f) && (isBlank(s.charCodeAt(start + 1)) || (inFlow && isFlowIndicator(s.charCodeAt(start + 1))))) {
      throw NOT_SIMPLE;
    }
    let j = start;
    let end = start;
    for (;;) {
      const c = s.charCodeAt(j);
      if (c === LF || j >= s.length) break;
      if (c === COLON) {
        const next = s.charCodeAt(j + 1);
        if (isBlank(next) || (inFlow && isFlowIndicator(next))) break;
      } else if (c === HASH) {
        if (s.charCodeAt(j - 1) === SPACE) break;
      } else if (inFlow && isFlowIndicator(c)) {
        break;
      }
      j += 1;
      if (c !== SPACE) end = j;
    }
    if (end === start) throw NOT_SIMPLE; // an empty value
    this.i = end;
    const text = key ? this.keyText(start, end) : s.slice(start, end);
    const value = this.resolvePlain(text);
    this.scalarNode(start, end, value);
    return value;
  }

  /** A flow mapping or sequence on one line; `i` is at its `{` or `[`. */
  flowCollection(): unknown {
    this.enter();
    const s = this.s;
    const nodes = this.nodes;
    const isMapping = s.charCodeAt(this.i) === OPEN_BRACE;
    const terminator = isMapping ? CLOSE_BRACE : CLOSE_BRACKET;
    const n = nodes.open(this.i, this.line, this.lineStart);
    const map: Record<string, unknown> = {};
    const list: unknown[] = [];
    this.i += 1;
    for (;;) {
      this.skipSpaces();
      let c = s.charCodeAt(this.i);
      if (c === terminator) break;
      if (c === COMMA || c === LF || c === HASH || this.i >= s.length) throw NOT_SIMPLE;
      if (isMapping) {
        if (c === OPEN_BRACE || c === OPEN_BRACKET || c === 0x3f) throw NOT_SIMPLE;
        const key = c === DQUOTE ? readDoubleQuoted(this) : c === SQUOTE ? readSingleQuoted(this) : this.plain(true, true);
        this.skipSpaces();
        if (s.charCodeAt(this.i) !== COLON) throw NOT_SIMPLE; // a key without a value
        this.i += 1;
        this.skipSpaces();
        const name = String(key);
        if (name === '<<' || name === '__proto__' || Object.hasOwn(map, name)) throw NOT_SIMPLE;
        map[name] = this.flowValue();
      } else {
        list.push(this.flowValue());
        this.skipSpaces();
        if (s.charCodeAt(this.i) === COLON) throw NOT_SIMPLE; // a pair in a sequence
      }
      this.skipSpaces();
      c = s.charCodeAt(this.i);
      if (c === COMMA) this.i += 1;
      else if (c !== terminator) throw NOT_SIMPLE;
    }
    this.i += 1;
    const value = isMapping ? map : list;
    nodes.close(n, this.i, isMapping ? 'mapping' : 'sequence', value);
    this.depth -= 1;
    return value;
  }

  /** A value inside a flow collection. */
  flowValue(): unknown {
    const c = this.s.charCodeAt(this.i);
    if (c === OPEN_BRACE || c === OPEN_BRACKET) return this.flowCollection();
    if (c === DQUOTE) return readDoubleQuoted(this);
    if (c === SQUOTE) return readSingleQuoted(this);
    if (c === COMMA || c === CLOSE_BRACE || c === CLOSE_BRACKET || c === COLON) throw NOT_SIMPLE; // an empty value
    return this.plain(true);
  }

  skipSpaces(): void {
    while (this.s.charCodeAt(this.i) === SPACE) this.i += 1;
  }
}

/**
 * The document and its node table when the text keeps to the plain subset above; undefined
 * otherwise (then js-yaml reads it, errors included).
 */
export function readSimpleYaml(text: string, resolvePlain: ResolvePlain): { value: unknown; nodes: NodeTable } | undefined {
  if (LEFT_TO_JS_YAML.test(text)) return undefined;
  const reader = new Reader(text, resolvePlain);
  try {
    const value = reader.document();
    return { value, nodes: reader.nodes };
  } catch (error) {
    if (error === NOT_SIMPLE) return undefined;
    throw error;
  }
}
