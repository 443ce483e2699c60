/**
 * The account audit log (Audit Logs v2) of the emulator: every successful write through the API
 * is logged with the documented shape (an entry's fields:
 * https://developers.cloudflare.com/fundamentals/account/account-security/audit-logs/, "Example
 * how to query Audit Logs"; the official SDK's AuditListResponse): the actor is the caller's user
 * (its email and id, `type` user) with the credential's context (`api_token` with the token's
 * id and name, or `api_key`), so the interface is always the API; `action.type` create, update
 * or delete; `resource` the record, the zone's DNS settings, its DNSSEC or the zone written,
 * with the request's body and the answer; `zone` and `account`; `raw` the method, the URI below
 * `/client/v4`, the status, the user agent. Writes to a user's API tokens belong to the user's
 * profile, not to an account: they are not logged here.
 *
 * The emulator's own choices (no published entry of a DNS change was found): `resource.product`
 * is `dns_records`, `dns_settings`, `dnssec` or `zones` and `resource.type` the
 * singular (`dns_record`, ...); a batch logs one entry per record it wrote; an import one entry
 * for the zone. The log lives in memory, newest MAX_ENTRIES entries (the service keeps 18
 * months); it is not part of `--state`.
 */
import { randomBytes } from 'node:crypto';
import type { AccountRow, Principal, Store, ZoneRow } from '../contract.js';
import { isPlainObject } from '../json.js';

/** Entries kept (the oldest go first). */
export const MAX_ENTRIES = 20_000;

export interface AuditLogEntry {
  readonly id: string;
  readonly account: { readonly id: string; readonly name: string };
  readonly action: { readonly description: string; readonly result: 'success'; readonly time: string; readonly type: string };
  readonly actor: {
    readonly id: string;
    readonly email: string;
    readonly type: 'user';
    readonly context: 'api_token' | 'api_key';
    readonly ip_address: string;
    readonly token_id?: string;
    readonly token_name?: string;
  };
  readonly raw: {
    readonly cf_ray_id: string;
    readonly method: string;
    readonly status_code: number;
    readonly uri: string;
    readonly user_agent: string;
  };
  readonly resource: {
    readonly id: string;
    readonly product: string;
    readonly type: string;
    readonly scope: 'zones' | 'accounts';
    readonly request: unknown;
    readonly response: unknown;
  };
  readonly zone?: { readonly id: string; readonly name: string };
}

/** One successful write as the server saw it. */
export interface LoggedWrite {
  readonly method: string;
  /** The route's path pattern (`/zones/:zone_id/dns_records/:dns_record_id`). */
  readonly route: string;
  readonly params: Readonly<Record<string, string>>;
  /** The request's path below `/client/v4`, with its query. */
  readonly uri: string;
  readonly body: unknown;
  readonly result: unknown;
  readonly status: number;
  readonly principal: Principal;
  readonly store: Store;
  readonly now: Date;
  readonly clientIp: string;
  readonly userAgent: string;
}

/** What one write touched: a resource, with the zone (or account) it belongs to. */
interface Touched {
  readonly action: 'create' | 'update' | 'delete';
  readonly description: string;
  readonly id: string;
  readonly product: string;
  readonly type: string;
  readonly scope: 'zones' | 'accounts';
  readonly request: unknown;
  readonly response: unknown;
  readonly zone?: ZoneRow;
  readonly accountId?: string;
}

const ACTIONS: Readonly<Record<string, 'create' | 'update' | 'delete'>> = {
  POST: 'create',
  PATCH: 'update',
  PUT: 'update',
  DELETE: 'delete',
};

const idOf = (v: unknown): string => (isPlainObject(v) && typeof v.id === 'string' ? v.id : '');
const list = (v: unknown, key: string): unknown[] => (isPlainObject(v) && Array.isArray(v[key]) ? (v[key] as unknown[]) : []);

function touched(w: LoggedWrite): Touched[] {
  const action = ACTIONS[w.method];
  if (action === undefined) return [];
  const zone = w.params.zone_id !== undefined ? w.store.get<ZoneRow>('zones', w.params.zone_id) : undefined;
  const record = (a: Touched['action'], id: string, request: unknown, response: unknown): Touched => ({
    action: a,
    description: `${a === 'create' ? 'Create' : a === 'update' ? 'Update' : 'Delete'} DNS record`,
    id,
    product: 'dns_records',
    type: 'dns_record',
    scope: 'zones',
    request,
    response,
    ...(zone !== undefined ? { zone } : {}),
  });
  switch (w.route) {
    case '/zones/:zone_id/dns_records':
      return [record('create', idOf(w.result), w.body, w.result)];
    case '/zones/:zone_id/dns_records/:dns_record_id':
      return [record(action, w.params.dns_record_id ?? '', w.method === 'DELETE' ? {} : w.body, w.result)];
    case '/zones/:zone_id/dns_records/batch': {
      const requests = (key: string): unknown[] => list(w.body, key);
      const answers = (key: string): unknown[] => list(w.result, key);
      return [
        ...answers('deletes').map((r, i) => record('delete', idOf(r), requests('deletes')[i] ?? {}, r)),
        ...answers('patches').map((r, i) => record('update', idOf(r), requests('patches')[i] ?? {}, r)),
        ...answers('puts').map((r, i) => record('update', idOf(r), requests('puts')[i] ?? {}, r)),
        ...answers('posts').map((r, i) => record('create', idOf(r), requests('posts')[i] ?? {}, r)),
      ];
    }
    case '/zones/:zone_id/dns_records/import':
      return zone === undefined
        ? []
        : [
            {
              action: 'create',
              description: 'Import DNS records',
              id: zone.id,
              product: 'dns_records',
              type: 'dns_records_import',
              scope: 'zones',
              request: {},
              response: w.result,
              zone,
            },
          ];
    case '/zones/:zone_id/dns_settings':
      return zone === undefined
        ? []
        : [
            {
              action,
              description: 'Update DNS settings',
              id: zone.id,
              product: 'dns_settings',
              type: 'dns_settings',
              scope: 'zones',
              request: w.body,
              response: w.result,
              zone,
            },
          ];
    case '/zones/:zone_id/dnssec':
      return zone === undefined
        ? []
        : [
            {
              action,
              description: `${action === 'delete' ? 'Delete' : 'Update'} DNSSEC`,
              id: zone.id,
              product: 'dnssec',
              type: 'dnssec',
              scope: 'zones',
              request: w.method === 'DELETE' ? {} : w.body,
              response: w.result,
              zone,
            },
          ];
    case '/accounts/:account_id/dns_settings':
      return [
        {
          action,
          description: 'Update account DNS settings',
          id: w.params.account_id ?? '',
          product: 'dns_settings',
          type: 'account_dns_settings',
          scope: 'accounts',
          request: w.body,
          response: w.result,
          accountId: w.params.account_id ?? '',
        },
      ];
    case '/zones': {
      const created = w.store.get<ZoneRow>('zones', idOf(w.result));
      return created === undefined
        ? []
        : [
            {
              action: 'create',
              description: 'Create zone',
              id: created.id,
              product: 'zones',
              type: 'zone',
              scope: 'zones',
              request: w.body,
              response: w.result,
              zone: created,
            },
          ];
    }
    default:
      return [];
  }
}

/** The account a touched resource is logged under: its zone's, or the one its path names. */
function accountOf(t: Touched, store: Store): AccountRow {
  const id = t.zone?.account_id ?? t.accountId ?? '';
  return store.get<AccountRow>('accounts', id) ?? { id, name: '' };
}

/** The account audit log: entries in the order they were written. */
export class AuditLog {
  readonly #entries: AuditLogEntry[] = [];

  /** Logs a successful write (one entry per resource it touched). */
  record(w: LoggedWrite): void {
    for (const t of touched(w)) {
      const account = accountOf(t, w.store);
      const token = w.principal.kind === 'token' ? w.principal.token : undefined;
      this.#entries.push({
        id: randomBytes(16).toString('hex'),
        account: { id: account.id, name: account.name },
        action: { description: t.description, result: 'success', time: w.now.toISOString(), type: t.action },
        actor: {
          id: w.principal.user.id,
          email: w.principal.user.email,
          type: 'user',
          context: token !== undefined ? 'api_token' : 'api_key',
          ip_address: w.clientIp,
          ...(token !== undefined ? { token_id: token.id, token_name: token.name } : {}),
        },
        raw: { cf_ray_id: randomBytes(8).toString('hex'), method: w.method, status_code: w.status, uri: w.uri, user_agent: w.userAgent },
        resource: { id: t.id, product: t.product, type: t.type, scope: t.scope, request: t.request ?? {}, response: t.response ?? {} },
        ...(t.zone !== undefined ? { zone: { id: t.zone.id, name: t.zone.name } } : {}),
      });
    }
    if (this.#entries.length > MAX_ENTRIES) this.#entries.splice(0, this.#entries.length - MAX_ENTRIES);
  }

  /** The entries of an account, oldest first. */
  ofAccount(accountId: string): readonly AuditLogEntry[] {
    return this.#entries.filter((e) => e.account.id === accountId);
  }
}
