/**
 * How many DNS records a zone may hold ("DNS records quota",
 * https://developers.cloudflare.com/dns/manage-dns-records/#dns-records-quota): Free zones created
 * on or after 2024-09-01 00:00 UTC 200, earlier Free zones 1,000, Pro, Business and Enterprise
 * zones 3,500; Enterprise accounts have one account-level quota instead, 1,000,000 records by
 * default across their public zones (the internal zones counted apart, with their own), raised on
 * request (changelog 2026-06-10, "Account-level DNS records quota"). Data only, read by zonectl
 * (src/core/service/api-limits.ts) and the emulator.
 */
export const RECORD_QUOTA_FACTS = {
  free: 200,
  /** Free zones created before this instant. */
  freeLegacy: 1000,
  freeLegacyBefore: '2024-09-01T00:00:00Z',
  paid: 3500,
  enterpriseAccount: 1_000_000,
} as const;
