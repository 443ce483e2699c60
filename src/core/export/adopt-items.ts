/**
 * `drift --adopt`: which drift items can be taken into the zone files, and the plan's operations
 * narrowed to the chosen ones, for `editsToMatchLive` (./refresh-edits.ts) to turn into edits.
 * An item is adoptable when the drift report offers it the adopt way out
 * (src/core/drift/ways-out.ts, `waysOut`): a record added, changed or removed at the service,
 * a DNS setting or DNSSEC field changed there. A record update shows one item per field (`value`
 * for content, data and priority together): adopting some of its items takes only their fields.
 * Pure.
 */
import { assertNever } from '../errors.js';
import type { ZonePlan } from '../plan/build-plan.js';
import type { Operation } from '../plan/operation.js';
import { fragmentOf } from '../plan/record-source.js';
import { type DriftItem, driftItemsOf, operationItems, waysOut } from '../drift/index.js';

/** content, data and priority are one item, `value` (src/core/drift/drift-items.ts). */
const VALUE_FIELDS = new Set(['content', 'data', 'priority']);

/** The item field that shows a plan's record field. */
const itemField = (field: string): string => (VALUE_FIELDS.has(field) ? 'value' : field);

/** True when the drift report offers the item the adopt way out. */
export function isAdoptable(i: DriftItem, plan: Pick<ZonePlan, 'newZone' | 'file'>): boolean {
  return waysOut(i, plan.file ?? '', plan.newZone !== undefined).adopt !== undefined;
}

/** Every item of a zone's drift, with whether it can be adopted. */
export function adoptionItems(plan: ZonePlan): Array<{ readonly item: DriftItem; readonly adoptable: boolean }> {
  return driftItemsOf(plan).map((item) => ({ item, adoptable: isAdoptable(item, plan) }));
}

/** One operation narrowed to the items `chosen` takes (undefined when it takes none of them). */
function narrowed(plan: ZonePlan, op: Operation, chosen: (i: DriftItem) => boolean): Operation | undefined {
  const picked = operationItems(plan.zone, op, fragmentOf(plan, op)).filter((i) => chosen(i) && isAdoptable(i, plan));
  if (picked.length === 0) return undefined;
  const fields = new Set(picked.map((i) => i.field));
  switch (op.kind) {
    case 'dns_record':
      if (op.action !== 'update') return op;
      return { ...op, fields: op.fields.filter((f) => fields.has(itemField(f))) };
    case 'dns_settings':
      return { ...op, fields: op.fields.filter((f) => fields.has(f)) };
    case 'dnssec':
      return { ...op, changes: op.changes.filter((c) => fields.has(c.field)), fields: op.fields.filter((f) => fields.has(f)) };
    case 'token':
      return undefined; // never adoptable: a token's secret side is not the file's
    default:
      return assertNever(op, 'operation');
  }
}

/** The plan's operations narrowed to the adoptable items `chosen` takes, in the plan's order. */
export function operationsToAdopt(plan: ZonePlan, chosen: (i: DriftItem) => boolean): Operation[] {
  return plan.operations.flatMap((op) => {
    const n = narrowed(plan, op, chosen);
    return n !== undefined ? [n] : [];
  });
}
