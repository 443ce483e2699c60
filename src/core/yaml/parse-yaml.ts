/**
 * YAML reading with a source position for every node (js-yaml `load` with a
 * `listener`, about ten times faster than `yaml`'s parseDocument on 100,000 records).
 *
 * js-yaml fires `open`/`close` around every node it composes. Nodes are numbered in the order
 * they open (pre-order) and their offsets are kept in typed arrays, not as one object per node:
 * a 100,000-record file has over a million nodes, and objects for them cost more in garbage
 * collection than the parse itself. The tree is resolved lazily: a path such as
 * `records[3].content` is looked up only when a problem or a record needs its line and column.
 * Duplicate keys and syntax errors come back as a failed `ParseResult` (`ok: false`) with line and
 * column, never as an exception.
 */
import yaml from 'js-yaml';
import { measureAliasExpansion } from './alias-expansion.js';
import { MAX_YAML_DEPTH, MERGE_KEY, PositionIndex } from './position-index.js';
import { readSimpleYaml } from './simple-yaml.js';
import { syntaxErrorHint } from './syntax-hints.js';
import { NodeTable } from './yaml-node-table.js';

/**
 * The YAML 1.2 core schema plus merge keys (YAML 1.1 `<<`, https://yaml.org/type/merge.html),
 * which js-yaml keeps out of CORE_SCHEMA; the type is js-yaml's own `merge` (lib/type/merge.js),
 * spelled here because @types/js-yaml does not declare `yaml.types`.
 */
const MERGE_TYPE = new yaml.Type('tag:yaml.org,2002:merge', {
  kind: 'scalar',
  resolve: (data: unknown) => data === MERGE_KEY || data === null,
});
const ZONE_YAML_SCHEMA = yaml.CORE_SCHEMA.extend({ implicit: [MERGE_TYPE] });

/**
 * How another tool's YAML differs from a zone file's (octoDNS's, core/migrate/octodns): local tags
 * whose scalar becomes a value of the caller's (`!include FILE`), `<<` as a plain key the caller
 * merges itself (`mergeKeys: false`), and a repeated key taking the later value (PyYAML's way)
 * instead of being an error.
 */
export interface ForeignYamlOptions {
  /** Local tags on scalars (`!include`), each turned into a value by its function. */
  readonly scalarTags?: Readonly<Record<string, (text: string) => unknown>>;
  /** false: `<<` is a key like any other (the caller merges). */
  readonly mergeKeys?: boolean;
  /** true: a repeated key in a mapping takes the later value. */
  readonly laterKeyWins?: boolean;
}

function foreignSchema(options: ForeignYamlOptions): yaml.Schema {
  const explicit = Object.entries(options.scalarTags ?? {}).map(
    ([tag, make]) => new yaml.Type(tag, { kind: 'scalar', construct: (data: unknown) => make(String(data ?? '')) }),
  );
  return yaml.CORE_SCHEMA.extend({ implicit: options.mergeKeys === false ? [] : [MERGE_TYPE], explicit });
}

/** The schema's implicit types in js-yaml's order (`compiledImplicit`, which @types/js-yaml does not declare). */
const IMPLICIT_TYPES = (ZONE_YAML_SCHEMA as unknown as { compiledImplicit: readonly yaml.Type[] }).compiledImplicit;

/**
 * A plain scalar's value as js-yaml's composeNode resolves it: the first implicit type whose
 * `resolve` takes the text constructs it. Of them (null: `~`, `null`; bool: `true`, `false`;
 * int and float: digits, sign, `.`; merge: `<<`), only null and bool take a text that starts
 * with a letter, and only their six spellings of four or five letters (js-yaml 4.3.2
 * lib/type/null.js, bool.js): any other such text (`name`, `type`, `ttl`: most keys and many
 * values of a zone file) is a string without asking each type.
 */
export function resolvePlainScalar(text: string): unknown {
  const c = text.charCodeAt(0) | 0x20; // lower case, for letters
  if (c >= 0x61 && c <= 0x7a) {
    if (text.length === 4) {
      if (text === 'null' || text === 'Null' || text === 'NULL') return null;
      if (text === 'true' || text === 'True' || text === 'TRUE') return true;
    } else if (text.length === 5 && (text === 'false' || text === 'False' || text === 'FALSE')) {
      return false;
    }
    return text;
  }
  // Nor one with a colon or two dots (an address, a time, a version): a number has one dot at
  // most, and js-yaml 4 reads no base-60 numbers (lib/type/int.js, float.js).
  const dot = text.indexOf('.');
  if (text.includes(':') || (dot >= 0 && text.indexOf('.', dot + 1) >= 0)) return text;
  for (const type of IMPLICIT_TYPES) {
    if (type.resolve(text)) return type.construct(text);
  }
  return text;
}

export type ParseResult =
  | { ok: true; value: unknown; positions: PositionIndex }
  | {
      ok: false;
      line: number;
      col: number;
      message: string;
      code: 'yaml.syntax' | 'yaml.depth' | 'yaml.alias-bomb';
      /** An alias bomb's measure: the values the file writes and the most its aliases may expand them to. */
      aliases?: { written: number; limit: number };
    };

const withHint = (message: string, hint: string | undefined): string => (hint === undefined ? message : `${message}; ${hint}`);

/** Keys merge keys may copy in any file (js-yaml's default); larger files may copy two per byte. */
const MIN_MERGE_KEYS = 10_000;

function aliasBomb(nodes: NodeTable, positions: PositionIndex, value: unknown): ParseResult | undefined {
  const verdict = measureAliasExpansion(nodes.closedCount, (i) => nodes.result[nodes.closed[i]], value);
  if (!verdict) return undefined;
  const at = verdict.culprit >= 0 ? positions.positionOfNode(nodes.closed[verdict.culprit]) : { line: 1, col: 1 };
  const n = (x: number): string => (Number.isFinite(x) && x < 1e15 ? Math.round(x).toLocaleString('en-US') : x.toExponential(1));
  return {
    ok: false,
    ...at,
    code: 'yaml.alias-bomb',
    aliases: { written: verdict.written, limit: verdict.limit },
    message: `YAML aliases expand too far: the file writes ${n(verdict.written)} values but its aliases expand them to ${n(verdict.expanded)} (at most ${n(verdict.limit)}); the value here alone expands beyond that. Write the values out, or use fewer nested aliases`,
  };
}

/**
 * Parse one YAML document with the YAML 1.2 core schema (no timestamps, so `2026-01-01T00:00:00Z`
 * stays a string; `on`/`off`/`yes` stay strings) and YAML 1.1 merge keys (`<<: *a`). Duplicate keys are errors, and so are nesting
 * deeper than MAX_YAML_DEPTH and aliases that expand far beyond what the file writes.
 */
export function parseYaml(text: string, foreign?: ForeignYamlOptions): ParseResult {
  // Most zone files keep to the plain YAML simple-yaml.ts reads, several times faster; anything
  // else (and every error) is js-yaml's. Another tool's YAML (foreign options) is js-yaml's alone.
  if (foreign !== undefined) return parseYamlWithJsYaml(text, foreign);
  const simple = readSimpleYaml(text, resolvePlainScalar);
  if (simple !== undefined) return { ok: true, value: simple.value, positions: new PositionIndex(text, simple.nodes) };
  return parseYamlWithJsYaml(text);
}

/** parseYaml through js-yaml alone (what parseYaml does for any text simple-yaml.ts does not read). */
export function parseYamlWithJsYaml(text: string, foreign?: ForeignYamlOptions): ParseResult {
  const nodes = new NodeTable();
  let stack = new Int32Array(64);
  let depth = 0;
  let input = text;
  let anchors: object | undefined;
  const listener = function (this: yaml.State, event: yaml.EventType, state: yaml.State): void {
    if (event === 'open') {
      if (nodes.count === 0) {
        input = state.input;
        anchors = (state as unknown as { anchorMap?: object }).anchorMap;
      }
      if (depth === stack.length) {
        const bigger = new Int32Array(depth * 2);
        bigger.set(stack);
        stack = bigger;
      }
      stack[depth++] = nodes.open(state.position, state.line, state.lineStart);
      return;
    }
    if (depth === 0) return;
    nodes.close(stack[--depth], state.position, state.kind, state.result);
  };
  try {
    // Merge work (keys copied) is bounded by the file's size, so merges cannot multiply it.
    const maxTotalMergeKeys = Math.max(MIN_MERGE_KEYS, 2 * text.length);
    const schema = foreign === undefined ? ZONE_YAML_SCHEMA : foreignSchema(foreign);
    const json = foreign?.laterKeyWins === true;
    const value = yaml.load(text, { schema, json, listener, maxDepth: MAX_YAML_DEPTH, maxTotalMergeKeys } as yaml.LoadOptions);
    const positions = new PositionIndex(input, nodes);
    // Without an anchor there is no alias: the common case costs nothing. (Should js-yaml ever
    // stop exposing its anchor map, every document is measured.)
    const bomb = anchors === undefined || Object.keys(anchors).length > 0 ? aliasBomb(nodes, positions, value) : undefined;
    return bomb ?? { ok: true, value: value ?? null, positions };
  } catch (err) {
    if (err instanceof yaml.YAMLException) {
      const mark = err.mark as { line?: number; column?: number } | undefined;
      const deep = /maxDepth/.test(err.reason);
      if (/maxTotalMergeKeys/.test(err.reason)) {
        return {
          ok: false,
          line: (mark?.line ?? 0) + 1,
          col: (mark?.column ?? 0) + 1,
          code: 'yaml.alias-bomb',
          message: 'YAML merge keys (`<<`) copy far more keys than the file writes; write the values out, or use fewer nested merges',
        };
      }
      return {
        ok: false,
        line: (mark?.line ?? 0) + 1,
        col: (mark?.column ?? 0) + 1,
        code: deep ? 'yaml.depth' : 'yaml.syntax',
        message: deep
          ? `YAML nesting is deeper than ${MAX_YAML_DEPTH} levels (a zone file needs fewer than 10)`
          : withHint(`YAML syntax error: ${err.reason}`, syntaxErrorHint(text, (mark?.line ?? 0) + 1)),
      };
    }
    // Not expected from js-yaml; still a problem with a position, never a crash.
    return {
      ok: false,
      line: 1,
      col: 1,
      code: 'yaml.syntax',
      message: `YAML could not be read: ${err instanceof Error ? err.message : String(err)}`,
    };
  }
}
