/**
 * A value the document has, replaced (edit-document.ts): a scalar in place, keeping its quoting
 * or block style where the value allows (a `${VAR}` reference is refused, never replaced); a
 * mapping key by key, so that its keys' lines stay (updateMap: changed in place, removed, or
 * added where the order puts them); anything else as a whole, in the style it had.
 */
import { isAlias, isMap, isScalar, isSeq, type Node, type Scalar } from 'yaml';
import { guardAnchorsUsed, guardShared } from './editor-guards.js';
import { afterIndicator, type EditorState, lineAt, spaces, splice, styleOf } from './editor-state.js';
import type { AnyPair, MapNode } from './editor-types.js';
import { sameValue, valueAt } from './intended-value.js';
import { recordNewKey, recordPairRemoval } from './pending-edits.js';
import { isCollectionValue, isPlainObject, renderBlockLines, renderFlow, renderScalar, wantsBlock } from './render-value.js';
import { contentEnd, formatYamlPath, isEmptyNull, keyName, mergeProvides, ownPair, Refusal, rangeOf, type Step } from './tree.js';
import type { NodeStyle, StyleHint, YamlPath } from './types.js';

/** A `${VAR}` reference (not the literal `$${`). */
const REFERENCE = /(^|[^$])\$\{/;

/** The value of `node` (at `path`, in a flow collection or not) becomes `value`. */
export function replaceValue(
  s: EditorState,
  node: Node | null,
  value: unknown,
  path: YamlPath,
  inFlow: boolean,
  hint: StyleHint,
  step: Step,
): void {
  if (sameValue(valueAt(s.original, path), value) && !isAlias(node)) return;
  if (node && isAlias(node)) {
    if (sameValue(valueAt(s.original, path), value)) return;
    replaceWhole(s, node, value, path, inFlow, styleOf(s, hint, node.resolve(s.tree.doc) as Node | null), step);
    return;
  }
  if (!node || isEmptyNull(node) || (isScalar(node) && node.value === null && !isCollectionValue(value))) {
    replaceWhole(s, node, value, path, inFlow, styleOf(s, hint), step);
    return;
  }
  if (isScalar(node) && !isCollectionValue(value)) {
    replaceScalar(s, node, value, path, inFlow);
    return;
  }
  guardAnchorsUsed(s, node, path);
  if (isMap(node) && isPlainObject(value) && Object.keys(value).length > 0) {
    const map = node as MapNode;
    const fields: Record<string, unknown> = { ...value };
    for (const pair of map.items as AnyPair[]) {
      const k = keyName(pair);
      if (k !== undefined && k !== '<<' && !(k in value)) fields[k] = undefined;
    }
    // A key the mapping merges and the new value lacks would stay: refused where it is decided.
    const merged = valueAt(s.original, path);
    if (isPlainObject(merged))
      for (const k of Object.keys(merged)) if (!(k in value) && ownPair(map, k) === undefined) fields[k] = undefined;
    updateMap(s, map, path, fields, Object.keys(value), hint);
    return;
  }
  replaceWhole(s, node, value, path, inFlow, styleOf(s, hint, node), step);
}

/** Several keys of a mapping: changed in place, removed, or added where `order` puts them. */
export function updateMap(
  s: EditorState,
  map: MapNode,
  path: YamlPath,
  fields: Readonly<Record<string, unknown>>,
  order: readonly string[],
  hint: StyleHint,
): void {
  for (const [key, value] of Object.entries(fields)) {
    const pair = ownPair(map, key);
    const merged = mergeProvides(s.tree, map, key);
    const at = [...path, key];
    if (value === undefined) {
      if (merged)
        throw new Refusal(
          'merged-key',
          at,
          `${formatYamlPath(at)} comes from a merge key (<<) of the mapping at line ${lineAt(s, map)}: it cannot be removed without changing the mapping shared through the anchor; write the value it should have instead`,
          lineAt(s, map),
        );
      if (pair) recordPairRemoval(s, map, pair, path);
      continue;
    }
    if (pair) {
      // A value whose anchor other nodes alias (`content: &origin 192.0.2.10`) would change them too.
      guardShared(s, [pair.value as Node | null], at);
      replaceValue(s, pair.value, value, at, map.flow === true, {}, { parent: map, segment: key, pair, node: pair.value });
      continue;
    }
    if (merged && sameValue(valueAt(s.original, at), value)) continue;
    recordNewKey(s, map, path, key, [], value, { order, hint });
  }
}

function replaceScalar(s: EditorState, node: Scalar, value: unknown, path: YamlPath, inFlow: boolean): void {
  const [start] = rangeOf(node);
  const end = contentEnd(s.tree, node);
  const source = s.tree.src.text.slice(start, end);
  if (typeof node.value === 'string' && REFERENCE.test(source))
    throw new Refusal(
      'variable-reference',
      path,
      `${formatYamlPath(path)} at line ${lineAt(s, node)} is written with a \${VAR} reference (${source.length > 60 ? `${source.slice(0, 57)}...` : source}); zonectl does not replace a reference by a value: change the variable, or the line by hand`,
      lineAt(s, node),
    );
  const style = node.type;
  if ((style === 'BLOCK_LITERAL' || style === 'BLOCK_FOLDED') && typeof value === 'string') {
    const block = blockScalar(s, node, value);
    if (block !== undefined) {
      splice(s, start, end, block);
      return;
    }
  }
  const quoting = style === 'PLAIN' || style === 'QUOTE_SINGLE' || style === 'QUOTE_DOUBLE' ? style : undefined;
  splice(s, start, end, renderScalar(value, quoting, inFlow));
}

/** A block scalar (`|`, `>-`) rewritten as a literal block at its own column; undefined when the value cannot be one. */
function blockScalar(s: EditorState, node: Scalar, value: string): string | undefined {
  const src = s.tree.src;
  const [start] = rangeOf(node);
  const headerLine = src.lineOf(start);
  const contentLine = headerLine + 1;
  const col =
    contentLine < src.lineCount && !src.isBlank(contentLine) ? src.indentOf(contentLine) : src.indentOf(headerLine) + s.habits.indent;
  const trailing = /\n*$/.exec(value)![0].length;
  const body = value.slice(0, value.length - trailing);
  const lines = body.split('\n');
  if (body === '' || lines.some((l) => /^[ \t]/.test(l) || l.includes('\r')) || trailing > 1) return undefined;
  // One line reads the same folded or literal: the file's indicator stays; more lines are literal.
  const indicator = lines.length === 1 && node.type === 'BLOCK_FOLDED' ? '>' : '|';
  const header = `${indicator}${trailing === 1 ? '' : '-'}`;
  return [header, ...lines.map((l) => (l === '' ? '' : `${spaces(col)}${l}`))].join(s.habits.eol);
}

/**
 * `node` replaced by `value` as a whole: in the style it had (a block stays a block at its own
 * column), or the style given; a value written empty (`key:`) gets its first value.
 */
function replaceWhole(
  s: EditorState,
  node: Node | null,
  value: unknown,
  path: YamlPath,
  inFlow: boolean,
  style: NodeStyle | undefined,
  step: Step,
): void {
  const src = s.tree.src;
  const eol = s.habits.eol;
  const depth = path.length;
  if (!node || isEmptyNull(node)) {
    const at = node ? rangeOf(node)[0] : afterIndicator(s, step.pair);
    if (!isCollectionValue(value) || inFlow || !wantsBlock(value, style, depth)) {
      const text = isCollectionValue(value) ? renderFlow(value, style, s.habits) : renderScalar(value, undefined, inFlow);
      const before = src.text[at - 1] === ' ' ? '' : ' ';
      const after = src.text[at] === '#' ? ' ' : '';
      splice(s, at, at, `${before}${text}${after}`);
      return;
    }
    const ownerLine = src.lineOf(at);
    const col = src.indentOf(ownerLine) + (step.pair ? s.habits.indent : 2);
    const lines = renderBlockLines(value, style, s.habits, col, depth + 1);
    const end = src.contentEnd(ownerLine);
    splice(s, end, end, `${eol}${lines.join(eol)}`);
    return;
  }
  const [start] = rangeOf(node);
  const end = contentEnd(s.tree, node);
  const wasBlock = (isMap(node) || isSeq(node)) && !node.flow && node.items.length > 0 && src.startsLine(start);
  if (isCollectionValue(value) && !inFlow && wasBlock && wantsBlock(value, { ...style, flow: false }, depth)) {
    const col = src.column(start);
    const lines = renderBlockLines(value, style, s.habits, col, depth + 1);
    lines[0] = lines[0]!.slice(col);
    splice(s, start, end, lines.join(eol));
    return;
  }
  if (isCollectionValue(value)) {
    splice(s, start, end, renderFlow(value, style, s.habits));
    return;
  }
  const quoting =
    isScalar(node) && (node.type === 'PLAIN' || node.type === 'QUOTE_SINGLE' || node.type === 'QUOTE_DOUBLE') ? node.type : undefined;
  splice(s, start, end, renderScalar(value, quoting, inFlow));
}
