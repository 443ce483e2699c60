/**
 * Items or pairs removed from a flow collection (`[a, b, c]`, `{a: 1, b: 2}`), shared by the
 * editor's map and sequence removals (map-writes.ts, sequence-removals.ts): a run at a time, each
 * run with one of its commas; everything removed leaves `[]` or `{}`.
 */
import { isMap, type Node } from 'yaml';
import { type EditorState, splice } from './editor-state.js';
import type { AnyPair } from './editor-types.js';
import { contentEnd, isEmptyNull, rangeOf } from './tree.js';

/** `removed` holds the indexes of a sequence's items, or the pairs of a mapping. */
export function removeFlowRuns(s: EditorState, node: Node, items: ReadonlyArray<Node | AnyPair>, removed: ReadonlySet<unknown>): void {
  const start = (x: Node | AnyPair): number => rangeOf(isMap(node) ? (x as AnyPair).key : (x as Node))[0];
  const end = (x: Node | AnyPair): number => {
    if (!isMap(node)) return contentEnd(s.tree, x as Node);
    const p = x as AnyPair;
    return p.value && !isEmptyNull(p.value) ? contentEnd(s.tree, p.value) : contentEnd(s.tree, p.key);
  };
  const isRemoved = (i: number): boolean => removed.has(isMap(node) ? items[i] : i);
  if (items.every((_, i) => isRemoved(i))) {
    const [from, to] = rangeOf(node);
    splice(s, from, to, isMap(node) ? '{}' : '[]');
    return;
  }
  for (let i = 0; i < items.length; i += 1) {
    if (!isRemoved(i)) continue;
    let j = i;
    while (j + 1 < items.length && isRemoved(j + 1)) j += 1;
    if (j + 1 < items.length) splice(s, start(items[i]!), start(items[j + 1]!), '');
    else splice(s, end(items[i - 1]!), end(items[j]!), '');
    i = j;
  }
}
