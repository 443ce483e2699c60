import type { CanonicalRecord, LiveRecord } from '../model/record.js';
import type { FileConflict, LeftAlone } from '../ownership/index.js';

/** Why a live record is deleted. */
export type DeleteReason =
  | 'owned' // the file lists this (name, type) but not this value
  | 'conflict' // cannot coexist with a record the file wants at the same name (CNAME exclusivity)
  | 'unmanaged'; // the file does not list this (name, type) and `manage.unmanaged: delete`

/**
 * The comment and tags a write sends so that the record carries zonectl's ownership marker
 * (`manage.unmanaged: owned`, src/core/ownership/marker.ts): they replace the body's, never the
 * record shown (`after` stays the file's record, so the marker is never a difference).
 */
export interface MarkerFields {
  readonly comment?: string | null;
  readonly tags?: readonly string[];
}

export type RecordChange =
  | { readonly kind: 'create'; readonly after: CanonicalRecord; readonly replacement: boolean; readonly marker?: MarkerFields }
  | {
      readonly kind: 'update';
      readonly before: LiveRecord;
      readonly after: CanonicalRecord;
      /** Empty for an update that only marks the record as zonectl's (`marker` set). */
      readonly fields: readonly string[];
      readonly marker?: MarkerFields;
    }
  | { readonly kind: 'delete'; readonly before: LiveRecord; readonly reason: DeleteReason };

export interface RecordDiff {
  readonly changes: readonly RecordChange[];
  /** Live records paired with an equal desired record. */
  readonly unchanged: number;
  /** Live records of (name, type) pairs the file does not list, kept (`manage.unmanaged: keep`). */
  readonly unmanaged: readonly LiveRecord[];
  /** Live records that are never touched: service-managed (meta), ignored, external-dns's, another team's, unmarked (`owned`). */
  readonly untouchable: readonly LiveRecord[];
  /** Every live record left alone, with why (src/core/ownership/left-alone.ts). */
  readonly leftAlone: readonly LeftAlone[];
  /** Records of the file that the live zone says are not the file's (external-dns owns them): the plan refuses them. */
  readonly fileConflicts: readonly FileConflict[];
  /** Live records zonectl may touch (the base of the safety percentages). */
  readonly manageable: number;
  readonly warnings: readonly string[];
}

/**
 * A change of the zone's DNS settings: only the fields the file sets. The call is part of the
 * change (PATCH of the fields that differ, nested objects sent whole).
 */
export interface SettingsChange {
  readonly kind: 'dns_settings';
  readonly action: 'update';
  readonly method: 'PATCH';
  readonly path: string;
  readonly zoneId: string;
  readonly body: Record<string, unknown>;
  readonly before: Record<string, unknown>;
  readonly after: Record<string, unknown>;
  readonly fields: readonly string[];
}

/**
 * A change of one API token. Bodies never hold a secret: a token's value exists only in the
 * answer to its create (or roll). `accountId`: an account-owned token of that account (its path
 * under `/accounts/{account_id}/tokens`); absent, the user's (`/user/tokens`).
 */
export type TokenChange = TokenChangeOf & { readonly accountId?: string };

type TokenChangeOf =
  | {
      readonly kind: 'token';
      readonly action: 'create';
      readonly method: 'POST';
      readonly path: string;
      readonly name: string;
      readonly body: Record<string, unknown>;
      readonly after: Record<string, unknown>;
      readonly fields: readonly string[];
      readonly tokenId?: undefined;
      readonly before?: undefined;
    }
  | {
      readonly kind: 'token';
      readonly action: 'update';
      readonly method: 'PUT';
      readonly path: string;
      readonly tokenId: string;
      readonly name: string;
      readonly body: Record<string, unknown>;
      readonly before: Record<string, unknown>;
      readonly after: Record<string, unknown>;
      readonly fields: readonly string[];
    }
  | {
      readonly kind: 'token';
      readonly action: 'delete';
      readonly method: 'DELETE';
      readonly path: string;
      readonly tokenId: string;
      readonly name: string;
      readonly before: Record<string, unknown>;
      readonly fields: readonly string[];
      readonly body?: undefined;
      readonly after?: undefined;
    };
