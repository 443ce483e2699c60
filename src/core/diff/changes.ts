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
