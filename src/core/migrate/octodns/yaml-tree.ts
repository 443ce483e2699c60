/**
 * octoDNS's YAML as plain values with the line of every mapping, key and list item, and its
 * `!include` directive (octodns/yaml.py `ContextLoader`; docs/include_directive.rst): `key: !include
 * FILE` takes the file's whole content, `<<: !include FILE` (or a list of them) merges mappings,
 * later keys winning as in its `flatten_mapping`. Reading the included files is the caller's job:
 * `parseYamlTree` lists them, `spliceIncludes` puts their parsed trees in place. Pure.
 *
 * Aliases are expanded as the tree is built (a value per use), within the one budget of every
 * YAML reader (src/core/yaml `aliasExpansionLimit`, as zone files): a file whose aliases expand
 * beyond it is a problem at the line where the budget ran out, and the building stops there (a
 * 1 KB "billion laughs" costs what the budget allows, not 10^9 values).
 */
import { isAlias, isMap, isScalar, isSeq, LineCounter, parseDocument, visit, type Document, type Node } from 'yaml';
import { aliasExpansionLimit } from '../../yaml/index.js';
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

/** Nodes the document writes (scalars, mappings, sequences; an alias is not one). */
function writtenNodes(doc: Document): number {
  let n = 0;
  visit(doc, {
    Scalar: () => {
      n += 1;
    },
    Map: () => {
      n += 1;
    },
    Seq: () => {
      n += 1;
    },
  });
  return n;
}

const count = (n: number): string => n.toLocaleString('en-US');

/** Where a value of the tree was read (its own line, or its parent's key line). */
export function spotOf(spots: Spots, value: unknown, key?: string): SourceSpot | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const s = spots.get(value);
  if (s === undefined) return undefined;
  return { file: s.file, line: key !== undefined ? (s.keys.get(key) ?? s.line) : s.line };
}

export function parseYamlTree(text: string, file: string, spots: Spots): YamlTree {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, uniqueKeys: false, merge: false, prettyErrors: false });
  const problems: InputProblem[] = doc.errors.map((e) => ({
    at: { file, line: e.linePos?.[0]?.line ?? lineCounter.linePos(e.pos[0]).line },
    message: `not valid YAML: ${e.message.split('\n')[0]}`,
  }));
  const includes: IncludeRef[] = [];
  if (problems.length > 0) return { root: undefined, includes, problems, size: 0 };
  const lineOf = (node: Node | null | undefined): number => (node?.range ? lineCounter.linePos(node.range[0]).line : 1);
  const written = writtenNodes(doc as Document);
  const limit = aliasExpansionLimit(written);
  let made = 0;
  let stopped = false;
  const convert = (node: unknown, depth: number): unknown => {
    if (stopped) return undefined;
    made += 1;
    if (made > limit) {
      stopped = true;
      problems.push({
        at: { file, line: lineOf(node as Node) },
        message: `YAML aliases expand too far: the file writes ${count(written)} values but its aliases expand them to more than ${count(limit)}; write the values out, or use fewer nested aliases`,
      });
      return undefined;
    }
    if (depth > 200) {
      problems.push({ at: { file, line: lineOf(node as Node) }, message: 'nested too deeply' });
      return undefined;
    }
    if (isAlias(node)) return convert(node.resolve(doc as Document), depth + 1);
    if (isScalar(node)) {
      if (node.tag === '!include') {
        const ref = new IncludeRef(String(node.value), { file, line: lineOf(node) });
        includes.push(ref);
        return ref;
      }
      return node.value;
    }
    if (isSeq(node)) {
      const out: unknown[] = [];
      const spot: NodeSpot = { file, line: lineOf(node), keys: new Map(), items: [] };
      for (const item of node.items) {
        spot.items.push(lineOf(item as Node));
        out.push(convert(item, depth + 1));
      }
      spots.set(out, spot);
      return out;
    }
    if (isMap(node)) {
      const out: Record<string, unknown> = Object.create(null) as Record<string, unknown>;
      const spot: NodeSpot = { file, line: lineOf(node), keys: new Map(), items: [] };
      const merges: unknown[] = [];
      for (const pair of node.items) {
        const keyNode = pair.key as Node | null;
        const key = isScalar(keyNode) ? String(keyNode.value ?? '') : String(convert(keyNode, depth + 1));
        if (key === '<<') {
          const value = convert(pair.value, depth + 1);
          merges.push(...(Array.isArray(value) ? value : [value]));
          // A marker key keeps the merge's place among the explicit keys (later keys win).
          out[`<<${merges.length}`] = new MergeRef(Array.isArray(value) ? value : [value], { file, line: lineOf(keyNode) });
          continue;
        }
        spot.keys.set(key, lineOf(keyNode));
        out[key] = convert(pair.value, depth + 1);
      }
      spots.set(out, spot);
      return out;
    }
    return node ?? null;
  };
  const root = convert(doc.contents, 0);
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
