/**
 * The validate session: every file given (a directory: every zone file under it) checked without
 * calling the API: YAML, schema, the service's rules, the lint checks (warnings; errors with
 * `strict`), and the repository configuration with each zone file's `account:`. Each file is told
 * as it is checked; the result says whether all are valid.
 */
import type { Problem } from '../../core/yaml/index.js';
import { relative, resolve } from 'node:path';
import type { LintIgnoreEntry } from '../../core/zonefile/index.js';
import { type CheckedZoneFile, checkRepositoryConfig, checkZoneFiles, findRepoConfig } from '../files/index.js';
import { findingsOnce, lintFiles } from '../lint/index.js';
import type { SessionOutput } from '../session/index.js';

export interface ValidateRequest {
  readonly paths: readonly string[];
  /** Lint findings are errors. */
  readonly strict: boolean;
  /** `--config FILE`: the repository configuration (default: zonectl.yaml found upwards). */
  readonly config?: string | undefined;
  readonly env: Readonly<Record<string, string | undefined>>;
}

/** A file checked: the configuration's own problems come first, as an entry of their own. */
export type ValidateEvent = { readonly kind: 'file-checked'; readonly file: CheckedZoneFile };

export interface ValidateResult {
  readonly files: readonly CheckedZoneFile[];
  readonly valid: boolean;
  /**
   * The repository configuration the run reads (`--config`, else zonectl.yaml found upwards),
   * relative to the working directory: every zone of the run depends on it, as on its own file
   * and fragments (`validate --format json`: `depends_on`).
   */
  readonly repositoryConfig?: string;
  /** The lint findings among the files' problems that `zonectl lint` reports as errors (here warnings, unless `strict`). */
  readonly lintErrors: ReadonlySet<Problem>;
}

/** The problems of a file, apart from the closing count of those not kept. */
export function listedProblems(f: CheckedZoneFile): Problem[] {
  return f.problems.filter((p) => p.omitted === undefined);
}

/** Errors and warnings of a file, counting those the loader only counted; `more` when that count is a lower bound. */
export function problemCounts(f: CheckedZoneFile): { errors: number; warnings: number; more: boolean } {
  let errors = 0;
  let warnings = 0;
  let more = false;
  for (const p of f.problems) {
    if (p.omitted) {
      errors += p.omitted.errors;
      warnings += p.omitted.warnings;
      more ||= !p.omitted.complete;
    } else if (p.severity === 'error') {
      errors += 1;
    } else {
      warnings += 1;
    }
  }
  return { errors, warnings, more };
}

/** A zone file, an account file or a fragment, loaded without errors. */
export function isValidFile(f: CheckedZoneFile): boolean {
  return (f.config !== undefined || f.account !== undefined || f.fragment !== undefined) && problemCounts(f).errors === 0;
}

/**
 * The loaded zone files' lint findings join the problems: warnings (lint's errors too: validate
 * never refuses what the service holds, docs/checks.md), or errors with `strict`. Each finding
 * once, as `zonectl lint` reports it (src/app/lint): a fragment's, found in every zone that
 * includes it, is one finding at the fragment's file and line, on the fragment's entry when the
 * fragment was given, else on the entry of the first zone that found it.
 */
function withLint(
  files: readonly CheckedZoneFile[],
  strict: boolean,
  ignore: readonly LintIgnoreEntry[],
  lintErrors: Set<Problem>,
): CheckedZoneFile[] {
  const found = findingsOnce(lintFiles(files, ignore, { alone: false, severity: (p) => p }));
  const fileOfZone = new Map(files.flatMap((f) => (f.config ? [[f.config.zone, f.path] as const] : [])));
  const added = new Map<string, Problem[]>();
  for (const { problem: asLinted, zones } of found) {
    const problem: Problem = { ...asLinted, severity: strict ? 'error' : 'warning' };
    if (asLinted.severity === 'error') lintErrors.add(problem);
    // Every finding here was found by a zone (`alone: false`), whose file is an entry.
    const entry = files.some((f) => f.path === problem.file) ? problem.file : fileOfZone.get(zones[0] ?? '');
    if (entry === undefined) continue;
    added.set(entry, [...(added.get(entry) ?? []), problem]);
  }
  return files.map((f) => {
    const findings = added.get(f.path);
    return findings === undefined ? f : { ...f, problems: [...f.problems, ...findings] };
  });
}

/**
 * The repository configuration's problems: its own (an entry of their own) and those of each
 * zone file's `account:` (on that file's entry).
 */
async function withRepositoryConfig(
  request: ValidateRequest,
  checked: readonly CheckedZoneFile[],
): Promise<{ files: CheckedZoneFile[]; lintIgnore: readonly LintIgnoreEntry[] }> {
  const repo = await checkRepositoryConfig(
    request.paths,
    checked.flatMap((f) => (f.config ? [f.config] : [])),
    request.config,
    request.env,
  );
  const withAccounts = checked.map((f) => {
    const own = repo.problems.filter((p) => p.file === f.path);
    return own.length === 0 ? f : { ...f, problems: [...f.problems, ...own] };
  });
  const ofConfig = repo.problems.filter((p) => !checked.some((f) => f.path === p.file));
  const files = ofConfig.length === 0 ? withAccounts : [{ path: ofConfig[0]!.file, problems: ofConfig }, ...withAccounts];
  return { files, lintIgnore: repo.config?.lintIgnore ?? [] };
}

export async function runValidate(request: ValidateRequest, output: SessionOutput<ValidateEvent>): Promise<ValidateResult> {
  const options = request.config !== undefined ? { config: request.config } : {};
  const checked = await checkZoneFiles(request.paths, request.env, options);
  // zonectl.yaml's `lint.ignore` applies to every zone's lint findings.
  const repo = await withRepositoryConfig(request, checked);
  const lintErrors = new Set<Problem>();
  const files = withLint(repo.files, request.strict, repo.lintIgnore, lintErrors);
  for (const file of files) output.emit({ kind: 'file-checked', file });
  const repositoryConfig = request.config ?? findRepoConfig(request.paths);
  return {
    files,
    valid: files.every(isValidFile),
    lintErrors,
    ...(repositoryConfig !== undefined ? { repositoryConfig: relative(process.cwd(), resolve(repositoryConfig)) } : {}),
  };
}
