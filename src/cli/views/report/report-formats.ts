/**
 * The report of `plan` / `drift` in each output format, as chunks of text: what `--format`
 * prints on stdout and what `--out` / `--report FORMAT=FILE` write to files. The renderers are
 * pure (src/core/render); this file only picks one and gives it the clock and the style.
 */
import type { UnmanagedZone } from '../../../app/engine/index.js';
import { assertNever, ZonectlError } from '../../../core/errors.js';
import { printable } from '../../../core/text/index.js';
import { renderBaselineMarkdown, renderBaselineText } from '../../../core/render/render-baseline.js';
import type { DriftReport } from '../../../core/drift/index.js';
import { renderHtmlReport } from '../../../core/render/html/render-html.js';
import { jsonAccount, renderAccountText } from '../../../core/render/render-account.js';
import { renderJson } from '../../../core/render/render-json.js';
import { renderJunit } from '../../../core/render/render-junit.js';
import { GITHUB_COMMENT_LIMIT, renderMarkdownReport } from '../../../core/render/render-markdown.js';
import { renderSlack } from '../../../core/render/render-slack.js';
import { renderSummaryTable } from '../../../core/render/render-summary.js';
import { renderText, type TextStyle } from '../../../core/render/render-text.js';
import type { ReportKind, ZoneReport } from '../../../core/drift/index.js';
import { unmanagedZoneLine, unmanagedZonesHeading } from '../../../core/render/unmanaged-zones.js';

export const OUTPUT_FORMATS = ['text', 'json', 'markdown', 'html', 'junit', 'slack'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

export interface ReportInput {
  readonly kind: ReportKind;
  readonly reports: readonly ZoneReport[];
  readonly listTokens: boolean;
  readonly unmanagedZones?: readonly UnmanagedZone[];
  /** More top-level fields of the JSON document (e.g. `changed_since`). */
  readonly jsonExtra?: Record<string, unknown>;
  /** The run as drift items (marked against the baseline, if any): buildDriftReport. */
  readonly report: DriftReport;
  /** The run's time (the renderers read no clock). */
  readonly now: Date;
}

/** `drift --unmanaged-zones` in text: a heading and one line per zone (names escaped for the terminal). */
export function describeUnmanagedZones(zones: readonly UnmanagedZone[]): string[] {
  return [unmanagedZonesHeading(zones.length), ...zones.map((z) => `  ${unmanagedZoneLine(z)}`)];
}

function jsonDocument(input: ReportInput, report: DriftReport): string {
  const plans = input.reports.flatMap((r) => (r.kind === 'planned' ? [r.plan] : []));
  const accounts = input.reports.flatMap((r) => (r.kind === 'account' ? [jsonAccount(r.plan)] : []));
  const failed = input.reports.flatMap((r) =>
    r.kind === 'failed' ? [{ zone: r.zone, file: r.file, code: r.code, message: r.message }] : [],
  );
  return renderJson(
    plans,
    {
      ...(input.jsonExtra ?? {}),
      ...(failed.length > 0 ? { errors: failed } : {}),
      ...(accounts.length > 0 ? { accounts } : {}),
      ...(input.unmanagedZones ? { unmanaged_zones: input.unmanagedZones } : {}),
    },
    report,
  );
}

function* textChunks(input: ReportInput, report: DriftReport, style: TextStyle): Generator<string> {
  const plans = input.reports.flatMap((r) => (r.kind === 'planned' ? [r.plan] : []));
  const listing = { listTokens: input.listTokens, kind: input.kind, report };
  if (report.baseline !== undefined) yield `${renderBaselineText(report)}\n`;
  // What the audit log could not tell, said once for the run.
  for (const note of report.audit?.notes ?? []) yield `note: audit log: ${printable(note)}\n`;
  if (plans.length > 0) yield renderText(plans, style, listing);
  for (const r of input.reports)
    if (r.kind === 'account') yield `${plans.length > 0 ? '\n' : ''}${renderAccountText(r.plan, style, input.kind)}`;
  if (input.reports.length > 1) yield `\n${renderSummaryTable(input.reports)}`;
  if (input.unmanagedZones) yield `\n${describeUnmanagedZones(input.unmanagedZones).join('\n')}\n`;
}

export function markdownReport(input: ReportInput, report: DriftReport = input.report): string {
  const listing = { listTokens: input.listTokens };
  const head = report.baseline !== undefined ? `${renderBaselineMarkdown(report)}\n` : '';
  // The baseline section counts against the same comment limit.
  const main = renderMarkdownReport(input.reports, { kind: input.kind, ...listing, report, limit: GITHUB_COMMENT_LIMIT - 1 - head.length });
  const zones = input.unmanagedZones
    ? `\n${describeUnmanagedZones(input.unmanagedZones)
        .map((l, i) => (i === 0 ? l : `- \`${l.trim()}\``))
        .join('\n')}\n`
    : '';
  return `${head}${main}${zones}`;
}

/** The report in `format`, as chunks to write in order. */
export function* renderReport(input: ReportInput, format: OutputFormat, style: TextStyle): Generator<string> {
  const report = input.report;
  const unmanaged = input.unmanagedZones !== undefined ? { unmanagedZones: input.unmanagedZones } : {};
  switch (format) {
    case 'json':
      yield jsonDocument(input, report);
      return;
    case 'markdown':
      yield markdownReport(input, report);
      return;
    case 'text':
      yield* textChunks(input, report, style);
      return;
    case 'html':
      yield* renderHtmlReport(report, { generatedAt: input.now.toISOString(), ...unmanaged });
      return;
    case 'junit':
      yield renderJunit(report, { timestamp: input.now.toISOString().slice(0, 19), ...unmanaged });
      return;
    case 'slack':
      yield renderSlack(report, unmanaged);
      return;
    default:
      assertNever(format, 'output format');
  }
}

/** `--report FORMAT=FILE` (repeatable): more reports of the same run, written to files. */
export interface ReportFile {
  readonly format: OutputFormat;
  readonly file: string;
}

/** One `--report FORMAT=FILE`. */
export function parseReportFile(value: string): ReportFile {
  const m = /^([a-z]+)=(.+)$/.exec(value);
  const format = m?.[1] as OutputFormat | undefined;
  if (m === null || format === undefined || !OUTPUT_FORMATS.includes(format)) {
    throw new ZonectlError(
      'BAD_FLAG',
      `--report takes FORMAT=FILE with FORMAT one of ${OUTPUT_FORMATS.join(', ')}, got "${printable(value)}"`,
    );
  }
  return { format, file: m[2]! };
}
