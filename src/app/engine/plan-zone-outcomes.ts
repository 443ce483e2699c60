/**
 * Many zones in one run: each zone planned on its own (bounded concurrency), each with its own
 * outcome, so that one zone's failure does not stop the others. Zone ids of many zones come from
 * one listing of the zones (GET /zones, 50 a page) instead of one lookup by name per zone.
 */
import { isMarkOnly } from '../../core/plan/operation.js';
import { listZones, mapBounded, type ApiZone, type CloudflareClient } from '../../api/index.js';
import { ZonectlError, type ErrorCode } from '../../core/errors.js';
import { canonicalZoneName } from '../../core/model/names.js';
import type { ZoneConfig } from '../../core/zonefile/index.js';
import { zoneTypeMatches } from '../../core/zone-type.js';
import { runPlanOptions, type ZoneRun } from './plan-zone-run.js';
import { planZoneRunExplained } from './zone-id-error.js';

/** Zones planned at once by default: enough to hide latency, few enough to stay in the budget's pace. */
export const DEFAULT_ZONE_CONCURRENCY = 4;

/** Above this many zones without `zone_id`, one listing of every zone beats a lookup per zone. */
export const LIST_ZONES_ABOVE = 3;

export type ZoneOutcome =
  | { readonly kind: 'planned'; readonly config: ZoneConfig; readonly run: ZoneRun }
  | { readonly kind: 'failed'; readonly config: ZoneConfig; readonly code: ErrorCode; readonly message: string };

/**
 * For each config, its zone from one listing of the zones (GET /zones, 50 a page), when the file
 * does not set `zone_id` and its name matches exactly one zone of its type (src/core/zone-type.ts) (an unknown or ambiguous name is
 * left to the per-zone lookup, which explains it). Listed only above LIST_ZONES_ABOVE such files.
 */
export async function listedZones(client: CloudflareClient, configs: readonly ZoneConfig[]): Promise<Array<ApiZone | undefined>> {
  const unresolved = configs.filter((c) => c.zoneId === undefined);
  if (unresolved.length <= LIST_ZONES_ABOVE) return configs.map(() => undefined);
  const zones = await listZones(client);
  const byName = new Map<string, ApiZone[]>();
  for (const z of zones) {
    const name = canonicalZoneName(z.name);
    byName.set(name, [...(byName.get(name) ?? []), z]);
  }
  return configs.map((c) => {
    if (c.zoneId !== undefined) return undefined;
    const matching = (byName.get(c.zone) ?? []).filter((z) => zoneTypeMatches(c.zoneType ?? 'full', z.type));
    return matching.length === 1 ? matching[0] : undefined;
  });
}

function failed(config: ZoneConfig, error: unknown): ZoneOutcome {
  const code: ErrorCode = error instanceof ZonectlError ? error.code : 'INTERNAL';
  const message = error instanceof Error ? error.message : String(error);
  return { kind: 'failed', config, code, message };
}

export interface RunZonesOptions {
  readonly concurrency?: number;
}

/**
 * Plan every zone; never throws for one zone's failure. When the zones list cannot be read,
 * each zone is looked up on its own (and fails, or not, on its own).
 */
export async function planZoneOutcomes(
  client: CloudflareClient,
  configs: readonly ZoneConfig[],
  options: RunZonesOptions = {},
): Promise<ZoneOutcome[]> {
  const zones = await listedZones(client, configs).catch(() => configs.map(() => undefined));
  // Every file of the run sees the same token names; one file audits the unlisted tokens.
  const planOptions = runPlanOptions(configs);
  return mapBounded(configs, options.concurrency ?? DEFAULT_ZONE_CONCURRENCY, async (config, i): Promise<ZoneOutcome> => {
    try {
      // A listed zone is handed over: no second lookup of it (GET /zones/{id}).
      const zone = zones[i];
      const run = await planZoneRunExplained(client, config, zone !== undefined ? { ...planOptions[i], zone } : planOptions[i]);
      return { kind: 'planned', config, run };
    } catch (error) {
      return failed(configs[i]!, error);
    }
  });
}

/** The runs of the zones that were planned. */
export function plannedRuns(outcomes: readonly ZoneOutcome[]): ZoneRun[] {
  return outcomes.flatMap((o) => (o.kind === 'planned' ? [o.run] : []));
}

/** True when a run would change something: an operation, or a zone to create. */
export function hasChanges(runs: readonly ZoneRun[]): boolean {
  return runs.some((r) => r.plan.operations.length > 0 || r.plan.newZone !== undefined);
}

/**
 * True when a live zone differs from its file: as `hasChanges`, but marking records as zonectl's
 * (manage.unmanaged: owned; src/core/ownership/marker.ts) is a write apply makes, never drift.
 */
export function hasDrift(runs: readonly ZoneRun[]): boolean {
  return runs.some((r) => r.plan.operations.some((op) => !isMarkOnly(op)) || r.plan.newZone !== undefined);
}
