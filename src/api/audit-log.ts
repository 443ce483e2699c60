/**
 * The account's audit log over the API: `GET /accounts/{account_id}/logs/audit` (Audit Logs v2;
 * its parameters, fields, window and permission, each with its source:
 * src/core/service/audit-log.ts). One zone's entries of a window, newest first, a page of the
 * documented most at a time, following the cursor, at most AUDIT_LOG_MAX_PAGES pages. Every
 * entry is read by `decodeAuditEntry` (src/core/audit/audit-entry.ts) as untrusted input.
 *
 * A credential without Account Settings Read gets 403: that is an answer, not a failure of the
 * run (`forbidden`); any other error leaves the log unread (`unavailable`) and the drift report
 * goes on without it.
 */
import { decodeAuditEntry, type AuditEntry } from '../core/audit/audit-entry.js';
import type { ZoneAudit } from '../core/audit/join-audit.js';
import { AUDIT_LOG_MAX_PAGES, AUDIT_LOG_PAGE_LIMIT } from '../core/service/audit-log.js';
import { printable } from '../core/text/index.js';
import { checkApiId } from './api-ids.js';
import type { CloudflareClient } from './client.js';
import { CloudflareApiError } from './errors.js';

/** The cursor of the next page: `result_info.cursor` (the reference) or `result_info.cursors.after` (the SDK's pager). */
function nextCursor(info: unknown): string | undefined {
  if (typeof info !== 'object' || info === null) return undefined;
  const i = info as { cursor?: unknown; cursors?: { after?: unknown } };
  const cursor = typeof i.cursor === 'string' ? i.cursor : typeof i.cursors?.after === 'string' ? i.cursors.after : undefined;
  return cursor !== undefined && cursor !== '' && cursor.length <= 4096 ? cursor : undefined;
}

/** The window read: `since` and `before` as RFC 3339 times. */
export interface AuditWindow {
  readonly since: string;
  readonly before: string;
}

/**
 * The entries of the window, newest first: one zone's (`zone_id` filter), or with `zoneId`
 * undefined the whole account's (one read for many zones of an account), at most `maxPages`
 * pages. Never throws for an answer of the service: 403 is `forbidden`, any other error
 * `unavailable`, both with the API's words.
 */
export async function readAuditLog(
  client: CloudflareClient,
  accountId: string,
  zoneId: string | undefined,
  window: AuditWindow,
  maxPages = AUDIT_LOG_MAX_PAGES,
): Promise<ZoneAudit> {
  try {
    checkApiId(accountId, "the zone's account");
    if (zoneId !== undefined) checkApiId(zoneId, 'the zone');
    const entries: AuditEntry[] = [];
    let cursor: string | undefined;
    for (let page = 0; page < maxPages; page += 1) {
      const res = await client.request<unknown>('GET', `/accounts/${accountId}/logs/audit`, {
        query: {
          ...(zoneId !== undefined ? { zone_id: zoneId } : {}),
          since: window.since,
          before: window.before,
          direction: 'desc',
          limit: AUDIT_LOG_PAGE_LIMIT,
          ...(cursor !== undefined ? { cursor } : {}),
        },
      });
      const list = Array.isArray(res.result) ? res.result : [];
      for (const raw of list) {
        const entry = decodeAuditEntry(raw);
        if (entry !== undefined) entries.push(entry);
      }
      cursor = nextCursor(res.result_info);
      if (cursor === undefined || list.length === 0) return { kind: 'read', entries, ...window, complete: true };
    }
    return { kind: 'read', entries, ...window, complete: false };
  } catch (error) {
    if (error instanceof CloudflareApiError && error.status === 403) return { kind: 'forbidden', detail: printable(error.message) };
    return { kind: 'unavailable', detail: printable(error instanceof Error ? error.message : String(error)) };
  }
}
