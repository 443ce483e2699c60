/**
 * The Markdown report of `plan` / `drift` for pull request comments and job summaries: the
 * summary table first, then what needs attention (destructive changes, threshold refusals,
 * failed zones), then each zone's details folded in `<details>`. The whole stays below
 * GitHub's 65,536-character limit of a comment body; what does not fit is counted
 * ("N more changes not shown") with a pointer to the full text output.
 */
import { renderDnssecMarkdown } from '../dnssec/index.js';
import type { ZonePlan } from '../plan/build-plan.js';
import type { Operation } from '../plan/operation.js';
import { fragmentOf } from '../plan/record-source.js';
import {
  describeReplacement,
  describeUnlistedToken,
  renderOperation,
  summaryLine,
  unlistedTokensLine,
  type TokenListing,
} from './render-text.js';
import { WORD_DIFF_FROM, wordDiff } from './word-diff.js';
import { countedItems, driftEntryOf, driftItemLines, driftSummaryLine } from './drift-text.js';
import { buildDriftReport, type DriftReport, type MarkedItem } from '../drift/index.js';
import { describeItem } from './drift-words.js';
import { describeWho } from '../audit/audit-entry.js';
import { accountDetailsBlock } from './render-account.js';
import { describeEntries } from './render-summary.js';
import { printable } from '../text/index.js';
import { leftAloneHeading, leftAloneLines, planLeftAlone } from './left-alone.js';
import { codeSpan, fenceFor, htmlCode, htmlText, markdownText } from './markdown-safe.js';
import { accountCounts, hasChangesReport, hasDriftReport, zoneCounts, type ReportKind, type ZoneReport } from '../drift/index.js';

/** GitHub refuses comment bodies of 65,536 characters or more; keep a margin for the footer. */
export const GITHUB_COMMENT_LIMIT = 65_536;

export interface MarkdownOptions extends TokenListing {
  readonly kind?: ReportKind;
  /** Upper bound of the whole text (default just below GitHub's comment limit). */
  readonly limit?: number;
  /** How to get the full output, named in the footer when something was left out. */
  readonly fullOutput?: string;
  /** `drift`: the run's report (each item's rank, ways out and who made it). */
  readonly report?: DriftReport;
}

const FOOTER_ROOM = 400;

// Every name, value and message from a file or an answer goes through ./markdown-safe.ts.
const code = (text: string): string => codeSpan(text);
const tableCode = (text: string): string => codeSpan(text, { inTable: true });

/** A diff line of one operation of a plan; a long TXT update as a word diff of the two texts. */
function operationLines(op: Operation, fragment?: string): string[] {
  if (op.kind === 'dns_record' && op.action === 'update' && op.after.type === 'TXT' && op.fields.includes('content')) {
    const before = op.before.content ?? '';
    const after = op.after.content ?? '';
    if (Math.max(before.length, after.length) >= WORD_DIFF_FROM) {
      const rest = op.fields.filter((f) => f !== 'content');
      const also = rest.length > 0 ? ` also ${rest.join(', ')}` : '';
      return [`! ${op.after.name} TXT (word diff: [-removed-] {+added+})${also}`, `    ${wordDiff(before, after)}`];
    }
  }
  return renderOperation(op, undefined, fragment).map((line) => line.replace(/^ {2}([+~-])/, '$1').replace(/^~/, '!'));
}

/**
 * A drift item in the zone's details: its line (drift-words.ts), and under it its impact, who
 * made it and its ways out; a long TXT value changed at the service also as a word diff from the
 * file's text to the live one.
 */
function driftLines(i: MarkedItem, plan: ZonePlan): string[] {
  const { line, details } = driftItemLines(i, plan.newZone !== undefined);
  const op = plan.operations.find((o) => o.kind === 'dns_record' && o.action === 'update' && o.recordId === i.recordId);
  const words: string[] = [];
  if (i.field === 'value' && i.type === 'TXT' && op?.kind === 'dns_record' && op.action === 'update') {
    const live = op.before.content ?? '';
    const file = op.after.content ?? '';
    if (Math.max(live.length, file.length) >= WORD_DIFF_FROM)
      words.push(`word diff from the file to the live text: ${wordDiff(file, live)}`);
  }
  return [line, ...[...words, ...details].map((d) => `    ${d}`)];
}

/** Items listed under "Needs attention" in a drift report (the rest are counted, and in each zone's details). */
export const ATTENTION_ITEMS = 20;

const RANK_MARK = { 1: ':rotating_light:', 2: ':warning:', 3: ':warning:', 4: ':small_orange_diamond:' } as const;

/**
 * A drift report's items that need attention, across zones: ranked by impact (the apex, NS, MX,
 * CAA, DS and the DNSSEC state; a proxied flag flipped; an address out of the zone's known
 * ranges; then the rest: src/core/drift/drift-impact.ts), new drift first within a rank.
 */
function driftAttentionLines(report: DriftReport): string[] {
  const ranked = report.zones
    .flatMap((z, zi) => countedItems(z).map((i, n) => ({ i, z, order: zi * 1_000_000 + n })))
    .sort(
      (a, b) =>
        a.i.impact.rank - b.i.impact.rank || (a.i.baseline === 'new' ? 0 : 1) - (b.i.baseline === 'new' ? 0 : 1) || a.order - b.order,
    );
  const lines: string[] = [];
  for (const { i, z } of ranked.slice(0, ATTENTION_ITEMS)) {
    const why = i.impact.reason !== '' ? ` (${markdownText(i.impact.reason)})` : '';
    const fresh = i.baseline === 'new' ? '**new** ' : '';
    const by = i.who !== undefined ? ` by ${code(describeWho(i.who))}` : '';
    lines.push(`- ${RANK_MARK[i.impact.rank]} ${fresh}${code(z.zone)}: ${code(describeItem(i, 'drift', z.counts.zone > 0))}${why}${by}`);
    const ways = [
      ...(i.ways.revert !== undefined ? [`revert: ${code(i.ways.revert.command)} (${markdownText(i.ways.revert.does)})`] : []),
      ...(i.ways.adopt !== undefined ? [`adopt: ${code(i.ways.adopt.command)} (${markdownText(i.ways.adopt.does)})`] : []),
    ];
    if (ways.length > 0) lines.push(`  - ${ways.join(' · ')}`);
  }
  if (ranked.length > ATTENTION_ITEMS) lines.push(`- … ${ranked.length - ATTENTION_ITEMS} more in the zones below`);
  return lines;
}

function attentionLines(reports: readonly ZoneReport[], kind: ReportKind, report: DriftReport | undefined): string[] {
  const lines: string[] = [];
  for (const r of reports) {
    if (r.kind === 'failed') {
      lines.push(`- :x: ${code(r.zone)} failed (${r.code}): ${markdownText(r.message)}`);
      continue;
    }
    if (r.kind === 'account') continue; // an account's defaults are never destructive
    for (const rep of r.plan.replacements ?? []) {
      lines.push(`- :warning: ${code(r.zone)}: **destructive replacement**: ${code(describeReplacement(rep))}`);
    }
    for (const v of r.plan.safety) {
      lines.push(
        `- :no_entry: ${code(r.zone)}: **refused**: ${v.count} ${v.kind}s are ${v.percent}% of the zone (limit ${v.limit}%); apply needs \`--force\``,
      );
    }
    if (kind === 'drift') continue; // drift's items are ranked below, across zones
    const deletes = r.plan.operations.filter((op) => op.action === 'delete');
    if (deletes.length > 0) {
      const names = deletes
        .slice(0, 5)
        .map((op) => (op.kind === 'dns_record' ? `${op.before.name} ${op.before.type}` : `token ${op.name}`));
      lines.push(
        `- :warning: ${code(r.zone)}: **${deletes.length} to delete**: ${names.map(code).join(', ')}${deletes.length > 5 ? ', …' : ''}`,
      );
    }
  }
  if (kind === 'drift' && report !== undefined) lines.push(...driftAttentionLines(report));
  return lines;
}

/** A row of the table; `grouped`: its first cell is the zone's account (`-` for none), as in the text table. */
function tableRow(r: ZoneReport, grouped: boolean): string {
  const account = grouped ? `| ${r.group !== undefined ? tableCode(r.group) : '-'} ` : '';
  if (r.kind === 'failed') return `${account}| ${tableCode(r.zone)} :x: failed | - | - | - | - | - |`;
  if (r.kind === 'account') {
    const a = accountCounts(r.plan);
    return `${account}| ${tableCode(r.zone)} | 0 | ${a.update} | 0 | 0 | ${a.warnings} |`;
  }
  const c = zoneCounts(r.plan, r.fileWarnings);
  const refused = r.plan.safety.length > 0 ? ' :no_entry: refused' : '';
  return `${account}| ${tableCode(r.zone)}${refused} | ${c.create} | ${c.update} | ${c.delete} | ${c.unmanaged} | ${c.warnings} |`;
}

/** Changes of a zone: the operation count a reader would miss if its details were cut. */
function changeCount(plan: ZonePlan): number {
  return plan.operations.length;
}

/** A zone's folded details; `maxChars` cuts the diff, returning how many operations were left out. */
function detailsBlock(
  plan: ZonePlan,
  maxChars: number,
  listing: TokenListing,
  kind: ReportKind,
  report: DriftReport | undefined,
): { text: string; omitted: number } | undefined {
  const summary = kind === 'drift' ? driftSummaryLine(plan) : summaryLine(plan.summary);
  const head = [`<details><summary>${htmlCode(plan.zone)}: ${htmlText(summary)}</summary>`, ''];
  const tokens = plan.unmanagedTokens ?? [];
  // The records the plan leaves alone, each with why (src/core/ownership), the first ones listed.
  const leftAlone = planLeftAlone(plan);
  const tail = [
    ...(leftAlone.length > 0
      ? ['', `**${markdownText(leftAloneHeading(leftAlone))}**`, '', ...leftAloneLines(leftAlone).map((l) => `- ${code(l)}`), '']
      : []),
    ...(plan.notes ?? []).map((n) => `> note: ${markdownText(n)}`),
    ...(tokens.length > 0 && listing.listTokens === true
      ? ['', 'Unmanaged tokens (no file lists them):', '', ...tokens.map((t) => `- ${code(describeUnlistedToken(t))}`)]
      : []),
    ...(tokens.length > 0 && listing.listTokens !== true ? [`> ${markdownText(unlistedTokensLine(tokens.length))}`] : []),
    ...plan.warnings.map((w) => `> warning: ${markdownText(w)}`),
    // The state and DS record (its changes are in the diff above); every value in it was checked (src/core/dnssec/render.ts).
    ...(plan.dnssec !== undefined ? ['', ...renderDnssecMarkdown({ ...plan.dnssec, changes: [] })] : []),
    '',
    '</details>',
    '',
  ];
  // Drift: one group of lines per item, in the report's order; a plan: per operation, as a diff.
  const diffs =
    kind === 'drift'
      ? countedItems(driftEntryOf(plan, report)).map((i) => driftLines(i, plan).map(printable))
      : plan.operations.map((op) => operationLines(op, fragmentOf(plan, op)).map(printable));
  const fence = fenceFor(diffs.flat());
  const fixed = head.join('\n').length + tail.join('\n').length + 2 * (fence.length + 5) + 2;
  if (fixed > maxChars) return undefined;
  const body: string[] = [];
  let used = fixed;
  let shown = 0;
  for (const lines of diffs) {
    const size = lines.join('\n').length;
    if (used + size + 1 > maxChars - 60) break;
    body.push(...lines);
    used += size + 1;
    shown += 1;
  }
  const omitted = diffs.length - shown;
  if (shown === 0 && omitted > 0) return undefined;
  if (omitted > 0) body.push(`# … ${omitted} more ${kind === 'drift' ? 'items' : 'changes'} of this zone not shown`);
  return { text: [...head, `${fence}${kind === 'drift' ? '' : 'diff'}`, ...body, fence, ...tail].join('\n'), omitted };
}

/** The capped Markdown report of many zones. */
export function renderMarkdownReport(reports: readonly ZoneReport[], options: MarkdownOptions = {}): string {
  const kind = options.kind ?? 'plan';
  // Drift ranks its items across zones: the run's report, or one made of these reports.
  const report = options.report ?? (kind === 'drift' ? buildDriftReport('drift', reports) : undefined);
  const limit = Math.min(options.limit ?? GITHUB_COMMENT_LIMIT - 1, GITHUB_COMMENT_LIMIT - 1);
  const budget = limit - FOOTER_ROOM;
  const parts: string[] = [];
  let used = 0;
  const add = (text: string): boolean => {
    if (used + text.length + 1 > budget) return false;
    parts.push(text);
    used += text.length + 1;
    return true;
  };
  let notShown = 0;

  const changes = kind === 'drift' ? hasDriftReport : hasChangesReport;
  const changed = reports.filter(changes).length;
  const failed = reports.filter((r) => r.kind === 'failed').length;
  const withAccounts = reports.some((r) => r.kind === 'account' || (r.kind === 'failed' && r.account === true));
  const entries = withAccounts ? describeEntries(reports) : `${reports.length} zone(s)`;
  add(kind === 'drift' ? '### zonectl drift' : '### zonectl plan');
  add('');
  add(
    kind === 'drift'
      ? `${entries}: **${changed} drifted** from their files, ${failed} failed, ${reports.length - changed - failed} in sync.`
      : `${entries}: **${changed} with changes**, ${failed} failed, ${reports.length - changed - failed} without changes.`,
  );
  add('');
  const leftAlone = reports.flatMap((r) => (r.kind === 'planned' ? planLeftAlone(r.plan) : []));
  if (leftAlone.length > 0) {
    const heading = leftAloneHeading(leftAlone);
    add(
      `${markdownText(`${heading.charAt(0).toUpperCase()}${heading.slice(1)}`)}, never changed or deleted; each zone's details say which and why.`,
    );
    add('');
  }
  // What the audit log could not tell, said once for the run.
  const notes = report?.audit?.notes ?? [];
  for (const note of notes) add(`> audit log: ${markdownText(note)}`);
  if (notes.length > 0) add('');

  const attention = attentionLines(reports, kind, report);
  if (attention.length > 0) {
    add('#### Needs attention');
    add('');
    let left = attention.length;
    for (const line of attention) {
      if (!add(line)) break;
      left -= 1;
    }
    if (left > 0) add(`- … ${left} more not shown`);
    add('');
  }

  // Zones with changes or failures first; zones in sync are the rows to drop when space runs out.
  const ordered = [
    ...reports.filter((r) => r.kind === 'failed' || changes(r)),
    ...reports.filter((r) => r.kind !== 'failed' && !changes(r)),
  ];
  // With accounts of the repository configuration, the first column names each zone's account (as the text table).
  const grouped = reports.some((r) => r.group !== undefined);
  add(`${grouped ? '| account ' : ''}| zone | create | update | delete | unmanaged | warnings |`);
  add(`${grouped ? '|---' : ''}|---|---:|---:|---:|---:|---:|`);
  let rowsLeft = ordered.length;
  // Keep room for the details of the zones with changes: the table may use at most half the budget.
  const tableBudget = used + Math.floor((budget - used) / 2);
  for (const r of ordered) {
    const row = tableRow(r, grouped);
    if (used + row.length + 1 > tableBudget || !add(row)) break;
    rowsLeft -= 1;
  }
  if (rowsLeft > 0) add(`${grouped ? '| ' : ''}| … ${rowsLeft} more zones | | | | | |`);
  add('');

  for (const r of ordered) {
    if (r.kind === 'account') {
      const block = r.plan.operations.length > 0 ? accountDetailsBlock(r.zone, r.plan, kind) : undefined;
      if (block !== undefined && !add(block)) notShown += r.plan.operations.length;
      continue;
    }
    if (r.kind !== 'planned') continue;
    // A zone whose file manages DNSSEC shows its state and DS record even without changes (`pending`: add the DS).
    const facts =
      (r.plan.notes ?? []).length +
      (r.plan.unmanagedTokens ?? []).length +
      (r.plan.dnssec?.desired !== undefined ? 1 : 0) +
      (r.plan.leftAlone ?? []).length;
    if (r.plan.operations.length === 0 && facts === 0) continue;
    const block = detailsBlock(r.plan, budget - used, options, kind, report);
    if (block === undefined || !add(block.text)) {
      notShown += changeCount(r.plan);
      continue;
    }
    notShown += block.omitted;
  }

  if (notShown > 0) {
    const how = options.fullOutput ?? `zonectl ${kind} with --format text`;
    parts.push(
      `**${notShown} more changes not shown** (this comment stays below GitHub's ${GITHUB_COMMENT_LIMIT.toLocaleString('en-US')}-character limit); the full ${kind} is in the job's text output (\`${how}\`).`,
      '',
    );
  }
  return `${parts.join('\n')}\n`;
}
