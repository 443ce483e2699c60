/**
 * The emulator's HTTP server: `/client/v4` on node:http, its state, nameservers and controls
 * started and closed together. Each request is handled by handle-request.ts.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { EmulatorOptions, Route, ZoneTier, ZoneRow } from './contract.js';
import { todayApiDate } from './dated.js';
import { Faults, RateLimiter, type RateLimit } from './faults.js';
import { answerClientError } from './http.js';
import { newApiKey, newTokenValue } from './ids.js';
import { seedExtraAccounts, type ExtraAccount, type SeededAccount } from './seed-accounts.js';
import { loadIdentityModule, loadSettingsModule, type IdentityModule, type SettingsModule } from './modules.js';
import { Router } from './router.js';
import { API_PREFIX, createHandler } from './handle-request.js';
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

export { API_PREFIX };

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
  zonePlan?: ZoneTier;
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
