/**
 * `apply --yes` of one zone file takes the zone's apply lock before planning, so that the plan
 * made under it is what gets written; and whether the permission check before writing adds
 * anything once that lock is held.
 */
import { type ApiZone, type CloudflareClient, ZoneLookupError } from '../../api/index.js';
import type { ZoneConfig } from '../../core/zonefile/index.js';
import { planZoneRun, resolveRunZone, type PlanZoneRunOptions, type ZoneRun } from '../engine/index.js';
import { explainZoneIdError } from '../engine/index.js';
import { type LockEvent, type Locked, withZoneLock, type ZoneLockScope } from './lock-scope.js';
import { auditsTokensAroundWrites } from './zone-writes.js';

/**
 * `apply --yes` of one zone file (nobody to confirm a plan, so no plan is needed before the
 * lock): look the zone up, take its apply lock, plan once under it, and go on (`work`) in the
 * lock's scope: the plan is then what gets written, with no second plan under the lock. Unlisted
 * tokens are read only when the file deletes them. `{ taken: false }` when the lock is not free
 * at once (another run holds it: the caller plans first, so that the user sees what will be done
 * while it waits, then waits for the lock and plans again under it), or when the service refuses
 * it (403: the caller plans without it, and its permission check says what is missing), or when
 * the zone does not exist yet and the file names its account (it is created after planning).
 */
export async function lockThenPlan<T>(
  client: CloudflareClient,
  config: ZoneConfig,
  planOptions: PlanZoneRunOptions,
  emit: (event: LockEvent) => void,
  work: (run: ZoneRun, lock: ZoneLockScope) => Promise<T>,
): Promise<Locked<T>> {
  let zone: ApiZone;
  try {
    zone = await resolveRunZone(client, config);
  } catch (error) {
    const explained = explainZoneIdError(error, config);
    // A zone that does not exist yet has no lock to take: it is planned (and created) the other way.
    if (explained instanceof ZoneLookupError && explained.notFound && config.accountId !== undefined) return { taken: false };
    throw explained;
  }
  return withZoneLock(client, { zone: config.zone, zoneId: zone.id }, { wait: { kind: 'if-free' }, emit }, async (lock) => {
    const run = await planZoneRun(client, config, { ...planOptions, zone, auditTokens: auditsTokensAroundWrites(planOptions, config) });
    // The live records are not kept: apply needs the plan, and its check afterwards reads them
    // again (two copies of a 100,000-record zone would be held at once otherwise).
    return work({ ...run, live: [] }, lock);
  });
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
 * Whether the permission check before writing (src/app/engine/check-permissions.ts: the token in
 * use from GET /user/tokens/verify, its policies from the token list the run read, else
 * GET /user/tokens/{id}) adds anything: not when every write is a record write and the zone's lock is already
 * held, since taking it was a record create in that zone, which needs the same permission
 * (`#dns_records:edit`, the OpenAPI's `x-cfPermissionsRequired` for POST
 * /zones/{zone_id}/dns_records) as every record write of the plan.
 */
export function permissionCheckNeeded(runs: readonly ZoneRun[], lockedZone: string | undefined): boolean {
  return runs.some((r) => r.config.zone !== lockedZone || r.plan.operations.some((o) => o.kind !== 'dns_record'));
}
