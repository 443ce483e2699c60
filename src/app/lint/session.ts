/**
 * The lint session: what breaks mail and the web, from the zone files alone (no API call). Each
 * file is linted as it is read (a file that does not load keeps its errors and is not linted); a
 * fragment given alone is linted in a stand-in zone (src/core/lint, `fragmentAlone`). Findings
 * keep the checks' severities (errors: what breaks mail or validation for every receiver); with
 * `strict`, every finding is an error. A fragment's finding is reported once, in the fragment's
 * entry, however many zones include it. `lint.ignore` of zonectl.yaml applies to every zone.
 */
import { checkLintIgnore, lintZone } from '../../core/lint/index.js';
import type { Problem } from '../../core/yaml/index.js';
import type { LintIgnoreEntry } from '../../core/zonefile/index.js';
import { type CheckedZoneFile, checkRepositoryConfig, checkZoneFiles } from '../files/index.js';
import type { SessionOutput } from '../session/index.js';

export interface LintRequest {
  readonly paths: readonly string[];
  /** Findings are errors (exit 1). */
  readonly strict: boolean;
  /** `--config FILE`: the repository configuration (default: zonectl.yaml found upwards). */
  readonly config?: string | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
}

export interface LintedFile {
  readonly path: string;
  readonly zone?: string;
  /** The file's own errors (it did not load). */
  readonly errors: readonly Problem[];
  readonly findings: readonly Problem[];
}

export type LintEvent = { readonly kind: 'file-linted'; readonly file: LintedFile };

export interface LintResult {
  readonly files: readonly LintedFile[];
  /** A file did not load, or a finding is an error (every finding with `strict`). */
  readonly failed: boolean;
}

/** The findings of one loaded file: a zone, or a fragment read alone. */
function findingsOf(f: CheckedZoneFile, ignore: readonly LintIgnoreEntry[]): Problem[] {
  if (f.config) return lintZone(f.config, { ignore });
  if (f.fragment?.alone) return lintZone(f.fragment.alone, { fragmentAlone: true, ignore });
  return [];
}

const keyOf = (p: Problem): string => `${p.file}\0${p.line}\0${p.col}\0${p.path}\0${p.code ?? p.message}`;

/** A finding and the zone whose lint found it (none: a fragment alone, zonectl.yaml). */
export interface Found {
  readonly problem: Problem;
  readonly zone?: string;
}

/** A finding once, and the zones that found it (a fragment's: each zone that includes it). */
export interface FoundOnce {
  /** Naming the zones that found it when there are several (`withZones`). */
  readonly problem: Problem;
  readonly zones: readonly string[];
}

/** ` (in each of the 2 zones that include it: a.com, b.org)` before the closing ` [CODE]` of a fragment's finding several zones found. */
function withZones(p: Problem, zones: readonly string[]): Problem {
  if (zones.length < 2) return p;
  const note = ` (in each of the ${zones.length} zones that include it: ${zones.join(', ')})`;
  const tag = / \[[A-Z0-9_]+\]$/.exec(p.message);
  const message = tag ? `${p.message.slice(0, tag.index)}${note}${tag[0]}` : `${p.message}${note}`;
  return { ...p, message };
}

/**
 * The lint findings of the loaded zone files (and, with `alone`, of the fragments read alone),
 * each with the zone that found it; `severity` sets each finding's severity.
 */
export function lintFiles(
  files: readonly CheckedZoneFile[],
  ignore: readonly LintIgnoreEntry[],
  options: { readonly alone: boolean; readonly severity: (p: Problem) => Problem },
): Found[] {
  return files
    .filter((f) => options.alone || f.config !== undefined)
    .flatMap((f) => findingsOf(f, ignore).map((p) => ({ problem: options.severity(p), ...(f.config ? { zone: f.config.zone } : {}) })));
}

/**
 * Each finding once, whichever zones found it (a fragment's finding, found in each zone that
 * includes it, is one finding at the fragment's file and line), naming those zones when several.
 */
export function findingsOnce(found: readonly Found[]): FoundOnce[] {
  const once = new Map<string, { problem: Problem; zones: string[] }>();
  for (const { problem, zone } of found) {
    const key = keyOf(problem);
    const seen = once.get(key);
    if (seen === undefined) once.set(key, { problem, zones: zone === undefined ? [] : [zone] });
    else if (zone !== undefined && !seen.zones.includes(zone)) seen.zones.push(zone);
  }
  return [...once.values()].map(({ problem, zones }) => ({ problem: withZones(problem, zones), zones }));
}

/**
 * Each finding in the entry of the file that writes it, once: a fragment's findings go to the
 * fragment's entry (the file given, or one added after the files given), whichever zone found it,
 * naming the zones that found it when there are several.
 */
function byFile(files: readonly CheckedZoneFile[], found: readonly Found[]): LintedFile[] {
  const entries = new Map<string, { path: string; zone?: string; errors: Problem[]; findings: Problem[] }>();
  for (const f of files) {
    const errors = f.problems.filter((p) => p.severity === 'error');
    entries.set(f.path, { path: f.path, ...(f.config ? { zone: f.config.zone } : {}), errors, findings: [] });
  }
  for (const { problem } of findingsOnce(found)) {
    let entry = entries.get(problem.file);
    if (entry === undefined) {
      entry = { path: problem.file, errors: [], findings: [] };
      entries.set(problem.file, entry);
    }
    entry.findings.push(problem);
  }
  for (const e of entries.values()) e.findings.sort((a, b) => a.line - b.line || a.col - b.col);
  return [...entries.values()];
}

export async function runLint(request: LintRequest, output: SessionOutput<LintEvent>): Promise<LintResult> {
  const options = request.config !== undefined ? { config: request.config } : {};
  const checked = await checkZoneFiles(request.paths, request.env, options);
  // zonectl.yaml: its own problems (not its checks of zone files' `account:`, which validate makes).
  const repo = await checkRepositoryConfig(request.paths, [], request.config, request.env);
  const ignore = repo.config?.lintIgnore ?? [];
  const configFile: CheckedZoneFile[] = repo.problems.length > 0 ? [{ path: repo.problems[0]!.file, problems: repo.problems }] : [];
  const all = [...configFile, ...checked];
  const severity = (p: Problem): Problem => (request.strict ? { ...p, severity: 'error' } : p);
  const found: Found[] = [
    ...checkLintIgnore(ignore).map((p) => ({ problem: severity(p) })),
    ...lintFiles(all, ignore, { alone: true, severity }),
  ];
  const files = byFile(all, found);
  for (const file of files) output.emit({ kind: 'file-linted', file });
  const failed = files.some((f) => f.errors.length > 0 || f.findings.some((p) => p.severity === 'error'));
  return { files, failed };
}
