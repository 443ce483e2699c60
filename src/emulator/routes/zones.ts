/**
 * `GET /zones` (name, status, account.id, account.name filters; page; per_page 1..50; order,
 * direction, match) and `GET /zones/{zone_id}`, the zone object of the OpenAPI. Listing returns
 * only the zones the caller may read (`#zone:read`).
 */
import { ApiError, type AccountRow, type Route, type RouteContext, type UserRow, type ZoneTier, type ZoneRow } from '../contract.js';
import { zoneName } from '../names.js';
import { stableId } from '../ids.js';
import { intParam } from '../records/list-query.js';
import { zoneFromParams, zoneNeed, zonePath } from './zone-lookup.js';

const PLAN_NAMES: Record<ZoneTier, string> = {
  free: 'Free Website',
  pro: 'Pro Website',
  business: 'Business Website',
  enterprise: 'Enterprise Website',
};
const PLAN_PRICES: Record<ZoneTier, number> = { free: 0, pro: 20, business: 200, enterprise: 5000 };

export function renderZone(zone: ZoneRow, account: AccountRow | undefined, owner: UserRow | undefined): Record<string, unknown> {
  return {
    id: zone.id,
    name: zone.name,
    status: zone.status,
    paused: false,
    type: zone.type ?? 'full',
    development_mode: 0,
    name_servers: [...zone.name_servers],
    original_name_servers: null,
    original_registrar: null,
    original_dnshost: null,
    modified_on: zone.modified_on,
    created_on: zone.created_on,
    activated_on: zone.activated_on,
    meta: {
      step: 2,
      custom_certificate_quota: zone.plan === 'enterprise' ? 10 : 0,
      page_rule_quota: zone.plan === 'free' ? 3 : zone.plan === 'pro' ? 20 : 50,
      phishing_detected: false,
    },
    owner: { id: owner?.id ?? zone.account_id, type: 'user', email: owner?.email ?? null },
    account: { id: zone.account_id, name: account?.name ?? '' },
    tenant: { id: null, name: null },
    tenant_unit: { id: null },
    permissions: ['#dns_records:edit', '#dns_records:read', '#zone:read', '#zone_settings:read'],
    plan: {
      id: stableId(`plan:${zone.plan}`),
      name: PLAN_NAMES[zone.plan],
      price: PLAN_PRICES[zone.plan],
      currency: 'USD',
      frequency: zone.plan === 'free' ? '' : 'monthly',
      is_subscribed: zone.plan !== 'free',
      can_subscribe: false,
      legacy_id: zone.plan,
      legacy_discount: false,
      externally_managed: false,
    },
  };
}

function render(ctx: RouteContext, zone: ZoneRow): Record<string, unknown> {
  return renderZone(zone, ctx.store.get<AccountRow>('accounts', zone.account_id), ctx.principal.user as UserRow | undefined);
}

type ZoneOrder = 'name' | 'status' | 'account.id' | 'account.name';

function listZones(ctx: RouteContext) {
  const q = ctx.query;
  const page = intParam(q, 'page', 1, 1, Number.MAX_SAFE_INTEGER);
  // per_page from 1: the live API answers `?name=...&per_page=1` (certbot-dns-cloudflare sends it;
  // its issue #6 shows the answer), though the OpenAPI says 5..50.
  const perPage = intParam(q, 'per_page', 20, 1, 50);
  const match = q.get('match') ?? 'all';
  if (match !== 'all' && match !== 'any') throw new ApiError(400, [{ code: 1001, message: 'match must be "all" or "any".' }]);
  const accounts = new Map(ctx.store.values<AccountRow>('accounts').map((a) => [a.id, a]));
  const preds: Array<(z: ZoneRow) => boolean> = [];
  const name = q.get('name');
  if (name !== null && name !== '') preds.push((z) => z.name === zoneName(name));
  const status = q.get('status');
  if (status !== null && status !== '') preds.push((z) => z.status === status);
  const accountId = q.get('account.id');
  if (accountId !== null && accountId !== '') preds.push((z) => z.account_id === accountId);
  const accountName = q.get('account.name');
  if (accountName !== null && accountName !== '') preds.push((z) => accounts.get(z.account_id)?.name === accountName);
  const matches = (z: ZoneRow): boolean => preds.length === 0 || (match === 'any' ? preds.some((p) => p(z)) : preds.every((p) => p(z)));

  let zones = ctx.store.values<ZoneRow>('zones').filter((z) => matches(z) && ctx.can(zoneNeed('#zone:read', z)));
  const order = q.get('order') as ZoneOrder | null;
  if (order !== null) {
    const key = (z: ZoneRow): string =>
      order === 'name'
        ? z.name
        : order === 'status'
          ? z.status
          : order === 'account.id'
            ? z.account_id
            : (accounts.get(z.account_id)?.name ?? '');
    if (!['name', 'status', 'account.id', 'account.name'].includes(order)) {
      throw new ApiError(400, [{ code: 1001, message: 'order must be one of name, status, account.id, account.name.' }]);
    }
    const desc = q.get('direction') === 'desc';
    zones = [...zones].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * (desc ? -1 : 1));
  }
  const start = (page - 1) * perPage;
  const slice = zones.slice(start, start + perPage);
  return {
    result: slice.map((z) => render(ctx, z)),
    result_info: {
      page,
      per_page: perPage,
      count: slice.length,
      total_count: zones.length,
      total_pages: Math.ceil(zones.length / perPage),
    },
  };
}

export function zoneRoutes(): Route[] {
  return [
    { method: 'GET', path: '/zones', handle: listZones },
    {
      method: 'GET',
      path: '/zones/:zone_id',
      permission: (ctx) => zoneNeed('#zone:read', zoneFromParams(ctx, zonePath(ctx))),
      handle: (ctx) => ({ result: render(ctx, zoneFromParams(ctx, zonePath(ctx))) }),
    },
  ];
}
