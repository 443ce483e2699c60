/**
 * Applying an account file's plan: its one `PATCH /accounts/{account_id}/dns_settings`
 * (`{ zone_defaults: {...} }` and/or `{ enforce_dns_only }`), then a re-read and a new plan, which must be empty (else the
 * residual names the fields the service keeps differently). The PATCH sets absolute values, so
 * the client's retries of it (src/api/retry-policy.ts) are safe.
 */
import type { CloudflareClient } from '../../api/index.js';
import type { AccountPlan } from '../../core/account/plan-account.js';
import { planAccountRun, type AccountRun } from '../engine/index.js';

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

/** Whether an account's apply failed or did not converge. */
export function accountApplyFailed(o: AccountApplyOutcome): boolean {
  return o.error !== undefined || o.verifyError !== undefined || (o.residual?.operations.length ?? 0) > 0;
}

/** What the account writes tell, in order. */
export type AccountWriteEvent =
  | { readonly kind: 'account-unchanged'; readonly run: AccountRun }
  | { readonly kind: 'account-writing'; readonly run: AccountRun }
  | { readonly kind: 'account-outcome'; readonly outcome: AccountApplyOutcome };

/**
 * Applies the account files' changes one after another, telling each; true when any failed or
 * did not converge. An interrupt (`stop`) stops before the next account.
 */
export async function applyAccounts(
  client: CloudflareClient,
  runs: readonly AccountRun[],
  emit: (event: AccountWriteEvent) => void,
  stop: AbortSignal,
): Promise<boolean> {
  let failed = false;
  for (const run of runs) if (run.plan.operations.length === 0) emit({ kind: 'account-unchanged', run });
  for (const run of runs.filter((r) => r.plan.operations.length > 0)) {
    if (stop.aborted) break;
    emit({ kind: 'account-writing', run });
    const outcome = await applyAccountRun(client, run);
    emit({ kind: 'account-outcome', outcome });
    if (accountApplyFailed(outcome)) failed = true;
  }
  return failed;
}
