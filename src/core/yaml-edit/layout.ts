/**
 * Which lines a node is written on: an item of a block sequence (its `-` line, the comment lines
 * right above it, its last line with the more indented comments after it), a pair of a block
 * mapping (alike), and whether a blank line separates an item from the one before it. What a
 * removal takes with it, and where an insertion goes.
 */
import { isEmptyNull, contentEnd, rangeOf, type Node, type Pair, type Tree, type YAMLSeq } from './tree.js';

export interface ItemLines {
  /** The line of its `-`. */
  readonly dash: number;
  /** Its first line: the comment lines right above the `-` at the `-`'s column, else the `-` line. */
  readonly first: number;
  /** Its last line, more indented comment lines after it included. */
  readonly last: number;
  /** The column of the sequence's `-`. */
  readonly col: number;
}

/** The lines of item `i` of the block sequence `seq`. */
export function blockItemLines(tree: Tree, seq: YAMLSeq<Node>, i: number): ItemLines {
  const src = tree.src;
  const col = src.column(rangeOf(seq)[0]);
  const item = seq.items[i] as Node;
  const itemStart = rangeOf(item)[0];
  let dash = src.lineOf(itemStart);
  while (dash > 0 && src.lineText(dash)[col] !== '-') dash -= 1;
  let first = dash;
  while (first > 0 && src.isComment(first - 1) && src.indentOf(first - 1) === col) first -= 1;
  const end = isEmptyNull(item) ? itemStart : contentEnd(tree, item);
  let last = Math.max(dash, src.lineOf(Math.max(end - 1, itemStart)));
  while (last + 1 < src.lineCount && src.isComment(last + 1) && src.indentOf(last + 1) > col) last += 1;
  return { dash, first, last, col };
}

/** True when a blank line separates item `i` of a block sequence from the one before it (the first item: true). */
export function startsGroup(tree: Tree, seq: YAMLSeq<Node>, i: number): boolean {
  if (i === 0) return true;
  const before = blockItemLines(tree, seq, i - 1).last;
  const { first } = blockItemLines(tree, seq, i);
  for (let l = before + 1; l < first; l += 1) if (tree.src.isBlank(l)) return true;
  return false;
}

export interface PairLines {
  /** Its first line: the comment lines right above the key at the key's column (a key that starts its line). */
  readonly first: number;
  readonly keyLine: number;
  /** Its last line, more indented comment lines after it included. */
  readonly last: number;
  /** False for the first key of a mapping written on its `-` line (`- name: www`). */
  readonly startsLine: boolean;
  /** The key's column. */
  readonly col: number;
}

/** The lines of a pair of a block mapping. */
export function blockPairLines(tree: Tree, pair: Pair<Node, Node | null>): PairLines {
  const src = tree.src;
  const keyStart = rangeOf(pair.key)[0];
  const keyLine = src.lineOf(keyStart);
  const col = src.column(keyStart);
  const startsLine = src.startsLine(keyStart);
  let first = keyLine;
  if (startsLine) while (first > 0 && src.isComment(first - 1) && src.indentOf(first - 1) === col) first -= 1;
  const valueEnd = pair.value && !isEmptyNull(pair.value) ? contentEnd(tree, pair.value) : contentEnd(tree, pair.key);
  let last = src.lineOf(Math.max(valueEnd - 1, keyStart));
  while (last + 1 < src.lineCount && src.isComment(last + 1) && src.indentOf(last + 1) > col) last += 1;
  return { first, keyLine, last, startsLine, col };
}
