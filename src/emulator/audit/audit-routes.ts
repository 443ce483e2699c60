/**
 * `GET /accounts/{account_id}/logs/audit` (Audit Logs v2), as the API reference documents it
 * (https://developers.cloudflare.com/api/resources/accounts/subresources/logs/subresources/audit/methods/list/):
 *
 * - permission Account Settings Read or Write on the account (`#account_settings:read`);
 *   refused with 403 code 10000 like every route a token may not use;
 * - `since` and `before` required, each a date (`2024-10-30`, UTC midnight) or an RFC 3339
 *   time: entries at or after `since` and before `before`; a missing or unreadable one is 400;
 * - filters by value, repeatable (`zone_id=a&zone_id=b`: either), and each as `NAME.not` (none
 *   of these), for every filter the reference lists;
 * - `direction` desc (default) or asc; `limit` 1..1000 (default 100);
 * - `cursor`: opaque; the answer's `result_info` holds `count` and, when more entries follow,
 *   `cursor` (the reference's example answer) and `cursors.after` (what the official SDK's pager
 *   reads: the sources disagree, the emulator answers both).
 */
import { ApiError, type Route, type RouteContext } from '../contract.js';
import { PERMISSIONS } from '../identity/permission-groups.js';
import type { AuditLog, AuditLogEntry } from './audit-log.js';

/** Each filter of the reference and the entry's field it reads. */
const FILTERS: Readonly<Record<string, (e: AuditLogEntry) => string | undefined>> = {
  id: (e) => e.id,
  audit_log_id: (e) => e.id,
  account_name: (e) => e.account.name,
  action_result: (e) => e.action.result,
  action_type: (e) => e.action.type,
  actor_context: (e) => e.actor.context,
  actor_email: (e) => e.actor.email,
  actor_id: (e) => e.actor.id,
  actor_ip_address: (e) => e.actor.ip_address,
  actor_token_id: (e) => e.actor.token_id,
  actor_token_name: (e) => e.actor.token_name,
  actor_type: (e) => e.actor.type,
  raw_cf_ray_id: (e) => e.raw.cf_ray_id,
  raw_method: (e) => e.raw.method,
  raw_status_code: (e) => String(e.raw.status_code),
  raw_uri: (e) => e.raw.uri,
  resource_id: (e) => e.resource.id,
  resource_product: (e) => e.resource.product,
  resource_scope: (e) => e.resource.scope,
  resource_type: (e) => e.resource.type,
  zone_id: (e) => e.zone?.id,
  zone_name: (e) => e.zone?.name,
};

const DEFAULT_LIMIT = 100;
const MAX_LIMIT = 1000;

function badRequest(message: string): ApiError {
  return new ApiError(400, [{ code: 1001, message }]);
}

/** A `since`/`before` value: `YYYY-MM-DD` (UTC) or an RFC 3339 time; its epoch milliseconds. */
function readTime(ctx: RouteContext, name: 'since' | 'before'): number {
  const raw = ctx.query.get(name);
  if (raw === null || raw === '') throw badRequest(`${name} is required (a date such as 2024-10-30, or an RFC 3339 time)`);
  const date = /^\d{4}-\d{2}-\d{2}$/.test(raw) ? `${raw}T00:00:00Z` : raw;
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/.test(date) ? Date.parse(date) : Number.NaN;
  if (Number.isNaN(ms))
    throw badRequest(`${name} must be a date such as 2024-10-30 or an RFC 3339 time, got ${JSON.stringify(raw.slice(0, 50))}`);
  return ms;
}

function matches(e: AuditLogEntry, query: URLSearchParams): boolean {
  for (const [name, field] of Object.entries(FILTERS)) {
    const value = field(e);
    const wanted = query.getAll(name);
    if (wanted.length > 0 && (value === undefined || !wanted.includes(value))) return false;
    const refused = query.getAll(`${name}.not`);
    if (value !== undefined && refused.includes(value)) return false;
  }
  return true;
}

/** The cursor of the page after the entry `id`: opaque to clients. */
const cursorAfter = (id: string): string => Buffer.from(JSON.stringify({ after: id })).toString('base64url');

function afterOf(cursor: string): string {
  try {
    const parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as { after?: unknown };
    if (typeof parsed.after === 'string') return parsed.after;
  } catch {
    // an unreadable cursor is answered below
  }
  throw badRequest('cursor is not a cursor of this list');
}

export function auditRoutes(log: AuditLog): Route[] {
  return [
    {
      method: 'GET',
      path: '/accounts/:account_id/logs/audit',
      permission: (ctx) => ({
        permission: PERMISSIONS.accountSettingsRead,
        resource: { kind: 'account', accountId: ctx.params.account_id ?? '' },
      }),
      handle: (ctx) => {
        const since = readTime(ctx, 'since');
        const before = readTime(ctx, 'before');
        const direction = ctx.query.get('direction') ?? 'desc';
        if (direction !== 'desc' && direction !== 'asc') throw badRequest('direction must be desc or asc');
        const limitText = ctx.query.get('limit');
        const limit = limitText === null ? DEFAULT_LIMIT : Number(limitText);
        if (!Number.isInteger(limit) || limit < 1 || limit > MAX_LIMIT)
          throw badRequest(`limit must be a whole number from 1 to ${MAX_LIMIT}`);
        const selected = log.ofAccount(ctx.params.account_id ?? '').filter((e) => {
          const t = Date.parse(e.action.time);
          return t >= since && t < before && matches(e, ctx.query);
        });
        const ordered = direction === 'desc' ? [...selected].reverse() : selected;
        const cursor = ctx.query.get('cursor');
        let start = 0;
        if (cursor !== null && cursor !== '') {
          const after = afterOf(cursor);
          const at = ordered.findIndex((e) => e.id === after);
          if (at === -1) throw badRequest('cursor is not a cursor of this list');
          start = at + 1;
        }
        const page = ordered.slice(start, start + limit);
        const more = start + limit < ordered.length && page.length > 0;
        const next = more ? cursorAfter(page[page.length - 1]!.id) : undefined;
        return {
          result: page,
          extra: { result_info: { count: page.length, ...(next !== undefined ? { cursor: next, cursors: { after: next } } : {}) } },
        };
      },
    },
  ];
}
