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
 * (verify.ts), else the edit is refused: never a silent rewrite. The editor's working records are
 * in editor-types.ts, the gathering of new values in gather-new-value.ts.
 */
import { isAlias, isMap, isScalar, isSeq, type Node, type Scalar } from 'yaml';
import { parseYaml } from '../yaml/index.js';
import { copyValue, sameValue, valueAt } from './intended-value.js';
import { blockItemLines, blockPairLines, startsGroup } from './layout.js';
import { observeHabits, observeStyle } from './observe-style.js';
import {
  isCollectionValue,
  isPlainObject,
  type RenderHabits,
  renderBlockLines,
  renderFlow,
  renderItemLines,
  renderKey,
  renderPairLines,
  renderScalar,
  wantsBlock,
} from './render-value.js';
import {
  aliasesOutside,
  anchorsWithin,
  contentEnd,
  formatYamlPath,
  isEmptyNull,
  keyName,
  lineOf,
  lookup,
  mergeProvides,
  ownPair,
  rangeOf,
  readTree,
  Refusal,
  type Step,
  type Tree,
} from './tree.js';
import type { EditResult, NodeStyle, StyleHint, YamlEdit, YamlPath } from './types.js';
import type {
  AnyPair,
  EmptyFill,
  InsertTarget,
  MapNode,
  NewEntry,
  NewKey,
  NewKeys,
  PendingInsert,
  SeqNode,
  Splice,
} from './editor-types.js';
import { gathered, rank } from './gather-new-value.js';
import { verify } from './verify.js';

const spaces = (n: number): string => ' '.repeat(n);

/** A `${VAR}` reference (not the literal `$${`). */
const REFERENCE = /(^|[^$])\$\{/;

function commentLines(comments: readonly string[] | undefined, col: number): string[] {
  return (comments ?? []).flatMap((c) => c.replace(/\r/g, '').split('\n')).map((c) => `${spaces(col)}#${c === '' ? '' : ` ${c}`}`);
}

class DocumentEditor {
  readonly #tree: Tree;
  readonly #original: unknown;
  readonly #habits: RenderHabits;
  readonly #splices: Splice[] = [];
  readonly #mapRemovals = new Map<MapNode, { path: YamlPath; pairs: Set<AnyPair> }>();
  readonly #seqRemovals = new Map<SeqNode, { path: YamlPath; indexes: Set<number>; shared: Set<number>; pair?: AnyPair }>();
  readonly #inserts = new Map<Node | string, InsertTarget>();
  /** New keys by the mapping they go into (several edits may make keys of one mapping, or one key's members). */
  readonly #newKeys = new Map<MapNode, NewKeys>();
  /** Values written empty that edits fill, by their path. */
  readonly #fills = new Map<string, EmptyFill>();

  constructor(tree: Tree, original: unknown) {
    this.#tree = tree;
    this.#original = original;
    this.#habits = observeHabits(tree);
  }

  get #src() {
    return this.#tree.src;
  }

  #splice(start: number, end: number, text: string, depth = 0): void {
    this.#splices.push({ start, end, text, order: this.#splices.length, depth });
  }

  #line(node: Node | null | undefined): number | undefined {
    return lineOf(this.#tree, node);
  }

  // ---------------------------------------------------------------- guards

  /** Refuses a change inside any of `nodes` whose anchor other nodes alias. */
  #guardShared(nodes: ReadonlyArray<Node | null | undefined>, path: YamlPath): void {
    for (const node of nodes) {
      if (!node || !(isMap(node) || isSeq(node) || isScalar(node)) || !node.anchor) continue;
      const others = aliasesOutside(this.#tree, node.anchor, node);
      if (others.length === 0) continue;
      const where = others.map((a) => `line ${this.#line(a)}`).join(', ');
      const at = this.#anchorLine(node, node.anchor);
      throw new Refusal(
        'anchor-shared',
        path,
        `${formatYamlPath(path)}: the node at line ${at} carries the anchor &${node.anchor}, which ${others.length === 1 ? 'an alias uses' : `${others.length} aliases use`} (${where}); changing it would change them too`,
        at,
      );
    }
  }

  /** The line where `&anchor` is written for `node` (before its content). */
  #anchorLine(node: Node, anchor: string): number | undefined {
    const start = rangeOf(node)[0];
    const back = this.#src.text.lastIndexOf(`&${anchor}`, start);
    if (back >= 0 && this.#src.lineOf(back) >= this.#src.lineOf(start) - 1) return this.#src.lineOf(back) + 1;
    const ahead = this.#src.text.indexOf(`&${anchor}`, start);
    return ahead >= 0 ? this.#src.lineOf(ahead) + 1 : this.#line(node);
  }

  /** Refuses to drop a node whose anchors aliases elsewhere use. */
  #guardAnchorsUsed(node: Node | null | undefined, path: YamlPath): void {
    if (!node) return;
    for (const anchor of anchorsWithin(node)) {
      const others = aliasesOutside(this.#tree, anchor, node);
      if (others.length === 0) continue;
      throw new Refusal(
        'anchor-used',
        path,
        `${formatYamlPath(path)} defines the anchor &${anchor} (line ${this.#anchorLine(node, anchor)}), which ${others.map((a) => `line ${this.#line(a)}`).join(', ')} ${others.length === 1 ? 'uses' : 'use'}; removing or replacing it would break them`,
        this.#anchorLine(node, anchor),
      );
    }
  }

  #chain(steps: readonly Step[]): Array<Node | null> {
    return [this.#tree.root, ...steps.map((s) => s.node)];
  }

  #styleOf(hint: StyleHint | undefined, fallback?: Node | null): NodeStyle | undefined {
    if (hint?.style !== undefined) return hint.style;
    if (hint?.like !== undefined) {
      const found = lookup(this.#tree, hint.like);
      if (found.kind === 'found') return observeStyle(this.#tree, found.node);
    }
    return fallback ? observeStyle(this.#tree, fallback) : undefined;
  }

  // ---------------------------------------------------------------- edits

  apply(edit: YamlEdit): void {
    switch (edit.kind) {
      case 'set':
        this.#set(edit.path, edit.value, edit, edit.comments, edit.order);
        return;
      case 'update':
        this.#update(edit.path, edit.fields, edit.order ?? [], edit);
        return;
      case 'remove':
        this.#remove(edit.path, edit.commentsShared === true);
        return;
      case 'insert':
        this.#insert(edit);
        return;
    }
  }

  #set(path: YamlPath, value: unknown, hint: StyleHint, comments?: readonly string[], order: readonly string[] = []): void {
    if (value === undefined) {
      this.#remove(path);
      return;
    }
    const found = lookup(this.#tree, path);
    if (found.kind === 'found') {
      if (path.length === 0) throw new Refusal('unsupported-layout', path, 'the whole document cannot be replaced by the editor');
      this.#guardShared(this.#chain(found.steps), path);
      const last = found.steps[found.steps.length - 1]!;
      this.#replaceValue(found.node, value, path, last.parent.flow === true, hint, last);
      return;
    }
    if (found.kind === 'empty') {
      const owner = found.steps[found.steps.length - 1]!;
      this.#guardShared(this.#chain(found.steps.slice(0, -1)), path);
      this.#fill(owner, path.slice(0, found.at), path.slice(found.at), value, hint, false, order);
      return;
    }
    this.#guardShared(this.#chain(found.steps), path);
    const key = path[found.at] as string;
    const rest = path.slice(found.at + 1);
    if (found.merged && sameValue(valueAt(this.#original, path), value)) return;
    // A key the mapping takes from a merge key is written on the mapping itself, whole, with the change.
    const base = found.merged && rest.length > 0 ? valueAt(this.#original, path.slice(0, found.at + 1)) : undefined;
    this.#newKey(found.parent, path.slice(0, found.at), key, rest, value, { order, hint, comments, base });
  }

  /** `value` at `rest` below the new key `key` of `map` (at `path`), gathered with what other edits put there. */
  #newKey(
    map: MapNode,
    path: YamlPath,
    key: string,
    rest: YamlPath,
    value: unknown,
    how: { order?: readonly string[]; hint?: StyleHint; comments?: readonly string[] | undefined; base?: unknown; append?: boolean },
  ): void {
    const group = this.#newKeys.get(map) ?? { map, path, order: [], hint: {}, keys: new Map<string, NewKey>() };
    this.#newKeys.set(map, group);
    for (const k of how.order ?? []) if (!group.order.includes(k)) group.order.push(k);
    if (how.hint?.like !== undefined || how.hint?.style !== undefined) group.hint = how.hint;
    const entry = group.keys.get(key) ?? { value: how.base !== undefined ? copyValue(how.base) : undefined, comments: [] };
    group.keys.set(key, entry);
    entry.comments = [...entry.comments, ...(how.comments ?? [])];
    entry.value = gathered(entry.value, rest, value, how.append === true, group.order);
  }

  /** `value` at `rest` inside the value written empty at `path` (its pair `step`), gathered with what other edits put there. */
  #fill(step: Step, path: YamlPath, rest: YamlPath, value: unknown, hint: StyleHint, append: boolean, order: readonly string[]): void {
    const id = JSON.stringify(path);
    const fill = this.#fills.get(id) ?? { step, path, inFlow: step.parent.flow === true, hint, value: undefined };
    this.#fills.set(id, fill);
    fill.value = gathered(fill.value, rest, value, append, order);
  }

  #update(path: YamlPath, fields: Readonly<Record<string, unknown>>, order: readonly string[], hint: StyleHint): void {
    const found = lookup(this.#tree, path);
    if (found.kind !== 'found' || !isMap(found.node)) {
      const present = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
      if (found.kind === 'found' && !isEmptyNull(found.node) && found.node !== null)
        throw new Refusal('no-such-node', path, `${formatYamlPath(path)} is not a mapping`, this.#line(found.node));
      this.#set(path, present, hint);
      return;
    }
    this.#guardShared(this.#chain(found.steps), path);
    this.#updateMap(found.node as MapNode, path, fields, order, hint);
  }

  /** Several keys of a mapping: changed in place, removed, or added where `order` puts them. */
  #updateMap(map: MapNode, path: YamlPath, fields: Readonly<Record<string, unknown>>, order: readonly string[], hint: StyleHint): void {
    for (const [key, value] of Object.entries(fields)) {
      const pair = ownPair(map, key);
      const merged = mergeProvides(this.#tree, map, key);
      const at = [...path, key];
      if (value === undefined) {
        if (merged)
          throw new Refusal(
            'merged-key',
            at,
            `${formatYamlPath(at)} comes from a merge key (<<) of the mapping at line ${this.#line(map)}: it cannot be removed without changing the mapping shared through the anchor; write the value it should have instead`,
            this.#line(map),
          );
        if (pair) this.#removePair(map, pair, path);
        continue;
      }
      if (pair) {
        // A value whose anchor other nodes alias (`content: &origin 192.0.2.10`) would change them too.
        this.#guardShared([pair.value as Node | null], at);
        this.#replaceValue(pair.value, value, at, map.flow === true, {}, { parent: map, segment: key, pair, node: pair.value });
        continue;
      }
      if (merged && sameValue(valueAt(this.#original, at), value)) continue;
      this.#newKey(map, path, key, [], value, { order, hint });
    }
  }

  #remove(path: YamlPath, commentsShared = false): void {
    if (path.length === 0) throw new Refusal('unsupported-layout', path, 'the whole document cannot be removed');
    const found = lookup(this.#tree, path);
    if (found.kind === 'missing') {
      if (found.at === path.length - 1 && found.merged)
        throw new Refusal(
          'merged-key',
          path,
          `${formatYamlPath(path)} comes from a merge key (<<): it cannot be removed without changing the mapping shared through the anchor`,
          this.#line(found.parent),
        );
      return; // nothing there: nothing to remove
    }
    if (found.kind === 'empty') return;
    const last = found.steps[found.steps.length - 1]!;
    this.#guardShared(this.#chain(found.steps.slice(0, -1)), path);
    this.#guardAnchorsUsed(found.node, path);
    if (isMap(last.parent)) {
      const map = last.parent as MapNode;
      if (mergeProvides(this.#tree, map, String(last.segment)))
        throw new Refusal(
          'merged-key',
          path,
          `${formatYamlPath(path)}: a merge key (<<) of the mapping at line ${this.#line(map)} gives this key too; removing it here would show the merged value instead`,
          this.#line(map),
        );
      this.#removePair(map, last.pair!, path.slice(0, -1));
      return;
    }
    const seq = last.parent as SeqNode;
    const parentStep = found.steps[found.steps.length - 2];
    const entry = this.#seqRemovals.get(seq) ?? {
      path: path.slice(0, -1),
      indexes: new Set<number>(),
      shared: new Set<number>(),
      ...(parentStep?.pair !== undefined ? { pair: parentStep.pair } : {}),
    };
    entry.indexes.add(last.segment as number);
    if (commentsShared) entry.shared.add(last.segment as number);
    this.#seqRemovals.set(seq, entry);
  }

  #removePair(map: MapNode, pair: AnyPair, path: YamlPath): void {
    this.#guardAnchorsUsed(pair.value, [...path, keyName(pair) ?? '?']);
    const entry = this.#mapRemovals.get(map) ?? { path, pairs: new Set<AnyPair>() };
    entry.pairs.add(pair);
    this.#mapRemovals.set(map, entry);
  }

  #insert(edit: Extract<YamlEdit, { kind: 'insert' }>): void {
    const found = lookup(this.#tree, edit.path);
    const pending: PendingInsert = {
      index: edit.index,
      value: edit.value,
      style: undefined,
      comments: edit.comments ?? [],
      blankLine: edit.blankLineBefore === true,
    };
    const itemStyle = this.#styleOf(edit);
    const seqHint: StyleHint = { style: { ...(itemStyle !== undefined ? { items: itemStyle } : {}) } };
    if (found.kind === 'missing') {
      // No sequence yet: the key is made with the items inserted.
      this.#guardShared(this.#chain(found.steps), edit.path);
      if (found.at !== edit.path.length - 1) throw new Refusal('no-such-node', edit.path, `${formatYamlPath(edit.path)}: no such sequence`);
      this.#newKey(found.parent, edit.path.slice(0, found.at), edit.path[found.at] as string, [], edit.value, {
        hint: seqHint,
        comments: edit.comments,
        append: true,
      });
      return;
    }
    if (found.kind === 'found' && found.node === null) {
      const last = found.steps[found.steps.length - 1]!;
      this.#guardShared(this.#chain(found.steps), edit.path);
      this.#fill(last, edit.path, [], edit.value, seqHint, true, []);
      return;
    }
    if (found.kind === 'empty') throw new Refusal('no-such-node', edit.path, `${formatYamlPath(edit.path)}: no such sequence`);
    const node = found.node;
    const last = found.steps[found.steps.length - 1];
    this.#guardShared(this.#chain(found.steps), edit.path);
    if (!isSeq(node) && !isEmptyNull(node) && !(isScalar(node) && node.value === null))
      throw new Refusal('no-such-node', edit.path, `${formatYamlPath(edit.path)} is not a sequence`, this.#line(node));
    const key = node as Node;
    const target = this.#inserts.get(key) ?? {
      path: edit.path,
      ...(isSeq(node) ? { seq: node as SeqNode } : {}),
      ...(last?.pair !== undefined ? { pair: last.pair } : {}),
      parentFlow: last?.parent.flow === true,
      inserts: [],
    };
    const seqStyle = isSeq(node) ? observeStyle(this.#tree, node) : undefined;
    target.inserts.push({ ...pending, style: { ...seqStyle, ...(itemStyle !== undefined ? { items: itemStyle } : {}) } });
    this.#inserts.set(key, target);
  }

  // ---------------------------------------------------------------- values

  /** The value of `node` (at `path`, in a flow collection or not) becomes `value`. */
  #replaceValue(node: Node | null, value: unknown, path: YamlPath, inFlow: boolean, hint: StyleHint, step: Step): void {
    if (sameValue(valueAt(this.#original, path), value) && !isAlias(node)) return;
    if (node && isAlias(node)) {
      if (sameValue(valueAt(this.#original, path), value)) return;
      this.#replaceWhole(node, value, path, inFlow, this.#styleOf(hint, node.resolve(this.#tree.doc) as Node | null), step);
      return;
    }
    if (!node || isEmptyNull(node) || (isScalar(node) && node.value === null && !isCollectionValue(value))) {
      this.#replaceWhole(node, value, path, inFlow, this.#styleOf(hint), step);
      return;
    }
    if (isScalar(node) && !isCollectionValue(value)) {
      this.#replaceScalar(node, value, path, inFlow);
      return;
    }
    this.#guardAnchorsUsed(node, path);
    if (isMap(node) && isPlainObject(value) && Object.keys(value).length > 0) {
      const map = node as MapNode;
      const fields: Record<string, unknown> = { ...value };
      for (const pair of map.items as AnyPair[]) {
        const k = keyName(pair);
        if (k !== undefined && k !== '<<' && !(k in value)) fields[k] = undefined;
      }
      // A key the mapping merges and the new value lacks would stay: refused where it is decided.
      const merged = valueAt(this.#original, path);
      if (isPlainObject(merged))
        for (const k of Object.keys(merged)) if (!(k in value) && ownPair(map, k) === undefined) fields[k] = undefined;
      this.#updateMap(map, path, fields, Object.keys(value), hint);
      return;
    }
    this.#replaceWhole(node, value, path, inFlow, this.#styleOf(hint, node), step);
  }

  #replaceScalar(node: Scalar, value: unknown, path: YamlPath, inFlow: boolean): void {
    const [start] = rangeOf(node);
    const end = contentEnd(this.#tree, node);
    const source = this.#src.text.slice(start, end);
    if (typeof node.value === 'string' && REFERENCE.test(source))
      throw new Refusal(
        'variable-reference',
        path,
        `${formatYamlPath(path)} at line ${this.#line(node)} is written with a \${VAR} reference (${source.length > 60 ? `${source.slice(0, 57)}...` : source}); zonectl does not replace a reference by a value: change the variable, or the line by hand`,
        this.#line(node),
      );
    const style = node.type;
    if ((style === 'BLOCK_LITERAL' || style === 'BLOCK_FOLDED') && typeof value === 'string') {
      const block = this.#blockScalar(node, value);
      if (block !== undefined) {
        this.#splice(start, end, block);
        return;
      }
    }
    const quoting = style === 'PLAIN' || style === 'QUOTE_SINGLE' || style === 'QUOTE_DOUBLE' ? style : undefined;
    this.#splice(start, end, renderScalar(value, quoting, inFlow));
  }

  /** A block scalar (`|`, `>-`) rewritten as a literal block at its own column; undefined when the value cannot be one. */
  #blockScalar(node: Scalar, value: string): string | undefined {
    const [start] = rangeOf(node);
    const headerLine = this.#src.lineOf(start);
    const contentLine = headerLine + 1;
    const col =
      contentLine < this.#src.lineCount && !this.#src.isBlank(contentLine)
        ? this.#src.indentOf(contentLine)
        : this.#src.indentOf(headerLine) + this.#habits.indent;
    const trailing = /\n*$/.exec(value)![0].length;
    const body = value.slice(0, value.length - trailing);
    const lines = body.split('\n');
    if (body === '' || lines.some((l) => /^[ \t]/.test(l) || l.includes('\r')) || trailing > 1) return undefined;
    // One line reads the same folded or literal: the file's indicator stays; more lines are literal.
    const indicator = lines.length === 1 && node.type === 'BLOCK_FOLDED' ? '>' : '|';
    const header = `${indicator}${trailing === 1 ? '' : '-'}`;
    return [header, ...lines.map((l) => (l === '' ? '' : `${spaces(col)}${l}`))].join(this.#habits.eol);
  }

  /**
   * `node` replaced by `value` as a whole: in the style it had (a block stays a block at its own
   * column), or the style given; a value written empty (`key:`) gets its first value.
   */
  #replaceWhole(node: Node | null, value: unknown, path: YamlPath, inFlow: boolean, style: NodeStyle | undefined, step: Step): void {
    const src = this.#src;
    const depth = path.length;
    if (!node || isEmptyNull(node)) {
      const at = node ? rangeOf(node)[0] : this.#afterIndicator(step.pair);
      if (!isCollectionValue(value) || inFlow || !wantsBlock(value, style, depth)) {
        const text = isCollectionValue(value) ? renderFlow(value, style, this.#habits) : renderScalar(value, undefined, inFlow);
        const before = src.text[at - 1] === ' ' ? '' : ' ';
        const after = src.text[at] === '#' ? ' ' : '';
        this.#splice(at, at, `${before}${text}${after}`);
        return;
      }
      const ownerLine = src.lineOf(at);
      const col = src.indentOf(ownerLine) + (step.pair ? this.#habits.indent : 2);
      const lines = renderBlockLines(value, style, this.#habits, col, depth + 1);
      const end = src.contentEnd(ownerLine);
      this.#splice(end, end, `${this.#habits.eol}${lines.join(this.#habits.eol)}`);
      return;
    }
    const [start] = rangeOf(node);
    const end = contentEnd(this.#tree, node);
    const wasBlock = (isMap(node) || isSeq(node)) && !node.flow && node.items.length > 0 && src.startsLine(start);
    if (isCollectionValue(value) && !inFlow && wasBlock && wantsBlock(value, { ...style, flow: false }, depth)) {
      const col = src.column(start);
      const lines = renderBlockLines(value, style, this.#habits, col, depth + 1);
      lines[0] = lines[0]!.slice(col);
      this.#splice(start, end, lines.join(this.#habits.eol));
      return;
    }
    if (isCollectionValue(value)) {
      this.#splice(start, end, renderFlow(value, style, this.#habits));
      return;
    }
    const quoting =
      isScalar(node) && (node.type === 'PLAIN' || node.type === 'QUOTE_SINGLE' || node.type === 'QUOTE_DOUBLE') ? node.type : undefined;
    this.#splice(start, end, renderScalar(value, quoting, inFlow));
  }

  /** Right after the `:` of a pair (where a value written empty would start). */
  #afterIndicator(pair: AnyPair | undefined): number {
    if (!pair) throw new Refusal('unsupported-layout', [], 'a value without a position');
    const keyEnd = contentEnd(this.#tree, pair.key);
    const colon = this.#src.text.indexOf(':', keyEnd);
    return colon < 0 ? keyEnd : colon + 1;
  }

  // ---------------------------------------------------------------- mappings

  /** New keys of a mapping, each after the nearest own key that precedes it in `order` (else after the last). */
  #addKeys(map: MapNode, path: YamlPath, entries: ReadonlyArray<NewEntry>, order: readonly string[], hint: StyleHint): void {
    const pairs = (map.items as AnyPair[]).filter((p) => keyName(p) !== undefined);
    const removed = this.#mapRemovals.get(map)?.pairs;
    const kept = pairs.filter((p) => !removed?.has(p));
    const style = this.#styleOf(hint, map);
    // Group the new keys by the pair they follow (-1: before the first).
    const groups = new Map<number, NewEntry[]>();
    const ordered = [...entries].sort((a, b) => rank(order, a[0]) - rank(order, b[0]));
    for (const entry of ordered) {
      const anchor = this.#anchorFor(kept.length > 0 ? kept : pairs, entry[0], order);
      const list = groups.get(anchor) ?? [];
      list.push(entry);
      groups.set(anchor, list);
    }
    const basis = kept.length > 0 ? kept : pairs;
    for (const [anchor, list] of groups) {
      if (map.flow) this.#addFlowKeys(map, basis, anchor, list, style);
      else this.#addBlockKeys(map, path, basis, anchor, list, style);
    }
  }

  /** The index (in `pairs`) of the pair a new key follows: the nearest one before it in `order`; -1 when it goes first. */
  #anchorFor(pairs: readonly AnyPair[], key: string, order: readonly string[]): number {
    if (pairs.length === 0) return -1;
    const at = order.indexOf(key);
    if (at < 0) return pairs.length - 1;
    for (let i = at - 1; i >= 0; i -= 1) {
      const idx = pairs.findIndex((p) => keyName(p) === order[i]);
      if (idx >= 0) return idx;
    }
    // Nothing before it in `order`: before the first own key that comes after it, else at the end.
    for (let i = at + 1; i < order.length; i += 1) {
      const idx = pairs.findIndex((p) => keyName(p) === order[i]);
      if (idx >= 0) return idx - 1;
    }
    return pairs.length - 1;
  }

  #addFlowKeys(map: MapNode, pairs: readonly AnyPair[], anchor: number, list: ReadonlyArray<NewEntry>, style: NodeStyle | undefined): void {
    const text = (k: string, v: unknown): string =>
      `${renderKey(k, true)}: ${isCollectionValue(v) ? renderFlow(v, style?.children?.[k], this.#habits) : renderScalar(v, style?.scalars?.[k], true)}`;
    if (pairs.length === 0) {
      const [start, end] = rangeOf(map);
      this.#splice(start, end, renderFlow(Object.fromEntries(list), style, this.#habits));
      return;
    }
    if (anchor < 0) {
      const first = rangeOf(pairs[0]!.key)[0];
      this.#splice(first, first, list.map(([k, v]) => `${text(k, v)}, `).join(''));
      return;
    }
    const after = pairs[anchor]!;
    const at = after.value && !isEmptyNull(after.value) ? contentEnd(this.#tree, after.value) : contentEnd(this.#tree, after.key);
    this.#splice(at, at, list.map(([k, v]) => `, ${text(k, v)}`).join(''));
  }

  #addBlockKeys(
    map: MapNode,
    path: YamlPath,
    pairs: readonly AnyPair[],
    anchor: number,
    list: ReadonlyArray<NewEntry>,
    style: NodeStyle | undefined,
  ): void {
    const src = this.#src;
    const eol = this.#habits.eol;
    const col = pairs.length > 0 ? blockPairLines(this.#tree, pairs[0]!).col : src.column(rangeOf(map)[0]);
    const lines = list.flatMap(([k, v, comments]) => [
      ...commentLines(comments, col),
      ...renderPairLines(k, v, style, this.#habits, col, path.length + 1),
    ]);
    if (anchor >= 0) {
      const { last } = blockPairLines(this.#tree, pairs[anchor]!);
      const at = src.nextLineStart(last);
      const lead = src.hasEnding(last) ? '' : eol;
      this.#splice(at, at, `${lead}${lines.join(eol)}${src.hasEnding(last) ? eol : ''}`, path.length + 1);
      return;
    }
    const first = blockPairLines(this.#tree, pairs[0]!);
    if (first.startsLine) {
      const at = src.lineStart(first.first);
      this.#splice(at, at, `${lines.join(eol)}${eol}`);
      return;
    }
    const at = rangeOf(pairs[0]!.key)[0];
    this.#splice(at, at, `${lines.map((l, i) => (i === 0 ? l.slice(col) : l)).join(eol)}${eol}${spaces(col)}`);
  }

  // ---------------------------------------------------------------- sequences

  #finishSequenceRemovals(): void {
    for (const [seq, { path, indexes, shared, pair }] of this.#seqRemovals) {
      const inserts = this.#inserts.get(seq)?.inserts ?? [];
      if (seq.flow) {
        this.#removeFlowRuns(seq, seq.items as Node[], indexes, path);
        continue;
      }
      const n = seq.items.length;
      if (indexes.size === n && inserts.length === 0) {
        this.#emptyBlockSequence(seq, path, pair);
        continue;
      }
      // Consecutive items go as one run, so that the blank lines around them are seen once.
      const sorted = [...indexes].sort((a, b) => a - b);
      for (let k = 0; k < sorted.length; ) {
        let j = k;
        while (j + 1 < sorted.length && sorted[j + 1] === sorted[j]! + 1 && !inserts.some((ins) => ins.index === sorted[j + 1])) j += 1;
        this.#removeBlockRun(seq, sorted[k]!, sorted[j]!, indexes, shared, inserts);
        k = j + 1;
      }
    }
  }

  /** Items `from`..`to` of a block sequence (all removed) go, with their comment lines and a blank line they would leave doubled. */
  #removeBlockRun(
    seq: SeqNode,
    from: number,
    to: number,
    removed: ReadonlySet<number>,
    shared: ReadonlySet<number>,
    inserts: readonly PendingInsert[],
  ): void {
    const src = this.#src;
    const n = seq.items.length;
    const head = blockItemLines(this.#tree, seq, from);
    let first = head.first;
    // Comment lines that speak for the item after the run too (each removed item said so): they
    // stay above it when it stays, right after the run, with none of its own.
    if (head.first < head.dash && to + 1 < n && !startsGroup(this.#tree, seq, to + 1)) {
      let all = true;
      for (let i = from; i <= to; i += 1) all &&= shared.has(i);
      const next = blockItemLines(this.#tree, seq, to + 1);
      if (all && next.first === next.dash && !inserts.some((ins) => ins.index === to + 1)) first = head.dash;
    }
    // A comment block at the head of a group of items (`# Mail`) stays with the group's items that
    // remain, unless the next of them has comment lines of its own: then it was this item's.
    if (head.first < head.dash && startsGroup(this.#tree, seq, from)) {
      for (let j = to + 1; j < n && !startsGroup(this.#tree, seq, j); j += 1)
        if (!removed.has(j)) {
          const next = blockItemLines(this.#tree, seq, j);
          if (next.first === next.dash) first = head.dash;
          break;
        }
    }
    let last = blockItemLines(this.#tree, seq, to).last;
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
    this.#splice(src.lineStart(first), src.nextLineStart(last), '');
  }

  /** Every item of a block sequence removed: `key: []` (the items' lines go). */
  #emptyBlockSequence(seq: SeqNode, path: YamlPath, pair: AnyPair | undefined): void {
    const src = this.#src;
    if (!pair)
      throw new Refusal(
        'unsupported-layout',
        path,
        `${formatYamlPath(path)}: removing every item leaves a sequence the editor cannot write empty here`,
      );
    const firstLines = blockItemLines(this.#tree, seq, 0);
    const lastLines = blockItemLines(this.#tree, seq, seq.items.length - 1);
    this.#splice(src.lineStart(firstLines.first), src.nextLineStart(lastLines.last), '');
    const colon = this.#afterIndicator(pair);
    this.#splice(colon, colon, ' []');
  }

  /** Removed items or pairs of a flow collection, a run at a time (each run with one of its commas). */
  #removeFlowRuns(node: Node, items: ReadonlyArray<Node | AnyPair>, removed: ReadonlySet<unknown>, path: YamlPath): void {
    const start = (x: Node | AnyPair): number => rangeOf(isMap(node) ? (x as AnyPair).key : (x as Node))[0];
    const end = (x: Node | AnyPair): number => {
      if (!isMap(node)) return contentEnd(this.#tree, x as Node);
      const p = x as AnyPair;
      return p.value && !isEmptyNull(p.value) ? contentEnd(this.#tree, p.value) : contentEnd(this.#tree, p.key);
    };
    const isRemoved = (i: number): boolean => removed.has(isMap(node) ? items[i] : i);
    if (items.every((_, i) => isRemoved(i))) {
      const [s, e] = rangeOf(node);
      this.#splice(s, e, isMap(node) ? '{}' : '[]');
      return;
    }
    for (let i = 0; i < items.length; i += 1) {
      if (!isRemoved(i)) continue;
      let j = i;
      while (j + 1 < items.length && isRemoved(j + 1)) j += 1;
      if (j + 1 < items.length) this.#splice(start(items[i]!), start(items[j + 1]!), '');
      else this.#splice(end(items[i - 1]!), end(items[j]!), '');
      i = j;
    }
    void path;
  }

  #finishMapRemovals(): void {
    for (const [map, { path, pairs }] of this.#mapRemovals) {
      const items = map.items as AnyPair[];
      if (map.flow) {
        this.#removeFlowRuns(map, items, pairs, path);
        continue;
      }
      const src = this.#src;
      if (items.every((p) => pairs.has(p))) {
        const [s] = rangeOf(map);
        this.#splice(s, contentEnd(this.#tree, map), '{}');
        continue;
      }
      let covered = -1;
      const firstLines = blockPairLines(this.#tree, items[0]!);
      if (pairs.has(items[0]!) && !firstLines.startsLine) {
        // `- a: 1` with `a` removed: the next kept key moves up onto the dash's line.
        const next = items.findIndex((p) => !pairs.has(p));
        const moved = blockPairLines(this.#tree, items[next]!);
        if (moved.first < moved.keyLine)
          throw new Refusal(
            'unsupported-layout',
            [...path, keyName(items[0]!) ?? '?'],
            `${formatYamlPath([...path, keyName(items[0]!) ?? '?'])}: removing the first key would bring the key after it (line ${moved.keyLine + 1}) up onto the \`-\` line without its comment lines; remove it by hand`,
            moved.keyLine + 1,
          );
        this.#splice(rangeOf(items[0]!.key)[0], rangeOf(items[next]!.key)[0], '');
        covered = next - 1;
      }
      items.forEach((p, i) => {
        if (i <= covered || !pairs.has(p)) return;
        const { first, last } = blockPairLines(this.#tree, p);
        this.#splice(src.lineStart(first), src.nextLineStart(last), '');
      });
    }
  }

  #finishInserts(): void {
    for (const target of this.#inserts.values()) {
      const seq = target.seq;
      if (seq && seq.items.length > 0) {
        if (seq.flow) this.#insertFlow(seq, target);
        else this.#insertBlock(seq, target);
      } else this.#insertIntoEmpty(target);
    }
  }

  #insertFlow(seq: SeqNode, target: InsertTarget): void {
    const items = seq.items as Node[];
    const byIndex = groupBy(target.inserts, (i) => Math.min(i.index, items.length));
    for (const [index, list] of byIndex) {
      const texts = list.map((ins) =>
        isCollectionValue(ins.value)
          ? renderFlow(ins.value, ins.style?.items, this.#habits)
          : renderScalar(ins.value, ins.style?.itemScalar, true),
      );
      if (index < items.length) {
        const at = rangeOf(items[index]!)[0];
        this.#splice(at, at, texts.map((t) => `${t}, `).join(''));
      } else {
        const at = contentEnd(this.#tree, items[items.length - 1]!);
        this.#splice(at, at, texts.map((t) => `, ${t}`).join(''));
      }
    }
  }

  #insertBlock(seq: SeqNode, target: InsertTarget): void {
    const src = this.#src;
    const eol = this.#habits.eol;
    const items = seq.items as Node[];
    const col = src.column(rangeOf(seq)[0]);
    const depth = target.path.length + 1;
    const byIndex = groupBy(target.inserts, (i) => Math.min(i.index, items.length));
    for (const [index, list] of byIndex) {
      const blocks = list.map((ins) => [
        ...commentLines(ins.comments, col),
        ...renderItemLines(ins.value, ins.style, this.#habits, col, depth),
      ]);
      if (index === 0) {
        const at = src.lineStart(blockItemLines(this.#tree, seq, 0).first);
        const text = blocks.map((b, k) => `${b.join(eol)}${eol}${list[k]!.blankLine && k === blocks.length - 1 ? eol : ''}`).join('');
        this.#splice(at, at, text);
        continue;
      }
      const { last } = blockItemLines(this.#tree, seq, index - 1);
      const at = src.nextLineStart(last);
      const lead = src.hasEnding(last) ? '' : eol;
      const text = blocks.map((b, k) => `${list[k]!.blankLine ? eol : ''}${b.join(eol)}`).join(eol);
      this.#splice(at, at, `${lead}${text}${src.hasEnding(last) ? eol : ''}`, target.path.length);
    }
  }

  /** Items into `key: []` or `key:` (written empty): a block sequence under the key (flow inside a flow collection). */
  #insertIntoEmpty(target: InsertTarget): void {
    const src = this.#src;
    const eol = this.#habits.eol;
    const values = [...target.inserts].sort((a, b) => a.index - b.index);
    const style = values[0]?.style;
    const depth = target.path.length + 1;
    if (target.parentFlow || !target.pair) {
      const text = renderFlow(
        values.map((v) => v.value),
        style,
        this.#habits,
      );
      if (target.seq) {
        const [s, e] = rangeOf(target.seq);
        this.#splice(s, e, text);
      } else {
        const at = this.#afterIndicator(target.pair);
        this.#splice(at, at, ` ${text}`);
      }
      return;
    }
    const keyLine = src.lineOf(rangeOf(target.pair.key)[0]);
    const keyCol = src.column(rangeOf(target.pair.key)[0]);
    // Comment lines right under the key, more indented (`# no records yet`), stay above the items.
    let last = keyLine;
    while (last + 1 < src.lineCount && src.isComment(last + 1) && src.indentOf(last + 1) > keyCol) last += 1;
    const col = last > keyLine ? src.indentOf(last) : keyCol + this.#habits.indent;
    const lines = values.flatMap((ins) => [
      ...commentLines(ins.comments, col),
      ...renderItemLines(ins.value, ins.style, this.#habits, col, depth),
    ]);
    if (target.seq) {
      // `key: []`: the brackets go, the items follow the key's line.
      const [s, e] = rangeOf(target.seq);
      const from = src.trimBack(s, src.lineStart(keyLine));
      this.#splice(from, e, '');
    }
    const at = src.contentEnd(last);
    this.#splice(at, at, `${eol}${lines.join(eol)}`);
  }

  // ---------------------------------------------------------------- result

  /** The new keys and the values written empty, each written once with all the edits put in it. */
  #finishNewValues(): void {
    for (const fill of this.#fills.values()) this.#replaceValue(fill.step.node, fill.value, fill.path, fill.inFlow, fill.hint, fill.step);
    for (const group of this.#newKeys.values()) {
      const entries = [...group.keys].map(([k, e]): NewEntry => [k, e.value, e.comments]);
      this.#addKeys(group.map, group.path, entries, group.order, group.hint);
    }
  }

  finish(): string {
    this.#finishNewValues();
    this.#finishSequenceRemovals();
    this.#finishMapRemovals();
    this.#finishInserts();
    const splices = [...this.#splices].sort(
      (a, b) => a.start - b.start || a.end - a.start - (b.end - b.start) || b.depth - a.depth || a.order - b.order,
    );
    let out = '';
    let at = 0;
    for (const s of splices) {
      if (s.start < at) {
        const line = this.#src.lineOf(s.start) + 1;
        throw new Refusal('overlapping-edits', [], `two edits change the same text (line ${line}); make them one edit`, line);
      }
      out += this.#src.text.slice(at, s.start) + s.text;
      at = s.end;
    }
    return out + this.#src.text.slice(at);
  }
}

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
    const editor = new DocumentEditor(read.tree, read.value);
    for (const edit of edits) editor.apply(edit);
    const out = editor.finish();
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
