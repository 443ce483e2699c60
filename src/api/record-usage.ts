/**
 * A zone's DNS record count and quota: `GET /zones/{zone_id}/dns_records/usage` answers
 * `{ record_quota: number | null, record_usage: number }`, `record_quota` null when the account's
 * quota applies, which `GET /accounts/{account_id}/dns_records/usage` answers the same way (the
 * official SDK, cloudflare-typescript src/resources/dns/usage/zone.ts and account.ts: "Get the
 * current DNS record usage for a zone, including the number of records and the quota limit";
 * the account-level quota of Enterprise accounts: the changelog of 2026-06-10). An endpoint the
 * service (or a token) does not serve (403, 404) gives no usage: the caller plans without the check.
 */
import type { RecordUsage } from '../core/record-quota.js';
import type { CloudflareClient } from './client.js';
import { CloudflareApiError } from './errors.js';
import { checkApiId } from './api-ids.js';

interface ApiUsage {
  record_quota?: unknown;
  record_usage?: unknown;
}

const count = (v: unknown): number | undefined => (typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined);

async function read(client: CloudflareClient, path: string): Promise<{ quota: number | null; usage: number } | undefined> {
  try {
    const res = await client.request<ApiUsage>('GET', path);
    const usage = count(res.result?.record_usage);
    if (usage === undefined) return undefined;
    const quota = res.result?.record_quota === null ? null : count(res.result?.record_quota);
    return quota === undefined ? undefined : { quota, usage };
  } catch (error) {
    if (error instanceof CloudflareApiError && (error.status === 403 || error.status === 404)) return undefined;
    throw error;
  }
}

/** The quota that binds the zone (its own, else its account's), or undefined when the service does not say. */
export async function readRecordUsage(
  client: CloudflareClient,
  zoneId: string,
  accountId: string | undefined,
): Promise<RecordUsage | undefined> {
  const zone = await read(client, `/zones/${zoneId}/dns_records/usage`);
  if (zone === undefined) return undefined;
  if (zone.quota !== null) return { level: 'zone', quota: zone.quota, usage: zone.usage };
  if (accountId === undefined) return undefined;
  const account = await read(client, `/accounts/${checkApiId(accountId, 'the account of the zone')}/dns_records/usage`);
  if (account === undefined || account.quota === null) return undefined;
  return { level: 'account', quota: account.quota, usage: account.usage };
}
