/**
 * GET/PATCH /zones/{zone_id}/dns_settings and /accounts/{account_id}/dns_settings; the account's
 * internal DNS views (views.ts).
 * Permission keys: see src/emulator/README.md (the 2024 OpenAPI's '#dns_records:read' for
 * PATCH is too weak; PATCH needs DNS Write or Zone DNS Settings Write).
 */
import { ApiError, type PermissionNeed, type Route, type RouteContext, type Store, type ZoneTier, type ZoneRow } from '../contract.js';
import { PERMISSIONS } from '../identity/permission-groups.js';
import { assignMname, readAccountSettings, readZoneSettings } from './defaults.js';
import type { AccountDnsSettings } from './types.js';
import { applySettingsPatch, checkSoaRules, soaChanged, validateSettingsPatch } from './validate.js';
import { viewRoutes } from './views.js';

type PermissionCtx = Omit<RouteContext, 'authorize' | 'can'>;

function zoneNeed(permission: string) {
  return (ctx: PermissionCtx): PermissionNeed => {
    // An unknown zone is a 404 before any permission check (as the records routes answer).
    const zone = zoneOf(ctx);
    return { permission, resource: { kind: 'zone', zoneId: zone.id, accountId: zone.account_id } };
  };
}

function accountNeed(permission: string) {
  return (ctx: PermissionCtx): PermissionNeed => {
    const accountId = ctx.params.account_id ?? '';
    if (!accountExists(ctx.store, accountId)) throw noRoute(`/client/v4/accounts/${accountId}/dns_settings`);
    return { permission, resource: { kind: 'account', accountId } };
  };
}

function noRoute(path: string): ApiError {
  return new ApiError(404, [{ code: 7003, message: `Could not route to ${path}, perhaps your object identifier is invalid?` }]);
}

function zoneOf(ctx: Pick<RouteContext, 'params' | 'store'>): ZoneRow {
  const zone = ctx.store.get<ZoneRow>('zones', ctx.params.zone_id ?? '');
  if (!zone) throw noRoute(`/client/v4/zones/${ctx.params.zone_id ?? ''}/dns_settings`);
  return zone;
}

function accountExists(store: Store, accountId: string): boolean {
  return (
    store.get('accounts', accountId) !== undefined ||
    store.get('account_dns_settings', accountId) !== undefined ||
    store.values<ZoneRow>('zones').some((z) => z.account_id === accountId)
  );
}

function invalidSettings(problems: readonly string[]): ApiError {
  return new ApiError(
    400,
    problems.map((message) => ({ code: 1001, message })),
  );
}

function soaNotAllowed(plan: ZoneTier, what: string): ApiError {
  return new ApiError(403, [
    { code: 1010, message: `SOA values can only be changed on Enterprise plans (${what} is on the ${plan} plan)` },
  ]);
}

/**
 * `flatten_all_cnames` is a feature of paid plans ("For zones on paid plans, you can choose to
 * flatten all CNAME records": https://developers.cloudflare.com/dns/cname-flattening/set-up-cname-flattening/);
 * the service's answer on a Free zone is not published: this refusal (code and message) is the
 * emulator's, as for a record's `settings.flatten_cname` (src/emulator/records/record-settings.ts).
 */
function flattenAllNeedsPaidPlan(zone: ZoneRow): ApiError {
  return new ApiError(400, [{ code: 1001, message: `flatten_all_cnames needs a paid plan; zone ${zone.name} is on the Free plan` }]);
}

function notesToMessages(notes: readonly string[]): Array<{ code: number; message: string }> {
  return notes.map((message) => ({ code: 1000, message }));
}

export function settingsRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: '/zones/:zone_id/dns_settings',
      permission: zoneNeed(PERMISSIONS.zoneDnsSettingsRead),
      handle(ctx) {
        return { result: readZoneSettings(ctx.store, zoneOf(ctx)) };
      },
    },
    {
      method: 'PATCH',
      path: '/zones/:zone_id/dns_settings',
      permission: zoneNeed(PERMISSIONS.zoneDnsSettingsEdit),
      handle(ctx) {
        const zone = zoneOf(ctx);
        const v = validateSettingsPatch(ctx.body, 'zone');
        if (!v.ok) throw invalidSettings(v.problems);
        if (v.patch.flatten_all_cnames === true && zone.plan === 'free') throw flattenAllNeedsPaidPlan(zone);
        const current = readZoneSettings(ctx.store, zone);
        const next = assignMname(applySettingsPatch(current, v.patch), zone);
        const rules = checkSoaRules(next.soa);
        if (rules.length > 0) throw invalidSettings(rules);
        if (soaChanged(current.soa, next.soa) && zone.plan !== 'enterprise') throw soaNotAllowed(zone.plan, `zone ${zone.name}`);
        ctx.store.put('zone_dns_settings', zone.id, next);
        return { result: next, messages: notesToMessages(v.notes) };
      },
    },
    {
      method: 'GET',
      path: '/accounts/:account_id/dns_settings',
      permission: accountNeed(PERMISSIONS.accountDnsSettingsRead),
      handle(ctx) {
        const accountId = ctx.params.account_id ?? '';
        if (!accountExists(ctx.store, accountId)) throw noRoute(`/client/v4/accounts/${accountId}/dns_settings`);
        return { result: readAccountSettings(ctx.store, accountId) };
      },
    },
    {
      method: 'PATCH',
      path: '/accounts/:account_id/dns_settings',
      permission: accountNeed(PERMISSIONS.accountDnsSettingsEdit),
      handle(ctx) {
        const accountId = ctx.params.account_id ?? '';
        if (!accountExists(ctx.store, accountId)) throw noRoute(`/client/v4/accounts/${accountId}/dns_settings`);
        const v = validateSettingsPatch(ctx.body, 'account');
        if (!v.ok) throw invalidSettings(v.problems);
        const current = readAccountSettings(ctx.store, accountId);
        const defaults = applySettingsPatch(current.zone_defaults, v.patch);
        const rules = checkSoaRules(defaults.soa, 'zone_defaults.');
        if (rules.length > 0) throw invalidSettings(rules);
        // The account has no plan of its own here: the emulator's --zone-plan stands for it.
        if (soaChanged(current.zone_defaults.soa, defaults.soa) && ctx.options.zonePlan !== 'enterprise') {
          throw soaNotAllowed(ctx.options.zonePlan, 'the account');
        }
        const next: AccountDnsSettings = {
          zone_defaults: defaults,
          enforce_dns_only: v.enforceDnsOnly ?? current.enforce_dns_only,
        };
        ctx.store.put('account_dns_settings', accountId, next);
        return { result: next, messages: notesToMessages(v.notes) };
      },
    },
    ...viewRoutes(),
  ];
}
