/**
 * YAML reading with a source position for every node (js-yaml `load` with a
 * `listener`, about ten times faster than `yaml`'s parseDocument on 100,000 records).
 *
 * js-yaml fires `open`/`close` around every node it composes. Nodes are numbered in the order
 * they open (pre-order) and their offsets are kept in typed arrays, not as one object per node:
 * a 100,000-record file has over a million nodes, and objects for them cost more in garbage
 * collection than the parse itself. The tree is resolved lazily: a path such as
 * `records[3].content` is looked up only when a problem or a record needs its line and column.
 * Duplicate keys and syntax errors come back as a failed `ParseResult` (`ok: false`) with line and
 * column, never as an exception.
 */
import yaml from 'js-yaml';
import { measureAliasExpansion } from './alias-expansion.js';
import type { DocPath } from '../text/index.js';
import { readSimpleYaml } from './simple-yaml.js';
import { syntaxErrorHint } from './syntax-hints.js';
import { KIND_MAPPING, KIND_NONE, KIND_SCALAR, KIND_SEQUENCE, NodeTable } from './yaml-node-table.js';

export interface SourcePosition {
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly col: number;
}

const SPACE = 0x20;
const TAB = 0x09;
const LF = 0x0a;
const CR = 0x0d;
const HASH = 0x23;
const COLON = 0x3a;

/** The YAML 1.1 merge key. */
const MERGE_KEY = '<<';

/**
 * The YAML 1.2 core schema plus merge keys (YAML 1.1 `<<`, https://yaml.org/type/merge.html),
 * which js-yaml keeps out of CORE_SCHEMA; the type is js-yaml's own `merge` (lib/type/merge.js),
 * spelled here because @types/js-yaml does not declare `yaml.types`.
 */
const MERGE_TYPE = new yaml.Type('tag:yaml.org,2002:merge', {
  kind: 'scalar',
  resolve: (data: unknown) => data === MERGE_KEY || data === null,
});
const ZONE_YAML_SCHEMA = yaml.CORE_SCHEMA.extend({ implicit: [MERGE_TYPE] });

/**
 * How another tool's YAML differs from a zone file's (octoDNS's, core/migrate/octodns): local tags
 * whose scalar becomes a value of the caller's (`!include FILE`), `<<` as a plain key the caller
 * merges itself (`mergeKeys: false`), and a repeated key taking the later value (PyYAML's way)
 * instead of being an error.
 */
export interface ForeignYamlOptions {
  /** Local tags on scalars (`!include`), each turned into a value by its function. */
  readonly scalarTags?: Readonly<Record<string, (text: string) => unknown>>;
  /** false: `<<` is a key like any other (the caller merges). */
  readonly mergeKeys?: boolean;
  /** true: a repeated key in a mapping takes the later value. */
  readonly laterKeyWins?: boolean;
}

function foreignSchema(options: ForeignYamlOptions): yaml.Schema {
  const explicit = Object.entries(options.scalarTags ?? {}).map(
    ([tag, make]) => new yaml.Type(tag, { kind: 'scalar', construct: (data: unknown) => make(String(data ?? '')) }),
  );
  return yaml.CORE_SCHEMA.extend({ implicit: options.mergeKeys === false ? [] : [MERGE_TYPE], explicit });
}

/** The schema's implicit types in js-yaml's order (`compiledImplicit`, which @types/js-yaml does not declare). */
const IMPLICIT_TYPES = (ZONE_YAML_SCHEMA as unknown as { compiledImplicit: readonly yaml.Type[] }).compiledImplicit;

/**
 * A plain scalar's value as js-yaml's composeNode resolves it: the first implicit type whose
 * `resolve` takes the text constructs it. None of them (null: `~`, `null`; bool: `true`, `false`;
 * int and float: digits, sign, `.`; merge: `<<`) takes a text that starts with a letter other
 * than n, t or f, so such a text is a string without asking.
 */
export function resolvePlainScalar(text: string): unknown {
  const c = text.charCodeAt(0) | 0x20; // lower case, for letters
  if (c >= 0x61 && c <= 0x7a && c !== 0x6e && c !== 0x74 && c !== 0x66) return text; // a letter but n, t, f
  // Nor one with a colon or two dots (an address, a time, a version): a number has one dot at
  // most, and js-yaml 4 reads no base-60 numbers (lib/type/int.js, float.js).
  const dot = text.indexOf('.');
  if (text.includes(':') || (dot >= 0 && text.indexOf('.', dot + 1) >= 0)) return text;
  for (const type of IMPLICIT_TYPES) {
    if (type.resolve(text)) return type.construct(text);
  }
  return text;
}

/** Positions of the nodes of one parsed document. */
export class PositionIndex {
  readonly #input: string;
  readonly #nodes: NodeTable;
  /** Resolved child nodes of the sequences looked into so far (index access without a walk). */
  readonly #items = new Map<number, Int32Array>();
  /** The mapping node that wrote each mapping value (built on the first merge key looked into). */
  #writtenAt: Map<unknown, number> | undefined;

  /** @internal built by parseYaml */
  constructor(input: string, nodes: NodeTable) {
    this.#input = input;
    this.#nodes = nodes;
  }

  /** Where the node at `path` starts; the nearest existing ancestor when the path does not exist. */
  positionOf(path: DocPath): SourcePosition {
    const { node, key } = this.#find(path);
    // An empty value (`key:` with nothing after it) is best shown at its key.
    const empty = node >= 0 && this.#nodes.kind[node] === KIND_NONE && !this.#hasChildren(node);
    const n = empty && key >= 0 ? key : node;
    return n >= 0 ? this.#start(n) : { line: 1, col: 1 };
  }

  /** Where node `n` (an index in opening order) starts. */
  positionOfNode(n: number): SourcePosition {
    return this.#start(n);
  }

  /** Where the key of the last segment of `path` is written (the node itself for array items). */
  keyPositionOf(path: DocPath): SourcePosition {
    const { key, node } = this.#find(path);
    const n = key >= 0 ? key : node;
    return n >= 0 ? this.#start(n) : { line: 1, col: 1 };
  }

  /**
   * Where each item of the sequence at `path` starts (as `positionOf([...path, i])`), in one
   * pass; undefined when `path` is not a sequence.
   */
  itemPositionsOf(path: DocPath): SourcePosition[] | undefined {
    const { node, complete } = this.#find(path);
    if (!complete || node < 0 || !Array.isArray(this.#nodes.result[node])) return undefined;
    const items = this.#hasChildren(node) ? this.#itemsOf(node) : new Int32Array(0);
    if (items.length !== (this.#nodes.result[node] as unknown[]).length) return undefined;
    return Array.from(items, (n) => this.#start(n));
  }

  /**
   * Where each key the mapping at `path` writes itself is written, in one pass (a repeated key:
   * its last place); undefined when `path` is not a mapping written in the file. Merged keys are
   * not listed.
   */
  keyPositionsOf(path: DocPath): Map<string, SourcePosition> | undefined {
    const { node, complete } = this.#find(path);
    const t = this.#nodes;
    if (!complete || node < 0 || t.kind[node] !== KIND_MAPPING) return undefined;
    const out = new Map<string, SourcePosition>();
    for (let c = node + 1; c < t.next[node]; c = t.next[c]) {
      const k = this.#resolve(c);
      if (this.#isKey(k)) out.set(String(t.result[k]), this.#start(k));
    }
    return out;
  }

  /** Nodes of the document as written (an alias is one, its anchor's nodes are not repeated). */
  get nodeCount(): number {
    return this.#nodes.count;
  }

  /** -1 stands for "none"; `complete` when every segment of the path was found. */
  #find(path: DocPath): { node: number; key: number; complete?: boolean } {
    const t = this.#nodes;
    let node = t.count > 0 ? this.#resolve(0) : -1;
    let key = -1;
    for (const seg of path) {
      if (node < 0 || !this.#hasChildren(node)) return { node, key };
      if (typeof seg === 'number') {
        const items = this.#itemsOf(node);
        const result = t.result[node];
        if (!Array.isArray(result) || items.length !== result.length || seg >= items.length) {
          return { node, key: -1 };
        }
        node = items[seg];
        key = -1;
      } else {
        const pair = this.#pairOf(node, seg);
        if (!pair) return { node, key: -1 };
        key = pair.key;
        node = pair.value >= 0 ? pair.value : pair.key;
      }
    }
    return { node, key, complete: true };
  }

  #hasChildren(n: number): boolean {
    return this.#nodes.next[n] > n + 1;
  }

  /**
   * A block scalar value is composed twice (an outer node and the scalar read inside it): the
   * inner one stands for both, since its position is exact.
   */
  #resolve(n: number): number {
    const t = this.#nodes;
    const child = n + 1;
    if (child >= t.next[n] || t.next[child] !== t.next[n]) return n; // not exactly one child
    const inner = this.#resolve(child);
    return t.kind[inner] === t.kind[n] && Object.is(t.result[inner], t.result[n]) ? inner : n;
  }

  #itemsOf(n: number): Int32Array {
    const cached = this.#items.get(n);
    if (cached) return cached;
    const t = this.#nodes;
    let count = 0;
    for (let c = n + 1; c < t.next[n]; c = t.next[c]) count += 1;
    const items = new Int32Array(count);
    let i = 0;
    for (let c = n + 1; c < t.next[n]; c = t.next[c]) items[i++] = this.#resolve(c);
    this.#items.set(n, items);
    return items;
  }

  /**
   * The key node named `name` in a mapping node and the value node after it (-1 when none). A
   * key the mapping does not write itself is looked up in its merge keys (`<<: *a`,
   * `<<: [*a, *b]`) in the order YAML 1.1 merges them (explicit keys win, then the earlier
   * source), so that a merged value points at the line of the anchor that supplied it.
   */
  #pairOf(mapping: number, name: string, depth = 0): { key: number; value: number } | null {
    const t = this.#nodes;
    const merges: number[] = [];
    for (let c = mapping + 1; c < t.next[mapping]; c = t.next[c]) {
      const k = this.#resolve(c);
      if (!this.#isKey(k)) continue;
      const keyName = String(t.result[k]);
      if (keyName !== name && keyName !== MERGE_KEY) continue;
      const after = t.next[c];
      const v = after < t.next[mapping] ? this.#resolve(after) : -1;
      const value = v >= 0 && !this.#isKey(v) ? v : -1;
      if (keyName === name) return { key: k, value };
      if (value >= 0) merges.push(value);
    }
    if (depth >= MAX_YAML_DEPTH) return null;
    for (const source of merges.flatMap((m) => this.#mergeSources(m))) {
      const pair = this.#pairOf(source, name, depth + 1);
      if (pair) return pair;
    }
    return null;
  }

  /** The mapping nodes a merge key's value names, in merge order. */
  #mergeSources(value: number): number[] {
    const t = this.#nodes;
    const list = t.kind[value] === KIND_SEQUENCE && this.#hasChildren(value) ? Array.from(this.#itemsOf(value)) : [value];
    return list.flatMap((n) => {
      if (t.kind[n] === KIND_MAPPING && this.#hasChildren(n)) return [n];
      const written = this.#writtenNodeOf(t.result[n]);
      return written >= 0 ? [written] : [];
    });
  }

  /** The node that wrote a mapping value an alias names (-1 when none). */
  #writtenNodeOf(value: unknown): number {
    if (value === null || typeof value !== 'object') return -1;
    if (!this.#writtenAt) {
      const t = this.#nodes;
      const map = new Map<unknown, number>();
      for (let n = 0; n < t.count; n += 1) {
        if (t.kind[n] === KIND_MAPPING && this.#hasChildren(n) && !map.has(t.result[n])) map.set(t.result[n], n);
      }
      this.#writtenAt = map;
    }
    return this.#writtenAt.get(value) ?? -1;
  }

  /** A key is a scalar followed (after blanks on its line) by `:`. */
  #isKey(n: number): boolean {
    const t = this.#nodes;
    if (t.kind[n] !== KIND_SCALAR) return false;
    const s = this.#input;
    let i = t.end[n];
    while (i < s.length && (s.charCodeAt(i) === SPACE || s.charCodeAt(i) === TAB)) i += 1;
    return s.charCodeAt(i) === COLON;
  }

  /** First character of the node: skip the white space and comments before it. */
  #start(n: number): SourcePosition {
    const t = this.#nodes;
    const s = this.#input;
    let i = t.pos[n];
    let line = t.line[n];
    let lineStart = t.lineStart[n];
    while (i < s.length) {
      const c = s.charCodeAt(i);
      if (c === SPACE || c === TAB || c === CR) {
        i += 1;
      } else if (c === LF) {
        i += 1;
        line += 1;
        lineStart = i;
      } else if (c === HASH) {
        while (i < s.length && s.charCodeAt(i) !== LF) i += 1;
      } else {
        break;
      }
    }
    if (i >= s.length) return { line: t.line[n] + 1, col: t.pos[n] - t.lineStart[n] + 1 };
    return { line: line + 1, col: i - lineStart + 1 };
  }
}

export type ParseResult =
  | { ok: true; value: unknown; positions: PositionIndex }
  | {
      ok: false;
      line: number;
      col: number;
      message: string;
      code: 'yaml.syntax' | 'yaml.depth' | 'yaml.alias-bomb';
      /** An alias bomb's measure: the values the file writes and the most its aliases may expand them to. */
      aliases?: { written: number; limit: number };
    };

const withHint = (message: string, hint: string | undefined): string => (hint === undefined ? message : `${message}; ${hint}`);

/** Deepest nesting accepted (a zone file needs about 7 levels). */
const MAX_YAML_DEPTH = 64;

/** Keys merge keys may copy in any file (js-yaml's default); larger files may copy two per byte. */
const MIN_MERGE_KEYS = 10_000;

function aliasBomb(nodes: NodeTable, positions: PositionIndex, value: unknown): ParseResult | undefined {
  const verdict = measureAliasExpansion(nodes.closedCount, (i) => nodes.result[nodes.closed[i]], value);
  if (!verdict) return undefined;
  const at = verdict.culprit >= 0 ? positions.positionOfNode(nodes.closed[verdict.culprit]) : { line: 1, col: 1 };
  const n = (x: number): string => (Number.isFinite(x) && x < 1e15 ? Math.round(x).toLocaleString('en-US') : x.toExponential(1));
  return {
    ok: false,
    ...at,
    code: 'yaml.alias-bomb',
    aliases: { written: verdict.written, limit: verdict.limit },
    message: `YAML aliases expand too far: the file writes ${n(verdict.written)} values but its aliases expand them to ${n(verdict.expanded)} (at most ${n(verdict.limit)}); the value here alone expands beyond that. Write the values out, or use fewer nested aliases`,
  };
}

/**
 * Parse one YAML document with the YAML 1.2 core schema (no timestamps, so `2026-01-01T00:00:00Z`
 * stays a string; `on`/`off`/`yes` stay strings) and YAML 1.1 merge keys (`<<: *a`). Duplicate keys are errors, and so are nesting
 * deeper than MAX_YAML_DEPTH and aliases that expand far beyond what the file writes.
 */
export function parseYaml(text: string, foreign?: ForeignYamlOptions): ParseResult {
  // Most zone files keep to the plain YAML simple-yaml.ts reads, several times faster; anything
  // else (and every error) is js-yaml's. Another tool's YAML (foreign options) is js-yaml's alone.
  if (foreign !== undefined) return parseYamlWithJsYaml(text, foreign);
  const simple = readSimpleYaml(text, resolvePlainScalar);
  if (simple !== undefined) return { ok: true, value: simple.value, positions: new PositionIndex(text, simple.nodes) };
  return parseYamlWithJsYaml(text);
}

/** parseYaml through js-yaml alone (what parseYaml does for any text simple-yaml.ts does not read). */
export function parseYamlWithJsYaml(text: string, foreign?: ForeignYamlOptions): ParseResult {
  const nodes = new NodeTable();
  let stack = new Int32Array(64);
  let depth = 0;
  let input = text;
  let anchors: object | undefined;
  const listener = function (this: yaml.State, event: yaml.EventType, state: yaml.State): void {
    if (event === 'open') {
      if (nodes.count === 0) {
        input = state.input;
        anchors = (state as unknown as { anchorMap?: object }).anchorMap;
      }
      if (depth === stack.length) {
        const bigger = new Int32Array(depth * 2);
        bigger.set(stack);
        stack = bigger;
      }
      stack[depth++] = nodes.open(state.position, state.line, state.lineStart);
      return;
    }
    if (depth === 0) return;
    nodes.close(stack[--depth], state.position, state.kind, state.result);
  };
  try {
    // Merge work (keys copied) is bounded by the file's size, so merges cannot multiply it.
    const maxTotalMergeKeys = Math.max(MIN_MERGE_KEYS, 2 * text.length);
    const schema = foreign === undefined ? ZONE_YAML_SCHEMA : foreignSchema(foreign);
    const json = foreign?.laterKeyWins === true;
    const value = yaml.load(text, { schema, json, listener, maxDepth: MAX_YAML_DEPTH, maxTotalMergeKeys } as yaml.LoadOptions);
    const positions = new PositionIndex(input, nodes);
    // Without an anchor there is no alias: the common case costs nothing. (Should js-yaml ever
    // stop exposing its anchor map, every document is measured.)
    const bomb = anchors === undefined || Object.keys(anchors).length > 0 ? aliasBomb(nodes, positions, value) : undefined;
    return bomb ?? { ok: true, value: value ?? null, positions };
  } catch (err) {
    if (err instanceof yaml.YAMLException) {
      const mark = err.mark as { line?: number; column?: number } | undefined;
      const deep = /maxDepth/.test(err.reason);
      if (/maxTotalMergeKeys/.test(err.reason)) {
        return {
          ok: false,
          line: (mark?.line ?? 0) + 1,
          col: (mark?.column ?? 0) + 1,
          code: 'yaml.alias-bomb',
          message: 'YAML merge keys (`<<`) copy far more keys than the file writes; write the values out, or use fewer nested merges',
        };
      }
      return {
        ok: false,
        line: (mark?.line ?? 0) + 1,
        col: (mark?.column ?? 0) + 1,
        code: deep ? 'yaml.depth' : 'yaml.syntax',
        message: deep
          ? `YAML nesting is deeper than ${MAX_YAML_DEPTH} levels (a zone file needs fewer than 10)`
          : withHint(`YAML syntax error: ${err.reason}`, syntaxErrorHint(text, (mark?.line ?? 0) + 1)),
      };
    }
    // Not expected from js-yaml; still a problem with a position, never a crash.
    return {
      ok: false,
      line: 1,
      col: 1,
      code: 'yaml.syntax',
      message: `YAML could not be read: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}
