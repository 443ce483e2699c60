/**
 * The editor's removals of sequence items, once every edit is known (edit-document.ts): in a
 * block sequence, consecutive items go as one run with their own comment lines (not a header
 * their group keeps) and a blank line they would leave doubled; every item removed leaves
 * `key: []`; a flow sequence loses its items a run at a time (flow-removals.ts).
 */
import { afterIndicator, type EditorState, splice } from './editor-state.js';
import type { AnyPair, PendingInsert, SeqNode } from './editor-types.js';
import { removeFlowRuns } from './flow-removals.js';
import { blockItemLines, startsGroup } from './layout.js';
import { formatYamlPath, Refusal } from './tree.js';
import type { Node } from 'yaml';
import type { YamlPath } from './types.js';

/** The items recorded for removal, sequence by sequence. */
export function writeSequenceRemovals(s: EditorState): void {
  for (const [seq, { path, indexes, shared, pair }] of s.seqRemovals) {
    const inserts = s.inserts.get(seq)?.inserts ?? [];
    if (seq.flow) {
      removeFlowRuns(s, seq, seq.items as Node[], indexes);
      continue;
    }
    const n = seq.items.length;
    if (indexes.size === n && inserts.length === 0) {
      emptyBlockSequence(s, seq, path, pair);
      continue;
    }
    // Consecutive items go as one run, so that the blank lines around them are seen once.
    const sorted = [...indexes].sort((a, b) => a - b);
    for (let k = 0; k < sorted.length; ) {
      let j = k;
      while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1 && !inserts.some((ins) => ins.index === sorted[j + 1])) j += 1;
      removeBlockRun(s, seq, sorted[k]!, sorted[j]!, indexes, shared, inserts);
      k = j + 1;
    }
  }
}

/** Items `from`..`to` of a block sequence (all removed) go, with their comment lines and a blank line they would leave doubled. */
function removeBlockRun(
  s: EditorState,
  seq: SeqNode,
  from: number,
  to: number,
  removed: ReadonlySet<number>,
  shared: ReadonlySet<number>,
  inserts: readonly PendingInsert[],
): void {
  const src = s.tree.src;
  const n = seq.items.length;
  const head = blockItemLines(s.tree, seq, from);
  let first = head.first;
  // Comment lines that speak for the item after the run too (each removed item said so): they
  // stay above it when it stays, right after the run, with none of its own.
  if (head.first < head.dash && to + 1 < n && !startsGroup(s.tree, seq, to + 1)) {
    let all = true;
    for (let i = from; i <= to; i += 1) all &&= shared.has(i);
    const next = blockItemLines(s.tree, seq, to + 1);
    if (all && next.first === next.dash && !inserts.some((ins) => ins.index === to + 1)) first = head.dash;
  }
  // A comment block at the head of a group of items (`# Mail`) stays with the group's items that
  // remain, unless the next of them has comment lines of its own: then it was this item's.
  if (head.first < head.dash && startsGroup(s.tree, seq, from)) {
    for (let j = to + 1; j < n && !startsGroup(s.tree, seq, j); j += 1)
      if (!removed.has(j)) {
        const next = blockItemLines(s.tree, seq, j);
        if (next.first === next.dash) first = head.dash;
        break;
      }
  }
  let last = blockItemLines(s.tree, seq, to).last;
  const prevBlank = first > 0 && src.isBlank(first - 1);
  const insertedAfter = inserts.some((ins) => ins.index === to + 1);
  if ((prevBlank || from === 0) && !insertedAfter) {
    let l = last + 1;
    while (l < src.lineCount && src.isBlank(l) && src.hasEnding(l)) l += 1;
    // Between two groups one blank line stays; at the sequence's start none is left above the next item.
    if (l > last + 1 && (to + 1 < n || prevBlank)) last = l - 1;
    // The last group of the sequence: the blank line that set it apart goes with it, when nothing
    // after it is set apart so.
    else if (l === last + 1 && to + 1 === n && prevBlank && from > 0) while (first > 0 && src.isBlank(first - 1)) first -= 1;
  }
  splice(s, src.lineStart(first), src.nextLineStart(last), '');
}

/** Every item of a block sequence removed: `key: []` (the items' lines go). */
function emptyBlockSequence(s: EditorState, seq: SeqNode, path: YamlPath, pair: AnyPair | undefined): void {
  const src = s.tree.src;
  if (!pair)
    throw new Refusal(
      'unsupported-layout',
      path,
      `${formatYamlPath(path)}: removing every item leaves a sequence the editor cannot write empty here`,
    );
  const firstLines = blockItemLines(s.tree, seq, 0);
  const lastLines = blockItemLines(s.tree, seq, seq.items.length - 1);
  splice(s, src.lineStart(firstLines.first), src.nextLineStart(lastLines.last), '');
  const colon = afterIndicator(s, pair);
  splice(s, colon, colon, ' []');
}
