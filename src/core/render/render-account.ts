/** An account file's plan in text: its one settings change, like a zone's `~ dns_settings`. */
import { type AccountDefaultsChange, type AccountPlan, ENFORCE_DNS_ONLY, accountLabel } from '../account/plan-account.js';
import type { AccountConfig } from '../zonefile/index.js';
import { printable } from '../text/index.js';
import { fenceFor, htmlCode, htmlText } from './markdown-safe.js';
import { describeSettingsValue } from '../drift/index.js';
import type { TextStyle } from './render-text.js';
import { AT_SERVICE } from './drift-words.js';
import type { ReportKind } from '../drift/index.js';

const plain: TextStyle = { green: (s) => s, yellow: (s) => s, red: (s) => s, dim: (s) => s, bold: (s) => s };

/** A plan: `field: live → file` (what apply changes); drift: `field changed at the service: live Y, file X`. */
export function renderAccountOperation(op: AccountDefaultsChange, style: TextStyle = plain, kind: ReportKind = 'plan'): string[] {
  // `zone_defaults` when only the defaults change; the account's `dns_settings` when enforce_dns_only does.
  const what = op.fields.includes(ENFORCE_DNS_ONLY) ? 'dns_settings' : 'zone_defaults';
  return [
    // Drift says what happened at the service, never what apply would do (no `~`).
    style.yellow(kind === 'drift' ? `  ${what}` : `  ~ ${what}`) + style.dim(`  (${op.method} ${op.path})`),
    ...op.fields.map((f) =>
      kind === 'drift'
        ? `      ${f} changed ${AT_SERVICE}: live ${describeSettingsValue(op.before[f])}, file ${describeSettingsValue(op.after[f])}`
        : `      ${f}: ${describeSettingsValue(op.before[f])} → ${describeSettingsValue(op.after[f])}`,
    ),
  ];
}

export function accountSummaryLine(plan: AccountPlan, kind: ReportKind = 'plan'): string {
  const fields = plan.operations.flatMap((op) => op.fields);
  const enforce = fields.includes(ENFORCE_DNS_ONLY);
  const n = fields.length - (enforce ? 1 : 0);
  const defaults = n === 0 ? [] : [`${n} zone default(s)`];
  if (kind === 'drift') {
    const what = [...defaults, ...(enforce ? [ENFORCE_DNS_ONLY] : [])].join(' and ');
    return what === '' ? 'No drift of the zone defaults.' : `Drift: ${what} changed ${AT_SERVICE}.`;
  }
  if (fields.length === 0) return 'No changes to the zone defaults.';
  const parts = [
    ...(n > 0 ? [`${n} zone default(s) to update, for zones created later`] : []),
    ...(enforce ? ['enforce_dns_only to set, for every zone of the account at once'] : []),
  ];
  return `Plan: ${parts.join('; ')}.`;
}

export function renderAccountText(plan: AccountPlan, style: TextStyle = plain, kind: ReportKind = 'plan'): string {
  const lines = [style.bold(`${accountLabel(plan.accountId)} (account ${plan.accountId}, ${plan.file})`)];
  for (const op of plan.operations) lines.push(...renderAccountOperation(op, style, kind));
  if (kind !== 'drift') for (const w of plan.warnings ?? []) lines.push(style.yellow(`  ! ${printable(w)}`));
  lines.push(accountSummaryLine(plan, kind));
  return `${lines.join('\n')}\n`;
}

/** The folded Markdown details of an account file's change (a settings diff is a few lines). */
export function accountDetailsBlock(label: string, plan: AccountPlan, kind: ReportKind = 'plan'): string {
  const diff = [
    ...plan.operations.flatMap((op) => renderAccountOperation(op, plain, kind)).map((line) => line.replace(/^ {2}~/, '!')),
    ...(kind === 'drift' ? [] : (plan.warnings ?? []).map((w) => `# warning: ${w}`)),
  ];
  const fence = fenceFor(diff);
  return [
    `<details><summary>${htmlCode(label)}: ${htmlText(accountSummaryLine(plan, kind))}</summary>`,
    '',
    `${fence}${kind === 'drift' ? '' : 'diff'}`,
    ...diff.map(printable),
    fence,
    '',
    '</details>',
    '',
  ].join('\n');
}

/** An account file's entry of `--format json` (beside `zones`, under `accounts`). */
export function jsonAccount(plan: AccountPlan): Record<string, unknown> {
  return {
    account_id: plan.accountId,
    file: plan.file,
    summary: { update: plan.operations.length },
    warnings: plan.warnings ?? [],
    changes: plan.operations.map((op) => ({
      action: op.action,
      resource: op.kind,
      method: op.method,
      path: op.path,
      body: op.body,
      before: op.before,
      after: op.after,
      fields: op.fields,
    })),
  };
}

/** What `validate` says of a valid account file: `valid (zone defaults of account <id>: 2 fields, 1 warning)`. */
export function describeValidAccountFile(account: AccountConfig, warnings: number): string {
  const n = Object.keys(account.zoneDefaults).length;
  const w = warnings > 0 ? `, ${warnings} warning${warnings === 1 ? '' : 's'}` : '';
  return `valid (zone defaults of account ${account.accountId}: ${n} field${n === 1 ? '' : 's'}${w})`;
}
