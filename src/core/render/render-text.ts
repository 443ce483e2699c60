import { assertNever } from '../errors.js';
import type { CanonicalRecord } from '../model/record.js';
import type { UnlistedToken } from '../diff/unlisted-tokens.js';
import type { PlanSummary, Replacement, ZonePlan } from '../plan/build-plan.js';
import type { Operation } from '../plan/operation.js';
import { fragmentOf } from '../plan/record-source.js';
import { changeLines, renderDnssecState } from '../dnssec/index.js';
import { printable } from '../text/index.js';
import { describeAttributes, describeField, describeRecordValue, describeSettingsValue } from '../drift/index.js';
import { countedItems, driftEntryOf, driftItemLines, driftSummaryLine } from './drift-text.js';
import { type DriftReport, happenedOf, type MarkedItem } from '../drift/index.js';
import type { ReportKind } from '../drift/index.js';
import { leftAloneHeading, leftAloneLines, planLeftAlone } from './left-alone.js';

export { describeSettingsValue } from '../drift/index.js';

export interface TextStyle {
  green(s: string): string;
  yellow(s: string): string;
  red(s: string): string;
  dim(s: string): string;
  bold(s: string): string;
}

const plain: TextStyle = { green: (s) => s, yellow: (s) => s, red: (s) => s, dim: (s) => s, bold: (s) => s };

/**
 * Names, values and messages from files and answers are shown through `printable`: one value
 * stays on one line (the output choke point, src/cli/output/terminal-text.ts, escapes every other
 * control character but must keep the line feeds the renderers write).
 */
function head(r: CanonicalRecord): string {
  return `${printable(r.name)} ${r.type}`;
}

/** `fragment`: the fragment file the operation's record comes from (`include:`), marked on its line. */
export function renderOperation(op: Operation, style: TextStyle = plain, fragment?: string): string[] {
  const from = fragment !== undefined ? style.dim(` (from ${fragment})`) : '';
  switch (op.kind) {
    case 'dns_record':
      switch (op.action) {
        case 'create': {
          const tag = op.replacement ? style.dim(' (replaces a record that cannot coexist)') : '';
          return [
            style.green(`  + ${head(op.after)} ${describeRecordValue(op.after)}`) +
              style.dim(`  [${describeAttributes(op.after)}]`) +
              tag +
              from,
          ];
        }
        case 'delete': {
          const tag = op.replacement ? style.dim(' (replaced)') : '';
          return [style.red(`  - ${head(op.before)} ${describeRecordValue(op.before)}`) + tag];
        }
        case 'update': {
          // zonectl's ownership marker written to a record the file lists and the zone holds already (manage.unmanaged: owned).
          if (op.mark === true)
            return [
              style.yellow(`  ~ ${head(op.after)} ${describeRecordValue(op.before)}`) +
                style.dim(`  (id ${op.recordId}) mark as zonectl's (manage.unmanaged: owned)`) +
                from,
            ];
          const lines = [
            style.yellow(`  ~ ${head(op.after)} ${describeRecordValue(op.before)}`) + style.dim(`  (id ${op.recordId})`) + from,
          ];
          // content/data/priority are one value on screen: show it once.
          const isValue = (f: string): boolean => f === 'content' || f === 'data' || f === 'priority';
          const firstValue = op.fields.find(isValue);
          const shown = [...(firstValue !== undefined ? [firstValue] : []), ...op.fields.filter((f) => !isValue(f))];
          for (const f of shown) lines.push(`      ${describeField(f, op.before, op.after)}`);
          return lines;
        }
        default:
          return assertNever(op, 'record operation');
      }
    case 'dns_settings':
      return [
        style.yellow('  ~ dns_settings'),
        ...op.fields.map((f) => `      ${f}: ${describeSettingsValue(op.before[f])} → ${describeSettingsValue(op.after[f])}`),
      ];
    case 'dnssec':
      return changeLines(op).map((line) => style.yellow(`  ${line}`));
    case 'token': {
      const sign = op.action === 'create' ? style.green('  + ') : op.action === 'delete' ? style.red('  - ') : style.yellow('  ~ ');
      const fields = op.fields.length > 0 ? style.dim(` (${op.fields.join(', ')})`) : '';
      const owner = op.accountId !== undefined ? ` (account ${op.accountId})` : '';
      return [`${sign}token ${JSON.stringify(op.name)}${owner}${fields}`];
    }
    default:
      return assertNever(op, 'operation');
  }
}

export function summaryLine(s: PlanSummary): string {
  const mark = s.mark ?? 0;
  if (s.create + s.update + s.delete + mark === 0) {
    return `No changes. ${s.unchanged} unchanged${s.unmanaged > 0 ? `, ${s.unmanaged} unmanaged kept` : ''}.`;
  }
  return (
    `Plan: ${s.create} to create, ${s.update} to update, ${s.delete} to delete${mark > 0 ? `, ${mark} to mark as zonectl's` : ''}, ${s.unchanged} unchanged` +
    `${s.unmanaged > 0 ? `, ${s.unmanaged} unmanaged kept` : ''}.`
  );
}

/** `www CNAME replaces www A 192.0.2.1 (id ...), a record the file does not list` */
export function describeReplacement(r: Replacement): string {
  return `${printable(r.name)} ${r.by.join('/')} replaces ${head(r.record)} ${describeRecordValue(r.record)} (id ${r.id}), a record the file does not list`;
}

/** `name (id ...) last used ..., expires ...: policies` — one unlisted token. */
export function describeUnlistedToken(t: UnlistedToken): string {
  const used = t.last_used_on !== null ? `last used ${t.last_used_on}` : 'last use unknown';
  const expires = t.expires_on !== null ? `expires ${t.expires_on}` : 'no expiry';
  const status = t.status !== null && t.status !== 'active' ? `, ${t.status}` : '';
  const owner = t.accountId !== undefined ? `, account ${t.accountId}` : '';
  return `${JSON.stringify(t.name)} (id ${t.id}${owner}${status}), ${used}, ${expires}: ${printable(t.policies)}${t.action === 'delete' ? ' [deleted: manage.tokens_prefix]' : ''}`;
}

/**
 * The one line a plan prints for the tokens no file lists: on an account with dozens of tokens
 * a list of them would bury the DNS diff (drift --tokens, --verbose and JSON list them).
 */
export function unlistedTokensLine(count: number): string {
  return count === 1
    ? '1 API token is not listed in any file; drift --tokens lists it'
    : `${count} API tokens are not listed in any file; drift --tokens lists them`;
}

export interface TokenListing {
  /** List every token no file names (drift --tokens, --verbose) instead of one counting line. */
  readonly listTokens?: boolean;
  /** `drift`: each item told as what happened at the service (./drift-text.ts); default `plan`. */
  readonly kind?: ReportKind;
  /** `drift`: the run's report, whose entries carry each item's rank, ways out and who made it. */
  readonly report?: DriftReport;
}

/** A drift item and the lines under it: removed at the service in red, the rest in yellow; no sign. */
function driftLines(i: MarkedItem, newZone: boolean, style: TextStyle): string[] {
  const { line, details } = driftItemLines(i, newZone);
  const happened = happenedOf(i);
  const colour = happened === 'removed' || happened === 'missing' ? style.red : style.yellow;
  return [colour(`  ${printable(line)}`), ...details.map((d) => style.dim(`      ${printable(d)}`))];
}

/** The Terraform-like text plan of one zone. */
export function renderZoneText(plan: ZonePlan, style: TextStyle = plain, listing: TokenListing = {}): string {
  const lines = [
    style.bold(
      plan.newZone !== undefined ? `${printable(plan.zone)} (new zone)` : `${printable(plan.zone)} (zone ${printable(plan.zoneId)})`,
    ),
  ];
  // Drift tells a missing zone as an item (below), without the plan's sign.
  if (plan.newZone !== undefined && listing.kind !== 'drift')
    lines.push(style.green(`  + zone ${printable(plan.zone)} (account ${plan.newZone.accountId}, type ${plan.newZone.type})`));
  for (const r of plan.replacements ?? []) lines.push(style.red(`  ! destructive replacement: ${describeReplacement(r)}`));
  const drift = listing.kind === 'drift';
  if (drift) {
    for (const i of countedItems(driftEntryOf(plan, listing.report))) lines.push(...driftLines(i, plan.newZone !== undefined, style));
  } else {
    for (const op of plan.operations) lines.push(...renderOperation(op, style, fragmentOf(plan, op)));
  }
  // Every record the plan leaves alone, with why (src/core/ownership): kept unmanaged records among them.
  const leftAlone = planLeftAlone(plan);
  if (leftAlone.length > 0) {
    lines.push(style.dim(`  ${leftAloneHeading(leftAlone)}:`));
    for (const l of leftAloneLines(leftAlone)) lines.push(style.dim(`    ${printable(l)}`));
  }
  const tokens = plan.unmanagedTokens ?? [];
  if (tokens.length > 0 && listing.listTokens === true) {
    lines.push(style.dim(`  unmanaged tokens (no file lists them):`));
    for (const t of tokens) lines.push(style.dim(`    ${describeUnlistedToken(t)}`));
  } else if (tokens.length > 0) {
    lines.push(style.dim(`  ${unlistedTokensLine(tokens.length)}`));
  }
  if (plan.dnssec !== undefined) for (const l of renderDnssecState(plan.dnssec)) lines.push(`  ${printable(l)}`);
  for (const n of plan.notes ?? []) lines.push(`  note: ${printable(n)}`);
  for (const w of plan.warnings) lines.push(style.yellow(`  warning: ${printable(w)}`));
  for (const v of plan.safety) {
    lines.push(
      style.red(
        `  unsafe: ${v.count} ${v.kind}s are ${v.percent}% of the zone's manageable records (limit ${v.limit}%); apply needs --force`,
      ),
    );
  }
  lines.push(drift ? driftSummaryLine(plan) : summaryLine(plan.summary));
  return `${lines.join('\n')}\n`;
}

export function renderText(plans: readonly ZonePlan[], style: TextStyle = plain, listing: TokenListing = {}): string {
  return plans.map((p) => renderZoneText(p, style, listing)).join('\n');
}
