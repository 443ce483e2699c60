/**
 * The style a document already has: of one node (flow or block, padding, key order, quoting per
 * key, the styles of its children), and of the whole text (its indentation step, its flow
 * padding, its line ending), so that what the editor writes looks like what is there.
 */
import { isMap, isScalar, isSeq, type Node, type Pair } from 'yaml';
import type { RenderHabits } from './render-value.js';
import { type Tree, keyName, MERGE_KEY, rangeOf } from './tree.js';
import type { NodeStyle, ScalarStyle } from './types.js';

/** The style of an existing node, to write a new one like it. */
export function observeStyle(tree: Tree, node: Node | null | undefined): NodeStyle | undefined {
  if (isMap(node)) {
    const order: string[] = [];
    const scalars: Record<string, ScalarStyle> = {};
    const children: Record<string, NodeStyle> = {};
    for (const pair of node.items as Pair<Node, Node | null>[]) {
      const key = keyName(pair);
      if (key === undefined || key === MERGE_KEY) continue;
      order.push(key);
      const v = pair.value;
      if (isScalar(v) && v.type !== undefined) scalars[key] = v.type as ScalarStyle;
      else if (isMap(v) || isSeq(v)) {
        const style = observeStyle(tree, v);
        if (style !== undefined) children[key] = style;
      }
    }
    return { flow: node.flow === true, ...padding(tree, node), order, scalars, children };
  }
  if (isSeq(node)) {
    const firstScalar = node.items.find((i) => isScalar(i));
    const firstCollection = node.items.find((i) => isMap(i) || isSeq(i)) as Node | undefined;
    const items = firstCollection !== undefined ? observeStyle(tree, firstCollection) : undefined;
    const first = node.items[0] as Node | undefined;
    let itemIndent: number | undefined;
    if (!node.flow && first?.range) {
      const dash = rangeOf(node)[0];
      if (tree.src.lineOf(first.range[0]) === tree.src.lineOf(dash)) itemIndent = first.range[0] - dash;
    }
    return {
      ...(itemIndent !== undefined && itemIndent >= 2 ? { itemIndent } : {}),
      flow: node.flow === true,
      ...padding(tree, node),
      ...(isScalar(firstScalar) && firstScalar.type !== undefined ? { itemScalar: firstScalar.type as ScalarStyle } : {}),
      ...(items !== undefined ? { items } : {}),
    };
  }
  return undefined;
}

/** `{ a }` or `{a}`: for flow collections with something in them. */
function padding(tree: Tree, node: Node): { padded?: boolean } {
  if (!(isMap(node) || isSeq(node)) || !node.flow || node.items.length === 0) return {};
  const start = rangeOf(node)[0];
  const next = tree.src.text[start + 1];
  return { padded: next === ' ' };
}

/**
 * The document's habits: its indentation step (the smallest step a nested block takes), its flow
 * padding (the first flow collection with content, of each kind), its line ending.
 */
export function observeHabits(tree: Tree): RenderHabits {
  let indent: number | undefined;
  let padded: boolean | undefined;
  let seqPadded: boolean | undefined;
  const walk = (node: Node | null | undefined, parentCol: number | undefined, depth: number): void => {
    if (!node || depth > 64) return;
    if (isMap(node) || isSeq(node)) {
      const start = rangeOf(node)[0];
      if (node.flow) {
        if (node.items.length > 0) {
          const p = tree.src.text[start + 1] === ' ';
          if (isMap(node)) padded ??= p;
          else seqPadded ??= p;
        }
      } else {
        const col = tree.src.column(start);
        // A block sequence under a key may sit at the key's own column (`key:\n- a`): no step.
        if (parentCol !== undefined && col > parentCol && indent === undefined && isMap(node)) indent = col - parentCol;
        for (const item of node.items as Array<Pair<Node, Node | null> | Node>) {
          if (isMap(node)) walk((item as Pair<Node, Node | null>).value, col, depth + 1);
          else walk(item as Node, col, depth + 1);
        }
        return;
      }
      for (const item of node.items as Array<Pair<Node, Node | null> | Node>) {
        if (isMap(node)) walk((item as Pair<Node, Node | null>).value, undefined, depth + 1);
        else walk(item as Node, undefined, depth + 1);
      }
    }
  };
  walk(tree.root, undefined, 0);
  return { indent: indent ?? 2, padded: padded ?? true, seqPadded: seqPadded ?? false, eol: tree.src.eol };
}
