/**
 * What `zonectl lint` shows of its session (src/app/lint). Findings are results: one line each on
 * stdout (`FILE:LINE:COL PATH: warning: message`), then a summary line per file; a file that does
 * not load prints its errors the same way. `--format json`: one document on stdout (every finding
 * in the shape `validate --format json` uses, a summary per file and for the run); `--format
 * sarif`: a SARIF 2.1.0 log of the same (src/core/render/render-sarif.ts). `--list`: the check
 * registry (every zone-file rule and lint check) instead, as a table or one document.
 */
import type { LintedFile, LintEvent, LintResult } from '../../app/lint/index.js';
import type { RunEvent, SessionOutput } from '../../app/session/index.js';
import { renderCheckJson, renderCheckTable } from '../../core/render/render-checks.js';
import { renderSarif } from '../../core/render/render-sarif.js';
import { printable } from '../../core/text/index.js';
import { formatProblem, type Problem } from '../../core/yaml/index.js';
import { out } from '../output/io.js';
import { jsonProblem } from '../output/json-error.js';
import { VERSION } from '../version.js';

export const LINT_FORMATS = ['text', 'json', 'sarif'] as const;
export type LintFormat = (typeof LINT_FORMATS)[number];

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

const countOf = (f: LintedFile, severity: Problem['severity']): number => f.findings.filter((p) => p.severity === severity).length;

/** `zones/a.com.yaml: 1 error, 2 warnings`: the findings printed above it, by severity. */
function summaryLine(f: LintedFile): string {
  if (f.errors.length > 0) return `${printable(f.path)}: ${plural(f.errors.length, 'error')} (not linted)`;
  if (f.findings.length === 0) return `${printable(f.path)}: no findings`;
  return `${printable(f.path)}: ${plural(countOf(f, 'error'), 'error')}, ${plural(countOf(f, 'warning'), 'warning')}`;
}

/** The closing hint: how to silence the checks that found something (never a file's own errors). */
function silenceLine(files: readonly LintedFile[]): string | undefined {
  const ids = [
    ...new Set(
      files.flatMap((f) => f.findings.flatMap((p) => (p.code?.startsWith('lint.') && p.code !== 'lint.ignore-unknown' ? [p.code] : []))),
    ),
  ];
  if (ids.length === 0) return undefined;
  return `silence a check where the team decides with lint: { ignore: [${ids.join(', ')}] } in the zone file or zonectl.yaml`;
}

function renderLintJson(files: readonly LintedFile[], failed: boolean): string {
  const doc = {
    format_version: 1,
    command: 'lint',
    ok: !failed,
    files: files.map((f) => ({
      file: f.path,
      ...(f.zone !== undefined ? { zone: f.zone } : {}),
      linted: f.errors.length === 0,
      errors: f.errors.length,
      findings: f.findings.length,
      finding_errors: countOf(f, 'error'),
      finding_warnings: countOf(f, 'warning'),
      problems: [...f.errors, ...f.findings].map(jsonProblem),
    })),
    summary: {
      files: files.length,
      not_linted: files.filter((f) => f.errors.length > 0).length,
      findings: files.reduce((n, f) => n + f.findings.length, 0),
      finding_errors: files.reduce((n, f) => n + countOf(f, 'error'), 0),
      finding_warnings: files.reduce((n, f) => n + countOf(f, 'warning'), 0),
    },
  };
  return JSON.stringify(doc, null, 2);
}

/**
 * The view of one run: each file's lines as it is linted (text), then, at the run's end
 * (`finished`, told by the runner with the result), the summaries or the document. A run that
 * threw has no result: the error line says why.
 */
export function lintView(format: LintFormat): SessionOutput<LintEvent | RunEvent<LintResult>> {
  const showEnd = (result: LintResult): void => {
    if (format === 'json') out(renderLintJson(result.files, result.failed));
    else if (format === 'sarif')
      out(
        renderSarif(
          result.files.flatMap((f) => [...f.errors, ...f.findings]),
          { version: VERSION, command: 'lint' },
        ),
      );
    else {
      for (const f of result.files) out(summaryLine(f));
      const silence = silenceLine(result.files);
      if (silence !== undefined) out(silence);
    }
  };
  return {
    emit(event) {
      if (event.kind === 'finished') {
        if (event.result !== undefined) showEnd(event.result);
        return;
      }
      if (event.kind !== 'file-linted') return;
      if (format === 'text') for (const p of [...event.file.errors, ...event.file.findings]) out(formatProblem(p));
    },
  };
}

/** `--list`: every check zonectl runs. */
export function printCheckList(format: 'text' | 'json'): void {
  out(format === 'json' ? renderCheckJson() : renderCheckTable());
}
