/**
 * Applying an account file's plan: its one `PATCH /accounts/{account_id}/dns_settings`
 * (`{ zone_defaults: {...} }`), then a re-read and a new plan, which must be empty (else the
 * residual names the fields the service keeps differently). The PATCH sets absolute values, so
 * the client's retries of it (src/api/retry-policy.ts) are safe.
 */
import type { CloudflareClient } from '../api/index.js';
import type { AccountPlan } from '../core/account/plan-account.js';
import { planAccountRun, type AccountRun } from './plan-account.js';

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
