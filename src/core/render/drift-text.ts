/**
 * A zone's drift for the text and Markdown reports of `drift`: each item in the operator's words
 * (drift-words.ts: what happened at the service, the live value first), the lines under it (its
 * impact, who made it, its two ways out), and the closing line. The same lines as JUnit and
 * Slack show. Pure.
 */
import type { ZonePlan } from '../plan/build-plan.js';
import { DRIFT_KINDS, driftItemsOf, type DriftKind } from '../drift/index.js';
import { describeCounts, describeItem, itemDetailLines } from './drift-words.js';
import { buildDriftReport, type DriftReport, type MarkedItem, type ZoneEntry } from '../drift/index.js';

/** The zone's entry of the run's report; a report of this plan alone when the run's does not have it. */
export function driftEntryOf(plan: ZonePlan, report?: DriftReport): ZoneEntry {
  const zones = report?.zones.filter((z) => z.zone === plan.zone) ?? [];
  const found = zones.find((z) => z.file === plan.file) ?? zones[0];
  return found ?? buildDriftReport('drift', [{ kind: 'planned', zone: plan.zone, file: plan.file ?? plan.zone, plan }]).zones[0]!;
}

/** An item's line (`(from FRAGMENT)` marks a record of a fragment) and the lines under it, neither indented. */
export function driftItemLines(i: MarkedItem, newZone: boolean): { line: string; details: string[] } {
  const from = i.source !== undefined ? ` (from ${i.source})` : '';
  const mark = i.baseline === 'new' ? '[new] ' : '';
  return { line: `${mark}${describeItem(i, 'drift', newZone)}${from}`, details: itemDetailLines(i) };
}

/** The counted items of a zone's entry, as the report orders them (new first, then by impact). */
export function countedItems(entry: ZoneEntry): MarkedItem[] {
  return entry.items.filter((i) => i.counted);
}

/** `Drift: 2 changed, 1 added at the service. Apply would: 1 create, 2 update, 0 delete; 3 unchanged.` */
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
