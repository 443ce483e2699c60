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
import type { NotPlacedComment } from './comments/source-comments.js';
import type { CommentCounts } from './comments/zone-comments.js';
import type { SourceSpot } from './source-spot.js';

export type MigrationSource = 'octodns' | 'terraform' | 'dnscontrol';

export type { SourceSpot } from './source-spot.js';

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
  /** The old tool's comments of the zone: read, carried into the file, and those not placed (listed). */
  readonly comments?: CommentCounts;
}

export interface MigrationReport {
  readonly from: MigrationSource;
  readonly zones: readonly ZoneReport[];
  /** What belongs to no imported zone: domains of other providers, providers, unknown resources. */
  readonly other: readonly ReportItem[];
  /** Comments of the old tool's files that belong to no zone written: not placed (listed), and those of its own configuration (counted). */
  readonly comments?: { readonly notPlaced: readonly NotPlacedComment[]; readonly configuration: number };
  /**
   * The hand-over (issue 40 item 4): the edit of the old tool's files as a unified diff (paths
   * from the repository root), what it cannot say in words, and the file it was written to
   * (`--handover FILE`).
   */
  readonly handover?: { readonly patch: string; readonly byHand: readonly string[]; readonly root: string; readonly file?: string };
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

/** A zone's comment counts, and each comment not placed with what it annotates. */
function commentLines(c: CommentCounts): string[] {
  const lines = [
    `  comments: ${c.carried} of ${c.read} carried into the file beside what they annotate${c.notPlaced.length > 0 ? `, ${c.notPlaced.length} not placed (their records are not in the file):` : ''}`,
  ];
  for (const n of c.notPlaced) lines.push(`    - ${printable(n.subject)}: #${printable(n.text)}${spotText(n.at)}`);
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
    if (z.comments !== undefined && z.comments.read > 0) lines.push(...commentLines(z.comments));
    lines.push(...itemLines(z.items, '  ', tool));
  }
  if (report.other.length > 0) {
    lines.push('Not imported into any zone:');
    lines.push(...itemLines(report.other, '  ', tool));
  }
  const comments = report.comments;
  if (comments !== undefined && (comments.notPlaced.length > 0 || comments.configuration > 0)) {
    lines.push('Comments in no zone file:');
    if (comments.configuration > 0)
      lines.push(`  ${comments.configuration} beside the old tool's own configuration (providers, variables, ...): not carried`);
    for (const n of comments.notPlaced) lines.push(`  - ${printable(n.subject)}: #${printable(n.text)}${spotText(n.at)}`);
  }
  if (isReportEmpty(report)) lines.push('Nothing left out: every record and option was carried over as it was.');
  // The release text is zonectl's own lines around addresses built from checked names (terraform-address.ts).
  if (report.release !== undefined) lines.push('', report.release.title, printableLines(report.release.text.replace(/\n$/, '')));
  // The report ends with the hand-over: the exact edit of the old tool's files.
  const h = report.handover;
  if (h !== undefined && (h.patch !== '' || h.byHand.length > 0)) {
    lines.push('', `Hand over from ${tool} (before zonectl applies, or both tools fight over the records):`);
    if (h.patch !== '')
      lines.push(
        h.file !== undefined
          ? `  the edit below is in ${printable(h.file)}: \`git apply ${printable(h.file)}\` (or \`patch -p1 < ${printable(h.file)}\`) in ${printable(h.root)}, then commit it with the zone files`
          : `  the edit below, from ${printable(h.root)} (write it to a file with --handover FILE, then \`git apply FILE\`):`,
      );
    for (const b of h.byHand) lines.push(`  - by hand: ${printable(b)}`);
    if (h.patch !== '') lines.push(printableLines(h.patch.replace(/\n$/, '')));
  }
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
      ...(z.comments !== undefined
        ? { comments: { read: z.comments.read, carried: z.comments.carried, not_placed: z.comments.notPlaced } }
        : {}),
    })),
    other: report.other,
    ...(report.comments !== undefined
      ? { comments: { not_placed: report.comments.notPlaced, configuration: report.comments.configuration } }
      : {}),
    ...(report.release !== undefined ? { release: report.release } : {}),
    ...(report.handover !== undefined
      ? {
          handover: {
            patch: report.handover.patch,
            by_hand: report.handover.byHand,
            root: report.handover.root,
            file: report.handover.file ?? null,
          },
        }
      : {}),
  };
}
