/**
 * The report of `plan` and `drift` (src/app/plan `RunReport`): each zone's output, failures as
 * error lines, a summary table for many zones, report files (`--out`, `--report FORMAT=FILE`),
 * and the GitHub job summary.
 */
import { appendFileSync } from 'node:fs';
import type { ChangedSelection } from '../../../app/files/index.js';
import { redact, writeOutputFile } from '../../../app/output/index.js';
import type { RunReport } from '../../../app/engine/index.js';
import { renderMarkdownReport } from '../../../core/render/render-markdown.js';
import type { TextStyle } from '../../../core/render/render-text.js';
import type { ReportKind, ZoneReport } from '../../../core/drift/index.js';
import { printableLines } from '../../../core/text/index.js';
import { errorLine } from '../../output/error-line.js';
import { currentVerbosity, log, out, styleFor } from '../../output/io.js';
import { markdownReport, renderReport, type OutputFormat, type ReportFile, type ReportInput } from './report-formats.js';

const plainStyle: TextStyle = { green: (s) => s, yellow: (s) => s, red: (s) => s, dim: (s) => s, bold: (s) => s };

/** The `changed_since` object of `plan --format json`. */
export function changedSinceJson(s: ChangedSelection): Record<string, unknown> {
  return {
    ref: s.changes.ref,
    base: s.changes.base,
    planned: s.configs.map((c) => ({ zone: c.zone, file: c.file, reason: s.reasons.get(c.file) })),
    skipped: s.skipped.map((c) => ({ zone: c.zone, file: c.file, reason: 'unchanged' })),
    deleted_files: s.deleted,
  };
}

/** What `printReport` is told beyond the report and the format. */
export interface ReportOptions {
  /** `drift --tokens`: list the tokens no file lists instead of counting them. */
  readonly listTokens?: boolean;
  /** `--out FILE` (the JSON report) and `--report FORMAT=FILE`: files written besides stdout. */
  readonly files?: readonly ReportFile[];
}

/**
 * Prints the report: each zone's output, failures as error lines, a summary table for many zones.
 * Tokens no file lists are one counting line unless `listTokens` (drift --tokens) or --verbose;
 * JSON always lists them. Report files are written first (a failed write is an error line and
 * exit 1, the report on stdout is still printed).
 */
export function printReport(
  run: RunReport,
  format: OutputFormat,
  options: ReportOptions = {},
  env: Readonly<Record<string, string | undefined>> = process.env,
): void {
  const input: ReportInput = {
    kind: run.kind,
    reports: run.reports,
    listTokens: options.listTokens === true || currentVerbosity() === 'verbose',
    now: new Date(),
    ...(run.unmanagedZones ? { unmanagedZones: run.unmanagedZones } : {}),
    ...(run.changedSince ? { jsonExtra: { changed_since: changedSinceJson(run.changedSince) } } : {}),
    report: run.drift,
  };
  for (const r of run.reports) if (r.kind === 'failed') log(errorLine(r.code, `${r.zone}: ${r.message}`));
  // Files get the rule of every output (src/core/text/printable.ts) as stdout does (io.ts): each
  // renderer escapes its values, and what one missed is escaped here (JSON: its own escapes).
  for (const f of options.files ?? []) writeOutputFile(f.file, escapedChunks(renderReport(input, f.format, plainStyle)));
  for (const chunk of renderReport(input, format, styleFor(process.stdout))) out(chunk);
  if (env.GITHUB_ACTIONS === 'true') appendStepSummary(run.kind, run.reports, env, markdownReport(input));
}

function* escapedChunks(chunks: Iterable<string>): Generator<string> {
  for (const chunk of chunks) yield printableLines(chunk);
}

/**
 * On GitHub Actions, the Markdown report is appended to the job summary
 * (https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands#adding-a-job-summary).
 */
export function appendStepSummary(
  kind: ReportKind,
  reports: readonly ZoneReport[],
  env: Readonly<Record<string, string | undefined>>,
  markdown?: string,
): void {
  const file = env.GITHUB_STEP_SUMMARY;
  if (env.GITHUB_ACTIONS !== 'true' || file === undefined || file === '') return;
  try {
    appendFileSync(file, printableLines(redact(markdown ?? renderMarkdownReport(reports, { kind }))));
  } catch (error) {
    log(`zonectl: warning: cannot append to GITHUB_STEP_SUMMARY (${error instanceof Error ? error.message : String(error)})`);
  }
}
