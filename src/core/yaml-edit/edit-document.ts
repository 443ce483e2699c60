/**
 * Editing a YAML document as a person would: every edit becomes splices of the original text at
 * the exact source ranges of the nodes it touches (tree.ts), so that every line it does not
 * touch stays byte for byte: comments, key order, quoting, flow or block style, indentation,
 * blank lines, anchors and merge keys included. A changed scalar keeps its quoting where the
 * value allows; a new key goes where the mapping's order puts it; a removed item takes its own
 * comment lines with it (not a header its group keeps) and the blank line it leaves doubled; a
 * new item is written as its neighbour is. A key a mapping takes from a merge key is overridden
 * on the mapping; a node whose anchor other nodes alias is never changed (refused, with where).
 * The text written is read back with zonectl's own reader and must mean what the edits say
 * (verify.ts), else the edit is refused: never a silent rewrite.
 *
 * The editor works over explicit state (editor-state.ts; its records in editor-types.ts). Each
 * edit is taken in by record-edit.ts (refusals about anchors: editor-guards.ts): a value the
 * document has is replaced at once (replace-value.ts); the rest is recorded (pending-edits.ts,
 * values gathered by gather-new-value.ts) and written here once every edit is known: new keys
 * and values written empty (map-writes.ts, replace-value.ts), sequence removals
 * (sequence-removals.ts), map removals (map-writes.ts, flow-removals.ts), sequence inserts
 * (sequence-inserts.ts). This file then applies the splices, in order, to the original text.
 */
import { parseYaml } from '../yaml/index.js';
import { type EditorState, newEditorState } from './editor-state.js';
import type { NewEntry } from './editor-types.js';
import { addKeys, writeMapRemovals } from './map-writes.js';
import { recordEdit } from './record-edit.js';
import { replaceValue } from './replace-value.js';
import { writeSequenceInserts } from './sequence-inserts.js';
import { writeSequenceRemovals } from './sequence-removals.js';
import { Refusal, readTree, type Tree } from './tree.js';
import type { EditResult, YamlEdit } from './types.js';
import { verify } from './verify.js';

/** The new keys and the values written empty, each written once with all the edits put in it. */
function writeNewValues(s: EditorState): void {
  for (const fill of s.fills.values()) replaceValue(s, fill.step.node, fill.value, fill.path, fill.inFlow, fill.hint, fill.step);
  for (const group of s.newKeys.values()) {
    const entries = [...group.keys].map(([k, e]): NewEntry => [k, e.value, e.comments]);
    addKeys(s, group.map, group.path, entries, group.order, group.hint);
  }
}

/** The original text with every splice made; two splices over the same text are refused. */
function applySplices(s: EditorState): string {
  const src = s.tree.src;
  const splices = [...s.splices].sort(
    (a, b) => a.start - b.start || a.end - a.start - (b.end - b.start) || b.depth - a.depth || a.order - b.order,
  );
  let out = '';
  let at = 0;
  for (const sp of splices) {
    if (sp.start < at) {
      const line = src.lineOf(sp.start) + 1;
      throw new Refusal('overlapping-edits', [], `two edits change the same text (line ${line}); make them one edit`, line);
    }
    out += src.text.slice(at, sp.start) + sp.text;
    at = sp.end;
  }
  return out + src.text.slice(at);
}

/** The text with `edits` made, before the read-back check. */
function editText(tree: Tree, original: unknown, edits: readonly YamlEdit[]): string {
  const s = newEditorState(tree, original);
  for (const edit of edits) recordEdit(s, edit);
  writeNewValues(s);
  writeSequenceRemovals(s);
  writeMapRemovals(s);
  writeSequenceInserts(s);
  return applySplices(s);
}

/** A text read both ways: its structure (where each node is written) and its value (as zonectl reads it). */
export interface ReadText {
  readonly text: string;
  readonly tree: Tree;
  readonly value: unknown;
}

/** Reads `text` for editing; throws the refusal of a text the editor cannot read. */
export function readForEdit(text: string): ReadText {
  const tree = readTree(text);
  const read = parseYaml(text);
  if (!read.ok) throw new Refusal('unreadable', [], `line ${read.line}: ${read.message}`, read.line);
  return { text, tree, value: read.value };
}

/** `editYaml` on a text already read (the zone-file layer reads it once for both). */
export function editRead(read: ReadText, edits: readonly YamlEdit[]): EditResult {
  try {
    if (edits.length === 0) return { ok: true, text: read.text };
    const out = editText(read.tree, read.value, edits);
    verify(read.value, out, edits);
    return { ok: true, text: out };
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, refusal: error.refusal };
    throw error;
  }
}

/**
 * The text with `edits` made (indexes and paths are the original text's), or the refusal of the
 * first edit that cannot be made losslessly; nothing is half done.
 */
export function editYaml(text: string, edits: readonly YamlEdit[]): EditResult {
  let read: ReadText;
  try {
    read = readForEdit(text);
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, refusal: error.refusal };
    throw error;
  }
  return editRead(read, edits);
}
