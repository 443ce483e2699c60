/**
 * The lint session: what breaks mail and the web, from the zone files alone (no API call). Each
 * file is linted as it is read (a file that does not load keeps its errors and is not linted);
 * with `strict`, findings are errors.
 */
import { lintZone } from '../../core/lint/index.js';
import type { Problem } from '../../core/yaml/index.js';
import { type CheckedZoneFile, checkZoneFiles } from '../files/index.js';
import type { SessionOutput } from '../session/index.js';

export interface LintRequest {
  readonly paths: readonly string[];
  /** Findings are errors (exit 1). */
  readonly strict: boolean;
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
  /** A file did not load, or (strict) a finding. */
  readonly failed: boolean;
}

function lintFile(f: CheckedZoneFile, strict: boolean): LintedFile {
  const errors = f.problems.filter((p) => p.severity === 'error');
  const findings = f.config === undefined ? [] : lintZone(f.config).map((p): Problem => (strict ? { ...p, severity: 'error' } : p));
  return { path: f.path, ...(f.config ? { zone: f.config.zone } : {}), errors, findings };
}

export async function runLint(request: LintRequest, output: SessionOutput<LintEvent>): Promise<LintResult> {
  const files = (await checkZoneFiles(request.paths, request.env)).map((f) => lintFile(f, request.strict));
  for (const file of files) output.emit({ kind: 'file-linted', file });
  const failed = files.some((f) => f.errors.length > 0) || (request.strict && files.some((f) => f.findings.length > 0));
  return { files, failed };
}
