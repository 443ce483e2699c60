import { readFileSync } from 'node:fs';
import type { CloudflareClient } from '../api/index.js';
import { readLiveRecords } from '../api/index.js';
import { ZonectlError } from '../core/errors.js';
import { staleKeys } from '../core/plan/build-plan.js';
import { PlanFileError, parsePlanFile } from '../core/plan/plan-file.js';
import type { ZoneRun } from './plan-zones.js';

export class StalePlanError extends ZonectlError {
  constructor(zone: string, keys: readonly string[]) {
    const shown = keys.slice(0, 10).join(', ') + (keys.length > 10 ? `, and ${keys.length - 10} more` : '');
    super('STALE_PLAN', `${zone}: the saved plan is stale: live records changed since it was made (${shown}); run plan again`);
  }
}

/**
 * Load a saved plan and check it against live state: every (name, type) it touches must still
 * hold exactly the records (ids and modification times) it held at plan time.
 */
export async function loadSavedPlan(client: CloudflareClient, path: string): Promise<ZoneRun[]> {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new PlanFileError('PLAN_FILE_UNREADABLE', `${path}: cannot read the plan file (${code === 'ENOENT' ? 'no such file' : (code ?? String(e))})`);
  }
  const file = parsePlanFile(text, path);
  const runs: ZoneRun[] = [];
  for (const saved of file.zones) {
    const live = await readLiveRecords(client, saved.plan.zoneId, saved.config.zone);
    const stale = staleKeys(saved.plan, live.records);
    if (stale.length > 0) throw new StalePlanError(saved.plan.zone, stale);
    runs.push({ config: saved.config, zoneId: saved.plan.zoneId, live: live.records, plan: saved.plan, batchLimit: saved.batch_limit });
  }
  return runs;
}
