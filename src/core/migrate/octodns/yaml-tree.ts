/**
 * octoDNS's YAML as plain values with the line of every mapping, key and list item, and its
 * `!include` directive (octodns/yaml.py `ContextLoader`; docs/include_directive.rst): `key: !include
 * FILE` takes the file's whole content, `<<: !include FILE` (or a list of them) merges mappings,
 * later keys winning as in its `flatten_mapping`. Reading the included files is the caller's job:
 * `parseYamlTree` lists them, `spliceIncludes` puts their parsed trees in place. Pure.
 *
 * Read by the reader of zone files, `parseYaml` (src/core/yaml, js-yaml with a position for every
 * node; docs/architecture.md, "One YAML reader"), with octoDNS's differences: `!include` is a
 * local tag, `<<` a key merged here once includes are in place, a repeated key takes the later
 * value (PyYAML's way). Its alias-bomb check runs first. Aliases are expanded as the tree is built (a value per use), within the one budget of every
 * YAML reader (src/core/yaml `aliasExpansionLimit`, as zone files): a file whose aliases expand
 * beyond it is a problem at the line where the budget ran out, and the building stops there (a
 * 1 KB "billion laughs" costs what the budget allows, not 10^9 values).
 */
import type { DocPath } from '../../text/index.js';
import { aliasExpansionLimit, type ForeignYamlOptions, parseYaml } from '../../yaml/index.js';
import type { InputProblem } from '../problems.js';
import type { SourceSpot } from '../report.js';

/** A `!include PATH` found at `at`: PATH relative to the including file's directory (or absolute, or `~`). */
export class IncludeRef {
  constructor(
    readonly path: string,
    readonly at: SourceSpot,
  ) {}
}

/** `<<:` entries of a mapping, applied once includes are in place. */
class MergeRef {
  constructor(
    readonly sources: readonly unknown[],
    readonly at: SourceSpot,
  ) {}
}

export interface NodeSpot {
  readonly file: string;
  readonly line: number;
  /** Line of each key of a mapping. */
  readonly keys: Map<string, number>;
  /** Line of each item of a list. */
  readonly items: number[];
}

/** Lines of every mapping and list, shared by a file and the files it includes. */
export type Spots = WeakMap<object, NodeSpot>;

export interface YamlTree {
  readonly root: unknown;
  readonly includes: readonly IncludeRef[];
  readonly problems: readonly InputProblem[];
  /** Values built (aliases expanded, each `!include` one value until its file is spliced in). */
  readonly size: number;
}

const count = (n: number): string => n.toLocaleString('en-US');

/** Where a value of the tree was read (its own line, or its parent's key line). */
export function spotOf(spots: Spots, value: unknown, key?: string): SourceSpot | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const s = spots.get(value);
  if (s === undefined) return undefined;
  return { file: s.file, line: key !== undefined ? (s.keys.get(key) ?? s.line) : s.line };
}

/** An `!include PATH` as js-yaml composes it (turned into an IncludeRef with its line below). */
class IncludeTag {
  constructor(readonly path: string) {}
}

/** octoDNS's YAML as parseYaml reads it: `!include` a local tag, `<<` a key merged here, a repeated key the later value (PyYAML). */
const OCTODNS_YAML: ForeignYamlOptions = {
  scalarTags: { '!include': (text) => new IncludeTag(text) },
  mergeKeys: false,
  laterKeyWins: true,
};

export function parseYamlTree(text: string, file: string, spots: Spots): YamlTree {
  // The reader of zone files (src/core/yaml parseYaml: js-yaml with positions, aliases bounded).
  const parsed = parseYaml(text, OCTODNS_YAML);
  const includes: IncludeRef[] = [];
  if (!parsed.ok) {
    // An alias bomb in octoDNS's words of before (the counts parseYaml measured).
    const a = parsed.aliases;
    const message =
      parsed.code === 'yaml.syntax'
        ? `not valid YAML: ${parsed.message.replace(/^YAML syntax error: /, '')}`
        : a !== undefined
          ? `YAML aliases expand too far: the file writes ${count(Math.round(a.written))} values but its aliases expand them to more than ${count(Math.round(a.limit))}; write the values out, or use fewer nested aliases`
          : parsed.message;
    return { root: undefined, includes, problems: [{ at: { file, line: parsed.line }, message }], size: 0 };
  }
  const { positions } = parsed;
  const problems: InputProblem[] = [];
  const lineAt = (path: DocPath): number => positions.positionOf(path).line;
  // js-yaml gives an alias its anchor's value (one object for every use); the tree has a value
  // per use, built within the one budget of every YAML reader.
  const written = positions.nodeCount;
  const limit = aliasExpansionLimit(written);
  let made = 0;
  let stopped = false;
  const convert = (value: unknown, path: DocPath): unknown => {
    if (stopped) return undefined;
    made += 1;
    if (made > limit) {
      stopped = true;
      problems.push({
        at: { file, line: lineAt(path) },
        message: `YAML aliases expand too far: the file writes ${count(written)} values but its aliases expand them to more than ${count(limit)}; write the values out, or use fewer nested aliases`,
      });
      return undefined;
    }
    if (value instanceof IncludeTag) {
      const ref = new IncludeRef(value.path, { file, line: lineAt(path) });
      includes.push(ref);
      return ref;
    }
    if (Array.isArray(value)) {
      const out: unknown[] = [];
      const spot: NodeSpot = { file, line: lineAt(path), keys: new Map(), items: [] };
      const items = positions.itemPositionsOf(path);
      value.forEach((item, i) => {
        spot.items.push(items?.[i]?.line ?? spot.line);
        out.push(convert(item, [...path, i]));
      });
      spots.set(out, spot);
      return out;
    }
    if (value !== null && typeof value === 'object') {
      const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      const spot: NodeSpot = { file, line: lineAt(path), keys: new Map(), items: [] };
      const keyLines = positions.keyPositionsOf(path);
      const source = value as Record<string, unknown>;
      for (const key of Object.keys(source)) {
        const keyLine = keyLines?.get(key)?.line ?? spot.line;
        if (key === '<<') {
          const merged = convert(source[key], [...path, key]);
          const sources = Array.isArray(merged) ? merged : [merged];
          // A marker key keeps the merge's place among the explicit keys (later keys win).
          out['<<1'] = new MergeRef(sources, { file, line: keyLine });
          continue;
        }
        spot.keys.set(key, keyLine);
        out[key] = convert(source[key], [...path, key]);
      }
      spots.set(out, spot);
      return out;
    }
    return value;
  };
  const root = convert(parsed.value, []);
  return stopped ? { root: undefined, includes: [], problems, size: made } : { root, includes, problems, size: made };
}

/**
 * The tree with every `!include` replaced by its file's tree (`included`, by reference) and every
 * `<<:` merged; a merge of something that is not a mapping is a problem at its line.
 */
export function spliceIncludes(root: unknown, included: ReadonlyMap<IncludeRef, unknown>, spots: Spots, problems: InputProblem[]): unknown {
  const seen = new Set<unknown>();
  const walk = (value: unknown, depth: number): unknown => {
    if (value instanceof IncludeRef) {
      if (depth > 50) {
        problems.push({ at: value.at, message: `!include ${value.path}: includes nested too deeply (a cycle?)` });
        return null;
      }
      return walk(included.get(value) ?? null, depth + 1);
    }
    if (typeof value !== 'object' || value === null || seen.has(value)) return value;
    seen.add(value);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i += 1) value[i] = walk(value[i], depth);
      return value;
    }
    const map = value as Record<string, unknown>;
    const spot = spots.get(map);
    const merged: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
    for (const key of Object.keys(map)) {
      const entry = map[key];
      if (entry instanceof MergeRef) {
        for (const source of entry.sources) {
          const resolved = walk(source, depth);
          if (typeof resolved !== 'object' || resolved === null || Array.isArray(resolved)) {
            problems.push({
              at: entry.at,
              message: '`<<:` merges mappings only (octoDNS: "expected a mapping or list of mappings for merging")',
            });
            continue;
          }
          const from = spots.get(resolved);
          for (const [k, v] of Object.entries(resolved)) {
            merged[k] = v;
            const line = from?.keys.get(k);
            if (spot !== undefined && line !== undefined && from?.file === spot.file) spot.keys.set(k, line);
          }
        }
        continue;
      }
      merged[key] = walk(entry, depth);
    }
    for (const key of Object.keys(map)) delete map[key];
    Object.assign(map, merged);
    return map;
  };
  return walk(root, 0);
}
