import type { CloudflareClient } from '../api/index.js';
import { CloudflareApiError, findZone, readDnsSettings, readLiveRecords, readPermissionGroups, readTokens } from '../api/index.js';
import type { ApiZone } from '../api/index.js';
import { ZonectlError } from '../core/errors.js';
import { canonicalZoneName, isInZone } from '../core/model/names.js';
import type { LiveRecord } from '../core/model/record.js';
import type { ZonePlan } from '../core/plan/build-plan.js';
import { planZone } from '../core/plan/plan-zone.js';
import type { ZoneConfig } from '../core/zonefile/index.js';

/**
 * Batch size limit of the service: 200 records on Free zones, 3,500 on paid plans
 * (https://developers.cloudflare.com/dns/manage-dns-records/how-to/batch-record-changes/).
 */
export function batchLimitFor(zone: Pick<ApiZone, 'plan'> | undefined): number {
  const plan = zone?.plan?.legacy_id ?? zone?.plan?.name?.toLowerCase() ?? 'free';
  return plan === 'free' || plan.startsWith('free') ? 200 : 3500;
}

/** One zone's desired state, live state and plan. */
export interface ZoneRun {
  readonly config: ZoneConfig;
  readonly zoneId: string;
  readonly live: readonly LiveRecord[];
  readonly plan: ZonePlan;
  readonly batchLimit: number;
}

/**
 * The zone object. With `zone_id` in the file, a token that may edit DNS but not read the zone
 * (no Zone Read) is still served: zonectl then assumes the smallest batch limit (Free plan).
 */
async function resolveZone(client: CloudflareClient, config: ZoneConfig): Promise<ApiZone> {
  if (config.zoneId !== undefined) {
    try {
      const res = await client.request<ApiZone>('GET', `/zones/${encodeURIComponent(config.zoneId)}`);
      return res.result;
    } catch (error) {
      if (error instanceof CloudflareApiError && error.status === 403) return { id: config.zoneId, name: config.zone };
      throw error;
    }
  }
  return findZone(client, config.zone);
}

export class ZoneMismatchError extends ZonectlError {
  constructor(message: string) {
    super('ZONE_MISMATCH', message);
  }
}

/** Read the live zone and plan it. */
export async function planZoneRun(client: CloudflareClient, config: ZoneConfig): Promise<ZoneRun> {
  const zone = await resolveZone(client, config);
  if (canonicalZoneName(zone.name) !== config.zone) {
    throw new ZoneMismatchError(`${config.file}: zone_id ${zone.id} is the zone "${zone.name}", but the file describes "${config.zone}"; nothing was planned`);
  }
  const live = await readLiveRecords(client, zone.id, config.zone);
  const outside = live.records.filter((r) => !isInZone(r.name, config.zone));
  if (outside.length > 0) {
    throw new ZoneMismatchError(
      `${config.file}: zone ${zone.id} holds records outside "${config.zone}" (e.g. ${outside[0].name.replace(/\.$/, '')}); check zone_id; nothing was planned`,
    );
  }
  const settings = config.settings !== undefined ? await readDnsSettings(client, zone.id) : undefined;
  const tokens =
    config.tokens.length > 0
      ? {
          live: await readTokens(client),
          context: { zoneId: zone.id, accountId: zone.account?.id ?? '', permissionGroups: await readPermissionGroups(client) },
        }
      : undefined;
  const planned = planZone(config, zone.id, { records: live.records, ...(settings ? { settings } : {}), ...(tokens ? { tokens } : {}) });
  const unknown = live.unknownTypes.map((r) => `${r.name} ${r.type}`);
  const plan =
    unknown.length === 0
      ? planned
      : { ...planned, warnings: [...planned.warnings, `${unknown.length} live record(s) of types zonectl does not manage are left alone: ${unknown.slice(0, 5).join(', ')}${unknown.length > 5 ? ', ...' : ''}`] };
  return { config, zoneId: zone.id, live: live.records, plan, batchLimit: batchLimitFor(zone) };
}

/** Plan every zone file, one after another (they share the client's rate limiter). */
export async function planZoneRuns(client: CloudflareClient, configs: readonly ZoneConfig[]): Promise<ZoneRun[]> {
  const runs: ZoneRun[] = [];
  for (const config of configs) runs.push(await planZoneRun(client, config));
  return runs;
}
