/**
 * Where each node of a document read by parseYaml (parse-yaml.ts) starts: a `PositionIndex` over
 * the node table js-yaml's listener filled, resolving a path such as `records[3].content` to its
 * line and column only when a problem or a record asks (the tree is never built as objects).
 */
import type { DocPath } from '../text/index.js';
import { COLON, CR, HASH, LF, SPACE, TAB } from './char-codes.js';
import { KIND_MAPPING, KIND_NONE, KIND_SCALAR, KIND_SEQUENCE, type NodeTable } from './yaml-node-table.js';

export interface SourcePosition {
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly col: number;
}

/** The YAML 1.1 merge key. */
export const MERGE_KEY = '<<';

/** Deepest nesting accepted, in reading and in following merge keys (a zone file needs about 7 levels). */
export const MAX_YAML_DEPTH = 64;

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

  /**
   * A key is a scalar followed (after blanks on its line) by `:`. A block scalar (`|`, `>`) ends
   * after its last line break, at the start of the next line, so the `:` there is its own only
   * when it is the explicit value indicator (`? |` … `: v`, a colon then a blank); a line such as
   * `:t: 1` begins the next key, a plain scalar that starts with a colon.
   */
  #isKey(n: number): boolean {
    const t = this.#nodes;
    if (t.kind[n] !== KIND_SCALAR) return false;
    const s = this.#input;
    let i = t.end[n];
    if (i > 0 && s.charCodeAt(i - 1) === LF) {
      const after = s.charCodeAt(i + 1);
      return s.charCodeAt(i) === COLON && (Number.isNaN(after) || after === SPACE || after === TAB || after === LF || after === CR);
    }
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
      if (c === SPACE || c === TAB) {
        i += 1;
      } else if (c === LF || c === CR) {
        // A line ends at LF, CRLF or a lone CR, as js-yaml counts lines (YAML 1.2.2, 5.4).
        i += c === CR && s.charCodeAt(i + 1) === LF ? 2 : 1;
        line += 1;
        lineStart = i;
      } else if (c === HASH) {
        while (i < s.length && s.charCodeAt(i) !== LF && s.charCodeAt(i) !== CR) i += 1;
      } else {
        break;
      }
    }
    if (i >= s.length) return { line: t.line[n] + 1, col: t.pos[n] - t.lineStart[n] + 1 };
    return { line: line + 1, col: i - lineStart + 1 };
  }
}
