/**
 * The emulator's HTTP server: `/client/v4` on node:http. Per request: rate limit, latency,
 * fault decision, body, route, authenticate, authorize the route's permission, run the
 * handler in one store transaction, make its writes durable, answer in the envelope.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  ApiError,
  type EmulatorOptions,
  type PermissionNeed,
  type Principal,
  type Route,
  type RouteContext,
  type ZonePlan,
  type ZoneRow,
} from './contract.js';
import { todayApiDate } from './dated.js';
import { Faults, RateLimiter, type RateLimit } from './faults.js';
import {
  CODES,
  TE_CL_ERROR,
  answerClientError,
  clientIpOf,
  errorBody,
  readJsonBody,
  sendError,
  sendJson,
  successBody,
  sendText,
} from './http.js';
import { newApiKey, newTokenValue } from './ids.js';
import { seedExtraAccounts, type ExtraAccount, type SeededAccount } from './seed-accounts.js';
import { loadIdentityModule, loadSettingsModule, type IdentityModule, type SettingsModule } from './modules.js';
import { Router } from './router.js';
import { dnsRecordRoutes } from './routes/dns-records.js';
import { zoneFileRoutes } from './routes/zone-file.js';
import { retiredRoutes } from './routes/retired.js';
import { zoneCreateRoutes } from './routes/zone-create.js';
import { zoneRoutes } from './routes/zones.js';
import { startNameservers, type NameserverControl, type RunningNameservers } from './dns/nameservers.js';
import { dnssecControls, type DnssecControls } from './dnssec/controls.js';
import { dnssecRoutes } from './dnssec/routes.js';
import { seedState } from './seed.js';
import { AuditLog } from './audit/audit-log.js';
import { auditRoutes } from './audit/audit-routes.js';
import { MemoryStore } from './store.js';

export const API_PREFIX = '/client/v4';

export interface StartEmulatorOptions {
  host?: string;
  /** 0 (default) picks a free port. */
  port?: number;
  /** Zone names to create in the seeded account. */
  zones?: string[];
  /** More accounts, each with its own user and token (seed-accounts.ts). */
  accounts?: readonly ExtraAccount[];
  /** Initial bearer token value; generated (and returned as `adminToken`) when absent on a fresh state. */
  token?: string;
  /** Key-pair credentials of the seeded user (generated when absent). */
  email?: string;
  key?: string;
  zonePlan?: ZonePlan;
  /** `--state FILE`: durable journal + snapshot. */
  statePath?: string;
  /** YYYY-MM-DD; default today. */
  apiDate?: string;
  batchLimit?: number;
  /** Every zone's record quota (see EmulatorOptions). */
  recordQuota?: number;
  /** MX/URI priority inside `data` only (see EmulatorOptions). */
  priorityInData?: boolean;
  latencyMs?: number;
  failRate?: number;
  seed?: number;
  rateLimit?: RateLimit;
  /** One line per request (no headers, no bodies, never a secret). */
  logger?: (line: string) => void;
  /** Stand-ins for the identity / settings modules (tests). */
  identity?: IdentityModule;
  settings?: SettingsModule;
  /** Journal compaction threshold (operations); tests lower it. */
  compactAfter?: number;
  /** Clock (tests). */
  now?: () => Date;
  /** `--dns-port`: also answer DNS queries (UDP and TCP) on this port of `host`; 0 picks a free port. */
  dnsPort?: number;
  /** Several nameservers, one per port (`--dns-port` repeated); wins over `dnsPort`. See dns/nameservers.ts. */
  dnsPorts?: readonly number[];
  /** `--dns-lag`: how late each nameserver serves a write, in ms (one value: all of them). */
  dnsLagMs?: readonly number[];
  /** `--dnssec-auto-activate` (see EmulatorOptions). */
  dnssecAutoActivate?: boolean;
}

export interface RunningEmulator {
  baseUrl: string;
  host: string;
  port: number;
  store: MemoryStore;
  /** The seeded token's value when this start created it (given or generated). */
  adminToken?: string;
  /** True when `adminToken` was generated here (the CLI prints it once). */
  tokenGenerated: boolean;
  email: string;
  apiKey: string;
  accountId: string;
  zones: ZoneRow[];
  /** The accounts of `accounts`, in order. */
  accounts: SeededAccount[];
  options: EmulatorOptions;
  /** The (first) DNS listener, when started with `dnsPort` or `dnsPorts`. */
  dns?: { host: string; port: number };
  /** Every DNS listener with its view controls (hold / publish / release); empty without DNS. */
  nameservers: readonly NameserverControl[];
  /** DNSSEC controls: the registrar's DS, the error state (dnssec/controls.ts). */
  dnssec: DnssecControls;
  /** The account audit log of the writes served (audit/audit-log.ts). */
  auditLog: AuditLog;
  close(): Promise<void>;
}

export async function startEmulator(opts: StartEmulatorOptions = {}): Promise<RunningEmulator> {
  const now = opts.now ?? (() => new Date());
  const identity = opts.identity ?? (await loadIdentityModule());
  const settings = opts.settings ?? (await loadSettingsModule());
  const store = opts.statePath ? await MemoryStore.open(opts.statePath, { compactAfter: opts.compactAfter }) : MemoryStore.inMemory();

  const fresh = store.size('users') === 0;
  const tokenGenerated = opts.token === undefined && fresh;
  const tokenValue = opts.token ?? (fresh ? newTokenValue() : undefined);
  const seeded = seedState(
    store,
    {
      zones: opts.zones ?? [],
      zonePlan: opts.zonePlan ?? 'free',
      email: opts.email ?? 'admin@example.com',
      apiKey: opts.key ?? newApiKey(),
      tokenValue,
      now: now(),
    },
    identity,
    settings,
  );
  const extra = seedExtraAccounts(store, opts.accounts ?? [], { identity, settings, zonePlan: opts.zonePlan ?? 'free', now: now() });
  await store.flush();

  const options: EmulatorOptions = {
    apiDate: opts.apiDate ?? todayApiDate(now()),
    zonePlan: opts.zonePlan ?? 'free',
    ...(opts.batchLimit !== undefined ? { batchLimit: opts.batchLimit } : {}),
    ...(opts.recordQuota !== undefined ? { recordQuota: opts.recordQuota } : {}),
    ...(opts.priorityInData === true ? { priorityInData: true } : {}),
    ...(opts.dnssecAutoActivate === true ? { dnssecAutoActivate: true } : {}),
  };
  const auditLog = new AuditLog();
  const routes: Route[] = [
    ...auditRoutes(auditLog),
    ...zoneRoutes(),
    ...zoneCreateRoutes(settings),
    ...zoneFileRoutes(),
    ...dnsRecordRoutes(),
    ...dnssecRoutes(),
    ...identity.routes(),
    ...settings.routes(),
    ...retiredRoutes(),
  ];
  // Bumped after every request that may write, so the DNS server re-reads a zone only then.
  const writes = { generation: 0 };
  let nameservers: RunningNameservers | undefined;
  const written = (): void => {
    writes.generation += 1;
    nameservers?.written();
  };
  const handler = createHandler({
    router: new Router(routes),
    identity,
    store,
    options,
    now,
    faults: new Faults(opts),
    limiter: opts.rateLimit ? new RateLimiter(opts.rateLimit) : undefined,
    log: opts.logger,
    onWrite: written,
    auditLog,
  });

  const server = createServer({ keepAliveTimeout: 5000 }, (req, res) => {
    void handler(req, res);
  });
  server.on('clientError', (err: Error & { code?: string }, socket) => answerClientError(err, socket as import('node:net').Socket));
  const host = opts.host ?? '127.0.0.1';
  await listen(server, host, opts.port ?? 0);
  const port = (server.address() as AddressInfo).port;
  const urlHost = host.includes(':') ? `[${host}]` : host;
  const dnsPorts = opts.dnsPorts ?? (opts.dnsPort !== undefined ? [opts.dnsPort] : []);
  if (dnsPorts.length > 0) {
    try {
      nameservers = await startNameservers({
        host,
        ports: dnsPorts,
        ...(opts.dnsLagMs !== undefined ? { lagsMs: opts.dnsLagMs } : {}),
        store,
        generation: () => writes.generation,
        now,
      });
    } catch (err) {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await store.close();
      throw err;
    }
  }

  const first = nameservers?.list[0];
  let closing: Promise<void> | undefined;
  return {
    baseUrl: `http://${urlHost}:${port}${API_PREFIX}`,
    host,
    port,
    store,
    ...(tokenValue !== undefined ? { adminToken: tokenValue } : {}),
    tokenGenerated,
    email: seeded.user.email,
    apiKey: seeded.user.api_key,
    accountId: seeded.account.id,
    zones: seeded.zones,
    accounts: extra,
    options,
    ...(first !== undefined ? { dns: { host: first.host, port: first.port } } : {}),
    nameservers: nameservers?.list ?? [],
    dnssec: dnssecControls(store, written),
    auditLog,
    close() {
      closing ??= (async () => {
        await nameservers?.close();
        await new Promise<void>((resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
        });
        await store.close();
      })();
      return closing;
    },
  };
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

interface HandlerDeps {
  router: Router;
  identity: IdentityModule;
  store: MemoryStore;
  options: EmulatorOptions;
  now: () => Date;
  faults: Faults;
  limiter: RateLimiter | undefined;
  log: ((line: string) => void) | undefined;
  onWrite: () => void;
  auditLog: AuditLog;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

function createHandler(deps: HandlerDeps): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    const started = Date.now();
    const method = req.method ?? 'GET';
    const url = new URL(req.url ?? '/', 'http://emulator.invalid');
    let status = 0;
    const finish = (s: number): void => {
      status = s;
    };
    let extraHeaders: Record<string, string> = {};
    try {
      if (req.headers['transfer-encoding'] !== undefined && req.headers['content-length'] !== undefined) {
        res.setHeader('Connection', 'close');
        throw new ApiError(400, [TE_CL_ERROR]);
      }
      if (deps.limiter) {
        const decision = deps.limiter.take(Date.now());
        extraHeaders = decision.headers;
        if (decision.kind === 'limited') {
          const { requests, seconds } = deps.limiter.limit;
          throw new ApiError(429, [
            {
              code: CODES.rateLimited,
              message: `More than ${requests} requests per ${seconds} seconds reached. Please wait and consider throttling your request speed`,
            },
          ]);
        }
      }
      const fault = deps.faults.decide();
      if (deps.faults.latencyMs > 0) await sleep(deps.faults.latencyMs);
      if (fault.kind === 'refuse') {
        throw new ApiError(fault.status, [
          { code: CODES.unavailable, message: 'Injected fault: the service could not handle the request' },
        ]);
      }
      const result = await dispatch(deps, req, method, url).finally(() => {
        if (method !== 'GET' && method !== 'HEAD') deps.onWrite();
      });
      await deps.store.flush();
      if (fault.kind === 'lose-answer') {
        finish(-1);
        req.socket.destroy();
        return;
      }
      finish(result.status ?? 200);
      if (result.text !== undefined) sendText(res, status, result.text, extraHeaders);
      else sendJson(res, status, successBody(result), extraHeaders);
    } catch (err) {
      if (err instanceof ApiError) {
        finish(err.status);
        sendError(res, err, extraHeaders);
      } else {
        finish(500);
        deps.log?.(`internal error on ${method} ${url.pathname}: ${(err as Error)?.stack ?? String(err)}`);
        sendJson(res, 500, errorBody([{ code: CODES.internal, message: 'Internal error in the emulator' }]), extraHeaders);
      }
    } finally {
      deps.log?.(`${method} ${url.pathname}${url.search} ${status === -1 ? 'answer dropped (fault)' : status} ${Date.now() - started}ms`);
    }
  };
}

async function dispatch(deps: HandlerDeps, req: IncomingMessage, method: string, url: URL) {
  const path = url.pathname;
  const fullPath = path;
  if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) {
    throw new ApiError(404, [
      { code: CODES.noRoute, message: `Could not route to ${fullPath}, perhaps your object identifier is invalid?` },
    ]);
  }
  const match = deps.router.match(method, path.slice(API_PREFIX.length));
  if (match.kind === 'not-found') {
    // Drain the body so keep-alive connections stay usable.
    req.resume();
    throw new ApiError(404, [
      { code: CODES.noRoute, message: `Could not route to ${fullPath}, perhaps your object identifier is invalid?` },
    ]);
  }
  if (match.kind === 'wrong-method') {
    req.resume();
    throw new ApiError(405, [{ code: CODES.wrongMethod, message: 'No route for that URI' }]);
  }
  const body = await readJsonBody(req);
  const now = deps.now();
  const clientIp = clientIpOf(req);
  const principal: Principal = deps.identity.hooks.authenticate(req.headers, deps.store, now, clientIp);
  const authCtx = { store: deps.store, now, clientIp };
  const authorize = (need: PermissionNeed): void => deps.identity.hooks.authorize(principal, need, authCtx);
  const base: Omit<RouteContext, 'authorize' | 'can'> = {
    method,
    params: match.params,
    query: url.searchParams,
    body,
    headers: req.headers,
    clientIp,
    principal,
    store: deps.store,
    options: deps.options,
    now,
  };
  const ctx: RouteContext = {
    ...base,
    authorize,
    can(need) {
      try {
        authorize(need);
        return true;
      } catch (err) {
        if (err instanceof ApiError) return false;
        throw err;
      }
    },
  };
  const route = match.route;
  const need = route.permission?.(base);
  if (need) authorize(need);
  const result = await deps.store.transaction(() => route.handle(ctx));
  // Every successful write goes to the account's audit log, with the caller as its actor.
  if (method !== 'GET' && method !== 'HEAD' && (result.status ?? 200) < 400) {
    deps.auditLog.record({
      method,
      route: route.path,
      params: match.params,
      uri: `${path.slice(API_PREFIX.length)}${url.search}`,
      body,
      result: result.result,
      status: result.status ?? 200,
      principal,
      store: deps.store,
      now,
      clientIp,
      userAgent: typeof req.headers['user-agent'] === 'string' ? req.headers['user-agent'] : '',
    });
  }
  return result;
}
