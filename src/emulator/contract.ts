/**
 * The contract between the emulator's parts: the HTTP server (routing, envelope, faults,
 * persistence) and the domain modules (records, zones, identity/tokens/policies, dns settings).
 * Domain modules export `Route[]`; the server authenticates, authorizes each route's
 * `permission`, runs `handle`, wraps the result in the envelope, and makes every write durable
 * (Store) before it answers.
 */
import type { IncomingHttpHeaders } from 'node:http';

export interface ApiErrorItem {
  code: number;
  message: string;
  error_chain?: ApiErrorItem[];
}

/** Thrown by handlers; the server answers `{success:false, errors, messages:[], result:null}`. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: ApiErrorItem[];
  readonly headers: Record<string, string>;
  constructor(status: number, errors: ApiErrorItem[], headers: Record<string, string> = {}) {
    super(errors.map((e) => `${e.code}: ${e.message}`).join('; '));
    this.status = status;
    this.errors = errors;
    this.headers = headers;
  }
}

export function apiError(status: number, code: number, message: string): ApiError {
  return new ApiError(status, [{ code, message }]);
}

/**
 * A durable store of JSON collections. Collections used: 'users', 'accounts', 'zones',
 * `records:<zone_id>`, 'tokens', 'zone_dns_settings' (id = zone id), 'account_dns_settings'
 * (id = account id), 'zone_dnssec' (id = zone id). Values must be plain JSON. Writes are synchronous in memory; the server
 * makes them durable before it answers the request that made them.
 */
export interface Store {
  get<T>(collection: string, id: string): T | undefined;
  /** Values in insertion order. */
  values<T>(collection: string): T[];
  size(collection: string): number;
  put<T>(collection: string, id: string, value: T): void;
  delete(collection: string, id: string): boolean;
  /** Runs `fn`; if it throws, every put/delete made inside is undone and the error rethrown. */
  transaction<R>(fn: () => R): R;
}

/** A zone's subscription tier: the API names it `plan` (zone.plan.legacy_id); `ZoneTier` here so it is never taken for a plan of changes. */
export type ZoneTier = 'free' | 'pro' | 'business' | 'enterprise';

export interface EmulatorOptions {
  /** `--api-date`: dated behaviours switch on this (YYYY-MM-DD). */
  apiDate: string;
  zonePlan: ZoneTier;
  /** Records per batch; default 200 on free zones, 3,500 otherwise. */
  batchLimit?: number;
  /** `--record-quota N`: every zone's record quota (default: the service's, by plan; records/quota.ts). */
  recordQuota?: number;
  /**
   * `--priority-in-data`: MX and URI answer their priority inside `data` only (the shape the
   * SDK announces, "to be deprecated in favor of the priority field within the data map"),
   * and writes may send it there. Off by default: the live API answers it at the top level.
   */
  priorityInData?: boolean;
  /**
   * `--dnssec-auto-activate`: the registrar acts at once on a DNSSEC change (the DS appears
   * when DNSSEC is enabled, goes when it is disabled), so `pending` becomes `active` and
   * `pending-disabled` becomes `disabled` right after the PATCH answers (src/emulator/dnssec).
   */
  dnssecAutoActivate?: boolean;
}

/** Stored user (the one seeded user owns the account and its zones). */
export interface UserRow {
  id: string; // 32 hex, the user tag
  email: string;
  /** Global API key (key-pair auth). */
  api_key: string;
}

export interface AccountRow {
  id: string;
  name: string;
}

export interface ZoneRow {
  id: string;
  name: string;
  account_id: string;
  plan: ZoneTier;
  status: 'active' | 'pending';
  created_on: string;
  modified_on: string;
  /** null while the zone is pending (its nameservers not yet set at the registrar). */
  activated_on: string | null;
  name_servers: string[];
  /**
   * `internal`: an internal DNS zone (POST /zones `type: internal`), answered only through
   * Gateway, never by the public nameservers; absent: `full`.
   */
  type?: 'full' | 'internal';
}

export type Policy = {
  id: string;
  effect: 'allow' | 'deny';
  resources: Record<string, string | Record<string, string>>;
  permission_groups: Array<{ id: string; name?: string }>;
};

/** Stored token; `value_hash` is SHA-256 of the secret (the secret itself is never stored). */
export interface TokenRow {
  id: string;
  /** The user it acts for; for an account-owned token, the user who created it (it does not act for them). */
  user_id: string;
  /** Set on an account-owned token (`/accounts/{account_id}/tokens`): the account that owns it. */
  account_id?: string;
  name: string;
  status: 'active' | 'disabled' | 'expired';
  issued_on: string;
  modified_on: string;
  last_used_on?: string | null;
  not_before?: string;
  expires_on?: string;
  policies: Policy[];
  condition?: { request_ip?: { in?: string[]; not_in?: string[] } };
  value_hash: string;
}

/** Who is calling. A key-pair caller has every permission of its user. */
export type Principal = { kind: 'key'; user: UserRow } | { kind: 'token'; user: UserRow; token: TokenRow };

/** What a route touches, for policy evaluation. */
export type ResourceRef =
  | { kind: 'zone'; zoneId: string; accountId: string }
  | { kind: 'account'; accountId: string }
  | { kind: 'user'; userId: string };

/** A permission need: a permission key as in the OpenAPI `x-cfPermissionsRequired` on a resource. */
export interface PermissionNeed {
  /** e.g. '#dns_records:read', '#dns_records:edit', '#zone:read', '#zone_settings:read', 'com.cloudflare.api.token.create' */
  permission: string;
  resource: ResourceRef;
}

export interface RouteContext {
  method: string;
  /** Path parameters, e.g. { zone_id, dns_record_id }. */
  params: Record<string, string>;
  query: URLSearchParams;
  /** Parsed JSON body (undefined when none). */
  body: unknown;
  headers: IncomingHttpHeaders;
  /** The connection's remote address (IPv4-mapped IPv6 unwrapped). */
  clientIp: string;
  principal: Principal;
  store: Store;
  options: EmulatorOptions;
  now: Date;
  /** Check another permission inside a handler (e.g. list filtering); throws ApiError 403 when refused. */
  authorize(need: PermissionNeed): void;
  /** Like authorize but returns a boolean. */
  can(need: PermissionNeed): boolean;
}

export interface ResultInfo {
  page: number;
  per_page: number;
  count: number;
  total_count: number;
  total_pages: number;
}

export interface RouteResult {
  status?: number;
  result: unknown;
  result_info?: ResultInfo;
  messages?: unknown[];
  /** Members of the answer beside `result` (e.g. `timing` of the import). */
  extra?: Record<string, unknown>;
  /** A plain-text answer instead of the JSON envelope (the BIND export). */
  text?: string;
}

export interface Route {
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Path below /client/v4 with `:param` segments, e.g. '/zones/:zone_id/dns_records/:dns_record_id'. */
  path: string;
  /** The permission this route needs, derived from its params; undefined = any valid credential. */
  permission?: (ctx: Omit<RouteContext, 'authorize' | 'can'>) => PermissionNeed | undefined;
  handle(ctx: RouteContext): RouteResult | Promise<RouteResult>;
}

/** Identity hooks the server calls (implemented in src/emulator/identity). */
export interface IdentityHooks {
  /**
   * Resolve credentials from headers; throws ApiError (400/401/403 with the service's codes).
   * A token outside its validity window or used from an address its IP condition refuses is
   * refused here, on every route (the zones list included).
   */
  authenticate(headers: IncomingHttpHeaders, store: Store, now: Date, clientIp?: string): Principal;
  /** Evaluate the principal's policies; throws ApiError 403 code 10000 when refused. */
  authorize(principal: Principal, need: PermissionNeed, ctx: { store: Store; now: Date; clientIp: string }): void;
}
