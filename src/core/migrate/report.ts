/**
 * The migration report of `zonectl import --from octodns|terraform|dnscontrol`: what could not be
 * carried over is said, never dropped. Per zone: the records imported, what is left to the old
 * tool, options that have no zonectl meaning, and what changes meaning on the way (an octoDNS
 * `ignored` record becomes `manage.ignore`, a provider option becomes a zone setting). Pure.
 *
 * The text report shows names and values of files someone else wrote: each one on its line,
 * escaped (src/core/text `printable`), so that no value can print a line of its own (a forged
 * `removed` block among the instructions, issue 39 item 7).
 */
import { printable, printableLines } from '../text/index.js';

export type MigrationSource = 'octodns' | 'terraform' | 'dnscontrol';

/** Where something was read: a file and, when known, its line (1-based). */
export interface SourceSpot {
  readonly file: string;
  readonly line?: number;
}

export type ReportItemKind =
  /** Not imported: the old tool keeps managing it (or nobody does, once the old tool stops). */
  | 'left_to_old_tool'
  /** Read, but zonectl has nothing it would mean: not carried over. */
  | 'no_meaning'
  /** Carried over as something else (said how). */
  | 'meaning_changes';

export interface ReportItem {
  readonly kind: ReportItemKind;
  /** What it is: a record (`www A 192.0.2.1`), a provider option (`min_ttl: 300`), a domain. */
  readonly subject: string;
  /** Why, or what it becomes. */
  readonly detail: string;
  readonly at?: SourceSpot;
}

export interface ZoneReport {
  readonly zone: string;
  /** The zone file written for it (set by the caller that writes it). */
  readonly output?: string;
  readonly imported: number;
  /** API tokens imported into the file's `tokens:` (Terraform), when any. */
  readonly tokens?: number;
  readonly items: readonly ReportItem[];
}

export interface MigrationReport {
  readonly from: MigrationSource;
  readonly zones: readonly ZoneReport[];
  /** What belongs to no imported zone: domains of other providers, providers, unknown resources. */
  readonly other: readonly ReportItem[];
  /** Lines to give the old tool so that it lets go without deleting anything (Terraform). */
  readonly release?: { readonly title: string; readonly text: string };
}

/** Empty: everything was carried over as it was (what `--strict` asks for). */
export function isReportEmpty(report: MigrationReport): boolean {
  return report.other.length === 0 && report.zones.every((z) => z.items.length === 0);
}

const KIND_TITLES: Readonly<Record<ReportItemKind, string>> = {
  left_to_old_tool: 'left to the old tool',
  no_meaning: 'no zonectl meaning (not carried over)',
  meaning_changes: 'meaning changes',
};

const TOOL_NAMES: Readonly<Record<MigrationSource, string>> = {
  octodns: 'octoDNS',
  terraform: 'Terraform',
  dnscontrol: 'DNSControl',
};

function spotText(at: SourceSpot | undefined): string {
  if (at === undefined) return '';
  return ` (${printable(at.file)}${at.line !== undefined ? `:${at.line}` : ''})`;
}

function itemLines(items: readonly ReportItem[], indent: string, tool: string): string[] {
  const lines: string[] = [];
  for (const kind of Object.keys(KIND_TITLES) as ReportItemKind[]) {
    const of = items.filter((i) => i.kind === kind);
    if (of.length === 0) continue;
    lines.push(`${indent}${kind === 'left_to_old_tool' ? `left to ${tool}` : KIND_TITLES[kind]}:`);
    for (const i of of) lines.push(`${indent}  - ${printable(i.subject)}: ${printable(i.detail)}${spotText(i.at)}`);
  }
  return lines;
}

/** The report as text: one block per zone, then what belongs to no zone, then the release instructions. */
export function renderReportText(report: MigrationReport): string {
  const tool = TOOL_NAMES[report.from];
  const lines: string[] = [`Migration report (from ${tool}):`];
  for (const z of report.zones) {
    const tokens = z.tokens !== undefined && z.tokens > 0 ? ` and ${z.tokens} API token(s)` : '';
    lines.push(
      `${printable(z.zone)}: ${z.imported} record(s)${tokens} imported${z.output !== undefined ? ` -> ${printable(z.output)}` : ''}`,
    );
    lines.push(...itemLines(z.items, '  ', tool));
  }
  if (report.other.length > 0) {
    lines.push('Not imported into any zone:');
    lines.push(...itemLines(report.other, '  ', tool));
  }
  if (isReportEmpty(report)) lines.push('Nothing left out: every record and option was carried over as it was.');
  // The release text is zonectl's own lines around addresses built from checked names (terraform-address.ts).
  if (report.release !== undefined) lines.push('', report.release.title, printableLines(report.release.text.replace(/\n$/, '')));
  return `${lines.join('\n')}\n`;
}

/** The report as one JSON document (`--format json`). */
export function reportDocument(report: MigrationReport): Record<string, unknown> {
  return {
    format_version: 1,
    from: report.from,
    empty: isReportEmpty(report),
    zones: report.zones.map((z) => ({
      zone: z.zone,
      output: z.output ?? null,
      imported: z.imported,
      ...(z.tokens !== undefined ? { tokens: z.tokens } : {}),
      items: z.items,
    })),
    other: report.other,
    ...(report.release !== undefined ? { release: report.release } : {}),
  };
}
