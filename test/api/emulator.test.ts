import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { CloudflareClient, type RequestLogEvent } from '../../src/api/client.js';
import { CloudflareApiError } from '../../src/api/errors.js';
import { executeOperations, type ExecuteOptions } from '../../src/api/execute.js';
import {
  decodeLiveRecords,
  findZone,
  findZoneId,
  readDnsSettings,
  readLiveRecords,
  readPermissionGroups,
  readTokens,
} from '../../src/api/live.js';
import { listAll } from '../../src/api/paging.js';
import { listedToken } from '../../src/api/listed-tokens.js';
import { RateLimiter } from '../../src/api/rate-limiter.js';
import type { ApiRecord } from '../../src/core/model/api-codec.js';
import type { Operation } from '../../src/core/plan/operation.js';
import { aRecord, createOp, deleteOp, settingsOp, tokenCreateOp, updateOp } from './helpers.js';

const TOKEN = 'emu-test-token-0123456789abcdef';
const ZONE = 'example.com';

interface Env {
  emu: RunningEmulator;
  client: CloudflareClient;
  zoneId: string;
  log: RequestLogEvent[];
}

async function startEnv(
  options: Parameters<typeof startEmulator>[0] = {},
  clientOptions: { limiter?: RateLimiter | null; maxAttempts?: number } = {},
): Promise<Env> {
  const emu = await startEmulator({ zones: [ZONE, 'other.test'], token: TOKEN, ...options });
  const log: RequestLogEvent[] = [];
  const client = new CloudflareClient({
    baseUrl: emu.baseUrl,
    credentials: { kind: 'token', token: TOKEN },
    limiter: clientOptions.limiter ?? null,
    retry: { baseDelayMs: 5, maxDelayMs: 50, maxAttempts: clientOptions.maxAttempts ?? 5 },
    log: (e) => log.push(e),
  });
  const zoneId = await findZoneId(client, ZONE);
  return { emu, client, zoneId, log };
}

async function stopEnv(env: Env | undefined): Promise<void> {
  if (!env) return;
  await env.client.close();
  await env.emu.close();
}

const host = (i: number) => `h${i}.${ZONE}`;
const addr = (i: number) => `198.51.100.${i % 250}`;
const opts = (extra: Partial<ExecuteOptions> = {}): ExecuteOptions => ({
  batch: true,
  batchLimit: 200,
  concurrency: 4,
  zoneNames: {},
  ...extra,
});

async function liveByName(env: Env): Promise<Map<string, string[]>> {
  const { records } = await readLiveRecords(env.client, env.zoneId, ZONE);
  const m = new Map<string, string[]>();
  for (const r of records) m.set(`${r.name} ${r.type}`, [...(m.get(`${r.name} ${r.type}`) ?? []), r.content ?? ''].sort());
  return m;
}

describe('against the emulator: reading', () => {
  let env: Env;
  beforeAll(async () => {
    // A Free zone (batches of 200) that holds more than a new Free zone's 200 records (as one created before 2024-09-01 does).
    env = await startEnv({ recordQuota: 1000 });
  });
  afterAll(async () => stopEnv(env));

  it('finds a zone by name and says clearly when it does not exist', async () => {
    const zone = await findZone(env.client, 'Example.COM.');
    expect(zone.id).toBe(env.zoneId);
    expect(zone.id).toMatch(/^[0-9a-f]{32}$/);
    await expect(findZoneId(env.client, 'missing.example')).rejects.toThrow(/zone "missing.example" not found/);
  });

  it('pages through 260 records with a small per_page, and reads them all at the default', async () => {
    const ops = Array.from({ length: 260 }, (_, i) => createOp(env.zoneId, 20, aRecord(host(i), addr(i))));
    const res = await executeOperations(env.client, ops, opts());
    expect(res.error).toBeUndefined();
    expect(res.calls).toBe(2); // 200 + 60 in two batches
    expect(Object.keys(res.createdIds)).toHaveLength(260);

    env.log.length = 0;
    const small = await listAll<ApiRecord>(env.client, `/zones/${env.zoneId}/dns_records`, {}, { perPage: 50, concurrency: 2 });
    expect(small).toHaveLength(260);
    expect(new Set(small.map((r) => r.id)).size).toBe(260);
    expect(env.log.filter((e) => e.method === 'GET')).toHaveLength(6);
    // page order is kept
    const all = await listAll<ApiRecord>(env.client, `/zones/${env.zoneId}/dns_records`);
    expect(small.map((r) => r.id)).toEqual(all.map((r) => r.id));

    const live = await readLiveRecords(env.client, env.zoneId, ZONE);
    expect(live.records).toHaveLength(260);
    expect(live.unknownTypes).toEqual([]);
    expect(live.records.find((r) => r.name === host(7))).toMatchObject({ type: 'A', content: addr(7), ttl: 1, proxied: false });
    const filtered = await readLiveRecords(env.client, env.zoneId, ZONE, { name: host(7), type: 'A' });
    expect(filtered.records.map((r) => r.content)).toEqual([addr(7)]);
  });

  it('reads DNS settings, tokens and permission groups', async () => {
    const settings = await readDnsSettings(env.client, env.zoneId);
    expect(settings).toHaveProperty('multi_provider');
    const tokens = await readTokens(env.client);
    expect(tokens.length).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(tokens)).not.toContain(TOKEN);
    const groups = await readPermissionGroups(env.client);
    expect(groups.find((g) => g.id === '4755a26eedb94da69e1066d98aa820be')?.name).toBe('DNS Write');
  });

  it('errors carry status, code and message', async () => {
    const err = await env.client
      .request('POST', `/zones/${env.zoneId}/dns_records`, {
        body: { name: host(1), type: 'A', content: '300.1.1.1', ttl: 1, proxied: false },
      })
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(CloudflareApiError);
    const e = err as CloudflareApiError;
    expect(e.status).toBe(400);
    expect(e.errors[0]!.code).toBe(9005);
    expect(e.message).toMatch(new RegExp(`^POST /zones/${env.zoneId}/dns_records: 400 9005 `));
    const missing = (await env.client
      .request('GET', `/zones/${env.zoneId}/dns_records/${'0'.repeat(32)}`)
      .catch((x: unknown) => x)) as CloudflareApiError;
    expect(missing.status).toBe(404);
    expect(missing.hasCode(81044)).toBe(true);
  });

  it('sets aside records of types zonectl does not know', () => {
    const rows: ApiRecord[] = [
      { id: 'a'.repeat(32), name: host(1), type: 'A', content: addr(1), ttl: 1, proxied: false },
      { id: 'b'.repeat(32), name: host(1), type: 'SPF', content: 'v=spf1 -all', ttl: 1 },
    ];
    const { records, unknownTypes } = decodeLiveRecords(rows, ZONE);
    expect(records.map((r) => r.id)).toEqual(['a'.repeat(32)]);
    expect(unknownTypes.map((r) => r.id)).toEqual(['b'.repeat(32)]);
  });
});

describe('against the emulator: the dated error wrapper', () => {
  it('reads the 1004 error_chain form (api date 2024-06-01) like the bare form', async () => {
    const old = await startEnv({ apiDate: '2024-06-01' });
    const now = await startEnv();
    try {
      const bad = { name: host(1), type: 'A', content: 'not-an-ip', ttl: 1, proxied: false };
      const a = (await old.client
        .request('POST', `/zones/${old.zoneId}/dns_records`, { body: bad })
        .catch((e: unknown) => e)) as CloudflareApiError;
      const b = (await now.client
        .request('POST', `/zones/${now.zoneId}/dns_records`, { body: bad })
        .catch((e: unknown) => e)) as CloudflareApiError;
      expect(a.wrappers.map((w) => w.code)).toEqual([1004]);
      expect(b.wrappers).toEqual([]);
      expect(a.errors).toEqual(b.errors);
      expect(a.errors[0]!.code).toBe(9005);
    } finally {
      await stopEnv(old);
      await stopEnv(now);
    }
  });
});

describe('against the emulator: executing', () => {
  let env: Env;
  beforeAll(async () => {
    env = await startEnv();
  });
  afterAll(async () => stopEnv(env));

  async function seed(records: Array<[string, string]>): Promise<Record<string, string>> {
    const ops = records.map(([n, c]) => createOp(env.zoneId, 20, aRecord(n, c)));
    const res = await executeOperations(env.client, ops, opts({ batch: false }));
    expect(res.error).toBeUndefined();
    return Object.fromEntries(records.map(([n], i) => [n, res.createdIds[i]!]));
  }

  it('applies a multi-phase plan in one batch, A->CNAME at one name included', async () => {
    const ids = await seed([
      [`swap.${ZONE}`, '192.0.2.1'],
      [`keep.${ZONE}`, '192.0.2.2'],
      [`old.${ZONE}`, '192.0.2.3'],
    ]);
    const ops: Operation[] = [
      settingsOp(env.zoneId, { multi_provider: true }),
      deleteOp(env.zoneId, 10, ids[`swap.${ZONE}`]!, aRecord(`swap.${ZONE}`, '192.0.2.1')), // frees the name
      updateOp(env.zoneId, 20, ids[`keep.${ZONE}`]!, aRecord(`keep.${ZONE}`, '192.0.2.2'), aRecord(`keep.${ZONE}`, '192.0.2.22')),
      createOp(env.zoneId, 20, aRecord(`new.${ZONE}`, '192.0.2.4')),
      createOp(env.zoneId, 30, aRecord(`swap.${ZONE}`, `new.${ZONE}`, { type: 'CNAME' })),
      deleteOp(env.zoneId, 50, ids[`old.${ZONE}`]!),
    ];
    const progress: number[] = [];
    const res = await executeOperations(env.client, ops, opts({ onProgress: (p) => progress.push(p.done) }));
    expect(res.error).toBeUndefined();
    expect(res.ok).toBe(true);
    expect(res.applied).toEqual([0, 1, 2, 3, 4, 5]);
    expect(res.calls).toBe(2); // settings, then one batch
    expect(progress).toEqual([1, 6]);
    const live = await liveByName(env);
    expect(live.get(`swap.${ZONE} CNAME`)).toEqual([`new.${ZONE}`]);
    expect(live.get(`swap.${ZONE} A`)).toBeUndefined();
    expect(live.get(`keep.${ZONE} A`)).toEqual(['192.0.2.22']);
    expect(live.get(`old.${ZONE} A`)).toBeUndefined();
    expect(live.get(`new.${ZONE} A`)).toEqual(['192.0.2.4']);
    expect((await readDnsSettings(env.client, env.zoneId)).multi_provider).toBe(true);
    expect(res.createdIds[3]).toMatch(/^[0-9a-f]{32}$/);
  });

  it('applies single calls with bounded concurrency', async () => {
    const ops = Array.from({ length: 30 }, (_, i) => createOp(env.zoneId, 20, aRecord(`c${i}.${ZONE}`, addr(i))));
    const res = await executeOperations(env.client, ops, opts({ batch: false, concurrency: 8 }));
    expect(res.error).toBeUndefined();
    expect(res.calls).toBe(30);
    expect(res.applied).toHaveLength(30);
    const live = await liveByName(env);
    for (let i = 0; i < 30; i++) expect(live.get(`c${i}.${ZONE} A`)).toEqual([addr(i)]);
  });

  it('stops at a failure and reports what was applied (single calls)', async () => {
    const ops = [
      createOp(env.zoneId, 20, aRecord(`f1.${ZONE}`, '192.0.2.31')),
      createOp(env.zoneId, 20, aRecord(`f2.${ZONE}`, '192.0.2.32')),
      createOp(env.zoneId, 30, { ...aRecord(`f3.${ZONE}`, '192.0.2.33'), ttl: 5 }), // TTL out of range
      createOp(env.zoneId, 40, aRecord(`f4.${ZONE}`, '192.0.2.34')),
    ];
    const res = await executeOperations(env.client, ops, opts({ batch: false }));
    expect(res.ok).toBe(false);
    expect(res.applied).toEqual([0, 1]);
    expect(res.failed).toEqual([2]);
    expect(res.notApplied).toEqual([2, 3]);
    expect(res.error?.message).toMatch(/400 9021/);
    const live = await liveByName(env);
    expect(live.get(`f2.${ZONE} A`)).toEqual(['192.0.2.32']);
    expect(live.get(`f4.${ZONE} A`)).toBeUndefined();
  });

  it('a failed batch applies nothing', async () => {
    const ops = [
      createOp(env.zoneId, 20, aRecord(`g1.${ZONE}`, '192.0.2.41')),
      createOp(env.zoneId, 20, { ...aRecord(`g2.${ZONE}`, '192.0.2.42'), ttl: 5 }),
    ];
    const res = await executeOperations(env.client, ops, opts());
    expect(res.ok).toBe(false);
    expect(res.applied).toEqual([]);
    expect(res.failed).toEqual([0, 1]);
    expect(res.error?.message).toMatch(/batch of 2 operations failed, none applied: .*9021/);
    expect((await liveByName(env)).get(`g1.${ZONE} A`)).toBeUndefined();
  });

  it('the user token list a run read serves the permission check until the run writes a token', async () => {
    const listed = await readTokens(env.client);
    const own = listed[0]!;
    // The listed object is the one GET /user/tokens/{id} answers, policies included.
    const single = await env.client.request<Record<string, unknown>>('GET', `/user/tokens/${own.id}`);
    expect(listedToken(env.client, own.id)).toEqual(single.result);
    const op = tokenCreateOp('ci-listed-forgotten', {
      name: 'ci-listed-forgotten',
      policies: [
        {
          effect: 'allow',
          permission_groups: [{ id: '82e64a83756745bbbb1c9c2701bf816b' }],
          resources: { [`com.cloudflare.api.account.zone.${env.zoneId}`]: '*' },
        },
      ],
    });
    expect((await executeOperations(env.client, [op], opts())).error).toBeUndefined();
    expect(listedToken(env.client, own.id)).toBeUndefined();
  });

  it('creates a token and returns its value only in the result', async () => {
    const lines: string[] = [];
    const op = tokenCreateOp('ci-dns-read', {
      name: 'ci-dns-read',
      policies: [
        {
          effect: 'allow',
          permission_groups: [{ id: '82e64a83756745bbbb1c9c2701bf816b' }],
          resources: { [`com.cloudflare.api.account.zone.${env.zoneId}`]: '*' },
        },
      ],
    });
    const res = await executeOperations(env.client, [op], opts({ onProgress: (p) => lines.push(JSON.stringify(p)) }));
    expect(res.error).toBeUndefined();
    const value = res.tokenValues['ci-dns-read'];
    expect(typeof value).toBe('string');
    expect(value!.length).toBeGreaterThan(20);
    expect(lines.join('\n')).not.toContain(value!);
    expect(JSON.stringify(env.log)).not.toContain(value!);
    // the new token works, and is listed without its value
    const other = new CloudflareClient({ baseUrl: env.emu.baseUrl, credentials: { kind: 'token', token: value! }, limiter: null });
    try {
      expect((await other.request<{ status: string }>('GET', '/user/tokens/verify')).result.status).toBe('active');
    } finally {
      await other.close();
    }
    expect(JSON.stringify(await readTokens(env.client))).not.toContain(value!);
  });
});

describe('against the emulator: credentials never leak', () => {
  it('a wrong token or key is an error without the secret; the key pair works', async () => {
    const env = await startEnv({ email: 'ops@example.com' });
    const key = env.emu.apiKey;
    const wrongKey = `${key.slice(0, -6)}${key.endsWith('000000') ? '111111' : '000000'}`;
    const wrongToken = 'wrong-token-value-abcdef0123456789';
    const logs: RequestLogEvent[] = [];
    const bad = new CloudflareClient({
      baseUrl: env.emu.baseUrl,
      credentials: { kind: 'token', token: wrongToken },
      limiter: null,
      log: (e) => logs.push(e),
    });
    const pair = new CloudflareClient({
      baseUrl: env.emu.baseUrl,
      credentials: { kind: 'key', email: 'ops@example.com', key },
      limiter: null,
    });
    const badPair = new CloudflareClient({
      baseUrl: env.emu.baseUrl,
      credentials: { kind: 'key', email: 'ops@example.com', key: wrongKey },
      limiter: null,
    });
    try {
      const e1 = (await findZoneId(bad, ZONE).catch((e: unknown) => e)) as CloudflareApiError;
      expect(e1).toBeInstanceOf(CloudflareApiError);
      expect(e1.status).toBeGreaterThanOrEqual(400);
      expect(`${e1.message} ${e1.stack} ${JSON.stringify(e1)}`).not.toContain(wrongToken);
      expect(JSON.stringify(logs)).not.toContain(wrongToken);
      expect(await findZoneId(pair, ZONE)).toBe(env.zoneId);
      const e2 = (await findZoneId(badPair, ZONE).catch((e: unknown) => e)) as Error;
      expect(e2).toBeInstanceOf(CloudflareApiError);
      expect(`${e2.message} ${e2.stack} ${JSON.stringify(e2)}`).not.toContain(wrongKey);
      expect(`${e2.message} ${e2.stack}`).not.toContain(key);
    } finally {
      await Promise.all([bad.close(), pair.close(), badPair.close()]);
      await stopEnv(env);
    }
  });
});

describe('against the emulator: reliability', () => {
  it('converges under injected faults (seeded), single calls, with no duplicate records', async () => {
    const env = await startEnv({ failRate: 0.25, seed: 7 }, { maxAttempts: 8 });
    try {
      const creates = Array.from({ length: 40 }, (_, i) => createOp(env.zoneId, 20, aRecord(host(i), addr(i))));
      const res1 = await executeOperations(env.client, creates, opts({ batch: false, concurrency: 1 }));
      expect(res1.error).toBeUndefined();
      const ids = res1.createdIds;
      const next: Operation[] = [
        ...Array.from({ length: 15 }, (_, i) =>
          updateOp(env.zoneId, 20, ids[i]!, aRecord(host(i), addr(i)), aRecord(host(i), addr(i + 100))),
        ),
        ...Array.from({ length: 15 }, (_, i) => deleteOp(env.zoneId, 50, ids[i + 15]!)),
      ];
      const res2 = await executeOperations(env.client, next, opts({ batch: false, concurrency: 1 }));
      expect(res2.error).toBeUndefined();
      const live = await liveByName(env);
      expect(live.size).toBe(25);
      for (let i = 0; i < 15; i++) expect(live.get(`${host(i)} A`)).toEqual([addr(i + 100)]);
      for (let i = 15; i < 30; i++) expect(live.get(`${host(i)} A`)).toBeUndefined();
      for (let i = 30; i < 40; i++) expect(live.get(`${host(i)} A`)).toEqual([addr(i)]);
      // faults did happen, and were retried or recovered
      expect(env.log.some((e) => e.outcome === 'retry')).toBe(true);
      expect(env.log.some((e) => e.outcome === 'error' && e.method === 'POST')).toBe(true);
    } finally {
      await stopEnv(env);
    }
  });

  it('converges under injected faults (seeded), batches', async () => {
    const env = await startEnv({ failRate: 0.3, seed: 11 }, { maxAttempts: 8 });
    try {
      for (let round = 0; round < 6; round++) {
        const ops = Array.from({ length: 10 }, (_, i) =>
          createOp(env.zoneId, 20 + (i % 2) * 10, aRecord(host(round * 10 + i), addr(round * 10 + i))),
        );
        const res = await executeOperations(env.client, ops, opts({ batchLimit: 3, concurrency: 1 }));
        expect(res.error).toBeUndefined();
      }
      const live = await liveByName(env);
      expect(live.size).toBe(60);
      for (let i = 0; i < 60; i++) expect(live.get(`${host(i)} A`)).toEqual([addr(i)]);
      expect(env.log.some((e) => e.outcome === 'error' && e.path.endsWith('/batch'))).toBe(true);
    } finally {
      await stopEnv(env);
    }
  });

  it('succeeds against a rate-limited service by honouring 429 Retry-After', async () => {
    const env = await startEnv({ rateLimit: { requests: 8, seconds: 1 } });
    try {
      const results = await Promise.all(Array.from({ length: 20 }, () => findZoneId(env.client, ZONE)));
      expect(new Set(results)).toEqual(new Set([env.zoneId]));
      expect(env.log.some((e) => e.status === 429)).toBe(true);
    } finally {
      await stopEnv(env);
    }
  });

  it('a client-side limiter keeps under the service limit (no 429 at all)', async () => {
    const limiter = new RateLimiter({ limit: 8, windowMs: 1100 });
    const env = await startEnv({ rateLimit: { requests: 8, seconds: 1 } }, { limiter });
    try {
      const results = await Promise.all(Array.from({ length: 15 }, () => findZoneId(env.client, ZONE)));
      expect(results.every((r) => r === env.zoneId)).toBe(true);
      expect(env.log.filter((e) => e.status === 429)).toEqual([]);
    } finally {
      await stopEnv(env);
    }
  });
});
