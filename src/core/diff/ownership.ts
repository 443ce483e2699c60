/**
 * Ownership: which live records zonectl may touch, and why. Every live record falls in exactly
 * one class, decided here and nowhere else (diffRecords only matches desired to live):
 *
 * 1. Protected. The service marks the record as its own: `meta.auto_added`, `meta.read_only`,
 *    or any `meta.managed_by_*` set to true. zonectl never changes or deletes it. A desired
 *    record equal to it counts as in place (creating it would fail as identical).
 * 2. Ignored. `manage.ignore` matches the record: zonectl never changes or deletes it, even when
 *    the file lists other records of its name and type (a rule with `content` keeps one A of a
 *    name for an external system while the file owns another: DNSControl's IGNORE with a target,
 *    pkg/diff2/handsoff.go). The file itself never lists a record a rule matches (the validator
 *    refuses that, rules/ignore.ts), so an ignored record is never one the file wants.
 * 3. Owned. The file lists the record's (name, type): zonectl makes that pair hold exactly the
 *    file's values (live values are kept, updated into desired ones, or deleted).
 * 4. Conflicting. The file does not list the record's (name, type), but a record the file wants
 *    at the same name cannot stand beside it (`cannotCoexist`, src/core/service/coexistence.ts):
 *    it is deleted as half of a
 *    replacement, whatever `manage.unmanaged` says.
 * 5. Unmanaged. Anything else: deleted with `manage.unmanaged: delete` (the default: removing a
 *    record from the file deletes it), kept and reported with `keep`.
 *
 * Rule 4 deletes a record the file does not list even with `keep`: the plan shows each such
 * delete first, as a destructive replacement (build-plan.ts, `replacementsOf`), and the safety
 * thresholds count it like any delete.
 *
 * Protected and ignored records are "untouchable"; when one of them cannot stand beside a
 * desired record, the plan warns (the service will refuse the desired record).
 */
import { isZonectlRecordName } from '../lock/lock-record.js';
import type { CanonicalRecord, LiveRecord, RecordMeta } from '../model/record.js';
import { cannotCoexist } from '../service/coexistence.js';
import { groupDesired, pairOf, typesAt, type PairGroups } from './pair-groups.js';

function isProtectionFlag(key: string, value: unknown): boolean {
  return value === true && (key === 'auto_added' || key === 'read_only' || key.startsWith('managed_by_'));
}

/** The `meta.*` flags by which the service marks a record as not ours to change (rule 1); empty when none. */
export function protectionFlags(meta: RecordMeta | undefined): string[] {
  if (!meta) return [];
  return Object.entries(meta)
    .filter(([key, value]) => isProtectionFlag(key, value))
    .map(([key]) => `meta.${key}`);
}

/** True when the service marks the record as not ours to change (rule 1). Allocates nothing: it runs once per live record. */
export function isProtectedRecord(meta: RecordMeta | undefined): boolean {
  if (!meta) return false;
  for (const key in meta) {
    if (Object.hasOwn(meta, key) && isProtectionFlag(key, (meta as Record<string, unknown>)[key])) return true;
  }
  return false;
}

export interface OwnershipInput {
  readonly zone: string;
  readonly desired: readonly CanonicalRecord[];
  readonly live: readonly LiveRecord[];
  readonly unmanaged: 'keep' | 'delete';
  /** True for live records `manage.ignore` matches. */
  readonly isIgnored: (record: LiveRecord) => boolean;
}

export interface Ownership {
  /**
   * The file's (name, type) pairs; each holds its owned live records (rule 3) in `live` and its
   * protected ones (rule 1: a desired record equal to one is in place) in `protectedLive`.
   */
  readonly pairs: PairGroups;
  /** Protected (rule 1) and ignored (rule 2) records. */
  readonly untouchable: readonly LiveRecord[];
  /** Live records deleted because a desired record cannot stand beside them (rule 4). */
  readonly conflicting: readonly LiveRecord[];
  /** Names freed by those deletes (a create there is the other half of a replacement). */
  readonly freedNames: ReadonlySet<string>;
  /** Rule 5, by `manage.unmanaged`. */
  readonly unmanagedKept: readonly LiveRecord[];
  readonly unmanagedDeleted: readonly LiveRecord[];
  /** Live records zonectl may touch (the base of the safety percentages). */
  readonly manageable: number;
  readonly warnings: readonly string[];
}

/** A record zonectl itself keeps (the apply lock); `isZonectlRecordName` answers other names at once. */
function isZonectlRecord(r: LiveRecord, zone: string): boolean {
  return isZonectlRecordName(r.name, zone);
}

/** Sorts every live record into its class (the rules at the top of this file). */
export function assignOwnership(input: OwnershipInput): Ownership {
  const pairs = groupDesired(input.desired);
  const conflictsWithDesired = (r: LiveRecord): boolean => {
    for (let g = pairs.atName.get(r.name); g !== undefined; g = g.next) if (cannotCoexist(r.name, r.type, g.type, input.zone)) return true;
    return false;
  };

  const untouchable: LiveRecord[] = [];
  const conflicting: LiveRecord[] = [];
  const unmanagedKept: LiveRecord[] = [];
  const unmanagedDeleted: LiveRecord[] = [];
  const freedNames = new Set<string>();
  const warnings: string[] = [];
  let seen = 0;
  for (const r of input.live) {
    // zonectl's own records (the apply lock, `_zonectl*`) are invisible: never a change, never unmanaged.
    if (isZonectlRecord(r, input.zone)) continue;
    seen += 1;
    const pair = pairOf(pairs, r.name, r.type);
    const isProtected = isProtectedRecord(r.meta);
    if (isProtected || input.isIgnored(r)) {
      untouchable.push(r);
      if (isProtected && pair !== undefined) (pair.protectedLive ??= []).push(r);
      if (pair === undefined && conflictsWithDesired(r)) {
        warnings.push(
          `${r.name} ${r.type} (id ${r.id}) is managed by the service or ignored, and cannot coexist with the ${typesAt(pairs, r.name).join('/')} record the file wants there`,
        );
      }
    } else if (pair !== undefined) {
      (pair.live ??= []).push(r);
    } else if (conflictsWithDesired(r)) {
      conflicting.push(r);
      freedNames.add(r.name);
    } else if (input.unmanaged === 'delete') {
      unmanagedDeleted.push(r);
    } else {
      unmanagedKept.push(r);
    }
  }
  const manageable = seen - untouchable.length;
  return { pairs, untouchable, conflicting, freedNames, unmanagedKept, unmanagedDeleted, manageable, warnings };
}
