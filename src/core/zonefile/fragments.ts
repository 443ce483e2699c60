/**
 * Shared fragments (`include:`): a zone file lists fragment files (records, defaults and
 * `manage.ignore`, no `zone`) whose records join its own. The caller reads the files
 * (`IncludeReader`, in src/app: paths, the repository's bounds and symlinks are its business);
 * here every fragment is read like a file of its own (YAML, `${VAR}`, schema), includes are
 * followed depth-first, and cycles and repeats are errors at the `include` entry that makes them.
 *
 * A fragment's records are checked by the zone's rules together with the zone's records (so a
 * record written both in the zone and in a fragment is a `record.duplicate` error), but each
 * problem is placed in the fragment's own file and line and says which zone included it:
 * the rules address fragment records as `include[k].records[j]` (and a fragment's defaults as
 * `include[k].defaults`) and `FragmentSink` routes those paths to fragment k's own sink.
 */
import { type Env, type InterpolationOptions, type Problem, type PositionIndex, ProblemSink } from '../yaml/index.js';
import type { DocPath } from '../text/index.js';
import type { RawDefaults, RawManage, RawRecord } from './raw-types.js';
import { hasIssueWithin, invalidItems, readDocument } from './read-document.js';

/** What the caller answers for one `include` entry. */
export type IncludeRead =
  | {
      readonly ok: true /** Path shown in problems and plans. */;
      readonly path: string /** Identity of the file (e.g. its real path): repeats and cycles. */;
      readonly key: string;
      readonly text: string;
    }
  | { readonly ok: false; readonly message: string };

/** Reads the fragment `entry` named in the file `from` (a path as written, relative to that file). */
export type IncludeReader = (from: string, entry: string) => IncludeRead;

/** One fragment, read and checked against the schema. */
export interface LoadedFragment {
  readonly file: string;
  readonly sink: ProblemSink;
  readonly positions: PositionIndex | null;
  /** Records that passed the schema, by index in the fragment's `records`. */
  readonly records: ReadonlyArray<{ readonly index: number; readonly raw: RawRecord }>;
  readonly defaults: RawDefaults;
  readonly ignore: NonNullable<RawManage['ignore']>;
}

/** `include[k].records[j]`: fragment k's record j, as the rules address it. */
export function fragmentRecordPath(k: number, j: number): DocPath {
  return [INCLUDED, k, 'records', j];
}

const INCLUDED = 'include';

/** `include[k].defaults.ttl`: fragment k's own defaults, as the rules address them. */
export function fragmentDefaultsPath(k: number): DocPath {
  return [INCLUDED, k, 'defaults'];
}

/** `include[k].<field>...` (never `include[k]` itself, the entry in the including file) is in fragment k. */
function fragmentOf(path: DocPath): { k: number; rest: DocPath } | undefined {
  if (path.length > 2 && path[0] === INCLUDED && typeof path[1] === 'number' && typeof path[2] === 'string')
    return { k: path[1], rest: path.slice(2) };
  return undefined;
}

/** A zone file's sink that places the problems of fragment records in their fragments. */
export class FragmentSink extends ProblemSink {
  readonly fragments: LoadedFragment[] = [];
  readonly #including: string;

  constructor(file: string, positions: PositionIndex | null) {
    super(file, positions);
    this.#including = file;
  }

  #route(path: DocPath): { sink: ProblemSink; path: DocPath } | undefined {
    const f = fragmentOf(path);
    const fragment = f ? this.fragments[f.k] : undefined;
    return fragment && f ? { sink: fragment.sink, path: f.rest } : undefined;
  }

  override error(code: string, path: DocPath, message: string): void {
    const r = this.#route(path);
    if (r) r.sink.error(code, r.path, message);
    else super.error(code, path, message);
  }

  override warning(code: string, path: DocPath, message: string): void {
    const r = this.#route(path);
    if (r) r.sink.warning(code, r.path, message);
    else super.warning(code, path, message);
  }

  override keyError(code: string, path: DocPath, message: string): void {
    const r = this.#route(path);
    if (r) r.sink.keyError(code, r.path, message);
    else super.keyError(code, path, message);
  }

  override keyWarning(code: string, path: DocPath, message: string): void {
    const r = this.#route(path);
    if (r) r.sink.keyWarning(code, r.path, message);
    else super.keyWarning(code, path, message);
  }

  override lineOf(path: DocPath): number {
    const r = this.#route(path);
    return r ? r.sink.lineOf(r.path) : super.lineOf(path);
  }

  override placeOf(path: DocPath): string {
    if (this.fragments.length === 0) return super.placeOf(path);
    const r = this.#route(path);
    return `${r ? r.sink.file : this.file} line ${this.lineOf(path)}`;
  }

  override get errorCount(): number {
    return this.fragments.reduce((n, f) => n + f.sink.errorCount, super.errorCount);
  }

  /** The zone file's problems, then each fragment's, which say the zone that included it. */
  override finish(): Problem[] {
    const own = super.finish();
    const included = this.fragments.flatMap((f) =>
      f.sink.finish().map((p) => ({ ...p, message: `${p.message} (in fragment ${f.file}, included by ${this.#including})` })),
    );
    return [...own, ...included];
  }
}

const FRAGMENT_ROOT = 'a fragment must be a mapping with `version: 1` and `records`, `defaults` or `manage.ignore`';

/** The fragment file's own checks: YAML, `${VAR}`, schema; undefined read when it is not usable. */
function readFragment(
  path: string,
  text: string,
  env: Env,
  interpolation: InterpolationOptions = {},
): { sink: ProblemSink; fragment?: LoadedFragment; doc?: Record<string, unknown> } {
  const { sink, read } = readDocument({ path, text }, env, FRAGMENT_ROOT, undefined, interpolation);
  if (!read) return { sink };
  const { doc, issues, unresolved, positions } = read;
  const bad = invalidItems(issues, 'records');
  for (const p of unresolved) if (p[0] === 'records' && typeof p[1] === 'number') bad.add(p[1]);
  const rawRecords = Array.isArray(doc.records) ? (doc.records as unknown[]) : [];
  const records = rawRecords.flatMap((raw, index) => (bad.has(index) || !read.complete ? [] : [{ index, raw: raw as RawRecord }]));
  const defaults = hasIssueWithin(issues, ['defaults']) ? {} : ((doc.defaults as RawDefaults | undefined) ?? {});
  const manage = hasIssueWithin(issues, ['manage']) ? undefined : (doc.manage as RawManage | undefined);
  return { sink, doc, fragment: { file: path, sink, positions, records, defaults, ignore: manage?.ignore ?? [] } };
}

/** A fragment has neither `zone` nor `zone_defaults` nor `account_id` (the schema root's branches). */
export function isFragmentDocument(doc: Record<string, unknown>): boolean {
  return doc.zone === undefined && doc.zone_defaults === undefined && doc.account_id === undefined;
}

/**
 * How deep includes nest: a zone file, its fragments, theirs, ... at most this many files below
 * the zone. Real repositories use one or two levels (a zone includes `shared/mail.yaml`, which
 * includes `shared/spf.yaml`); the bound keeps a hostile chain of thousands of files from
 * exhausting the stack or the run: it is an error at the entry that goes deeper, in that zone alone.
 */
export const MAX_INCLUDE_DEPTH = 16;

/**
 * How many fragments one zone (or fragment checked alone) includes in all, directly or not: real
 * zones include a handful. Without a bound, every file of a directory run could include every
 * other one and the run would read the repository once per file (quadratic in its size).
 */
export const MAX_INCLUDED_FILES = 100;

/**
 * Follows the `include` list of `doc` (the file `file`, whose problems go to `sink`): every
 * fragment, depth-first in the order written, into `out`. `chain` holds the keys of the files
 * being included (a cycle; its length is the depth, at most MAX_INCLUDE_DEPTH), `seen` every key
 * included so far in this zone (a repeat).
 */
export function collectFragments(opts: {
  readonly file: string;
  readonly doc: Record<string, unknown>;
  readonly sink: ProblemSink;
  readonly env: Env;
  readonly interpolation?: InterpolationOptions;
  readonly read: IncludeReader | undefined;
  readonly out: LoadedFragment[];
  readonly chain?: readonly string[];
  readonly seen?: Map<string, string>;
}): void {
  const list = Array.isArray(opts.doc.include) ? (opts.doc.include as unknown[]) : [];
  const chain = opts.chain ?? [];
  const seen = opts.seen ?? new Map<string, string>();
  list.forEach((entry, i) => {
    if (typeof entry !== 'string') return; // a schema error already
    const at = [INCLUDED, i];
    if (!opts.read) {
      opts.sink.error('include.unavailable', at, 'includes are read only when zonectl reads the zone file from disk');
      return;
    }
    if (seen.size >= MAX_INCLUDED_FILES) {
      opts.sink.error(
        'include.count',
        at,
        `cannot include ${JSON.stringify(entry)}: the zone already includes ${MAX_INCLUDED_FILES} fragments, directly or through others; include fewer`,
      );
      return;
    }
    if (chain.length >= MAX_INCLUDE_DEPTH) {
      opts.sink.error(
        'include.depth',
        at,
        `cannot include ${JSON.stringify(entry)}: includes nest deeper than ${MAX_INCLUDE_DEPTH} files below the zone file; include fragments from fewer levels`,
      );
      return;
    }
    const got = opts.read(opts.file, entry);
    if (!got.ok) {
      opts.sink.error('include.path', at, `cannot include ${JSON.stringify(entry)}: ${got.message}`);
      return;
    }
    if (chain.includes(got.key)) {
      opts.sink.error('include.cycle', at, `include cycle: ${got.path} includes, directly or through other fragments, ${opts.file}`);
      return;
    }
    const earlier = seen.get(got.key);
    if (earlier !== undefined) {
      opts.sink.error('include.repeat', at, `${got.path} is already included (by ${earlier}); include each fragment once`);
      return;
    }
    seen.set(got.key, opts.file);
    const { fragment, doc, sink } = readFragment(got.path, got.text, opts.env, opts.interpolation);
    if (doc && !isFragmentDocument(doc)) {
      opts.sink.error(
        'include.not-fragment',
        at,
        `${got.path} is a zone or account file (it has \`zone\` or \`zone_defaults\`), not a fragment`,
      );
      return;
    }
    // A fragment that is not a usable document adds its problems and nothing else.
    const loaded = fragment ?? { file: got.path, sink, positions: null, records: [], defaults: {}, ignore: [] };
    opts.out.push(loaded);
    if (doc) collectFragments({ ...opts, file: got.path, doc, sink: loaded.sink, chain: [...chain, got.key], seen });
  });
}
