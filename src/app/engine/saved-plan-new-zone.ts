/**
 * A zone to create in a saved plan (`plan --out` of a zone file whose zone does not exist yet,
 * README "Many zones: new zones"): the zone's name, its account and the records to create in it.
 * At apply it is fresh only while the zone still does not exist and a plan made now would create
 * the same zone, in the same account, with the same records; once apply has created it, the zone
 * planned again under its lock must create exactly those records (the ids the service gave the
 * zone put in), and may set the settings and DNSSEC the file asks for (they are planned once the
 * zone exists, as `apply` of the files does). Anything else is stale: nothing more is sent.
 */
import equal from 'fast-deep-equal';
import type { CloudflareClient } from '../../api/index.js';
import { ZonectlError } from '../../core/errors.js';
import { recordsPath } from '../../core/plan/build-plan.js';
import type { Operation } from '../../core/plan/operation.js';
import type { SavedZone } from '../../core/plan/plan-file.js';
import type { ZoneConfig } from '../../core/zonefile/index.js';
import { planZoneRun, type PlanZoneRunOptions, type ZoneRun } from './plan-zone-run.js';

/** A saved plan that no longer holds: live state changed since (STALE_PLAN); nothing is sent. */
export class StalePlanError extends ZonectlError {
  constructor(zone: string, what: readonly string[]) {
    const shown = what.slice(0, 10).join(', ') + (what.length > 10 ? `, and ${what.length - 10} more` : '');
    super(
      'STALE_PLAN',
      `${zone}: the saved plan is stale: live state changed since it was made (${shown}); run plan again; nothing was changed`,
    );
  }
}

/** A value as JSON carries it (undefined fields dropped): a saved plan is compared in that form. */
export const sent = (value: unknown): unknown => JSON.parse(JSON.stringify(value ?? null)) as unknown;

/** A record operation without its phase (which depends on the operations around it). */
const call = ({ phase: _phase, ...rest }: Operation): unknown => sent(rest);

/** Why a plan file may not hold a new zone's creation, if it may not: its tokens are planned only once the zone exists. */
export function unsavableNewZone(config: ZoneConfig): string | undefined {
  if (config.tokens.length === 0 && config.manage.tokens !== 'delete') return undefined;
  return `${config.zone} does not exist yet and ${config.file} manages API tokens, which are planned only once the zone exists: create it with \`zonectl apply ${config.file}\` (it shows the plan and asks), then plan again`;
}

/** Before any write: the zone must still not exist, and a plan made now must create what the saved one does. */
export async function checkSavedNewZone(client: CloudflareClient, saved: SavedZone, options: PlanZoneRunOptions): Promise<ZoneRun> {
  const zone = saved.plan.zone;
  const fresh = await planZoneRun(client, saved.config, options);
  if (fresh.plan.newZone === undefined) {
    throw new ZonectlError(
      'STALE_PLAN',
      `${zone}: the saved plan creates this zone, but it exists now (id ${fresh.zoneId}): the plan is stale; run plan again to plan its records against it; nothing was changed`,
    );
  }
  const stale: string[] = [];
  if (!equal(sent(saved.plan.newZone), sent(fresh.plan.newZone))) stale.push('the account or type of the zone to create');
  if (!equal(sent(saved.plan.operations), sent(fresh.plan.operations))) stale.push('the records to create');
  if (stale.length > 0) throw new StalePlanError(zone, stale);
  return { ...fresh, batchLimit: saved.batch_limit, planOptions: fresh.planOptions ?? options };
}

/**
 * Under the lock of the zone apply just created (`created`, planned against it): its record
 * operations are the saved ones in that zone; the other operations only its settings and DNSSEC.
 */
export async function checkCreatedZone(client: CloudflareClient, saved: SavedZone, created: ZoneRun): Promise<ZoneRun> {
  const fresh = await planZoneRun(client, saved.config, created.planOptions ?? {});
  const id = fresh.zoneId;
  const expected = saved.plan.operations.map((op) =>
    op.kind === 'dns_record' ? call({ ...op, zoneId: id, path: recordsPath(id) } as Operation) : call(op),
  );
  const records = fresh.plan.operations.filter((op) => op.kind === 'dns_record').map(call);
  const stale: string[] = [];
  if (!equal(records, expected)) stale.push('the records to create in the zone created');
  const others = fresh.plan.operations.filter((op) => op.kind !== 'dns_record' && op.kind !== 'dns_settings' && op.kind !== 'dnssec');
  if (others.length > 0) stale.push(`${others.length} operation(s) the saved plan does not hold (${others[0]!.kind})`);
  if (stale.length > 0)
    throw new ZonectlError(
      'STALE_PLAN',
      `${saved.plan.zone}: the zone was created (id ${id}), but the saved plan is stale: ${stale.join(', ')}; run plan again, then apply; nothing else was changed`,
    );
  return fresh;
}
