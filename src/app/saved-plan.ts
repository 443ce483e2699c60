import equal from 'fast-deep-equal';
import { readFileSync } from 'node:fs';
import type { CloudflareClient } from '../api/index.js';
import { ZonectlError } from '../core/errors.js';
import { staleKeys } from '../core/plan/build-plan.js';
import { PlanFileError, parsePlanFile } from '../core/plan/plan-file.js';
import { planZoneRun, type ZoneRun } from './plan-zones.js';

export class StalePlanError extends ZonectlError {
  constructor(zone: string, what: readonly string[]) {
    const shown = what.slice(0, 10).join(', ') + (what.length > 10 ? `, and ${what.length - 10} more` : '');
    super('STALE_PLAN', `${zone}: the saved plan is stale: live state changed since it was made (${shown}); run plan again; nothing was changed`);
  }
}

function readPlanText(path: string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (e) {
    const code = (e as NodeJS.ErrnoException).code;
    throw new PlanFileError('PLAN_FILE_UNREADABLE', `${path}: cannot read the plan file (${code === 'ENOENT' ? 'no such file' : (code ?? String(e))})`);
  }
}

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

/**
 * Load a saved plan and check it against live state before anything is sent: the same API,
 * the same zone; every name it touches still holds exactly the records (type, id, modification
 * time) it held at plan time; and its settings and token operations are still what a fresh
 * plan of the same desired state would do.
 */
export async function loadSavedPlan(client: CloudflareClient, path: string): Promise<ZoneRun[]> {
  const file = parsePlanFile(readPlanText(path), path);
  if (trimSlash(file.base_url) !== trimSlash(client.baseUrl)) {
    throw new PlanFileError('PLAN_FILE_OTHER_API', `${path}: the plan was made against ${file.base_url}, not ${client.baseUrl}; nothing was changed`);
  }
  const runs: ZoneRun[] = [];
  for (const saved of file.zones) {
    const fresh = await planZoneRun(client, saved.config);
    if (fresh.zoneId !== saved.plan.zoneId) throw new StalePlanError(saved.plan.zone, [`zone id is now ${fresh.zoneId}`]);
    const stale = staleKeys(saved.plan, fresh.live);
    // Settings and token calls, without their phase (it depends on the record operations around them).
    const others = (ops: ZoneRun['plan']['operations']) => ops.filter((o) => o.kind !== 'dns_record').map(({ phase: _phase, ...call }) => call);
    if (!equal(others(saved.plan.operations), others(fresh.plan.operations))) stale.push('dns settings or tokens');
    if (stale.length > 0) throw new StalePlanError(saved.plan.zone, stale);
    runs.push({ config: saved.config, zoneId: saved.plan.zoneId, live: fresh.live, plan: saved.plan, batchLimit: saved.batch_limit });
  }
  return runs;
}
