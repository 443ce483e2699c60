/**
 * A zone's DNSSEC state as the emulator stores it (collection `zone_dnssec`, id = zone id) and
 * the status the API derives from it. The service's status is "based on user-desired state and
 * presence of necessary records" (the DNSSEC object's schema in cloudflare-typescript
 * `src/resources/dns/dnssec/dnssec.ts`); its states
 * (https://developers.cloudflare.com/dns/dnssec/dnssec-states/) are therefore
 *
 * | wanted   | DS at the parent | status             |
 * |----------|------------------|--------------------|
 * | active   | no               | `pending`          |
 * | active   | yes              | `active`           |
 * | disabled | yes              | `pending-disabled` |
 * | disabled | no               | `disabled`         |
 *
 * and "deleted" (never enabled, or deleted once disabled): `disabled` with `modified_on: null`,
 * nothing signed. The parent's DS is the registrar's business, so here it is an emulator
 * control (`setParentDs`, README "DNSSEC"); `error` is one too (`setError`).
 */
import type { Store } from '../contract.js';
import { KSK_FLAGS, ZSK_FLAGS, newStoredKey, type StoredKey } from './keys.js';

export const DNSSEC_COLLECTION = 'zone_dnssec';

export type DnssecStatus = 'active' | 'pending' | 'disabled' | 'pending-disabled' | 'error';

export interface DnssecRow {
  zone_id: string;
  /** What the last PATCH asked for. */
  wanted: 'active' | 'disabled';
  /** Whether the parent zone (the registrar) publishes this zone's DS: the emulator control. */
  parent_ds: boolean;
  /** `setError(zone, true)`: the status reads `error` until cleared. */
  error: boolean;
  multi_signer: boolean;
  presigned: boolean;
  use_nsec3: boolean;
  /** null while DNSSEC was never enabled (or deleted): the "deleted" state. */
  modified_on: string | null;
  /** Present from the first enable until DELETE. */
  keys?: { ksk: StoredKey; zsk: StoredKey };
}

export function emptyDnssec(zoneId: string): DnssecRow {
  return {
    zone_id: zoneId,
    wanted: 'disabled',
    parent_ds: false,
    error: false,
    multi_signer: false,
    presigned: false,
    use_nsec3: false,
    modified_on: null,
  };
}

export function readDnssec(store: Pick<Store, 'get'>, zoneId: string): DnssecRow {
  return store.get<DnssecRow>(DNSSEC_COLLECTION, zoneId) ?? emptyDnssec(zoneId);
}

export function dnssecStatus(row: DnssecRow): DnssecStatus {
  if (row.keys === undefined) return 'disabled';
  if (row.error) return 'error';
  if (row.wanted === 'active') return row.parent_ds ? 'active' : 'pending';
  return row.parent_ds ? 'pending-disabled' : 'disabled';
}

/** The booleans and status a PATCH may set (already validated). */
export interface DnssecChange {
  status?: 'active' | 'disabled';
  multi_signer?: boolean;
  presigned?: boolean;
  use_nsec3?: boolean;
}

/**
 * The row after a PATCH: enabling makes the keys on first use (they stay until DELETE), and
 * `modified_on` moves with every change once DNSSEC was enabled (a zone never enabled keeps
 * null, the "deleted" state's mark, even when its booleans are set: the emulator's choice).
 */
export function applyDnssecChange(row: DnssecRow, change: DnssecChange, now: Date): DnssecRow {
  const next: DnssecRow = {
    ...row,
    ...(change.multi_signer !== undefined ? { multi_signer: change.multi_signer } : {}),
    ...(change.presigned !== undefined ? { presigned: change.presigned } : {}),
    ...(change.use_nsec3 !== undefined ? { use_nsec3: change.use_nsec3 } : {}),
    ...(change.status !== undefined ? { wanted: change.status } : {}),
  };
  if (change.status === 'active' && next.keys === undefined) {
    next.keys = { ksk: newStoredKey(KSK_FLAGS), zsk: newStoredKey(ZSK_FLAGS) };
  }
  if (next.keys !== undefined) next.modified_on = isoSeconds(now);
  return next;
}

/** `2014-01-01T05:20:00Z`: the form of the API reference's example (no fraction). */
export function isoSeconds(now: Date): string {
  return `${now.toISOString().slice(0, 19)}Z`;
}
