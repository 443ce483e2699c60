/**
 * Applying an account file's plan: its one `PATCH /accounts/{account_id}/dns_settings`
 * (`{ zone_defaults: {...} }`), then a re-read and a new plan, which must be empty (else the
 * residual names the fields the service keeps differently). The PATCH sets absolute values, so
 * the client's retries of it (src/api/retry-policy.ts) are safe.
 */
import type { CloudflareClient } from '../../api/index.js';
import type { AccountPlan } from '../../core/account/plan-account.js';
import { planAccountRun, type AccountRun } from '../plan/plan-account-run.js';

export interface AccountApplyOutcome {
  readonly run: AccountRun;
  /** The calls sent (0 when the plan was empty). */
  readonly calls: number;
  readonly error?: Error;
  /** The plan made after the PATCH: empty when the account converged. */
  readonly residual?: AccountPlan;
  /** The PATCH succeeded but the re-read failed. */
  readonly verifyError?: Error;
}

export async function applyAccountRun(client: CloudflareClient, run: AccountRun): Promise<AccountApplyOutcome> {
  const [op] = run.plan.operations;
  if (op === undefined) return { run, calls: 0 };
  try {
    await client.request(op.method, op.path, { body: op.body });
  } catch (error) {
    return { run, calls: 1, error: error instanceof Error ? error : new Error(String(error)) };
  }
  try {
    const again = await planAccountRun(client, run.config);
    return { run, calls: 1, residual: again.plan };
  } catch (error) {
    return { run, calls: 1, verifyError: error instanceof Error ? error : new Error(String(error)) };
  }
}

/** How the account writes follow the session's signal handling (one PATCH each). */
export interface AccountWriteHooks {
  /** True once the run was interrupted: no further PATCH is sent. */
  readonly shouldStop: () => boolean;
  /** The PATCH of this account is about to be sent (`undefined`: it was answered). */
  readonly onWriting: (run: AccountRun | undefined) => void;
}

/** Whether an account's apply failed or did not converge. */
export function accountApplyFailed(o: AccountApplyOutcome): boolean {
  return o.error !== undefined || o.verifyError !== undefined || (o.residual?.operations.length ?? 0) > 0;
}

/**
 * Applies the account files' changes one after another, reporting each; true when any failed
 * or did not converge. An interrupt stops before the next account.
 */
export async function applyAccounts(
  client: CloudflareClient,
  runs: readonly AccountRun[],
  report: { accountUnchanged(run: AccountRun): void; accountOutcome(outcome: AccountApplyOutcome): void },
  hooks: AccountWriteHooks,
): Promise<boolean> {
  let failed = false;
  for (const run of runs) if (run.plan.operations.length === 0) report.accountUnchanged(run);
  for (const run of runs.filter((r) => r.plan.operations.length > 0)) {
    if (hooks.shouldStop()) break;
    hooks.onWriting(run);
    const o = await applyAccountRun(client, run);
    hooks.onWriting(undefined);
    report.accountOutcome(o);
    if (accountApplyFailed(o)) failed = true;
  }
  return failed;
}
