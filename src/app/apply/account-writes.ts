/**
 * Applying an account file's plan: its one `PATCH /accounts/{account_id}/dns_settings`
 * (`{ zone_defaults: {...} }` and/or `{ enforce_dns_only }`), then its DNS views' changes
 * (src/core/account/plan-views.ts: updates, creates, deletes), then a re-read and a new plan,
 * which must be empty (else the residual names what the service keeps differently). The PATCHes
 * set absolute values, so the client's retries of them (src/api/retry-policy.ts) are safe.
 *
 * Account files are applied after the zones (src/app/apply/session.ts), so a view that names an
 * internal zone this apply creates is written once the zone exists: its id is looked up then
 * (the one internal zone of that name in the account).
 */
import { type CloudflareClient, listZones } from '../../api/index.js';
import { type AccountOperation, type AccountPlan, accountRequestBody } from '../../core/account/plan-account.js';
import { ZonectlError } from '../../core/errors.js';
import { internalZonesNamed, planAccountRun, type AccountRun } from '../engine/index.js';

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

/** The ids of the internal zones a view names that did not exist at plan time (created by this apply). */
async function createdZoneIds(client: CloudflareClient, accountId: string, ops: readonly AccountOperation[]): Promise<Map<string, string>> {
  const names = new Set(
    ops.flatMap((op) => (op.kind === 'dns_view' ? (op.zones ?? []).filter((z) => z.id === undefined).map((z) => z.zone!) : [])),
  );
  const ids = new Map<string, string>();
  for (const name of names) {
    const internal = internalZonesNamed(await listZones(client, { name, 'account.id': accountId }), name);
    if (internal.length !== 1)
      throw new ZonectlError(
        'DNS_VIEW',
        internal.length === 0
          ? `internal zone ${name} does not exist after the zones were applied (was its creation refused?); no view was written`
          : `${internal.length} internal zones are named ${name} after the zones were applied (${internal.map((z) => z.id).join(', ')}); no view was written`,
      );
    ids.set(name, internal[0]!.id.toLowerCase());
  }
  return ids;
}

export async function applyAccountRun(client: CloudflareClient, run: AccountRun): Promise<AccountApplyOutcome> {
  const ops = run.plan.operations;
  if (ops.length === 0) return { run, calls: 0 };
  let calls = 0;
  try {
    const ids = await createdZoneIds(client, run.plan.accountId, ops);
    for (const op of ops) {
      const body = accountRequestBody(op, (zone) => ids.get(zone)!);
      calls += 1;
      await client.request(op.method, op.path, body !== undefined ? { body } : {});
    }
  } catch (error) {
    return { run, calls, error: error instanceof Error ? error : new Error(String(error)) };
  }
  try {
    const again = await planAccountRun(client, run.config);
    return { run, calls, residual: again.plan };
  } catch (error) {
    return { run, calls, verifyError: error instanceof Error ? error : new Error(String(error)) };
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
