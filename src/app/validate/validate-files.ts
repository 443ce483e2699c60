/**
 * The validate session: every file given (a directory: every zone file under it) checked without
 * calling the API: YAML, schema, the service's rules, the lint checks (warnings; errors with
 * `strict`), and the repository configuration with each zone file's `account:`. Each file is told
 * as it is checked; the result says whether all are valid.
 */
import { lintZone } from '../../core/lint/index.js';
import type { Problem } from '../../core/yaml/index.js';
import type { LintIgnoreEntry } from '../../core/zonefile/index.js';
import { type CheckedZoneFile, checkRepositoryConfig, checkZoneFiles } from '../files/index.js';
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
 * A valid file's lint findings join its problems: warnings (lint's errors too: validate never
 * refuses what the service holds, docs/checks.md), or errors with `strict`.
 */
function withLint(f: CheckedZoneFile, strict: boolean, ignore: readonly LintIgnoreEntry[]): CheckedZoneFile {
  if (!f.config) return f;
  const findings = lintZone(f.config, { ignore }).map((p): Problem => ({ ...p, severity: strict ? 'error' : 'warning' }));
  return findings.length === 0 ? f : { ...f, problems: [...f.problems, ...findings] };
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
  const files = repo.files.map((f) => withLint(f, request.strict, repo.lintIgnore));
  for (const file of files) output.emit({ kind: 'file-checked', file });
  return { files, valid: files.every(isValidFile) };
}
