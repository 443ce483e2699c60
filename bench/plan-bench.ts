/**
 * The pure planner: diffRecords + buildZonePlan, 100,000 desired against 100,000 live with 1 %
 * changes (`changePercent`; 0 is a clean plan, where every live record equals its desired one).
 */
import { diffRecords } from '../src/core/diff/diff-records.js';
import { buildZonePlan } from '../src/core/plan/build-plan.js';
import { desiredRecords, liveWithChanges } from './fixtures.js';
import { median, timeIt } from './measure.js';

export interface PlanResult {
  records: number;
  liveRecords: number;
  medianMs: number;
  runs: number;
  changePercent: number;
  create: number;
  update: number;
  delete: number;
}

export async function benchPlan(count: number, runs: number, changePercent = 1): Promise<PlanResult> {
  const desired = desiredRecords(count);
  const live =
    changePercent === 0 ? desired.map((r, i) => ({ ...r, id: i.toString(16).padStart(32, '0') })) : liveWithChanges(desired, changePercent);
  const times: number[] = [];
  let summary = { create: 0, update: 0, delete: 0 };
  for (let i = 0; i < runs; i += 1) {
    const { ms, value } = await timeIt(() => {
      const diff = diffRecords({ zone: 'example.com', desired, live, rules: { unmanaged: 'keep', ignore: [] } });
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
  return { records: count, liveRecords: live.length, medianMs: median(times), runs, changePercent, ...summary };
}
