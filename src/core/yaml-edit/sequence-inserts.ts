/**
 * The editor's inserts into sequences, once every edit is known (edit-document.ts): a new item is
 * written as its neighbours are (flow or block, at their column, with its comment lines and the
 * blank line asked for); items into `key: []` or `key:` (written empty) become a block sequence
 * under the key (flow inside a flow collection), below the key's own comment lines.
 */
import type { Node } from 'yaml';
import { afterIndicator, commentLines, type EditorState, splice } from './editor-state.js';
import type { InsertTarget, SeqNode } from './editor-types.js';
import { blockItemLines } from './layout.js';
import { isCollectionValue, renderFlow, renderItemLines, renderScalar } from './render-value.js';
import { contentEnd, rangeOf } from './tree.js';

/** The inserts recorded, sequence by sequence. */
export function writeSequenceInserts(s: EditorState): void {
  for (const target of s.inserts.values()) {
    const seq = target.seq;
    if (seq && seq.items.length > 0) {
      if (seq.flow) insertFlow(s, seq, target);
      else insertBlock(s, seq, target);
    } else insertIntoEmpty(s, target);
  }
}

function insertFlow(s: EditorState, seq: SeqNode, target: InsertTarget): void {
  const items = seq.items as Node[];
  const byIndex = groupBy(target.inserts, (i) => Math.min(i.index, items.length));
  for (const [index, list] of byIndex) {
    const texts = list.map((ins) =>
      isCollectionValue(ins.value)
        ? renderFlow(ins.value, ins.style?.items, s.habits)
        : renderScalar(ins.value, ins.style?.itemScalar, true),
    );
    if (index < items.length) {
      const at = rangeOf(items[index]!)[0];
      splice(s, at, at, texts.map((t) => `${t}, `).join(''));
    } else {
      const at = contentEnd(s.tree, items[items.length - 1]!);
      splice(s, at, at, texts.map((t) => `, ${t}`).join(''));
    }
  }
}

function insertBlock(s: EditorState, seq: SeqNode, target: InsertTarget): void {
  const src = s.tree.src;
  const eol = s.habits.eol;
  const items = seq.items as Node[];
  const col = src.column(rangeOf(seq)[0]);
  const depth = target.path.length + 1;
  const byIndex = groupBy(target.inserts, (i) => Math.min(i.index, items.length));
  for (const [index, list] of byIndex) {
    const blocks = list.map((ins) => [...commentLines(ins.comments, col), ...renderItemLines(ins.value, ins.style, s.habits, col, depth)]);
    if (index === 0) {
      const at = src.lineStart(blockItemLines(s.tree, seq, 0).first);
      const text = blocks.map((b, k) => `${b.join(eol)}${eol}${list[k]!.blankLine && k === blocks.length - 1 ? eol : ''}`).join('');
      splice(s, at, at, text);
      continue;
    }
    const { last } = blockItemLines(s.tree, seq, index - 1);
    const at = src.nextLineStart(last);
    const lead = src.hasEnding(last) ? '' : eol;
    const text = blocks.map((b, k) => `${list[k]!.blankLine ? eol : ''}${b.join(eol)}`).join(eol);
    splice(s, at, at, `${lead}${text}${src.hasEnding(last) ? eol : ''}`, target.path.length);
  }
}

/** Items into `key: []` or `key:` (written empty): a block sequence under the key (flow inside a flow collection). */
function insertIntoEmpty(s: EditorState, target: InsertTarget): void {
  const src = s.tree.src;
  const eol = s.habits.eol;
  const values = [...target.inserts].sort((a, b) => a.index - b.index);
  const style = values[0]?.style;
  const depth = target.path.length + 1;
  if (target.parentFlow || !target.pair) {
    const text = renderFlow(
      values.map((v) => v.value),
      style,
      s.habits,
    );
    if (target.seq) {
      const [start, end] = rangeOf(target.seq);
      splice(s, start, end, text);
    } else {
      const at = afterIndicator(s, target.pair);
      splice(s, at, at, ` ${text}`);
    }
    return;
  }
  const keyLine = src.lineOf(rangeOf(target.pair.key)[0]);
  const keyCol = src.column(rangeOf(target.pair.key)[0]);
  // Comment lines right under the key, more indented (`# no records yet`), stay above the items.
  let last = keyLine;
  while (last + 1 < src.lineCount && src.isComment(last + 1) && src.indentOf(last + 1) > keyCol) last += 1;
  const col = last > keyLine ? src.indentOf(last) : keyCol + s.habits.indent;
  const lines = values.flatMap((ins) => [
    ...commentLines(ins.comments, col),
    ...renderItemLines(ins.value, ins.style, s.habits, col, depth),
  ]);
  if (target.seq) {
    // `key: []`: the brackets go, the items follow the key's line.
    const [start, end] = rangeOf(target.seq);
    const from = src.trimBack(start, src.lineStart(keyLine));
    splice(s, from, end, '');
  }
  const at = src.contentEnd(last);
  splice(s, at, at, `${eol}${lines.join(eol)}`);
}

/** `list` grouped by `keyOf`, the groups in ascending key order. */
function groupBy<T>(list: readonly T[], keyOf: (t: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const t of list) {
    const k = keyOf(t);
    const l = out.get(k) ?? [];
    l.push(t);
    out.set(k, l);
  }
  return new Map([...out.entries()].sort((a, b) => a[0] - b[0]));
}
