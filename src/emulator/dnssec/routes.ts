/**
 * `GET/PATCH/DELETE /zones/{zone_id}/dnssec` (src/emulator/README.md, "DNSSEC").
 * Permissions as the API reference states them: "Accepted Permissions: DNS Write" for PATCH and
 * DELETE (developers.cloudflare.com/api/resources/dns/subresources/dnssec/methods/edit, .../delete),
 * DNS Read or DNS Write for GET (terraform-provider-cloudflare docs/resources/zone_dnssec.md):
 * the emulator's `#dns_records:read` / `#dns_records:edit` keys, which exactly those groups grant.
 */
import { ApiError, type Route, type RouteContext } from '../contract.js';
import { PERMISSIONS } from '../identity/permission-groups.js';
import { zoneFromParams, zoneNeed, zonePath } from '../routes/zone-lookup.js';
import { renderDnssec } from './render.js';
import { DNSSEC_COLLECTION, applyDnssecChange, dnssecStatus, readDnssec, type DnssecChange } from './state.js';

const PATH = '/zones/:zone_id/dnssec';

function zoneOf(ctx: Pick<RouteContext, 'params' | 'store'>) {
  return zoneFromParams(ctx, zonePath(ctx, '/dnssec'));
}

/** 1002 "Invalid or missing \"status\"": the live answer to a PATCH without a valid status (ZE3kr/Cloudflare-CNAME-Setup #23). */
function invalid(message: string): ApiError {
  return new ApiError(400, [{ code: 1002, message }]);
}

const BOOLEANS = { dnssec_multi_signer: 'multi_signer', dnssec_presigned: 'presigned', dnssec_use_nsec3: 'use_nsec3' } as const;

/** The PATCH body as a change: `status` active|disabled and the three booleans; other members are ignored. */
export function parseDnssecPatch(body: unknown): DnssecChange {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalid('Invalid or missing "status"');
  const b = body as Record<string, unknown>;
  const change: { -readonly [K in keyof DnssecChange]: DnssecChange[K] } = {};
  if (b.status !== undefined) {
    if (b.status !== 'active' && b.status !== 'disabled') throw invalid('Invalid or missing "status"');
    change.status = b.status;
  }
  for (const [field, key] of Object.entries(BOOLEANS)) {
    const value = b[field];
    if (value === undefined) continue;
    if (typeof value !== 'boolean') throw invalid(`Invalid "${field}": must be true or false`);
    change[key] = value;
  }
  if (Object.keys(change).length === 0) throw invalid('Invalid or missing "status"');
  return change;
}

export function dnssecRoutes(): Route[] {
  return [
    {
      method: 'GET',
      path: PATH,
      permission: (ctx) => zoneNeed(PERMISSIONS.dnsRecordsRead, zoneOf(ctx)),
      handle: (ctx) => {
        const zone = zoneOf(ctx);
        return { result: renderDnssec(zone.name, readDnssec(ctx.store, zone.id)) };
      },
    },
    {
      method: 'PATCH',
      path: PATH,
      permission: (ctx) => zoneNeed(PERMISSIONS.dnsRecordsEdit, zoneOf(ctx)),
      handle: (ctx) => {
        const zone = zoneOf(ctx);
        const next = applyDnssecChange(readDnssec(ctx.store, zone.id), parseDnssecPatch(ctx.body), ctx.now);
        ctx.store.put(DNSSEC_COLLECTION, zone.id, next);
        const result = renderDnssec(zone.name, next);
        // `--dnssec-auto-activate`: the registrar follows at once, after this answer (which shows
        // `pending` or `pending-disabled`, as the service's does).
        if (ctx.options.dnssecAutoActivate === true && next.keys !== undefined) {
          ctx.store.put(DNSSEC_COLLECTION, zone.id, { ...next, parent_ds: next.wanted === 'active' });
        }
        return { result };
      },
    },
    {
      method: 'DELETE',
      path: PATH,
      permission: (ctx) => zoneNeed(PERMISSIONS.dnsRecordsEdit, zoneOf(ctx)),
      handle: (ctx) => {
        const zone = zoneOf(ctx);
        const row = readDnssec(ctx.store, zone.id);
        const status = dnssecStatus(row);
        // "You can only delete DNSSEC records once your zone DNSSEC is in a disabled state"
        // (https://developers.cloudflare.com/dns/dnssec/dnssec-states/); the code is the emulator's.
        if (status !== 'disabled') {
          throw new ApiError(400, [
            {
              code: 1001,
              message: `DNSSEC is ${status}: disable it and remove the DS record at the registrar (status disabled) before deleting it.`,
            },
          ]);
        }
        ctx.store.delete(DNSSEC_COLLECTION, zone.id);
        return { result: '' };
      },
    },
  ];
}
