/** The pure planner: diffRecords + buildZonePlan, 100,000 desired against 100,000 live with 1 % changes. */
import { diffRecords } from '../src/core/diff/diff-records.js';
import { buildZonePlan } from '../src/core/plan/build-plan.js';
import { desiredRecords, liveWithChanges } from './fixtures.js';
import { median, timeIt } from './measure.js';

export interface PlanResult {
  records: number;
  liveRecords: number;
  medianMs: number;
  runs: number;
  create: number;
  update: number;
  delete: number;
}

export async function benchPlan(count: number, runs: number): Promise<PlanResult> {
  const desired = desiredRecords(count);
  const live = liveWithChanges(desired, 1);
  const times: number[] = [];
  let summary = { create: 0, update: 0, delete: 0 };
  for (let i = 0; i < runs; i += 1) {
    const { ms, value } = await timeIt(() => {
      const diff = diffRecords({ zone: 'example.com', desired, live, unmanaged: 'keep', isIgnored: () => false });
      return buildZonePlan({
        zone: 'example.com',
        zoneId: '0'.repeat(32),
        desired,
        live,
        diff,
        thresholds: { maxDeletePercent: 100, maxUpdatePercent: 100, minRecords: 10 },
      });
    });
    times.push(ms);
    summary = value.summary;
  }
  return { records: count, liveRecords: live.length, medianMs: median(times), runs, ...summary };
}
