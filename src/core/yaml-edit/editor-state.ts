/**
 * The document editor's state (edit-document.ts), explicit: the text read as a tree, the value it
 * means, the file's writing habits, the splices collected so far, and the edits gathered to be
 * written once (map removals, sequence removals, sequence inserts, new keys, values written
 * empty that edits fill). Every part of the editor takes this state and adds to it; only
 * edit-document.ts turns it into text. Here too the small reads every part shares.
 */
import type { Node } from 'yaml';
import type { AnyPair, EmptyFill, InsertTarget, MapNode, NewKeys, SeqNode, Splice } from './editor-types.js';
import { observeHabits, observeStyle } from './observe-style.js';
import type { RenderHabits } from './render-value.js';
import { contentEnd, lineOf, lookup, Refusal, type Step, type Tree } from './tree.js';
import type { NodeStyle, StyleHint, YamlPath } from './types.js';

/** The pairs of one block or flow mapping to remove. */
export interface MapRemoval {
  readonly path: YamlPath;
  readonly pairs: Set<AnyPair>;
}

/** The items of one sequence to remove; `shared`: those whose comment lines speak for the next item too. */
export interface SeqRemoval {
  readonly path: YamlPath;
  readonly indexes: Set<number>;
  readonly shared: Set<number>;
  /** The pair whose value the sequence is (a block mapping's key), when there is one. */
  readonly pair?: AnyPair;
}

export interface EditorState {
  readonly tree: Tree;
  /** The document's value as zonectl reads it (merge keys resolved). */
  readonly original: unknown;
  readonly habits: RenderHabits;
  readonly splices: Splice[];
  readonly mapRemovals: Map<MapNode, MapRemoval>;
  readonly seqRemovals: Map<SeqNode, SeqRemoval>;
  readonly inserts: Map<Node | string, InsertTarget>;
  /** New keys by the mapping they go into (several edits may make keys of one mapping, or one key's members). */
  readonly newKeys: Map<MapNode, NewKeys>;
  /** Values written empty that edits fill, by their path. */
  readonly fills: Map<string, EmptyFill>;
}

export function newEditorState(tree: Tree, original: unknown): EditorState {
  return {
    tree,
    original,
    habits: observeHabits(tree),
    splices: [],
    mapRemovals: new Map(),
    seqRemovals: new Map(),
    inserts: new Map(),
    newKeys: new Map(),
    fills: new Map(),
  };
}

/** `text` in place of the original's `start`..`end`; `depth` orders two insertions at one place (the deeper first). */
export function splice(s: EditorState, start: number, end: number, text: string, depth = 0): void {
  s.splices.push({ start, end, text, order: s.splices.length, depth });
}

export function lineAt(s: EditorState, node: Node | null | undefined): number | undefined {
  return lineOf(s.tree, node);
}

/** The nodes from the root down along `steps`. */
export function chainOf(s: EditorState, steps: readonly Step[]): Array<Node | null> {
  return [s.tree.root, ...steps.map((step) => step.node)];
}

/** The style a hint asks for: given, or observed on the node it names (`like`), else on `fallback`. */
export function styleOf(s: EditorState, hint: StyleHint | undefined, fallback?: Node | null): NodeStyle | undefined {
  if (hint?.style !== undefined) return hint.style;
  if (hint?.like !== undefined) {
    const found = lookup(s.tree, hint.like);
    if (found.kind === 'found') return observeStyle(s.tree, found.node);
  }
  return fallback ? observeStyle(s.tree, fallback) : undefined;
}

/** Right after the `:` of a pair (where a value written empty would start). */
export function afterIndicator(s: EditorState, pair: AnyPair | undefined): number {
  if (!pair) throw new Refusal('unsupported-layout', [], 'a value without a position');
  const keyEnd = contentEnd(s.tree, pair.key);
  const colon = s.tree.src.text.indexOf(':', keyEnd);
  return colon < 0 ? keyEnd : colon + 1;
}

export const spaces = (n: number): string => ' '.repeat(n);

/** Comment lines written at column `col`. */
export function commentLines(comments: readonly string[] | undefined, col: number): string[] {
  return (comments ?? []).flatMap((c) => c.replace(/\r/g, '').split('\n')).map((c) => `${spaces(col)}#${c === '' ? '' : ` ${c}`}`);
}
