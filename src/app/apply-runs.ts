import type { CloudflareClient, ExecuteResult, ProgressEvent } from '../api/index.js';
import { executeOperations } from '../api/index.js';
import { InternalError } from '../core/errors.js';
import type { ZonePlan } from '../core/plan/build-plan.js';
import { planZoneRun, type ZoneRun } from './plan-zones.js';

export interface ApplyOptions {
  readonly batch: boolean;
  readonly concurrency: number;
  readonly onProgress?: (zone: string, event: ProgressEvent) => void;
}

export interface ZoneApplyOutcome {
  readonly run: ZoneRun;
  readonly result: ExecuteResult;
  /** The plan made after apply: empty when the zone converged. */
  readonly residual?: ZonePlan;
  /** The re-read after apply failed (the apply itself succeeded; its results are kept). */
  readonly verifyError?: Error;
}

/**
 * Apply each zone's operations, then re-read the zone and plan again: a converged zone has an
 * empty residual plan. Stops at the first zone whose apply fails.
 */
export async function applyZoneRuns(client: CloudflareClient, runs: readonly ZoneRun[], options: ApplyOptions): Promise<ZoneApplyOutcome[]> {
  const outcomes: ZoneApplyOutcome[] = [];
  const startedAt = Date.now();
  for (const run of runs) {
    if (run.plan.operations.length === 0) continue;
    const result = await executeOperations(client, run.plan.operations, {
      batch: options.batch,
      batchLimit: run.batchLimit,
      concurrency: options.concurrency,
      zoneNames: { [run.zoneId]: run.config.zone },
      startedAt,
      ...(options.onProgress ? { onProgress: (e: ProgressEvent) => options.onProgress?.(run.config.zone, e) } : {}),
    });
    if (!result.ok) {
      outcomes.push({ run, result });
      break;
    }
    try {
      const after = await planZoneRun(client, run.config);
      outcomes.push({ run, result, residual: after.plan });
    } catch (error) {
      // Keep what was applied (and any new token secret) even when the check cannot run.
      outcomes.push({ run, result, verifyError: error instanceof Error ? error : new InternalError(String(error)) });
    }
  }
  return outcomes;
}
