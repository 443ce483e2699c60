import type { CanonicalRecord, LiveRecord } from '../model/record.js';

/** Why a live record is deleted. */
export type DeleteReason =
  | 'owned' // the file lists this (name, type) but not this value
  | 'conflict' // cannot coexist with a record the file wants at the same name (CNAME exclusivity)
  | 'unmanaged'; // the file does not list this (name, type) and `manage.unmanaged: delete`

export type RecordChange =
  | { readonly kind: 'create'; readonly after: CanonicalRecord; readonly replacement: boolean }
  | {
      readonly kind: 'update';
      readonly before: LiveRecord;
      readonly after: CanonicalRecord;
      readonly fields: readonly string[];
    }
  | { readonly kind: 'delete'; readonly before: LiveRecord; readonly reason: DeleteReason };

export interface RecordDiff {
  readonly changes: readonly RecordChange[];
  /** Live records paired with an equal desired record. */
  readonly unchanged: number;
  /** Live records of (name, type) pairs the file does not list, kept (`manage.unmanaged: keep`). */
  readonly unmanaged: readonly LiveRecord[];
  /** Live records that are never touched: service-managed (meta) or matched by `manage.ignore`. */
  readonly untouchable: readonly LiveRecord[];
  /** Live records zonectl may touch (the base of the safety percentages). */
  readonly manageable: number;
  readonly warnings: readonly string[];
}
