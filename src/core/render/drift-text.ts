/**
 * A zone's plan told as drift, for the text and Markdown reports of `drift`: each operation as
 * the items it stands for, in drift's words (drift-report.ts `describeItem`: what happened
 * outside the zone files, the file's value, then the live one), and the closing line. The same
 * lines as JUnit and Slack show. Pure.
 */
import type { ZonePlan } from '../plan/build-plan.js';
import type { Operation } from '../plan/operation.js';
import { DRIFT_KINDS, driftItemsOf, operationItems, type DriftKind } from './drift-items.js';
import { describeCounts, describeItem } from './drift-report.js';

/** The lines of one operation as drift (no indent, no colour); `fragment` marks where its record comes from. */
export function driftOperationLines(plan: ZonePlan, op: Operation, fragment?: string): string[] {
  const from = fragment !== undefined ? ` (from ${fragment})` : '';
  return operationItems(plan.zone, op).map((i) => `${describeItem(i, 'drift', plan.newZone !== undefined)}${from}`);
}

/** `Drift: 2 changed, 1 added outside the zone files. Apply would: 1 create, 2 update, 0 delete; 3 unchanged.` */
export function driftSummaryLine(plan: ZonePlan): string {
  const s = plan.summary;
  const kept = s.unmanaged > 0 ? `, ${s.unmanaged} unmanaged kept` : '';
  const counts = Object.fromEntries(DRIFT_KINDS.map((k) => [k, 0])) as Record<DriftKind, number>;
  for (const i of driftItemsOf(plan)) if (i.counted) counts[i.kind] += 1;
  const drift = describeCounts('drift', counts);
  if (drift === '') return `No drift. ${s.unchanged} unchanged${kept}.`;
  if (plan.newZone !== undefined) return `Drift: the zone does not exist yet. Apply would: ${s.create} create (the zone and its records).`;
  return `Drift: ${drift}. Apply would: ${s.create} create, ${s.update} update, ${s.delete} delete; ${s.unchanged} unchanged${kept}.`;
}
