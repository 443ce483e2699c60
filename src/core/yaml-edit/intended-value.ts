/**
 * What the document means once the edits are made, computed on its value as zonectl's reader
 * reads it (merge keys resolved): the oracle the written text is checked against (verify.ts).
 * Indexes are the original document's, as in the edits.
 */
import equal from 'fast-deep-equal';
import { isPlainObject } from './render-value.js';
import type { YamlEdit, YamlPath } from './types.js';

/** A deep copy that shares nothing (an alias read twice becomes two values). */
export function copyValue<T>(value: T): T {
  if (Array.isArray(value)) return value.map((v: unknown) => copyValue(v)) as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k] = copyValue(v);
    return out as T;
  }
  return value;
}

/** The value at `path` (undefined where there is none). */
export function valueAt(root: unknown, path: YamlPath): unknown {
  let v: unknown = root;
  for (const s of path) {
    if (typeof s === 'number') v = Array.isArray(v) ? v[s] : undefined;
    else v = isPlainObject(v) && Object.hasOwn(v, s) ? v[s] : undefined;
    if (v === undefined) return undefined;
  }
  return v;
}

export function sameValue(a: unknown, b: unknown): boolean {
  return equal(a, b);
}

/** `value` set at `path` in `root` (a mutable copy), making the mappings missing on the way. */
export function setIn(root: Record<string, unknown> | unknown[], path: YamlPath, value: unknown): void {
  let v: unknown = root;
  for (let i = 0; i < path.length - 1; i += 1) {
    const s = path[i]!;
    const holder = v as Record<string | number, unknown>;
    let next = holder[s];
    if (next === null || typeof next !== 'object') {
      next = {};
      holder[s] = next;
    }
    v = next;
  }
  (v as Record<string | number, unknown>)[path[path.length - 1]!] = copyValue(value);
}

/** The value of the document once `edits` are made. */
export function intendedValue(original: unknown, edits: readonly YamlEdit[]): unknown {
  const root = { doc: copyValue(original) };
  const at = (path: YamlPath): YamlPath => ['doc', ...path];
  const sequences = new Map<unknown[], { removed: Set<number>; inserts: Array<{ index: number; value: unknown }> }>();
  const seqOf = (path: YamlPath): { removed: Set<number>; inserts: Array<{ index: number; value: unknown }> } | undefined => {
    const arr = valueAt(root, at(path));
    if (!Array.isArray(arr)) return undefined;
    let entry = sequences.get(arr);
    if (!entry) {
      entry = { removed: new Set(), inserts: [] };
      sequences.set(arr, entry);
    }
    return entry;
  };
  // Values first (their paths use the original indexes), then the sequences' items.
  const structural: YamlEdit[] = [];
  for (const e of edits) {
    if (e.kind === 'set') setIn(root, at(e.path), e.value);
    else if (e.kind === 'update') {
      const holder = valueAt(root, at(e.path));
      if (!isPlainObject(holder)) {
        const fields = Object.fromEntries(Object.entries(e.fields).filter(([, v]) => v !== undefined));
        setIn(root, at(e.path), fields);
      } else
        for (const [k, v] of Object.entries(e.fields)) {
          if (v === undefined) delete holder[k];
          else holder[k] = copyValue(v);
        }
    } else structural.push(e);
  }
  for (const e of structural) {
    if (e.kind === 'remove') {
      const last = e.path[e.path.length - 1];
      const parentPath = e.path.slice(0, -1);
      if (typeof last === 'number') seqOf(parentPath)?.removed.add(last);
      else {
        const holder = valueAt(root, at(parentPath));
        if (isPlainObject(holder) && last !== undefined) delete holder[last];
      }
    } else if (e.kind === 'insert') {
      const existing = valueAt(root, at(e.path));
      if (!Array.isArray(existing)) setIn(root, at(e.path), []);
      seqOf(e.path)?.inserts.push({ index: e.index, value: copyValue(e.value) });
    }
  }
  for (const [arr, { removed, inserts }] of sequences) {
    const out: unknown[] = [];
    for (let i = 0; i <= arr.length; i += 1) {
      for (const ins of inserts) if (ins.index === i || (i === arr.length && ins.index > arr.length)) out.push(ins.value);
      if (i < arr.length && !removed.has(i)) out.push(arr[i]);
    }
    arr.splice(0, arr.length, ...out);
  }
  return root.doc;
}

/** The first path where two values differ, for the message of a failed check. */
export function firstDifference(a: unknown, b: unknown, path: Array<string | number> = []): Array<string | number> | undefined {
  if (equal(a, b)) return undefined;
  if (Array.isArray(a) && Array.isArray(b)) {
    for (let i = 0; i < Math.max(a.length, b.length); i += 1) {
      const d = firstDifference(a[i], b[i], [...path, i]);
      if (d) return d;
    }
  } else if (isPlainObject(a) && isPlainObject(b)) {
    for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
      const d = firstDifference(a[k], b[k], [...path, k]);
      if (d) return d;
    }
  }
  return path;
}
