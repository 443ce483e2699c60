/**
 * `POST /zones` (Create Zone): body `{ name, account: { id }, type }` (OpenAPI `zones-post`:
 * `name` and `account` required; `type` full by default). The service's rules as the emulator
 * keeps them: the name is a registrable-looking domain (LDH labels, two or more), one zone per
 * name per account (400, code 1061 "<name> already exists"), the zone starts `pending` with two
 * assigned nameservers (`activated_on` null) until its nameservers are set at the registrar.
 * `type` is `full` or `internal` (partial and secondary are not served). An internal zone
 * (https://developers.cloudflare.com/dns/internal-dns/internal-zones/setup/): "An internal zone
 * can have the same name as a public zone in the same account", "There can be several internal
 * zones with the same name in one account", and it is "not subject to any top-level domain (TLD)
 * restrictions" (a single label such as `local` is a name); it gets no Cloudflare nameservers
 * (https://developers.cloudflare.com/dns/internal-dns/internal-zones/). Internal DNS is
 * Enterprise-only (https://developers.cloudflare.com/dns/internal-dns/): the emulator keeps no
 * account plan, so it gives an internal zone the enterprise plan (its own choice) and refuses
 * nothing for the plan. The caller needs Zone Write (`#zone:edit`) on the account's zones.
 * 1061 is the service's answer as seen in the wild (terraform-provider-cloudflare users,
 * HTTP 400 `{"code":1061,"message":"<name> already exists"}`); the codes for a bad name (1099)
 * and an unknown account (403, 9109) are the emulator's own choice, not a published contract.
 */
import { ApiError, type AccountRow, type Route, type RouteContext, type ZoneRow } from '../contract.js';
import { newId } from '../ids.js';
import type { SettingsModule } from '../modules.js';
import { nameServersFor } from '../seed.js';
import { renderZone } from './zones.js';

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

function badRequest(code: number, message: string): ApiError {
  return new ApiError(400, [{ code, message }]);
}

/** The zone name the body asks for, checked, lower-case, without a trailing dot. */
function requestedName(body: Record<string, unknown>, internal: boolean): string {
  const raw = body.name;
  if (typeof raw !== 'string' || raw.trim() === '') throw badRequest(1001, 'name is required and must be a string');
  const name = raw.trim().replace(/\.$/, '').toLowerCase();
  const labels = name.split('.');
  // An internal zone may sit on a TLD of its own (`local`): no TLD restrictions.
  const tldOk = internal || (labels.length >= 2 && !/^[0-9]+$/.test(labels[labels.length - 1]!));
  const valid = name.length <= 253 && labels.every((l) => LABEL.test(l)) && tldOk;
  if (!valid) throw badRequest(1099, `${raw.trim()} is not a valid domain name`);
  return name;
}

function accountIdOf(body: Record<string, unknown>): string {
  const account = body.account as { id?: unknown } | undefined;
  const id = account !== null && typeof account === 'object' ? account.id : undefined;
  if (typeof id !== 'string' || id === '') throw badRequest(1001, 'account.id is required');
  return id;
}

function requestedAccount(ctx: RouteContext, body: Record<string, unknown>): AccountRow {
  const id = accountIdOf(body);
  const row = ctx.store.get<AccountRow>('accounts', id);
  if (!row) throw new ApiError(403, [{ code: 9109, message: 'Unauthorized to access requested resource' }]);
  return row;
}

function bodyOf(ctx: RouteContext): Record<string, unknown> {
  const body = ctx.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw badRequest(1001, 'the request body must be a JSON object');
  return body as Record<string, unknown>;
}

export function zoneCreateRoutes(settings: SettingsModule): Route[] {
  return [
    {
      method: 'POST',
      path: '/zones',
      permission: (ctx) => {
        // A body without an account is a bad request, not a refusal.
        const id = accountIdOf(bodyOf(ctx as RouteContext));
        return { permission: '#zone:edit', resource: { kind: 'zone', zoneId: '*', accountId: id } };
      },
      handle(ctx) {
        const body = bodyOf(ctx);
        const account = requestedAccount(ctx, body);
        if (body.type !== undefined && body.type !== 'full' && body.type !== 'internal')
          throw badRequest(1001, 'type: only "full" and "internal" zones are served by the emulator');
        const internal = body.type === 'internal';
        const name = requestedName(body, internal);
        // One public zone per name per account; internal zones may repeat a name, and share a public zone's.
        if (
          !internal &&
          ctx.store.values<ZoneRow>('zones').some((z) => z.name === name && z.account_id === account.id && z.type !== 'internal')
        ) {
          throw badRequest(1061, `${name} already exists`);
        }
        const iso = ctx.now.toISOString();
        const zone: ZoneRow = {
          id: newId(),
          name,
          account_id: account.id,
          plan: internal ? 'enterprise' : 'free',
          status: 'pending',
          created_on: iso,
          modified_on: iso,
          activated_on: null,
          name_servers: internal ? [] : nameServersFor(name),
          ...(internal ? { type: 'internal' as const } : {}),
        };
        ctx.store.put('zones', zone.id, zone);
        settings.seedZone(ctx.store, zone);
        return { result: renderZone(zone, account, ctx.principal.user) };
      },
    },
  ];
}
