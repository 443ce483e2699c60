/**
 * An unknown `zone_id` in a zone file: the service answers GET /zones/{id} with 404 (code 7003,
 * "Could not route to ..., perhaps your object identifier is invalid?", or 1001 "Invalid zone
 * identifier"), which names neither the file nor the line. Say both.
 */
import { readFileSync } from 'node:fs';
import { type CloudflareClient, CloudflareApiError } from '../../api/index.js';
import { ZonectlError } from '../../core/errors.js';
import type { ZoneConfig } from '../../core/zonefile/index.js';
import { planZoneRun, runPlanOptions, type PlanZoneRunOptions, type ZoneRun } from './plan-zone-run.js';

export class UnknownZoneIdError extends ZonectlError {
  constructor(message: string, cause: unknown) {
    super('ZONE_LOOKUP', message, { cause });
  }
}

/** `FILE:LINE:COL` of the `zone_id:` key of a zone file (the file alone when it cannot be read). */
export function zoneIdPosition(file: string, text?: string): string {
  let source = text;
  if (source === undefined) {
    try {
      source = readFileSync(file, 'utf8');
    } catch {
      return file;
    }
  }
  const lines = source.split(/\r?\n/);
  const i = lines.findIndex((l) => /^\s*zone_id\s*:/.test(l));
  return i < 0 ? file : `${file}:${i + 1}:${lines[i].search(/\S/) + 1}`;
}

/** The error to show for a failure to read the zone a file names by `zone_id`. */
export function explainZoneIdError(error: unknown, config: ZoneConfig, text?: string): unknown {
  if (config.zoneId === undefined || !(error instanceof CloudflareApiError)) return error;
  const onZone = error.path === `/zones/${encodeURIComponent(config.zoneId)}`;
  if (!onZone || !(error.status === 404 || error.status === 400)) return error;
  return new UnknownZoneIdError(
    `${zoneIdPosition(config.file, text)} zone_id: the service knows no zone ${config.zoneId} (GET /zones/${config.zoneId} answered ${error.status}); ` +
      `check zone_id, or remove it to look the zone up by name (${config.zone}); nothing was planned`,
    error,
  );
}

/** planZoneRun, with an unknown zone_id named by file and line. */
export async function planZoneRunExplained(
  client: CloudflareClient,
  config: ZoneConfig,
  options: PlanZoneRunOptions = {},
): Promise<ZoneRun> {
  try {
    return await planZoneRun(client, config, options);
  } catch (error) {
    throw explainZoneIdError(error, config);
  }
}

/** Every zone file, one after another, with an unknown zone_id named by file and line. */
export async function planZoneRunsExplained(client: CloudflareClient, configs: readonly ZoneConfig[]): Promise<ZoneRun[]> {
  const runs: ZoneRun[] = [];
  const options = runPlanOptions(configs);
  for (const [i, config] of configs.entries()) runs.push(await planZoneRunExplained(client, config, options[i]));
  return runs;
}
