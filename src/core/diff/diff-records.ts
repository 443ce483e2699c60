import { isProtectedRecord } from '../model/api-codec.js';
import { nameTypeKey, valueKey } from '../model/keys.js';
import type { CanonicalRecord, LiveRecord } from '../model/record.js';
import type { RecordChange, RecordDiff } from './changes.js';
import { differingFields } from './compare-records.js';

export interface DiffRecordsInput {
  readonly desired: readonly CanonicalRecord[];
  readonly live: readonly LiveRecord[];
  readonly unmanaged: 'keep' | 'delete';
  /** True for live records `manage.ignore` matches. */
  readonly isIgnored: (record: LiveRecord) => boolean;
}

function groupBy<T>(items: readonly T[], key: (t: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const g = groups.get(k);
    if (g) g.push(item);
    else groups.set(k, [item]);
  }
  return groups;
}

const byValue = <T extends CanonicalRecord>(a: T, b: T): number => {
  const ka = valueKey(a);
  const kb = valueKey(b);
  return ka < kb ? -1 : ka > kb ? 1 : 0;
};

/**
 * Ownership and matching (DESIGN §4). The file owns every (name, type) it lists; within a
 * group, equal values pair first, the rest pair into updates, the remainder is created or
 * deleted. Live records that cannot coexist with a desired one (CNAME exclusivity) are
 * deleted as part of a replacement. Records the service manages, or that `manage.ignore`
 * matches, are never touched.
 */
export function diffRecords(input: DiffRecordsInput): RecordDiff {
  const desiredGroups = groupBy(input.desired, nameTypeKey);
  const untouchable: LiveRecord[] = [];
  const manageableLive: LiveRecord[] = [];
  for (const r of input.live) {
    // `manage.ignore` concerns what the file does not list: a (name, type) the file lists is
    // the file's, ignore glob or not (else a listed record would be created on every apply).
    const ignored = !desiredGroups.has(nameTypeKey(r)) && input.isIgnored(r);
    if (isProtectedRecord(r.meta) || ignored) untouchable.push(r);
    else manageableLive.push(r);
  }

  const liveGroups = groupBy(manageableLive, nameTypeKey);
  const protectedGroups = groupBy(untouchable, nameTypeKey);
  const desiredNames = new Map<string, Set<string>>();
  for (const d of input.desired) {
    const types = desiredNames.get(d.name) ?? new Set<string>();
    types.add(d.type);
    desiredNames.set(d.name, types);
  }

  const changes: RecordChange[] = [];
  const unmanaged: LiveRecord[] = [];
  const warnings: string[] = [];
  let unchanged = 0;
  const freedNames = new Set<string>();

  // Live groups the file does not list: conflicts first, then unmanaged.
  for (const [key, group] of liveGroups) {
    if (desiredGroups.has(key)) continue;
    const { name, type } = group[0];
    const wanted = desiredNames.get(name);
    const conflicts = wanted !== undefined && (type === 'CNAME' || wanted.has('CNAME'));
    for (const live of group) {
      if (conflicts) {
        changes.push({ kind: 'delete', before: live, reason: 'conflict' });
        freedNames.add(name);
      } else if (input.unmanaged === 'delete') {
        changes.push({ kind: 'delete', before: live, reason: 'unmanaged' });
      } else {
        unmanaged.push(live);
      }
    }
  }

  for (const [key, wantedGroup] of desiredGroups) {
    // Live values of this group by value key, so pairing stays linear in large groups.
    const byValueKey = groupBy(liveGroups.get(key) ?? [], valueKey);
    const protectedByValue = groupBy(protectedGroups.get(key) ?? [], valueKey);
    const pending: CanonicalRecord[] = [];
    for (const desired of wantedGroup) {
      const vk = valueKey(desired);
      const live = byValueKey.get(vk)?.shift();
      if (live !== undefined) {
        const fields = differingFields(live, desired);
        if (fields.length === 0) unchanged += 1;
        else changes.push({ kind: 'update', before: live, after: desired, fields });
        continue;
      }
      const managedByService = protectedByValue.get(vk)?.shift();
      if (managedByService !== undefined) {
        // The service manages an equal record: creating one would fail (identical record).
        unchanged += 1;
        const fields = differingFields(managedByService, desired);
        if (fields.length > 0) {
          warnings.push(`${desired.name} ${desired.type}: the live record (id ${managedByService.id}) is managed by the service; its ${fields.join(', ')} cannot be changed by zonectl`);
        }
        continue;
      }
      pending.push(desired);
    }
    const liveGroup = [...byValueKey.values()].flat();
    pending.sort(byValue);
    liveGroup.sort(byValue);
    const pairs = Math.min(pending.length, liveGroup.length);
    for (let i = 0; i < pairs; i += 1) {
      changes.push({ kind: 'update', before: liveGroup[i], after: pending[i], fields: differingFields(liveGroup[i], pending[i]) });
    }
    for (const desired of pending.slice(pairs)) {
      changes.push({ kind: 'create', after: desired, replacement: freedNames.has(desired.name) });
    }
    for (const live of liveGroup.slice(pairs)) {
      changes.push({ kind: 'delete', before: live, reason: 'owned' });
    }
  }

  for (const r of untouchable) {
    const types = desiredNames.get(r.name);
    if (types && (r.type === 'CNAME' || types.has('CNAME')) && !types.has(r.type)) {
      warnings.push(
        `${r.name} ${r.type} (id ${r.id}) is managed by the service or ignored, and cannot coexist with the ${[...types].join('/')} record the file wants there`,
      );
    }
  }

  return { changes, unchanged, unmanaged, untouchable, manageable: manageableLive.length, warnings };
}
