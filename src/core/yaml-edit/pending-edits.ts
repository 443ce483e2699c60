/**
 * What an edit leaves to be written once every edit is known (edit-document.ts): a new key of a
 * mapping (its value gathered from every edit that makes it or something in it), a value written
 * empty (`key:`) that edits fill, a pair of a mapping to remove. Recorded in the editor's state;
 * written by map-writes.ts, replace-value.ts and edit-document.ts.
 */
import { copyValue } from './intended-value.js';
import { guardAnchorsUsed } from './editor-guards.js';
import type { EditorState } from './editor-state.js';
import type { AnyPair, MapNode, NewKey } from './editor-types.js';
import { gathered } from './gather-new-value.js';
import { keyName, type Step } from './tree.js';
import type { StyleHint, YamlPath } from './types.js';

/** How a new key is made: where it goes among the mapping's keys, its style, its comment lines, what it starts from. */
export interface NewKeyHow {
  readonly order?: readonly string[];
  readonly hint?: StyleHint;
  readonly comments?: readonly string[] | undefined;
  /** The value it starts from (a key a merge key gave, written on the mapping itself). */
  readonly base?: unknown;
  /** `value` is one more item of the sequence at `rest`. */
  readonly append?: boolean;
}

/** `value` at `rest` below the new key `key` of `map` (at `path`), gathered with what other edits put there. */
export function recordNewKey(
  s: EditorState,
  map: MapNode,
  path: YamlPath,
  key: string,
  rest: YamlPath,
  value: unknown,
  how: NewKeyHow,
): void {
  const group = s.newKeys.get(map) ?? { map, path, order: [], hint: {}, keys: new Map<string, NewKey>() };
  s.newKeys.set(map, group);
  for (const k of how.order ?? []) if (!group.order.includes(k)) group.order.push(k);
  if (how.hint?.like !== undefined || how.hint?.style !== undefined) group.hint = how.hint;
  const entry = group.keys.get(key) ?? { value: how.base !== undefined ? copyValue(how.base) : undefined, comments: [] };
  group.keys.set(key, entry);
  entry.comments = [...entry.comments, ...(how.comments ?? [])];
  entry.value = gathered(entry.value, rest, value, how.append === true, group.order);
}

/** `value` at `rest` inside the value written empty at `path` (its pair `step`), gathered with what other edits put there. */
export function recordFill(
  s: EditorState,
  step: Step,
  path: YamlPath,
  rest: YamlPath,
  value: unknown,
  hint: StyleHint,
  append: boolean,
  order: readonly string[],
): void {
  const id = JSON.stringify(path);
  const fill = s.fills.get(id) ?? { step, path, inFlow: step.parent.flow === true, hint, value: undefined };
  s.fills.set(id, fill);
  fill.value = gathered(fill.value, rest, value, append, order);
}

/** The pair `pair` of `map` (at `path`) to remove; refused when its value holds an anchor used elsewhere. */
export function recordPairRemoval(s: EditorState, map: MapNode, pair: AnyPair, path: YamlPath): void {
  guardAnchorsUsed(s, pair.value, [...path, keyName(pair) ?? '?']);
  const entry = s.mapRemovals.get(map) ?? { path, pairs: new Set<AnyPair>() };
  entry.pairs.add(pair);
  s.mapRemovals.set(map, entry);
}
