/**
 * The editor's vocabulary: a path in a YAML document, the edits a caller asks for, the style a
 * new node is written in, and the typed answer (the new text, or a refusal with its reason).
 */

/** A path from the document's root: mapping keys and sequence indexes (`['records', 3, 'content']`). */
export type YamlPath = readonly (string | number)[];

/** How a scalar is written: as the `yaml` package names its styles. */
export type ScalarStyle = 'PLAIN' | 'QUOTE_SINGLE' | 'QUOTE_DOUBLE' | 'BLOCK_LITERAL' | 'BLOCK_FOLDED';

/**
 * How a new collection is written. Observed on an existing node (`like`), or given; what is not
 * said takes the document's habits (its indentation, its flow padding) or plain defaults.
 */
export interface NodeStyle {
  /** `{ a: 1 }` / `[a, b]` on one line, or a block of lines. */
  readonly flow?: boolean;
  /** Flow collections with a space inside the brackets (`{ a: 1 }`) or without (`{a: 1}`). */
  readonly padded?: boolean;
  /** Keys in this order first (those not named keep the order of the value, after their predecessor). */
  readonly order?: readonly string[];
  /** The style of each key's scalar value. */
  readonly scalars?: Readonly<Record<string, ScalarStyle>>;
  /** The style of a sequence's scalar items. */
  readonly itemScalar?: ScalarStyle;
  /** The style of each key's collection value. */
  readonly children?: Readonly<Record<string, NodeStyle>>;
  /** The style of a sequence's collection items. */
  readonly items?: NodeStyle;
  /** Columns from a block sequence's `-` to its items' content (2 in `- a`, 4 in `-   a`). */
  readonly itemIndent?: number;
}

/** Where the style of a new node comes from: an existing node to look like, and what to say instead. */
export interface StyleHint {
  /** An existing node whose style the new one copies (flow or block, padding, key order, quoting). */
  readonly like?: YamlPath;
  /** Said outright (wins over `like`). */
  readonly style?: NodeStyle;
}

export type YamlEdit =
  /**
   * The value at `path` becomes `value`: a scalar is rewritten in place in its own quoting where
   * the value allows; a mapping is changed key by key (keys added, changed, removed); a sequence
   * is rewritten in its own style. Missing mappings on the way are made. A key the mapping takes
   * from a merge key (`<<: *base`) is written on the mapping itself, as an override.
   */
  | ({
      readonly kind: 'set';
      readonly path: YamlPath;
      readonly value: unknown;
      /** Comment lines (without `#`) above a key this edit makes. */
      readonly comments?: readonly string[];
      /** Where a key this edit makes goes among the mapping's keys (after the nearest one before it here). */
      readonly order?: readonly string[];
    } & StyleHint)
  /**
   * Several keys of the mapping at `path` at once (`undefined`: the key is removed). New keys go
   * where `order` puts them among the mapping's own keys.
   */
  | ({
      readonly kind: 'update';
      readonly path: YamlPath;
      readonly fields: Readonly<Record<string, unknown>>;
      readonly order?: readonly string[];
    } & StyleHint)
  /**
   * Removes a mapping key, or a sequence item with the comment lines written above it (its own).
   * `commentsShared`: those comment lines speak for the item after it too (an owner's line above
   * the first of a name's records): they stay above that item while it stays and has none of its
   * own.
   */
  | { readonly kind: 'remove'; readonly path: YamlPath; readonly commentsShared?: boolean }
  /**
   * A new item in the sequence at `path`, before the item now at `index` (its length: at the
   * end); indexes are those of the document as given, whatever else the edits remove or insert.
   */
  | ({
      readonly kind: 'insert';
      readonly path: YamlPath;
      readonly index: number;
      readonly value: unknown;
      /** Comment lines written above the new item (without `#`). */
      readonly comments?: readonly string[];
      /** A blank line before the new item (a new group, as its neighbours are separated). */
      readonly blankLineBefore?: boolean;
    } & StyleHint);

/** Why an edit was not made. Each is stable: callers switch on it, reports name it. */
export type RefusalReason =
  /** The text is not YAML the editor can read (a syntax error), or not one document. */
  | 'unreadable'
  /** The path leads nowhere: no such key or index, or through a scalar. */
  | 'no-such-node'
  /** The path goes through an alias (`*name`): the value lives at its anchor, shared. */
  | 'through-alias'
  /** The node (or one that holds it) carries an anchor that aliases elsewhere use: changing it changes them. */
  | 'anchor-shared'
  /** A removed node defines an anchor that aliases elsewhere use: they would break. */
  | 'anchor-used'
  /** The key comes from a merge key (`<<`): it cannot be removed without changing the shared mapping. */
  | 'merged-key'
  /** The value is written with a `${VAR}` reference: zonectl would replace the reference by a value. */
  | 'variable-reference'
  /** Two edits touch the same text. */
  | 'overlapping-edits'
  /** The layout cannot take the edit without rewriting lines around it (e.g. a key written as `? key`). */
  | 'unsupported-layout'
  /** The text written does not read back as the edits intend (zonectl's own reader is the judge). */
  | 'verify-failed';

export interface EditRefusal {
  readonly reason: RefusalReason;
  /** The path of the edit refused (or of the node that refuses it). */
  readonly path: YamlPath;
  /** 1-based line of the node that refuses it, when there is one. */
  readonly line?: number;
  /** What a person reads: the place, the reason, what to do. */
  readonly message: string;
}

export type EditResult = { readonly ok: true; readonly text: string } | { readonly ok: false; readonly refusal: EditRefusal };
