/**
 * The account's internal DNS views: GET/POST /accounts/{account_id}/dns_settings/views and
 * GET/PATCH/DELETE /accounts/{account_id}/dns_settings/views/{view_id}. Shape: the official SDK
 * (cloudflare-typescript, `src/resources/dns/settings/account/views.ts`: a view is `{ id, name,
 * zones, created_time, modified_time }`; create takes `name` and `zones`, edit either; delete
 * answers `{ id }`; list filters `name.exact|contains|startswith|endswith`, `zone_id`,
 * `zone_name`, `match`, `order`, `direction`, paged).
 *
 * The rules, from "Manage DNS views" (https://developers.cloudflare.com/dns/internal-dns/dns-views/):
 * "DNS views can be empty"; "A DNS view cannot contain public DNS zones"; "Each internal DNS
 * zone name must be unique within a given DNS view"; "Each DNS view name must be unique within a
 * given Cloudflare account"; and "DNS views can be deleted even if they still have internal zones
 * linked to them" (the zones stay). The service's error codes and wording for these refusals are
 * not published: the 400s below (code 1001) are the emulator's own. A zone deleted later simply
 * drops out of the views' lists. Internal DNS is Enterprise-only; the emulator keeps no account
 * plan, and an internal zone exists only on an account that has it, so a view is not refused on
 * a plan.
 */
import { ApiError, type PermissionNeed, type Route, type RouteContext, type ZoneRow } from '../contract.js';
import { PERMISSIONS } from '../identity/permission-groups.js';
import { newId } from '../ids.js';
import { isPlainObject } from '../json.js';
import { intParam } from '../records/list-query.js';

/** A stored view (collection `dns_views`, keyed by id). */
export interface DnsViewRow {
  id: string;
  account_id: string;
  name: string;
  zones: string[];
  created_time: string;
  modified_time: string;
}

const COLLECTION = 'dns_views';
const ZONE_ID = /^[0-9a-f]{32}$/;

type PermissionCtx = Omit<RouteContext, 'authorize' | 'can'>;

function noRoute(path: string): ApiError {
  return new ApiError(404, [{ code: 7003, message: `Could not route to ${path}, perhaps your object identifier is invalid?` }]);
}

function invalid(message: string): ApiError {
  return new ApiError(400, [{ code: 1001, message }]);
}

function accountExists(ctx: PermissionCtx, accountId: string): boolean {
  return (
    ctx.store.get('accounts', accountId) !== undefined ||
    ctx.store.get('account_dns_settings', accountId) !== undefined ||
    ctx.store.values<ZoneRow>('zones').some((z) => z.account_id === accountId)
  );
}

function accountNeed(permission: string) {
  return (ctx: PermissionCtx): PermissionNeed => {
    const accountId = ctx.params.account_id ?? '';
    if (!accountExists(ctx, accountId)) throw noRoute(`/client/v4/accounts/${accountId}/dns_settings/views`);
    return { permission, resource: { kind: 'account', accountId } };
  };
}

function viewOf(ctx: RouteContext): DnsViewRow {
  const accountId = ctx.params.account_id ?? '';
  const view = ctx.store.get<DnsViewRow>(COLLECTION, ctx.params.view_id ?? '');
  if (view === undefined || view.account_id !== accountId) throw new ApiError(404, [{ code: 1404, message: 'DNS view not found' }]);
  return view;
}

/** The view as the API answers it: the zones still existing, in the order given. */
function render(ctx: RouteContext, view: DnsViewRow): Record<string, unknown> {
  return {
    id: view.id,
    name: view.name,
    zones: view.zones.filter((id) => ctx.store.get<ZoneRow>('zones', id) !== undefined),
    created_time: view.created_time,
    modified_time: view.modified_time,
  };
}

function checkName(value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') throw invalid('name: must be a non-empty string');
  return value;
}

function checkNameFree(ctx: RouteContext, accountId: string, name: string, self: string | undefined): void {
  const taken = ctx.store.values<DnsViewRow>(COLLECTION).some((v) => v.account_id === accountId && v.name === name && v.id !== self);
  if (taken) throw invalid(`a DNS view named "${name}" already exists in this account (a view name is unique within an account)`);
}

/** The zones of a view: ids of this account's internal zones, no two of the same name. */
function checkZones(ctx: RouteContext, accountId: string, value: unknown): string[] {
  if (!Array.isArray(value)) throw invalid('zones: must be a list of zone ids');
  const byName = new Map<string, string>();
  const ids: string[] = [];
  for (const [i, id] of value.entries()) {
    if (typeof id !== 'string' || !ZONE_ID.test(id)) throw invalid(`zones[${i}]: must be a zone id of 32 hexadecimal characters`);
    const zone = ctx.store.get<ZoneRow>('zones', id);
    if (zone === undefined || zone.account_id !== accountId) throw invalid(`zones[${i}]: no zone ${id} in this account`);
    if (zone.type !== 'internal')
      throw invalid(`zones[${i}]: zone ${zone.name} (${id}) is a public zone; a DNS view holds internal zones only`);
    const earlier = byName.get(zone.name);
    if (earlier !== undefined)
      throw invalid(
        `zones[${i}]: two internal zones named ${zone.name} (${earlier}, ${id}) in one view; a zone name is unique within a view`,
      );
    byName.set(zone.name, id);
    ids.push(id);
  }
  return ids;
}

function listViews(ctx: RouteContext) {
  const q = ctx.query;
  const accountId = ctx.params.account_id ?? '';
  const page = intParam(q, 'page', 1, 1, Number.MAX_SAFE_INTEGER);
  const perPage = intParam(q, 'per_page', 20, 1, 1000);
  const match = q.get('match') ?? 'all';
  if (match !== 'all' && match !== 'any') throw invalid('match must be "all" or "any".');
  const preds: Array<(v: DnsViewRow) => boolean> = [];
  const text = (key: string, test: (name: string, wanted: string) => boolean): void => {
    const wanted = q.get(key);
    if (wanted !== null && wanted !== '') preds.push((v) => test(v.name, wanted));
  };
  text('name.exact', (n, w) => n === w);
  text('name.contains', (n, w) => n.includes(w));
  text('name.startswith', (n, w) => n.startsWith(w));
  text('name.endswith', (n, w) => n.endsWith(w));
  const zoneId = q.get('zone_id');
  if (zoneId !== null && zoneId !== '') preds.push((v) => v.zones.includes(zoneId));
  const zoneName = q.get('zone_name');
  if (zoneName !== null && zoneName !== '')
    preds.push((v) => v.zones.some((id) => ctx.store.get<ZoneRow>('zones', id)?.name === zoneName.toLowerCase()));
  const matches = (v: DnsViewRow): boolean => preds.length === 0 || (match === 'any' ? preds.some((p) => p(v)) : preds.every((p) => p(v)));
  let views = ctx.store.values<DnsViewRow>(COLLECTION).filter((v) => v.account_id === accountId && matches(v));
  const order = q.get('order');
  if (order !== null) {
    const keys: Record<string, (v: DnsViewRow) => string> = {
      name: (v) => v.name,
      created_on: (v) => v.created_time,
      modified_on: (v) => v.modified_time,
    };
    const key = keys[order];
    if (key === undefined) throw invalid('order must be one of name, created_on, modified_on.');
    const sign = q.get('direction') === 'desc' ? -1 : 1;
    views = [...views].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0) * sign);
  }
  const start = (page - 1) * perPage;
  const slice = views.slice(start, start + perPage);
  return {
    result: slice.map((v) => render(ctx, v)),
    result_info: {
      page,
      per_page: perPage,
      count: slice.length,
      total_count: views.length,
      total_pages: Math.ceil(views.length / perPage),
    },
  };
}

export function viewRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/accounts/:account_id/dns_settings/views',
      permission: accountNeed(PERMISSIONS.accountDnsSettingsRead),
      handle: listViews,
    },
    {
      method: 'POST',
      path: '/accounts/:account_id/dns_settings/views',
      permission: accountNeed(PERMISSIONS.accountDnsSettingsEdit),
      handle(ctx) {
        const accountId = ctx.params.account_id ?? '';
        if (!isPlainObject(ctx.body)) throw invalid('the body must be a JSON object with name and zones');
        const name = checkName(ctx.body.name);
        const zones = checkZones(ctx, accountId, ctx.body.zones);
        checkNameFree(ctx, accountId, name, undefined);
        const now = ctx.now.toISOString();
        const view: DnsViewRow = { id: newId(), account_id: accountId, name, zones, created_time: now, modified_time: now };
        ctx.store.put(COLLECTION, view.id, view);
        return { result: render(ctx, view) };
      },
    },
    {
      method: 'GET',
      path: '/accounts/:account_id/dns_settings/views/:view_id',
      permission: accountNeed(PERMISSIONS.accountDnsSettingsRead),
      handle(ctx) {
        return { result: render(ctx, viewOf(ctx)) };
      },
    },
    {
      method: 'PATCH',
      path: '/accounts/:account_id/dns_settings/views/:view_id',
      permission: accountNeed(PERMISSIONS.accountDnsSettingsEdit),
      handle(ctx) {
        const accountId = ctx.params.account_id ?? '';
        const view = viewOf(ctx);
        if (!isPlainObject(ctx.body)) throw invalid('the body must be a JSON object with name and/or zones');
        const name = ctx.body.name === undefined ? view.name : checkName(ctx.body.name);
        const zones = ctx.body.zones === undefined ? view.zones : checkZones(ctx, accountId, ctx.body.zones);
        checkNameFree(ctx, accountId, name, view.id);
        const next: DnsViewRow = { ...view, name, zones, modified_time: ctx.now.toISOString() };
        ctx.store.put(COLLECTION, view.id, next);
        return { result: render(ctx, next) };
      },
    },
    {
      method: 'DELETE',
      path: '/accounts/:account_id/dns_settings/views/:view_id',
      permission: accountNeed(PERMISSIONS.accountDnsSettingsEdit),
      handle(ctx) {
        const view = viewOf(ctx);
        ctx.store.delete(COLLECTION, view.id);
        return { result: { id: view.id } };
      },
    },
  ];
}
