import { sameValueKey, valueKey } from '../model/keys.js';
import type { CanonicalRecord, LiveRecord } from '../model/record.js';
import type { MarkerFields, RecordChange, RecordDiff } from './changes.js';
import { differingFields } from './compare-records.js';
import { groupBy } from './group-by.js';
import { assignOwnership, markedFields, type Marking, type OwnershipInput } from '../ownership/index.js';
import { pairLeftovers } from './pair-leftovers.js';
import { adoptLiveSplits } from './txt-splits.js';

export type DiffRecordsInput = OwnershipInput;

/**
 * Desired records vs live records. Which live records may be touched is decided by
 * `assignOwnership` (src/core/ownership/); this only matches: within a (name, type) group, equal
 * values pair first, the rest pair into updates (pair-leftovers.ts: by priority, then likeness),
 * the remainder is created or deleted. Under `manage.unmanaged: owned` every write carries
 * zonectl's marker, and a live record of the file that does not carry it yet gets an update that
 * only marks it (`fields` empty).
 */
export function diffRecords(input: DiffRecordsInput): RecordDiff {
  const own = assignOwnership(input);
  const changes: RecordChange[] = [];
  const warnings: string[] = [];
  let unchanged = 0;
  const marking: Marking | undefined = own.marking;
  const markerOf = (after: CanonicalRecord, live?: LiveRecord): { marker?: MarkerFields } =>
    marking === undefined ? {} : { marker: markedFields(after, live, marking.form) };
  /** An unchanged pair: nothing to send, unless the live record is to be marked as zonectl's. */
  const same = (live: LiveRecord, desired: CanonicalRecord): void => {
    if (marking?.unmarked.has(live.id) === true)
      changes.push({ kind: 'update', before: live, after: desired, fields: [], ...markerOf(desired, live) });
    else unchanged += 1;
  };

  for (const live of own.conflicting) changes.push({ kind: 'delete', before: live, reason: 'conflict' });
  for (const live of own.unmanagedDeleted) changes.push({ kind: 'delete', before: live, reason: 'unmanaged' });

  for (const pair of own.pairs.all) {
    // A long TXT written unquoted matches the live strings joined (txt-splits.ts).
    const wantedGroup = pair.type === 'TXT' ? adoptLiveSplits(pair.desired, pair.live) : pair.desired;
    const liveList = pair.live;
    if (wantedGroup.length === 1 && (liveList === undefined || liveList.length === 1) && pair.protectedLive === undefined) {
      // One desired and at most one live record (most names): they pair whatever their values,
      // as the general matching below would pair them; no per-group maps.
      const desired = wantedGroup[0]!;
      const live = liveList?.[0];
      if (live === undefined) {
        changes.push({ kind: 'create', after: desired, replacement: own.freedNames.has(desired.name), ...markerOf(desired) });
        continue;
      }
      const fields = differingFields(live, desired);
      if (fields.length === 0 && sameValueKey(live, desired)) same(live, desired);
      else changes.push({ kind: 'update', before: live, after: desired, fields, ...markerOf(desired, live) });
      continue;
    }
    // Live values of this group by value key, so pairing stays linear in large groups.
    const byValueKey = groupBy(liveList ?? [], valueKey);
    const protectedByValue = groupBy(pair.protectedLive ?? [], valueKey);
    const pending: CanonicalRecord[] = [];
    for (const desired of wantedGroup) {
      const vk = valueKey(desired);
      const live = byValueKey.get(vk)?.shift();
      if (live !== undefined) {
        const fields = differingFields(live, desired);
        if (fields.length === 0) same(live, desired);
        else changes.push({ kind: 'update', before: live, after: desired, fields, ...markerOf(desired, live) });
        continue;
      }
      const managedByService = protectedByValue.get(vk)?.shift();
      if (managedByService !== undefined) {
        // The service manages an equal record: creating one would fail (identical record).
        unchanged += 1;
        const fields = differingFields(managedByService, desired);
        if (fields.length > 0) {
          warnings.push(
            `${desired.name} ${desired.type}: the live record (id ${managedByService.id}) is managed by the service; its ${fields.join(', ')} cannot be changed by zonectl`,
          );
        }
        continue;
      }
      pending.push(desired);
    }
    // What no equal value paired: updates by priority, then likeness (pair-leftovers.ts).
    const left = pairLeftovers(pending, [...byValueKey.values()].flat());
    for (const [before, after] of left.updates)
      changes.push({ kind: 'update', before, after, fields: differingFields(before, after), ...markerOf(after, before) });
    for (const desired of left.creates)
      changes.push({ kind: 'create', after: desired, replacement: own.freedNames.has(desired.name), ...markerOf(desired) });
    for (const live of left.deletes) changes.push({ kind: 'delete', before: live, reason: 'owned' });
  }

  return {
    changes,
    unchanged,
    unmanaged: own.unmanagedKept,
    untouchable: own.untouchable,
    leftAlone: own.leftAlone,
    fileConflicts: own.fileConflicts,
    manageable: own.manageable,
    warnings: [...warnings, ...own.warnings],
  };
}
