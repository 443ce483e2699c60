/**
 * The editor's refusals around anchors (edit-document.ts): a node whose anchor aliases elsewhere
 * use is never changed nor dropped, since that would change or break them too; the refusal says
 * where the anchor and its aliases are.
 */
import { isMap, isScalar, isSeq, type Node } from 'yaml';
import { type EditorState, lineAt } from './editor-state.js';
import { aliasesOutside, anchorsWithin, formatYamlPath, Refusal, rangeOf } from './tree.js';
import type { YamlPath } from './types.js';

/** Refuses a change inside any of `nodes` whose anchor other nodes alias. */
export function guardShared(s: EditorState, nodes: ReadonlyArray<Node | null | undefined>, path: YamlPath): void {
  for (const node of nodes) {
    if (!node || !(isMap(node) || isSeq(node) || isScalar(node)) || !node.anchor) continue;
    const others = aliasesOutside(s.tree, node.anchor, node);
    if (others.length === 0) continue;
    const where = others.map((a) => `line ${lineAt(s, a)}`).join(', ');
    const at = anchorLine(s, node, node.anchor);
    throw new Refusal(
      'anchor-shared',
      path,
      `${formatYamlPath(path)}: the node at line ${at} carries the anchor &${node.anchor}, which ${others.length === 1 ? 'an alias uses' : `${others.length} aliases use`} (${where}); changing it would change them too`,
      at,
    );
  }
}

/** Refuses to drop a node whose anchors aliases elsewhere use. */
export function guardAnchorsUsed(s: EditorState, node: Node | null | undefined, path: YamlPath): void {
  if (!node) return;
  for (const anchor of anchorsWithin(node)) {
    const others = aliasesOutside(s.tree, anchor, node);
    if (others.length === 0) continue;
    throw new Refusal(
      'anchor-used',
      path,
      `${formatYamlPath(path)} defines the anchor &${anchor} (line ${anchorLine(s, node, anchor)}), which ${others.map((a) => `line ${lineAt(s, a)}`).join(', ')} ${others.length === 1 ? 'uses' : 'use'}; removing or replacing it would break them`,
      anchorLine(s, node, anchor),
    );
  }
}

/** The line where `&anchor` is written for `node` (before its content). */
function anchorLine(s: EditorState, node: Node, anchor: string): number | undefined {
  const src = s.tree.src;
  const start = rangeOf(node)[0];
  const back = src.text.lastIndexOf(`&${anchor}`, start);
  if (back >= 0 && src.lineOf(back) >= src.lineOf(start) - 1) return src.lineOf(back) + 1;
  const ahead = src.text.indexOf(`&${anchor}`, start);
  return ahead >= 0 ? src.lineOf(ahead) + 1 : lineAt(s, node);
}
