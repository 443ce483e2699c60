/**
 * What `apply` does with account files (src/core/zonefile/account-file.ts): plan them with the
 * zones, show them with the zones' plan (one confirmation for both), print their one PATCH in
 * `--dry-run`, then send it and verify by re-reading the account's DNS settings.
 */
import type { CloudflareClient } from '../api/index.js';
import { applyAccountRun } from '../app/apply-account.js';
import { planAccountRun, type AccountRun } from '../app/plan-account.js';
import { accountLabel } from '../core/account/plan-account.js';
import { renderAccountText } from '../core/render/render-account.js';
import type { AccountConfig } from '../core/zonefile/index.js';
import type { ApplyReport } from './apply-output.js';
import { errorCode, errorLine } from './errors.js';
import { detail, log, out, styleFor } from './io.js';

/**
 * Plans every account file and (text output) prints each plan after the zones'. A failure stops
 * apply before any write, like a zone's.
 */
export async function planAccountsForApply(
  client: CloudflareClient,
  accounts: readonly AccountConfig[],
  print: boolean,
): Promise<AccountRun[]> {
  const runs: AccountRun[] = [];
  for (const config of accounts) runs.push(await planAccountRun(client, config));
  return showAccountPlans(runs, print);
}

/** Prints each account file's plan after the zones' (text output); returns the runs. */
export function showAccountPlans(runs: AccountRun[], print: boolean): AccountRun[] {
  if (print) for (const run of runs) out(renderAccountText(run.plan, styleFor(process.stdout)));
  return runs;
}

export function accountRunsChange(runs: readonly AccountRun[]): boolean {
  return runs.some((r) => r.plan.operations.length > 0);
}

/** `--dry-run`: the exact call of each account file that changes. */
export function printAccountDryRun(runs: readonly AccountRun[], report: ApplyReport): void {
  for (const run of runs) {
    report.account({
      account_id: run.plan.accountId,
      file: run.config.file,
      outcome: run.plan.operations.length > 0 ? 'dry_run' : 'unchanged',
      fields: changedFields(run),
      calls: 0,
      http_calls: run.plan.operations.map((op) => ({ method: op.method, path: op.path, body: op.body })),
    });
    if (report.json) continue;
    for (const op of run.plan.operations) {
      out(`# ${accountLabel(run.plan.accountId)}: 1 HTTP call (nothing was sent)`);
      out(`${op.method} ${op.path} ${JSON.stringify(op.body)}`);
    }
  }
}

function changedFields(run: AccountRun): string[] {
  return run.plan.operations.flatMap((op) => op.fields.map((f) => `zone_defaults.${f}`));
}

/** How apply's signal handling follows the account writes (one PATCH each). */
export interface AccountApplyHooks {
  /** True once the run was interrupted: no further PATCH is sent. */
  readonly shouldStop: () => boolean;
  /** The PATCH of this account is about to be sent (`undefined`: it was answered). */
  readonly onWriting: (label: string | undefined) => void;
}

/**
 * Applies the account files' changes one after another and reports each; true when any failed
 * or did not converge. An interrupt stops before the next account.
 */
export async function applyAccountsAndReport(
  client: CloudflareClient,
  runs: readonly AccountRun[],
  report: ApplyReport,
  hooks: AccountApplyHooks,
): Promise<boolean> {
  let failed = false;
  for (const run of runs) {
    if (run.plan.operations.length === 0)
      report.account({ account_id: run.plan.accountId, file: run.config.file, outcome: 'unchanged', fields: [], calls: 0 });
  }
  for (const run of runs.filter((r) => r.plan.operations.length > 0)) {
    if (hooks.shouldStop()) break;
    const label = accountLabel(run.plan.accountId);
    hooks.onWriting(label);
    for (const op of run.plan.operations) detail(`${label}: ${op.method} ${op.path}`);
    const o = await applyAccountRun(client, run);
    hooks.onWriting(undefined);
    const problem = o.error ?? o.verifyError;
    const residual = o.residual?.operations ?? [];
    const outcome =
      o.error !== undefined ? 'failed' : o.verifyError !== undefined ? 'not_verified' : residual.length > 0 ? 'not_converged' : 'applied';
    report.account({
      account_id: run.plan.accountId,
      file: run.config.file,
      fields: changedFields(run),
      calls: o.calls,
      outcome,
      ...(problem !== undefined ? { error: { code: errorCode(problem), message: problem.message } } : {}),
    });
    if (outcome !== 'applied') failed = true;
    if (o.error !== undefined) {
      log(errorLine(errorCode(o.error), `${label}: the zone defaults were not changed: ${o.error.message}`));
    } else if (o.verifyError !== undefined) {
      log(
        errorLine(
          errorCode(o.verifyError),
          `${label}: applied, but the check afterwards failed: ${o.verifyError.message}; run plan to see the account as it is`,
        ),
      );
    } else if (outcome === 'not_converged') {
      log(errorLine('NOT_CONVERGED', `${label}: applied, but the account did not converge; a new plan is not empty:`));
      for (const op of residual)
        for (const f of op.fields)
          log(`  zone_defaults.${f}: the service keeps ${JSON.stringify(op.before[f])}, the file says ${JSON.stringify(op.after[f])}`);
    } else if (!report.json) {
      out(
        `${label}: applied ${run.plan.operations[0]?.fields.length ?? 0} zone default(s) in ${o.calls} call; verified: a new plan is empty.`,
      );
    }
  }
  return failed;
}
