/**
 * The service's own zone-file endpoints (official OpenAPI: "Export DNS Records", "Import DNS
 * Records"; developers.cloudflare.com/dns/manage-dns-records/how-to/import-and-export):
 * - `GET /zones/{zone_id}/dns_records/export` answers the zone as BIND text (text/plain);
 * - `POST /zones/{zone_id}/dns_records/import` takes a multipart upload (`file`, optional
 *   `proxied` "true"/"false") and answers `{recs_added, total_records_parsed}` and `timing`.
 * Each imported record goes through the same write rules as a create; a record whose name, type
 * and value the zone already has is skipped (not added); any refusal fails the whole import,
 * naming the line (the emulator's choice: src/emulator/README.md, "Zone files").
 */
import { ApiError, type Route, type RouteContext, type RouteResult, type ZoneRow } from '../contract.js';
import { readZoneFile } from '../bind/read-zone-file.js';
import { writeZoneFile } from '../bind/write-zone-file.js';
import { RECORD_CODES as C, invalid } from '../records/codes.js';
import type { RecordDraft } from '../records/record-row.js';
import { draftFromBody } from '../records/validate.js';
import { ZoneRecords } from '../records/zone-records.js';
import { readZoneSettings } from '../settings/defaults.js';
import { zoneFromParams, zoneNeed, zonePath } from './zone-lookup.js';
import { isPlainObject } from '../json.js';

const READ = '#dns_records:read';
const EDIT = '#dns_records:edit';
/** The service's import limit: 256 KiB. */
const MAX_IMPORT_BYTES = 262_144;

function zoneOf(ctx: Pick<RouteContext, 'params' | 'store'>): ZoneRow {
  return zoneFromParams(ctx, zonePath(ctx, '/dns_records'));
}

/** A serial that grows whenever the zone changes: the newest modification, in seconds. */
function serialOf(records: ZoneRecords, zone: ZoneRow): number {
  const times = records.all().map((r) => Date.parse(r.modified_on));
  const newest = Math.max(Date.parse(zone.created_on ?? '') || 0, ...times.filter(Number.isFinite));
  return Math.floor(newest / 1000);
}

function exportZone(ctx: RouteContext): RouteResult {
  const zone = zoneOf(ctx);
  const records = new ZoneRecords(ctx.store, zone);
  const settings = readZoneSettings(ctx.store, zone);
  const text = writeZoneFile({
    zone,
    rows: records.all(),
    soa: settings.soa,
    serial: serialOf(records, zone),
    nsTtl: settings.ns_ttl,
    now: ctx.now,
  });
  return { result: null, text };
}

function importZone(ctx: RouteContext): RouteResult {
  const started = ctx.now;
  const zone = zoneOf(ctx);
  const body = isPlainObject(ctx.body) ? ctx.body : {};
  const file = body.file;
  if (typeof file !== 'string' || file.trim() === '')
    throw invalid(C.bodyInvalid, 'A BIND config file is required in the multipart field "file".');
  if (Buffer.byteLength(file) > MAX_IMPORT_BYTES) throw invalid(C.bodyInvalid, `The zone file is larger than ${MAX_IMPORT_BYTES} bytes.`);
  const proxied = String(body.proxied ?? 'false').toLowerCase() === 'true';
  const { records: imported, parsed } = readZoneFile(file, zone.name, proxied);
  const records = new ZoneRecords(ctx.store, zone, ctx.options);
  // Name, type and value of every record the zone has, read once and kept up to date below.
  const identity = (r: Pick<RecordDraft, 'name' | 'type' | 'content' | 'priority' | 'data'>): string =>
    JSON.stringify([r.name, r.type, r.content ?? null, r.priority ?? null, r.data ?? null]);
  const present = new Set(records.all().map(identity));
  let added = 0;
  // Records beside a delegation first, then NS, then DS: the service refuses a record created
  // where an NS exists (81056) and a DS without its NS; its own export lists NS records before
  // the A, MX and TXT beside them. Otherwise in file order (the sort is stable).
  const rank = (type: string): number => (type === 'DS' ? 2 : type === 'NS' ? 1 : 0);
  const ordered = [...imported].sort((a, b) => rank(String(a.body.type)) - rank(String(b.body.type)));
  for (const rec of ordered) {
    try {
      const draft = draftFromBody(rec.body, zone, { kind: 'create' });
      if (present.has(identity(draft))) continue; // already in the zone: not added again
      const row = records.create(draft, ctx.now);
      present.add(identity(row));
      added += 1;
    } catch (err) {
      if (err instanceof ApiError) {
        throw new ApiError(
          err.status,
          err.errors.map((e) => ({ ...e, message: `Line ${rec.line}: ${e.message}` })),
        );
      }
      throw err;
    }
  }
  const end = new Date();
  return {
    result: { recs_added: added, total_records_parsed: parsed },
    extra: {
      timing: {
        start_time: started.toISOString(),
        end_time: end.toISOString(),
        process_time: Math.max(0, (end.getTime() - started.getTime()) / 1000),
      },
    },
  };
}

export function zoneFileRoutes(): Route[] {
  return [
    { method: 'GET', path: '/zones/:zone_id/dns_records/export', permission: (ctx) => zoneNeed(READ, zoneOf(ctx)), handle: exportZone },
    { method: 'POST', path: '/zones/:zone_id/dns_records/import', permission: (ctx) => zoneNeed(EDIT, zoneOf(ctx)), handle: importZone },
  ];
}
