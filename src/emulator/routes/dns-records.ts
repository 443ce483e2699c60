/**
 * DNS records: list, get, create, patch (merge), put (replace), delete (`result: {id}`), and
 * `POST /zones/{zone_id}/dns_records/batch` (deletes -> patches -> puts -> posts in one store
 * transaction; any failure applies nothing and answers the first error).
 */
import { ApiError, type Route, type RouteContext, type RouteResult, type ZoneRow } from '../contract.js';
import { DATED, isBefore } from '../dated.js';
import { RECORD_CODES as C, datedError, invalid } from '../records/codes.js';
import { parseRecordListQuery, sortRecords } from '../records/list-query.js';
import type { RecordRow } from '../records/record-row.js';
import { renderRecord } from '../records/render.js';
import { draftFromBody } from '../records/validate.js';
import { accountLevelQuota, accountRecordUsage, zoneRecordQuota } from '../records/quota.js';
import { ZoneRecords } from '../records/zone-records.js';
import { SHADOW_METADATA_MAX, ShadowIndex } from '../records/shadow.js';
import { zoneFromParams, zoneNeed, zonePath } from './zone-lookup.js';
import { isPlainObject } from '../json.js';
import { STREAMED_LIST_FROM } from '../http.js';
import { RenderedList } from '../rendered-list.js';

const READ = '#dns_records:read';
const EDIT = '#dns_records:edit';

export const FREE_BATCH_LIMIT = 200;
export const PAID_BATCH_LIMIT = 3500;

const readNeed = (ctx: Pick<RouteContext, 'params' | 'store'>) => zoneNeed(READ, zoneOf(ctx));
const editNeed = (ctx: Pick<RouteContext, 'params' | 'store'>) => zoneNeed(EDIT, zoneOf(ctx));

function zoneOf(ctx: Pick<RouteContext, 'params' | 'store'>): ZoneRow {
  return zoneFromParams(ctx, zonePath(ctx, '/dns_records'));
}

/** Whether the request asks for shadow metadata (`include_shadow_metadata=true`, records/shadow.ts). */
function wantsShadow(ctx: Pick<RouteContext, 'query'>): boolean {
  return ctx.query.get('include_shadow_metadata') === 'true';
}

/**
 * The renderer of a request's records: with their shadow metadata when asked for and at most
 * `SHADOW_METADATA_MAX` records are answered (the index is built once, when first needed: after
 * the writes of a batch, so that it sees them).
 */
function renderer(ctx: RouteContext, records: ZoneRecords, count: number): (r: RecordRow) => unknown {
  const zone = records.zone;
  if (!wantsShadow(ctx) || count > SHADOW_METADATA_MAX) return (r) => renderRecord(r, zone.name, ctx.options);
  let index: ShadowIndex | undefined;
  return (r) => {
    index ??= new ShadowIndex(records.all(), zone.name);
    return renderRecord(r, zone.name, ctx.options, index.of(r));
  };
}

/** Run a record write; validation errors get the dated shape (1004 wrapper before 2024-10-01). */
function write(ctx: RouteContext, fn: (records: ZoneRecords, render: (r: RecordRow) => unknown) => RouteResult, count = 1): RouteResult {
  const zone = zoneOf(ctx);
  const records = new ZoneRecords(ctx.store, zone, ctx.options);
  const render = renderer(ctx, records, count);
  try {
    return fn(records, render);
  } catch (err) {
    throw datedError(err, isBefore(ctx.options.apiDate, DATED.bareValidationErrors));
  }
}

function list(ctx: RouteContext): RouteResult {
  const zone = zoneOf(ctx);
  const query = parseRecordListQuery(ctx.query, zone.name);
  const records = new ZoneRecords(ctx.store, zone);
  let rows = records.all().filter(query.matches);
  if (query.order) rows = sortRecords(rows, query.order, query.descending);
  const start = (query.page - 1) * query.perPage;
  const slice = start >= rows.length ? [] : rows.slice(start, start + query.perPage);
  const render = renderer(ctx, records, slice.length);
  return {
    // A long page is rendered as it is written (src/emulator/rendered-list.ts).
    result: slice.length >= STREAMED_LIST_FROM ? new RenderedList(slice, render) : slice.map(render),
    result_info: {
      page: query.page,
      per_page: query.perPage,
      count: slice.length,
      total_count: rows.length,
      total_pages: Math.ceil(rows.length / query.perPage),
    },
  };
}

type WriteKind = 'create' | 'patch' | 'replace';

/**
 * One record write, as a single call or a batch item: a create, a patch (the body merged onto
 * the stored record) or a replace (PUT). The write rules are applied in `draftFromBody`.
 */
function writeRecord(records: ZoneRecords, kind: WriteKind, body: unknown, id: string | undefined, ctx: RouteContext): RecordRow {
  const opts = { priorityInData: ctx.options.priorityInData === true };
  if (kind === 'create') return records.create(draftFromBody(body, records.zone, { kind: 'create' }, opts), ctx.now);
  const base = records.require(id ?? '');
  const mode = kind === 'patch' ? ({ kind: 'patch', base } as const) : ({ kind: 'replace' } as const);
  const draft = draftFromBody(body, records.zone, mode, opts);
  if (draft.type !== base.type && !isBefore(ctx.options.apiDate, DATED.noTypeChange)) {
    // The API deprecations list: in-place type changes end after 2026-06-30 (src/emulator/dated.ts).
    throw invalid(
      C.typeChange,
      `Changing the type of an existing DNS record (${base.type} to ${draft.type}) is not supported; delete the record and create a new one (both can go in one batch).`,
    );
  }
  return records.update(base, draft, ctx.now);
}

/** A single-call write route (POST, PATCH, PUT). */
function singleWrite(method: 'POST' | 'PATCH' | 'PUT', path: string, kind: WriteKind): Route {
  return {
    method,
    path,
    permission: editNeed,
    handle: (ctx) =>
      write(ctx, (records, render) => {
        const row = writeRecord(records, kind, ctx.body, ctx.params.dns_record_id, ctx);
        return { result: render(row) };
      }),
  };
}

function batchLimit(ctx: RouteContext, zone: ZoneRow): number {
  if (ctx.options.batchLimit !== undefined) return ctx.options.batchLimit;
  return zone.plan === 'free' ? FREE_BATCH_LIMIT : PAID_BATCH_LIMIT;
}

function opsOf(body: Record<string, unknown>, key: 'deletes' | 'patches' | 'puts' | 'posts'): Record<string, unknown>[] {
  const v = body[key];
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v) || v.some((x) => !isPlainObject(x))) {
    throw invalid(C.batchInvalid, `Batch ${key} must be an array of objects.`);
  }
  return v as Record<string, unknown>[];
}

function batch(ctx: RouteContext): RouteResult {
  return write(ctx, (records) => {
    if (!isPlainObject(ctx.body)) throw invalid(C.bodyInvalid, 'Request body is invalid.');
    const deletes = opsOf(ctx.body, 'deletes');
    const patches = opsOf(ctx.body, 'patches');
    const puts = opsOf(ctx.body, 'puts');
    const posts = opsOf(ctx.body, 'posts');
    const size = deletes.length + patches.length + puts.length + posts.length;
    const limit = batchLimit(ctx, records.zone);
    if (size > limit) {
      throw new ApiError(400, [
        { code: C.batchTooLarge, message: `Batch has ${size} record operations; the limit for this zone is ${limit}.` },
      ]);
    }
    // The server runs each handler inside one store transaction: a throw below undoes it all.
    const deleted = deletes.map((op) => {
      const row = records.require(op.id);
      records.remove(row);
      return row;
    });
    const patched = patches.map((op) => writeRecord(records, 'patch', op, op.id as string | undefined, ctx));
    const replaced = puts.map((op) => writeRecord(records, 'replace', op, op.id as string | undefined, ctx));
    const created = posts.map((op) => writeRecord(records, 'create', op, undefined, ctx));
    // Rendered once every write is done: shadow metadata (when asked for) sees the zone as the batch left it.
    const render = renderer(ctx, records, size);
    const fresh = (r: RecordRow): unknown => render(records.get(r.id) ?? r);
    return {
      result: {
        deletes: deleted.map(render),
        patches: patched.map(fresh),
        puts: replaced.map(fresh),
        posts: created.map(fresh),
      },
    };
  });
}

/** `GET /zones/{zone_id}/dns_records/usage` (records/quota.ts). */
function zoneUsage(ctx: RouteContext): RouteResult {
  const zone = zoneOf(ctx);
  return { result: { record_quota: zoneRecordQuota(zone, ctx.options), record_usage: new ZoneRecords(ctx.store, zone).count() } };
}

/** `GET /accounts/{account_id}/dns_records/usage`: the account-level quota (null where each zone has its own). */
function accountUsage(ctx: RouteContext): RouteResult {
  const accountId = ctx.params.account_id ?? '';
  if (!ctx.store.values<ZoneRow>('zones').some((z) => z.account_id === accountId) && ctx.store.get('accounts', accountId) === undefined)
    throw new ApiError(404, [
      {
        code: 7003,
        message: `Could not route to /client/v4/accounts/${accountId}/dns_records/usage, perhaps your object identifier is invalid?`,
      },
    ]);
  return { result: { record_quota: accountLevelQuota(ctx.options), record_usage: accountRecordUsage(ctx.store, accountId) } };
}

export function dnsRecordRoutes(): Route[] {
  return [
    { method: 'GET', path: '/zones/:zone_id/dns_records/usage', permission: readNeed, handle: zoneUsage },
    {
      method: 'GET',
      path: '/accounts/:account_id/dns_records/usage',
      // Who may read the account's DNS records may read its usage (the emulator's choice: the
      // permission is not published): DNS Read on the account's first zone.
      permission: (ctx) => {
        const accountId = ctx.params.account_id ?? '';
        const zone = ctx.store.values<ZoneRow>('zones').find((z) => z.account_id === accountId);
        return zone === undefined ? undefined : zoneNeed(READ, zone);
      },
      handle: accountUsage,
    },
    { method: 'GET', path: '/zones/:zone_id/dns_records', permission: readNeed, handle: list },
    singleWrite('POST', '/zones/:zone_id/dns_records', 'create'),
    { method: 'POST', path: '/zones/:zone_id/dns_records/batch', permission: editNeed, handle: batch },
    {
      method: 'GET',
      path: '/zones/:zone_id/dns_records/:dns_record_id',
      permission: readNeed,
      handle: (ctx) => {
        const records = new ZoneRecords(ctx.store, zoneOf(ctx));
        const row = records.require(ctx.params.dns_record_id);
        return { result: renderer(ctx, records, 1)(row) };
      },
    },
    singleWrite('PATCH', '/zones/:zone_id/dns_records/:dns_record_id', 'patch'),
    singleWrite('PUT', '/zones/:zone_id/dns_records/:dns_record_id', 'replace'),
    {
      method: 'DELETE',
      path: '/zones/:zone_id/dns_records/:dns_record_id',
      permission: editNeed,
      handle: (ctx) =>
        write(ctx, (records) => {
          const row = records.require(ctx.params.dns_record_id);
          records.remove(row);
          return { result: { id: row.id } };
        }),
    },
  ];
}
