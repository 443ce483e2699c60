/**
 * The editor's writes into mappings, once every edit is known (edit-document.ts): new keys, each
 * after the nearest own key that precedes it in the key order (in the mapping's block or flow
 * style, with their comment lines), and removed pairs with their comment lines (`- a: 1` with
 * `a` removed brings the next kept key up onto the dash's line; every pair removed leaves `{}`).
 */
import { type EditorState, commentLines, spaces, splice, styleOf } from './editor-state.js';
import type { AnyPair, MapNode, NewEntry } from './editor-types.js';
import { removeFlowRuns } from './flow-removals.js';
import { rank } from './gather-new-value.js';
import { blockPairLines } from './layout.js';
import { isCollectionValue, renderFlow, renderKey, renderPairLines, renderScalar } from './render-value.js';
import { contentEnd, formatYamlPath, isEmptyNull, keyName, Refusal, rangeOf } from './tree.js';
import type { NodeStyle, StyleHint, YamlPath } from './types.js';

/** New keys of a mapping, each after the nearest own key that precedes it in `order` (else after the last). */
export function addKeys(
  s: EditorState,
  map: MapNode,
  path: YamlPath,
  entries: ReadonlyArray<NewEntry>,
  order: readonly string[],
  hint: StyleHint,
): void {
  const pairs = (map.items as AnyPair[]).filter((p) => keyName(p) !== undefined);
  const removed = s.mapRemovals.get(map)?.pairs;
  const kept = pairs.filter((p) => !removed?.has(p));
  const style = styleOf(s, hint, map);
  // Group the new keys by the pair they follow (-1: before the first).
  const groups = new Map<number, NewEntry[]>();
  const ordered = [...entries].sort((a, b) => rank(order, a[0]) - rank(order, b[0]));
  for (const entry of ordered) {
    const anchor = anchorFor(kept.length > 0 ? kept : pairs, entry[0], order);
    const list = groups.get(anchor) ?? [];
    list.push(entry);
    groups.set(anchor, list);
  }
  const basis = kept.length > 0 ? kept : pairs;
  for (const [anchor, list] of groups) {
    if (map.flow) addFlowKeys(s, map, basis, anchor, list, style);
    else addBlockKeys(s, map, path, basis, anchor, list, style);
  }
}

/** The index (in `pairs`) of the pair a new key follows: the nearest one before it in `order`; -1 when it goes first. */
function anchorFor(pairs: readonly AnyPair[], key: string, order: readonly string[]): number {
  if (pairs.length === 0) return -1;
  const at = order.indexOf(key);
  if (at < 0) return pairs.length - 1;
  for (let i = at - 1; i >= 0; i -= 1) {
    const idx = pairs.findIndex((p) => keyName(p) === order[i]);
    if (idx >= 0) return idx;
  }
  // Nothing before it in `order`: before the first own key that comes after it, else at the end.
  for (let i = at + 1; i < order.length; i += 1) {
    const idx = pairs.findIndex((p) => keyName(p) === order[i]);
    if (idx >= 0) return idx - 1;
  }
  return pairs.length - 1;
}

function addFlowKeys(
  s: EditorState,
  map: MapNode,
  pairs: readonly AnyPair[],
  anchor: number,
  list: ReadonlyArray<NewEntry>,
  style: NodeStyle | undefined,
): void {
  const text = (k: string, v: unknown): string =>
    `${renderKey(k, true)}: ${isCollectionValue(v) ? renderFlow(v, style?.children?.[k], s.habits) : renderScalar(v, style?.scalars?.[k], true)}`;
  if (pairs.length === 0) {
    const [start, end] = rangeOf(map);
    splice(s, start, end, renderFlow(Object.fromEntries(list), style, s.habits));
    return;
  }
  if (anchor < 0) {
    const first = rangeOf(pairs[0]!.key)[0];
    splice(s, first, first, list.map(([k, v]) => `${text(k, v)}, `).join(''));
    return;
  }
  const after = pairs[anchor]!;
  const at = after.value && !isEmptyNull(after.value) ? contentEnd(s.tree, after.value) : contentEnd(s.tree, after.key);
  splice(s, at, at, list.map(([k, v]) => `, ${text(k, v)}`).join(''));
}

function addBlockKeys(
  s: EditorState,
  map: MapNode,
  path: YamlPath,
  pairs: readonly AnyPair[],
  anchor: number,
  list: ReadonlyArray<NewEntry>,
  style: NodeStyle | undefined,
): void {
  const src = s.tree.src;
  const eol = s.habits.eol;
  const col = pairs.length > 0 ? blockPairLines(s.tree, pairs[0]!).col : src.column(rangeOf(map)[0]);
  const lines = list.flatMap(([k, v, comments]) => [
    ...commentLines(comments, col),
    ...renderPairLines(k, v, style, s.habits, col, path.length + 1),
  ]);
  if (anchor >= 0) {
    const { last } = blockPairLines(s.tree, pairs[anchor]!);
    const at = src.nextLineStart(last);
    const lead = src.hasEnding(last) ? '' : eol;
    splice(s, at, at, `${lead}${lines.join(eol)}${src.hasEnding(last) ? eol : ''}`, path.length + 1);
    return;
  }
  const first = blockPairLines(s.tree, pairs[0]!);
  if (first.startsLine) {
    const at = src.lineStart(first.first);
    splice(s, at, at, `${lines.join(eol)}${eol}`);
    return;
  }
  const at = rangeOf(pairs[0]!.key)[0];
  splice(s, at, at, `${lines.map((l, i) => (i === 0 ? l.slice(col) : l)).join(eol)}${eol}${spaces(col)}`);
}

/** The pairs recorded for removal, mapping by mapping. */
export function writeMapRemovals(s: EditorState): void {
  const src = s.tree.src;
  for (const [map, { path, pairs }] of s.mapRemovals) {
    const items = map.items as AnyPair[];
    if (map.flow) {
      removeFlowRuns(s, map, items, pairs);
      continue;
    }
    if (items.every((p) => pairs.has(p))) {
      const [start] = rangeOf(map);
      splice(s, start, contentEnd(s.tree, map), '{}');
      continue;
    }
    let covered = -1;
    const firstLines = blockPairLines(s.tree, items[0]!);
    if (pairs.has(items[0]!) && !firstLines.startsLine) {
      // `- a: 1` with `a` removed: the next kept key moves up onto the dash's line.
      const next = items.findIndex((p) => !pairs.has(p));
      const moved = blockPairLines(s.tree, items[next]!);
      if (moved.first < moved.keyLine)
        throw new Refusal(
          'unsupported-layout',
          [...path, keyName(items[0]!) ?? '?'],
          `${formatYamlPath([...path, keyName(items[0]!) ?? '?'])}: removing the first key would bring the key after it (line ${moved.keyLine + 1}) up onto the \`-\` line without its comment lines; remove it by hand`,
          moved.keyLine + 1,
        );
      splice(s, rangeOf(items[0]!.key)[0], rangeOf(items[next]!.key)[0], '');
      covered = next - 1;
    }
    items.forEach((p, i) => {
      if (i <= covered || !pairs.has(p)) return;
      const { first, last } = blockPairLines(s.tree, p);
      splice(s, src.lineStart(first), src.nextLineStart(last), '');
    });
  }
}
