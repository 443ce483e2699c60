/**
 * Each edit taken in (edit-document.ts): looked up in the tree, guarded (anchors), and either
 * made at once as splices (a value replaced, replace-value.ts) or recorded in the editor's state
 * to be written once every edit is known (new keys, values written empty, removals, inserts).
 */
import { isMap, isScalar, isSeq, type Node } from 'yaml';
import { guardAnchorsUsed, guardShared } from './editor-guards.js';
import { chainOf, type EditorState, lineAt, styleOf } from './editor-state.js';
import type { MapNode, PendingInsert, SeqNode } from './editor-types.js';
import { sameValue, valueAt } from './intended-value.js';
import { observeStyle } from './observe-style.js';
import { recordFill, recordNewKey, recordPairRemoval } from './pending-edits.js';
import { replaceValue, updateMap } from './replace-value.js';
import { formatYamlPath, isEmptyNull, lookup, mergeProvides, Refusal } from './tree.js';
import type { StyleHint, YamlEdit, YamlPath } from './types.js';

export function recordEdit(s: EditorState, edit: YamlEdit): void {
  switch (edit.kind) {
    case 'set':
      set(s, edit.path, edit.value, edit, edit.comments, edit.order);
      return;
    case 'update':
      update(s, edit.path, edit.fields, edit.order ?? [], edit);
      return;
    case 'remove':
      remove(s, edit.path, edit.commentsShared === true);
      return;
    case 'insert':
      insert(s, edit);
      return;
  }
}

function set(
  s: EditorState,
  path: YamlPath,
  value: unknown,
  hint: StyleHint,
  comments?: readonly string[],
  order: readonly string[] = [],
): void {
  if (value === undefined) {
    remove(s, path);
    return;
  }
  const found = lookup(s.tree, path);
  if (found.kind === 'found') {
    if (path.length === 0) throw new Refusal('unsupported-layout', path, 'the whole document cannot be replaced by the editor');
    guardShared(s, chainOf(s, found.steps), path);
    const last = found.steps[found.steps.length - 1]!;
    replaceValue(s, found.node, value, path, last.parent.flow === true, hint, last);
    return;
  }
  if (found.kind === 'empty') {
    const owner = found.steps[found.steps.length - 1]!;
    guardShared(s, chainOf(s, found.steps.slice(0, -1)), path);
    recordFill(s, owner, path.slice(0, found.at), path.slice(found.at), value, hint, false, order);
    return;
  }
  guardShared(s, chainOf(s, found.steps), path);
  const key = path[found.at] as string;
  const rest = path.slice(found.at + 1);
  if (found.merged && sameValue(valueAt(s.original, path), value)) return;
  // A key the mapping takes from a merge key is written on the mapping itself, whole, with the change.
  const base = found.merged && rest.length > 0 ? valueAt(s.original, path.slice(0, found.at + 1)) : undefined;
  recordNewKey(s, found.parent, path.slice(0, found.at), key, rest, value, { order, hint, comments, base });
}

function update(
  s: EditorState,
  path: YamlPath,
  fields: Readonly<Record<string, unknown>>,
  order: readonly string[],
  hint: StyleHint,
): void {
  const found = lookup(s.tree, path);
  if (found.kind !== 'found' || !isMap(found.node)) {
    const present = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
    if (found.kind === 'found' && !isEmptyNull(found.node) && found.node !== null)
      throw new Refusal('no-such-node', path, `${formatYamlPath(path)} is not a mapping`, lineAt(s, found.node));
    set(s, path, present, hint);
    return;
  }
  guardShared(s, chainOf(s, found.steps), path);
  updateMap(s, found.node as MapNode, path, fields, order, hint);
}

function remove(s: EditorState, path: YamlPath, commentsShared = false): void {
  if (path.length === 0) throw new Refusal('unsupported-layout', path, 'the whole document cannot be removed');
  const found = lookup(s.tree, path);
  if (found.kind === 'missing') {
    if (found.at === path.length - 1 && found.merged)
      throw new Refusal(
        'merged-key',
        path,
        `${formatYamlPath(path)} comes from a merge key (<<): it cannot be removed without changing the mapping shared through the anchor`,
        lineAt(s, found.parent),
      );
    return; // nothing there: nothing to remove
  }
  if (found.kind === 'empty') return;
  const last = found.steps[found.steps.length - 1]!;
  guardShared(s, chainOf(s, found.steps.slice(0, -1)), path);
  guardAnchorsUsed(s, found.node, path);
  if (isMap(last.parent)) {
    const map = last.parent as MapNode;
    if (mergeProvides(s.tree, map, String(last.segment)))
      throw new Refusal(
        'merged-key',
        path,
        `${formatYamlPath(path)}: a merge key (<<) of the mapping at line ${lineAt(s, map)} gives this key too; removing it here would show the merged value instead`,
        lineAt(s, map),
      );
    recordPairRemoval(s, map, last.pair!, path.slice(0, -1));
    return;
  }
  const seq = last.parent as SeqNode;
  const parentStep = found.steps[found.steps.length - 2];
  const entry = s.seqRemovals.get(seq) ?? {
    path: path.slice(0, -1),
    indexes: new Set<number>(),
    shared: new Set<number>(),
    ...(parentStep?.pair !== undefined ? { pair: parentStep.pair } : {}),
  };
  entry.indexes.add(last.segment as number);
  if (commentsShared) entry.shared.add(last.segment as number);
  s.seqRemovals.set(seq, entry);
}

function insert(s: EditorState, edit: Extract<YamlEdit, { kind: 'insert' }>): void {
  const found = lookup(s.tree, edit.path);
  const pending: PendingInsert = {
    index: edit.index,
    value: edit.value,
    style: undefined,
    comments: edit.comments ?? [],
    blankLine: edit.blankLineBefore === true,
  };
  const itemStyle = styleOf(s, edit);
  const seqHint: StyleHint = { style: { ...(itemStyle !== undefined ? { items: itemStyle } : {}) } };
  if (found.kind === 'missing') {
    // No sequence yet: the key is made with the items inserted.
    guardShared(s, chainOf(s, found.steps), edit.path);
    if (found.at !== edit.path.length - 1) throw new Refusal('no-such-node', edit.path, `${formatYamlPath(edit.path)}: no such sequence`);
    recordNewKey(s, found.parent, edit.path.slice(0, found.at), edit.path[found.at] as string, [], edit.value, {
      hint: seqHint,
      comments: edit.comments,
      append: true,
    });
    return;
  }
  if (found.kind === 'found' && found.node === null) {
    const last = found.steps[found.steps.length - 1]!;
    guardShared(s, chainOf(s, found.steps), edit.path);
    recordFill(s, last, edit.path, [], edit.value, seqHint, true, []);
    return;
  }
  if (found.kind === 'empty') throw new Refusal('no-such-node', edit.path, `${formatYamlPath(edit.path)}: no such sequence`);
  const node = found.node;
  const last = found.steps[found.steps.length - 1];
  guardShared(s, chainOf(s, found.steps), edit.path);
  if (!isSeq(node) && !isEmptyNull(node) && !(isScalar(node) && node.value === null))
    throw new Refusal('no-such-node', edit.path, `${formatYamlPath(edit.path)} is not a sequence`, lineAt(s, node));
  const key = node as Node;
  const target = s.inserts.get(key) ?? {
    path: edit.path,
    ...(isSeq(node) ? { seq: node as SeqNode } : {}),
    ...(last?.pair !== undefined ? { pair: last.pair } : {}),
    parentFlow: last?.parent.flow === true,
    inserts: [],
  };
  const seqStyle = isSeq(node) ? observeStyle(s.tree, node) : undefined;
  target.inserts.push({ ...pending, style: { ...seqStyle, ...(itemStyle !== undefined ? { items: itemStyle } : {}) } });
  s.inserts.set(key, target);
}
