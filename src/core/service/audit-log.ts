/**
 * The account's audit log, Audit Logs v2: `GET /accounts/{account_id}/logs/audit`
 * (https://developers.cloudflare.com/api/resources/accounts/subresources/logs/subresources/audit/methods/list/,
 * https://developers.cloudflare.com/fundamentals/account/account-security/audit-logs/; the
 * official SDK's `accounts.logs.audit.list`, cloudflare-typescript
 * src/resources/accounts/logs/audit.ts). What zonectl relies on, each from those sources:
 *
 * - `since` and `before` are required: a date (`2024-10-30`, UTC) or an RFC 3339 time.
 * - Filters by value, repeatable: `zone_id`, `zone_name`, `resource_id`, `resource_type`,
 *   `resource_product`, `action_type`, `actor_email`, `actor_context`, ... and each also as
 *   `NAME.not` to leave entries out (the API reference's list of parameters; Cloudflare's own
 *   audit-log MCP server, cloudflare/mcp-server-cloudflare apps/auditlogs, sends them by value).
 *   The SDKs' types show only the `.not` forms.
 * - `limit` (default 100, at most 1,000), `direction` (`desc`, the default, or `asc`), and
 *   `cursor`: the next page's cursor is `result_info.cursor` in the reference's example answer
 *   and `result_info.cursors.after` in the SDK's pager (CursorPaginationAfter, cloudflare 7.3):
 *   the sources disagree, zonectl reads either; no cursor means the last page.
 * - An entry: `id`, `action {type (create|update|delete|view), description, result
 *   (success|failure), time}`, `actor {id, email, type (user|account|cloudflare_admin|system|
 *   delegated_service), context (api, api_key, api_token, oauth, origin_ca_key: the API; dash:
 *   the dashboard), ip_address, token_id, token_name}`, `resource {id, type, product, scope,
 *   request, response}`, `zone {id, name}`, `raw {method, uri, status_code, cf_ray_id,
 *   user_agent}`, `account {id, name}`. Every field may be missing.
 * - Permission: Account Settings Read or Account Settings Write (the reference's "Accepted
 *   Permissions"; the OpenAPI's `x-api-token-group`). Without it the API answers 403 with
 *   code 10000 ("Authentication error"), as for any route a token may not use
 *   (https://developers.cloudflare.com/fundamentals/api/reference/permissions/).
 * - How far back: "Audit logs are available only for the past 30 days" while it was in beta (the
 *   reference's description and every SDK of 2024-2025); since its general availability
 *   (2026-03, cloudflare-docs pull request 28892) entries are kept 18 months and the dashboard
 *   queries 90 days. zonectl reads the last AUDIT_LOG_DAYS days: the window the beta promised,
 *   which a nightly job needs (drift older than that was in last month's reports).
 */

/** The days before now zonectl reads from the audit log. */
export const AUDIT_LOG_DAYS = 30;

/** Entries per page zonectl asks for: the documented most. */
export const AUDIT_LOG_PAGE_LIMIT = 1000;

/** Pages read per zone at most (newest first): 10,000 entries of one zone in the window. */
export const AUDIT_LOG_MAX_PAGES = 10;

/**
 * Above this many drifted zones in one account, the account's log is read once (all its zones,
 * at most AUDIT_LOG_ACCOUNT_MAX_PAGES pages) instead of once per zone: a night of 1,000 drifted
 * zones costs a few requests of the run's budget (1,200 per 5 minutes), not 1,000.
 */
export const AUDIT_LOG_ZONES_PER_ACCOUNT_READ = 3;
export const AUDIT_LOG_ACCOUNT_MAX_PAGES = 50;

/** The permission groups that grant reading the audit log (any one). */
export const AUDIT_LOG_PERMISSION_GROUPS = ['Account Settings Read', 'Account Settings Write'] as const;

/** `actor.context` values that mean the dashboard; every other known one is the API. */
const DASHBOARD_CONTEXTS = new Set(['dash']);
const API_CONTEXTS = new Set(['api', 'api_key', 'api_token', 'oauth', 'origin_ca_key']);

/** The interface an actor's context names: `dashboard`, `API`, or undefined when the entry does not say. */
export function interfaceOf(context: string | undefined): 'dashboard' | 'API' | undefined {
  if (context === undefined) return undefined;
  if (DASHBOARD_CONTEXTS.has(context)) return 'dashboard';
  if (API_CONTEXTS.has(context)) return 'API';
  return undefined;
}
