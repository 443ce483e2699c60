/**
 * A new YAML document written from a plain value, with its layout said as data: comments above
 * nodes and keys, flow or block collections, a blank line before an item, a scalar's quoting. The
 * `yaml` package's document API builds and prints it; its users (export's zone files, the
 * zonectl.yaml an import writes) never touch that API themselves (docs/architecture.md, "Editing
 * zone files"; `npm run arch`, rule `yaml-writes-through-the-editor`). Pure.
 */
import { Document, isMap, isScalar, isSeq, type Node, type Pair, Scalar } from 'yaml';
import type { ScalarStyle, YamlPath } from './types.js';

/** How one node of the new document is written; `path` names it from the root (as in an edit). */
export interface NewNodeLayout {
  readonly path: YamlPath;
  /** A collection on one line (`{ a: 1 }`) or a block. */
  readonly flow?: boolean;
  /** Comment lines above the node (each without `#`; a leading space is kept as written). */
  readonly commentBefore?: string;
  /** Comment lines after a collection. */
  readonly comment?: string;
  /** A blank line before the node. */
  readonly spaceBefore?: boolean;
  /** The quoting of a string scalar. */
  readonly scalar?: ScalarStyle;
  /** Comment lines above the key that holds the node (the last step of `path`, a mapping key). */
  readonly keyCommentBefore?: string;
}

export interface NewDocumentLayout {
  /** Comment lines at the top of the document. */
  readonly commentBefore?: string;
  /** Comment lines at its end. */
  readonly comment?: string;
  readonly nodes?: readonly NewNodeLayout[];
}

function keyOf(doc: Document, path: YamlPath): Scalar | undefined {
  const parent = path.length === 1 ? doc.contents : doc.getIn(path.slice(0, -1), true);
  if (!isMap(parent)) return undefined;
  const last = path[path.length - 1];
  const pair = (parent.items as Pair[]).find((p) => isScalar(p.key) && p.key.value === last);
  return pair !== undefined && isScalar(pair.key) ? pair.key : undefined;
}

/** `value` as a YAML document laid out as `layout` says (no line folding; flow collections padded: `{ a: 1 }`). */
export function writeNewYaml(value: unknown, layout: NewDocumentLayout = {}): string {
  const doc = new Document(value);
  if (layout.commentBefore !== undefined) doc.commentBefore = layout.commentBefore;
  for (const n of layout.nodes ?? []) {
    const node = doc.getIn(n.path, true) as Node | undefined;
    if (n.keyCommentBefore !== undefined) {
      const key = keyOf(doc, n.path);
      if (key !== undefined) key.commentBefore = n.keyCommentBefore;
    }
    if (node === undefined || node === null || typeof node !== 'object') continue;
    if (n.flow !== undefined && (isMap(node) || isSeq(node))) node.flow = n.flow;
    if (n.commentBefore !== undefined) node.commentBefore = n.commentBefore;
    if (n.comment !== undefined) node.comment = n.comment;
    if (n.spaceBefore !== undefined) node.spaceBefore = n.spaceBefore;
    if (n.scalar !== undefined && isScalar(node) && typeof node.value === 'string') node.type = Scalar[n.scalar];
  }
  if (layout.comment !== undefined) doc.comment = layout.comment;
  return doc.toString({ lineWidth: 0, flowCollectionPadding: true });
}
