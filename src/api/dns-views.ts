/**
 * The account's internal DNS views (Enterprise): GET/POST /accounts/{account_id}/dns_settings/views,
 * PATCH/DELETE /accounts/{account_id}/dns_settings/views/{view_id}. Shape of the official SDK
 * (cloudflare-typescript, `dns.settings.account.views`: a view is `{ id, name, zones,
 * created_time, modified_time }`, `zones` the ids of its internal zones; create takes `name` and
 * `zones`, edit either; list is paged) and the API reference
 * https://developers.cloudflare.com/api/resources/dns/subresources/settings/subresources/account/subresources/views/.
 */
import { checkApiId } from './api-ids.js';
import type { CloudflareClient } from './client.js';
import { listAll } from './paging.js';

/** A view as the service answers it, its id and zone ids checked before a path is built from them. */
export interface LiveView {
  readonly id: string;
  readonly name: string;
  readonly zones: readonly string[];
}

/** Views per page: the service's page size is not documented; a list of views is small. */
const VIEWS_PER_PAGE = 100;

export function viewsPath(accountId: string): string {
  return `/accounts/${accountId}/dns_settings/views`;
}

export function viewPath(accountId: string, viewId: string): string {
  return `${viewsPath(accountId)}/${viewId}`;
}

function checkView(raw: unknown): LiveView {
  const v = (raw ?? {}) as { id?: unknown; name?: unknown; zones?: unknown };
  const name = typeof v.name === 'string' ? v.name : '';
  checkApiId(v.id, `DNS view ${JSON.stringify(name)}`);
  const zones = Array.isArray(v.zones) ? v.zones : [];
  for (const z of zones) checkApiId(z, `a zone of DNS view ${JSON.stringify(name)}`);
  return { id: (v.id as string).toLowerCase(), name, zones: (zones as string[]).map((z) => z.toLowerCase()) };
}

/** Every view of the account. */
export async function listViews(client: CloudflareClient, accountId: string): Promise<LiveView[]> {
  return (await listAll<unknown>(client, viewsPath(accountId), {}, { perPage: VIEWS_PER_PAGE })).map(checkView);
}
