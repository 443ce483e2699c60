/** An account file's plan in text: its one settings change, like a zone's `~ dns_settings`. */
import { type AccountDefaultsChange, type AccountPlan, accountLabel } from '../account/plan-account.js';
import type { AccountConfig } from '../zonefile/index.js';
import { printable } from '../text/index.js';
import { fenceFor, htmlCode, htmlText } from './markdown-safe.js';
import { describeSettingsValue, type TextStyle } from './render-text.js';

const plain: TextStyle = { green: (s) => s, yellow: (s) => s, red: (s) => s, dim: (s) => s, bold: (s) => s };

export function renderAccountOperation(op: AccountDefaultsChange, style: TextStyle = plain): string[] {
  return [
    style.yellow(`  ~ zone_defaults`) + style.dim(`  (${op.method} ${op.path})`),
    ...op.fields.map((f) => `      ${f}: ${describeSettingsValue(op.before[f])} → ${describeSettingsValue(op.after[f])}`),
  ];
}

export function accountSummaryLine(plan: AccountPlan): string {
  return plan.operations.length === 0
    ? 'No changes to the zone defaults.'
    : `Plan: ${plan.operations.reduce((n, op) => n + op.fields.length, 0)} zone default(s) to update, for zones created later.`;
}

export function renderAccountText(plan: AccountPlan, style: TextStyle = plain): string {
  const lines = [style.bold(`${accountLabel(plan.accountId)} (account ${plan.accountId}, ${plan.file})`)];
  for (const op of plan.operations) lines.push(...renderAccountOperation(op, style));
  lines.push(accountSummaryLine(plan));
  return `${lines.join('\n')}\n`;
}

/** The folded Markdown details of an account file's change (a settings diff is a few lines). */
export function accountDetailsBlock(label: string, plan: AccountPlan): string {
  const diff = plan.operations.flatMap((op) => renderAccountOperation(op)).map((line) => line.replace(/^ {2}~/, '!'));
  const fence = fenceFor(diff);
  return [
    `<details><summary>${htmlCode(label)}: ${htmlText(accountSummaryLine(plan))}</summary>`,
    '',
    `${fence}diff`,
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
