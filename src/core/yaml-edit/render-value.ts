/**
 * New values as YAML text, in a given style: scalars through the `yaml` package's stringify in
 * the quoting asked for (plain only where zonectl's own reader reads the text back as the same
 * value, in the flow or block context it lands in), collections as flow (`{ a: 1 }`) or block
 * lines at a column. Pure.
 */
import { Scalar, stringify } from 'yaml';
import { parseYaml } from '../yaml/index.js';
import type { NodeStyle, ScalarStyle } from './types.js';

/** The habits of the document a value is written into. */
export interface RenderHabits {
  /** Columns a nested block goes in by (2 unless the document shows another). */
  readonly indent: number;
  /** `{ a: 1 }` rather than `{a: 1}` where the style does not say. */
  readonly padded: boolean;
  /** `[ a ]` rather than `[a]` where the style does not say. */
  readonly seqPadded: boolean;
  /** The document's line ending. */
  readonly eol: string;
}

export const DEFAULT_HABITS: RenderHabits = { indent: 2, padded: true, seqPadded: false, eol: '\n' };

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export const isCollectionValue = (v: unknown): boolean => typeof v === 'object' && v !== null;

/** Plain text that no YAML rule reads specially, and that starts like no number, boolean or null. */
const SAFE_PLAIN = /^[A-Za-z_][A-Za-z0-9_.\-/+=~]*$/;
const MAYBE_SPECIAL = /^(?:[nNtTfF~]|y|Y|o|O)/;

/** True when the text of a plain scalar reads back as `value` where it lands (zonectl's reader decides). */
function plainReadsBack(text: string, value: string, inFlow: boolean): boolean {
  if (SAFE_PLAIN.test(text) && !MAYBE_SPECIAL.test(text)) return true;
  const wrappers = inFlow ? [`{ k: ${text} }`, `[${text}]`, `{ ${text}: x }`] : [`k: ${text}`, `${text}: x`];
  return wrappers.every((doc, i) => {
    const read = parseYaml(doc);
    if (!read.ok) return false;
    const v = read.value as Record<string, unknown> | unknown[];
    if (Array.isArray(v)) return v.length === 1 && v[0] === value;
    if (inFlow ? i === 2 : i === 1) return Object.keys(v).length === 1 && Object.hasOwn(v, value);
    return v.k === value;
  });
}

function stringifyAs(value: string, style: 'PLAIN' | 'QUOTE_SINGLE' | 'QUOTE_DOUBLE'): string {
  const node = new Scalar(value);
  node.type = style;
  return stringify(node, { lineWidth: 0, minContentWidth: 0 }).replace(/\n$/, '');
}

/**
 * A scalar as YAML text on one line, in `style` when the value allows it (plain only where it
 * reads back; single quotes only without control characters), else in the quotes that suit it.
 * Block styles are written by the caller, which knows the column (edit-document.ts).
 */
export function renderScalar(value: unknown, style: ScalarStyle | undefined, inFlow: boolean): string {
  if (value === null) return 'null';
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  if (typeof value === 'number') {
    if (Number.isNaN(value)) return '.nan';
    if (!Number.isFinite(value)) return value > 0 ? '.inf' : '-.inf';
    return String(value);
  }
  if (typeof value !== 'string') throw new TypeError(`not a scalar: ${typeof value}`);
  const quotes: Array<'QUOTE_SINGLE' | 'QUOTE_DOUBLE'> =
    value.includes('"') || value.includes('\\') ? ['QUOTE_SINGLE', 'QUOTE_DOUBLE'] : ['QUOTE_DOUBLE', 'QUOTE_SINGLE'];
  const wanted =
    style === 'QUOTE_SINGLE' || style === 'QUOTE_DOUBLE' ? [style, ...quotes.filter((q) => q !== style)] : ['PLAIN', ...quotes];
  for (const s of wanted) {
    if (s === 'PLAIN') {
      const text = stringifyAs(value, 'PLAIN');
      if (!text.startsWith('"') && !text.startsWith("'") && !text.includes('\n') && plainReadsBack(text, value, inFlow)) return text;
      continue;
    }
    const text = stringifyAs(value, s as 'QUOTE_SINGLE' | 'QUOTE_DOUBLE');
    // The `yaml` package falls back to double quotes where single ones cannot hold the value.
    if (!text.includes('\n')) return text;
  }
  return JSON.stringify(value);
}

/** A key as YAML text (plain where it can be). */
export function renderKey(key: string, inFlow: boolean): string {
  return renderScalar(key, 'PLAIN', inFlow);
}

/** The keys of `value` in the order the style asks: its `order` first, the others after the key that precedes them. */
export function orderKeys(keys: readonly string[], order: readonly string[] | undefined): string[] {
  if (order === undefined || order.length === 0) return [...keys];
  const known = order.filter((k) => keys.includes(k));
  const out = [...known];
  keys.forEach((k, i) => {
    if (out.includes(k)) return;
    // After the nearest key before it (in the value's own order) that is placed already.
    let at = -1;
    for (let j = i - 1; j >= 0 && at < 0; j -= 1) at = out.indexOf(keys[j]!);
    out.splice(at + 1, 0, k);
  });
  return out;
}

/** A collection on one line: `{ a: 1, b: [x, y] }`. */
export function renderFlow(value: unknown, style: NodeStyle | undefined, habits: RenderHabits): string {
  if (Array.isArray(value)) {
    if (value.length === 0) return '[]';
    const parts = value.map((v) => (isCollectionValue(v) ? renderFlow(v, style?.items, habits) : renderScalar(v, style?.itemScalar, true)));
    const pad = (style?.padded ?? habits.seqPadded) ? ' ' : '';
    return `[${pad}${parts.join(', ')}${pad}]`;
  }
  if (isPlainObject(value)) {
    const keys = orderKeys(
      Object.keys(value).filter((k) => value[k] !== undefined),
      style?.order,
    );
    if (keys.length === 0) return '{}';
    const parts = keys.map((k) => {
      const v = value[k];
      const text = isCollectionValue(v) ? renderFlow(v, style?.children?.[k], habits) : renderScalar(v, style?.scalars?.[k], true);
      return `${renderKey(k, true)}: ${text}`;
    });
    const pad = (style?.padded ?? habits.padded) ? ' ' : '';
    return `{${pad}${parts.join(', ')}${pad}}`;
  }
  return renderScalar(value, undefined, true);
}

const spaces = (n: number): string => ' '.repeat(n);

/**
 * True when a collection is written as a block (else flow): the style says, else by its depth
 * (the length of its path): the values of the document's own keys are blocks, deeper ones flow.
 */
function blockWanted(value: unknown, style: NodeStyle | undefined, depth: number): boolean {
  if (!isCollectionValue(value)) return false;
  if (Array.isArray(value) ? value.length === 0 : Object.keys(value as object).length === 0) return false;
  if (style?.flow !== undefined) return !style.flow;
  return depth <= 1;
}

/** One `key: value` of a block mapping at column `col`, as lines (a block child below it); `depth`: the value's. */
function pairLines(key: string, value: unknown, style: NodeStyle | undefined, habits: RenderHabits, col: number, depth: number): string[] {
  const head = `${spaces(col)}${renderKey(key, false)}:`;
  if (!isCollectionValue(value)) return [`${head} ${renderScalar(value, style?.scalars?.[key], false)}`];
  const child = style?.children?.[key];
  if (!blockWanted(value, child, depth)) return [`${head} ${renderFlow(value, child, habits)}`];
  return [head, ...renderBlockLines(value, child, habits, col + habits.indent, depth + 1)];
}

/** One `- item` of a block sequence at column `col`, as lines; `depth`: the item's. */
function itemLines(value: unknown, style: NodeStyle | undefined, habits: RenderHabits, col: number, depth: number): string[] {
  const dash = `${spaces(col)}-${spaces((style?.itemIndent ?? 2) - 1)}`;
  if (!isCollectionValue(value)) return [`${dash}${renderScalar(value, style?.itemScalar, false)}`];
  if (!blockWanted(value, style?.items, depth)) return [`${dash}${renderFlow(value, style?.items, habits)}`];
  const step = style?.itemIndent ?? 2;
  const lines = renderBlockLines(value, style?.items, habits, col + step, depth + 1);
  lines[0] = `${spaces(col)}-${spaces(step - 1)}${lines[0]!.slice(col + step)}`;
  return lines;
}

/**
 * A collection as block lines, every line starting at column `col` (the caller drops the first
 * line's indentation when it goes after `key:` or `- `); `depth`: the path length of its members.
 */
export function renderBlockLines(value: unknown, style: NodeStyle | undefined, habits: RenderHabits, col: number, depth: number): string[] {
  if (Array.isArray(value)) return value.flatMap((v) => itemLines(v, style, habits, col, depth));
  if (isPlainObject(value)) {
    const keys = orderKeys(
      Object.keys(value).filter((k) => value[k] !== undefined),
      style?.order,
    );
    return keys.flatMap((k) => pairLines(k, value[k], style, habits, col, depth));
  }
  return [`${spaces(col)}${renderScalar(value, undefined, false)}`];
}

/** True when `value`, whose path has length `depth`, is written as a block. */
export function wantsBlock(value: unknown, style: NodeStyle | undefined, depth: number): boolean {
  return blockWanted(value, style, depth);
}

/** `key: value` lines at column `col` for a new key whose value's path has length `depth` (`style`: the mapping's). */
export function renderPairLines(
  key: string,
  value: unknown,
  style: NodeStyle | undefined,
  habits: RenderHabits,
  col: number,
  depth: number,
): string[] {
  return pairLines(key, value, style, habits, col, depth);
}

/** `- item` lines at column `col` for a new item whose path has length `depth` (`style`: the sequence's). */
export function renderItemLines(value: unknown, style: NodeStyle | undefined, habits: RenderHabits, col: number, depth: number): string[] {
  return itemLines(value, style, habits, col, depth);
}
