/**
 * The document editor's working records (held in its state, editor-state.ts): the splices it
 * collects, and the new keys, empty values filled and sequence inserts it gathers before writing
 * each once.
 */
import type { Node, Pair, YAMLMap, YAMLSeq } from 'yaml';
import type { Step } from './tree.js';
import type { NodeStyle, StyleHint, YamlPath } from './types.js';

export interface Splice {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  readonly order: number;
  /**
   * How deep the collection it writes into is: of two insertions at one place, the deeper goes
   * first (a new key of the last record before a new record after it).
   */
  readonly depth: number;
}

export type MapNode = YAMLMap<Node, Node | null>;
export type SeqNode = YAMLSeq<Node>;
export type AnyPair = Pair<Node, Node | null>;

export interface PendingInsert {
  readonly index: number;
  readonly value: unknown;
  readonly style: NodeStyle | undefined;
  readonly comments: readonly string[];
  readonly blankLine: boolean;
}

/** A key a mapping does not have yet, its value gathered from every edit that makes it or something in it. */
export interface NewKey {
  value: unknown;
  comments: readonly string[];
}

/** The new keys of one mapping, written together once every edit is known. */
export interface NewKeys {
  readonly map: MapNode;
  readonly path: YamlPath;
  readonly order: string[];
  hint: StyleHint;
  readonly keys: Map<string, NewKey>;
}

/** A value written empty (`key:`) that edits fill: what they put in it, written once. */
export interface EmptyFill {
  readonly step: Step;
  readonly path: YamlPath;
  readonly inFlow: boolean;
  readonly hint: StyleHint;
  value: unknown;
}

/** Where a sequence to insert into is: an existing one, or a value written empty (`key:`). */
export interface InsertTarget {
  readonly path: YamlPath;
  readonly seq?: SeqNode;
  /** The pair whose value the sequence is (a block mapping's key), when there is one. */
  readonly pair?: AnyPair;
  readonly parentFlow: boolean;
  readonly inserts: PendingInsert[];
}

/** A new key of a mapping, its value and the comment lines above it. */
export type NewEntry = readonly [key: string, value: unknown, comments?: readonly string[]];
