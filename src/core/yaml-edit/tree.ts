/**
 * The document's structure with exact source ranges, from the `yaml` package (its composed
 * nodes keep `range: [start, valueEnd, nodeEnd]` into the text). Used to find where a node is
 * written, never to write the document back: the editor splices the original text
 * (edit-document.ts), so every line it does not change stays byte for byte.
 */
import {
  type Alias,
  type Document,
  isAlias,
  isMap,
  isScalar,
  isSeq,
  type Node,
  type Pair,
  parseAllDocuments,
  type Scalar,
  visit,
  type YAMLMap,
  type YAMLSeq,
} from 'yaml';
import { SourceText } from './source-text.js';
import type { EditRefusal, RefusalReason, YamlPath } from './types.js';

/** Thrown inside the editor only, caught at its door and returned as a typed refusal. */
export class Refusal extends Error {
  readonly refusal: EditRefusal;
  constructor(reason: RefusalReason, path: YamlPath, message: string, line?: number) {
    super(message);
    this.refusal = { reason, path, message, ...(line !== undefined ? { line } : {}) };
  }
}

/** The YAML 1.1 merge key (https://yaml.org/type/merge.html), which zonectl's reader honours. */
export const MERGE_KEY = '<<';

export interface Tree {
  readonly src: SourceText;
  readonly doc: Document.Parsed;
  readonly root: Node | null;
  /** Every alias of the document, by the anchor it names. */
  readonly aliases: ReadonlyMap<string, readonly Alias[]>;
}

/** `records[3].content` for messages. */
export function formatYamlPath(path: YamlPath): string {
  let out = '';
  for (const s of path) out += typeof s === 'number' ? `[${s}]` : out === '' ? s : `.${s}`;
  return out === '' ? '(the document)' : out;
}

/** The text's structure, or why the editor cannot read it. */
export function readTree(text: string): Tree {
  const docs = parseAllDocuments(text, { keepSourceTokens: false, uniqueKeys: false, prettyErrors: false });
  const list = Array.isArray(docs) ? docs : [];
  const src = new SourceText(text);
  if (list.length > 1) throw new Refusal('unreadable', [], `the text holds ${list.length} YAML documents; a zone file is one`);
  const doc = list[0];
  if (doc === undefined) throw new Refusal('unreadable', [], 'the text holds no YAML document');
  const error = doc.errors[0];
  if (error !== undefined) {
    const line = src.lineOf(error.pos[0]) + 1;
    throw new Refusal('unreadable', [], `line ${line}: ${error.message.split('\n')[0]}`, line);
  }
  const aliases = new Map<string, Alias[]>();
  visit(doc, {
    Alias(_key, node) {
      const list = aliases.get(node.source) ?? [];
      list.push(node);
      aliases.set(node.source, list);
    },
  });
  return { src, doc, root: (doc.contents as Node | null) ?? null, aliases };
}

export function rangeOf(node: Node): [number, number, number] {
  const r = node.range;
  if (!r) throw new Refusal('unsupported-layout', [], 'a node without a source position');
  return r;
}

/** A scalar with no text at all (`key:` followed by nothing): a null written as an empty value. */
export function isEmptyNull(node: Node | null | undefined): boolean {
  if (!node || !isScalar(node)) return false;
  const r = rangeOf(node);
  return node.value === null && r[0] === r[1];
}

/** The key of a pair as text (plain, quoted): undefined for a complex key (`? [a, b]`). */
export function keyName(pair: Pair): string | undefined {
  const k = pair.key;
  if (isScalar(k) && (typeof k.value === 'string' || typeof k.value === 'number' || typeof k.value === 'boolean')) return String(k.value);
  return undefined;
}

/** The pair of `key` written in the mapping itself (never one of a merge key). */
export function ownPair(map: YAMLMap, key: string): Pair<Node, Node | null> | undefined {
  if (key === MERGE_KEY) return undefined;
  return (map.items as Pair<Node, Node | null>[]).find((p) => keyName(p) === key);
}

/** The mappings a mapping merges (`<<: *a`, `<<: [*a, *b]`, `<<: { ... }`), in the order they count. */
export function mergedMaps(tree: Tree, map: YAMLMap): YAMLMap[] {
  const out: YAMLMap[] = [];
  const take = (node: unknown): void => {
    const target = isAlias(node) ? node.resolve(tree.doc) : node;
    if (isMap(target)) out.push(target);
  };
  for (const pair of map.items as Pair<Node, Node | null>[]) {
    if (keyName(pair) !== MERGE_KEY || !isScalar(pair.key) || pair.key.type !== 'PLAIN') continue;
    if (isSeq(pair.value)) for (const item of pair.value.items) take(item);
    else take(pair.value);
  }
  return out;
}

/** True when the mapping takes `key` from a merge key (directly or through the merged mappings' own merges). */
export function mergeProvides(tree: Tree, map: YAMLMap, key: string, depth = 0): boolean {
  if (depth > 64) return false;
  return mergedMaps(tree, map).some((m) => ownPair(m, key) !== undefined || mergeProvides(tree, m, key, depth + 1));
}

/**
 * Where a node's written content ends: after its last character that is not a comment or a line
 * ending (a block collection: where its last item's content ends).
 */
export function contentEnd(tree: Tree, node: Node): number {
  if (isMap(node) || isSeq(node)) {
    const r = rangeOf(node);
    if (node.flow || node.items.length === 0) return r[1];
    const last = node.items[node.items.length - 1] as Pair<Node, Node | null> | Node;
    if (isMap(node)) {
      const pair = last as Pair<Node, Node | null>;
      const keyEnd = contentEnd(tree, pair.key);
      return pair.value && !isEmptyNull(pair.value) ? Math.max(keyEnd, contentEnd(tree, pair.value)) : keyEnd;
    }
    const item = last as Node;
    if (isEmptyNull(item)) return rangeOf(item)[0];
    return contentEnd(tree, item);
  }
  const r = rangeOf(node);
  return tree.src.trimBack(r[1], r[0]);
}

/** The anchors defined in a node's subtree (itself included). */
export function anchorsWithin(node: Node): string[] {
  const out: string[] = [];
  visit(node, {
    Node(_key, n) {
      if ((isMap(n) || isSeq(n) || isScalar(n)) && n.anchor) out.push(n.anchor);
    },
  });
  return out;
}

/** True when `inner`'s text lies within `outer`'s. */
export function within(inner: Node, outer: Node): boolean {
  const a = rangeOf(inner);
  const b = rangeOf(outer);
  return a[0] >= b[0] && a[1] <= b[2];
}

/** The aliases of `anchor` written outside `node` (those inside go with it). */
export function aliasesOutside(tree: Tree, anchor: string, node: Node): Alias[] {
  return (tree.aliases.get(anchor) ?? []).filter((a) => !within(a, node));
}

export type Collection = YAMLMap<Node, Node | null> | YAMLSeq<Node>;

/** A step of a path: the collection, and the key or index taken in it. */
export interface Step {
  readonly parent: Collection;
  readonly segment: string | number;
  /** The pair (mappings) or undefined (sequences). */
  readonly pair?: Pair<Node, Node | null>;
  readonly node: Node | null;
}

export type Lookup =
  | { readonly kind: 'found'; readonly node: Node | null; readonly steps: readonly Step[] }
  /** The mapping `parent` (reached by `steps`) has no own key `path[at]`; `merged`: a merge key gives it. */
  | {
      readonly kind: 'missing';
      readonly parent: YAMLMap<Node, Node | null>;
      readonly steps: readonly Step[];
      readonly at: number;
      readonly merged: boolean;
    }
  /** `path[at]` is looked for in a value written empty (`key:` and nothing, a null): the last step's node. */
  | { readonly kind: 'empty'; readonly steps: readonly Step[]; readonly at: number };

const lineOfNode = (tree: Tree, node: Node | null | undefined): number | undefined =>
  node?.range ? tree.src.lineOf(node.range[0]) + 1 : undefined;

/** Follows `path` from the root. */
export function lookup(tree: Tree, path: YamlPath): Lookup {
  const steps: Step[] = [];
  let node: Node | null = tree.root;
  for (let at = 0; at < path.length; at += 1) {
    const segment = path[at]!;
    const here = path.slice(0, at);
    if (isAlias(node))
      throw new Refusal(
        'through-alias',
        here,
        `${formatYamlPath(here)} is the alias *${node.source}: its value is written at the anchor &${node.source} and shared; edit it there, or write the value out`,
        lineOfNode(tree, node),
      );
    if (typeof segment === 'number') {
      if (at > 0 && steps.length > 0 && (node === null || (isScalar(node) && node.value === null))) return { kind: 'empty', steps, at };
      if (!isSeq(node) || segment < 0 || segment >= node.items.length)
        throw new Refusal('no-such-node', path, `${formatYamlPath(path.slice(0, at + 1))}: no such item`, lineOfNode(tree, node));
      const item = (node.items[segment] as Node | null) ?? null;
      steps.push({ parent: node as YAMLSeq<Node>, segment, node: item });
      node = item;
      continue;
    }
    if (!isMap(node)) {
      if ((isEmptyNull(node) || node === null || (isScalar(node) && node.value === null)) && steps.length > 0)
        return { kind: 'empty', steps, at };
      if (isEmptyNull(node) || node === null)
        throw new Refusal('no-such-node', path, `${formatYamlPath(here)} is empty`, lineOfNode(tree, node));
      throw new Refusal('no-such-node', path, `${formatYamlPath(here)} is not a mapping`, lineOfNode(tree, node));
    }
    const map = node as YAMLMap<Node, Node | null>;
    const pair = ownPair(map, segment);
    if (pair === undefined) return { kind: 'missing', parent: map, steps, at, merged: mergeProvides(tree, map, segment) };
    steps.push({ parent: map, segment, pair, node: pair.value });
    node = pair.value;
  }
  return { kind: 'found', node, steps };
}

export function lineOf(tree: Tree, node: Node | null | undefined): number | undefined {
  return lineOfNode(tree, node);
}

export type { Alias, Node, Pair, Scalar, YAMLMap, YAMLSeq };
