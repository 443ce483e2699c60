/**
 * `apply --yes` of one zone file takes the zone's apply lock before planning, so that the plan
 * made under it is what gets written; and whether the permission check before writing adds
 * anything once that lock is held.
 */
import { type CloudflareClient, CloudflareApiError } from '../../api/index.js';
import type { ZoneConfig } from '../../core/zonefile/index.js';
import { planZoneRun, resolveRunZone, type PlanZoneRunOptions, type ZoneRun } from '../plan/plan-zone-run.js';
import { explainZoneIdError } from '../plan/zone-id-error.js';
import { auditsTokensAroundWrites, type ApplyLockOptions } from './zone-writes.js';
import { acquireZoneLock, ZoneLockBusyError, type HeldZoneLock } from './zone-lock.js';

/** A run planned under its zone's apply lock, taken first. */
export interface LockedRun {
  readonly run: ZoneRun;
  readonly lock: HeldZoneLock;
}

/**
 * `apply --yes` of one zone file (nobody to confirm a plan, so no plan is needed before the
 * lock): look the zone up, take its apply lock, then plan once under it. The plan is then what
 * gets written, with no second plan under the lock. Unlisted tokens are read only when the file
 * deletes them. Undefined when the lock is not free at once (another run holds it: the caller
 * plans first, so that the user sees what will be done while it waits, then waits for the lock
 * and plans again under it), or when the service refuses it (403: the credential may not write
 * records: the caller plans without it, and its permission check says what is missing).
 */
export async function lockThenPlan(
  client: CloudflareClient,
  config: ZoneConfig,
  planOptions: PlanZoneRunOptions,
  lock: Pick<ApplyLockOptions, 'onWait' | 'onLost' | 'onHeld'>,
): Promise<LockedRun | undefined> {
  const zone = await resolveRunZone(client, config).catch((error: unknown) => {
    throw explainZoneIdError(error, config);
  });
  let held: HeldZoneLock;
  try {
    held = await acquireZoneLock(client, {
      zone: config.zone,
      zoneId: zone.id,
      waitMs: 0,
      ...(lock.onWait ? { onWait: lock.onWait } : {}),
      ...(lock.onLost ? { onLost: lock.onLost } : {}),
    });
  } catch (error) {
    if (error instanceof ZoneLockBusyError || (error instanceof CloudflareApiError && error.status === 403)) return undefined;
    throw error;
  }
  // Planning a big zone takes seconds: the session's signal handler must know the lock to release it.
  lock.onHeld?.(held);
  try {
    const run = await planZoneRun(client, config, { ...planOptions, zone, auditTokens: auditsTokensAroundWrites(planOptions, config) });
    // The live records are not kept: apply needs the plan, and its check afterwards reads them
    // again (two copies of a 100,000-record zone would be held at once otherwise).
    return { run: { ...run, live: [] }, lock: held };
  } catch (error) {
    lock.onHeld?.(undefined);
    await held.release().catch(() => undefined);
    throw error;
  }
}

/**
 * Whether `apply --yes` of these files may take the lock before planning (`lockThenPlan`): one
 * zone file that neither lists tokens nor deletes unlisted ones. A plan with token changes may
 * still be refused after planning for want of somewhere to put new secrets (--token-output),
 * and such a refusal must come before any write, the lock's included.
 */
export function canLockFirst(configs: readonly ZoneConfig[]): boolean {
  return configs.length === 1 && configs[0]!.tokens.length === 0 && configs[0]!.manage.tokens !== 'delete';
}

/**
 * Whether the permission check before writing (src/app/plan/check-permissions.ts; two requests for a
 * token) adds anything: not when every write is a record write and the zone's lock is already
 * held, since taking it was a record create in that zone, which needs the same permission
 * (`#dns_records:edit`, the OpenAPI's `x-cfPermissionsRequired` for POST
 * /zones/{zone_id}/dns_records) as every record write of the plan.
 */
export function permissionCheckNeeded(runs: readonly ZoneRun[], heldLocks: ReadonlyMap<string, HeldZoneLock>): boolean {
  return runs.some((r) => !heldLocks.has(r.config.zone) || r.plan.operations.some((o) => o.kind !== 'dns_record'));
}
