/**
 * Record quotas (src/facts/record-quotas.ts, "DNS records quota",
 * https://developers.cloudflare.com/dns/manage-dns-records/#dns-records-quota): a zone's own
 * quota by its plan and creation date, or, on Enterprise (the account-level quota of the
 * 2026-06-10 changelog), the account's across its zones. `--record-quota N` sets every zone's
 * quota instead (tests of large zones on Free). A create past the quota is refused with the live
 * answer, 81045 "Record quota exceeded." (js-org/js.org issue #2873 quotes "The record quota has
 * been exceeded. (Code: 81045)"; thunderbird/thunderbird-accounts issue #1060 "Record quota
 * exceeded"). `GET /zones/{id}/dns_records/usage` and `GET /accounts/{id}/dns_records/usage` answer
 * `{ record_quota, record_usage }` (record_quota null where the other level's applies), as the
 * official SDK reads them (cloudflare-typescript src/resources/dns/usage/zone.ts, account.ts).
 */
import { RECORD_QUOTA_FACTS } from '../../facts/record-quotas.js';
import { ApiError, type EmulatorOptions, type Store, type ZoneRow } from '../contract.js';
import { recordsCollection } from './record-row.js';

export const QUOTA_EXCEEDED = 81045;

/** Whether the account's zones share one account-level quota (the emulator's account is on `--zone-plan`). */
export function accountLevelQuota(options: EmulatorOptions): number | null {
  if (options.recordQuota !== undefined) return null;
  return options.zonePlan === 'enterprise' ? RECORD_QUOTA_FACTS.enterpriseAccount : null;
}

/** The zone's own quota, or null when the account-level quota applies. */
export function zoneRecordQuota(zone: ZoneRow, options: EmulatorOptions): number | null {
  if (options.recordQuota !== undefined) return options.recordQuota;
  if (zone.plan === 'enterprise' && accountLevelQuota(options) !== null) return null;
  if (zone.plan !== 'free') return RECORD_QUOTA_FACTS.paid;
  return zone.created_on < RECORD_QUOTA_FACTS.freeLegacyBefore ? RECORD_QUOTA_FACTS.freeLegacy : RECORD_QUOTA_FACTS.free;
}

/** Records of the account's zones on the account-level quota. */
export function accountRecordUsage(store: Store, accountId: string): number {
  return store
    .values<ZoneRow>('zones')
    .filter((z) => z.account_id === accountId)
    .reduce((n, z) => n + store.size(recordsCollection(z.id)), 0);
}

/** Refuses one more record in `zone` when its quota (or its account's) is used up. */
export function checkRecordQuota(store: Store, zone: ZoneRow, options: EmulatorOptions, count: number): void {
  const own = zoneRecordQuota(zone, options);
  const used = own !== null ? count : accountRecordUsage(store, zone.account_id);
  const quota = own ?? accountLevelQuota(options);
  if (quota !== null && used >= quota) throw new ApiError(400, [{ code: QUOTA_EXCEEDED, message: 'Record quota exceeded.' }]);
}
