/**
 * Unknown outcomes beyond a lost create: a DELETE, PATCH or settings PATCH whose answers are lost
 * through every client retry, and a lost token create next to a same-named token zonectl did
 * not make (which must never be rolled).
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CloudflareClient } from '../../src/api/client.js';
import { executeOperations, type ExecuteOptions } from '../../src/api/execute.js';
import { readLiveRecords, readTokens } from '../../src/api/live.js';
import type { RunningEmulator } from '../../src/emulator/server.js';
import type { DropProxy } from './drop-proxy.js';
import { aRecord, createOp, deleteOp, settingsOp, tokenCreateOp, updateOp, startProxiedEmulator, type ProxiedEmulator } from './helpers.js';

const TOKEN = 'recovery-unknown-token-0123456789abcdef';
const ZONE = 'example.com';
const DNS_WRITE = '4755a26eedb94da69e1066d98aa820be';
const ZONE_READ = 'c8fed203ed3043cba015a93ad1616f1f';
/** The client's attempts per request (its default): dropping this many exhausts its retries. */
const CLIENT_ATTEMPTS = 5;

let emu: RunningEmulator;
let proxy: DropProxy;
let client: CloudflareClient;
let zoneId: string;
/** The emulator's clock runs this many ms off the real one (to issue tokens "in the past"). */
let clockOffsetMs = 0;

let fixture: ProxiedEmulator;
beforeAll(async () => {
  fixture = await startProxiedEmulator({ zones: [ZONE], token: TOKEN, now: () => new Date(Date.now() + clockOffsetMs) });
  ({ emu, proxy, client, zoneId } = fixture);
});
afterAll(() => fixture.close());
beforeEach(() => {
  proxy.setRule(() => 'pass');
  proxy.forwarded.length = 0;
  clockOffsetMs = 0;
});

const opts = (extra: Partial<ExecuteOptions> = {}): ExecuteOptions => ({
  batch: false,
  batchLimit: 200,
  concurrency: 2,
  zoneNames: { [zoneId]: ZONE },
  ...extra,
});

/** Applies `how` to the first `times` requests matching method and path end; passes the rest. */
function drop(method: string, pathEnd: string, how: 'drop-before' | 'drop-after', times: number): void {
  let dropped = 0;
  proxy.setRule((m, p) => {
    if (dropped < times && m === method && p.split('?')[0]!.endsWith(pathEnd)) {
      dropped += 1;
      return how;
    }
    return 'pass';
  });
}

async function makeRecord(name: string, content: string): Promise<string> {
  const res = await executeOperations(client, [createOp(zoneId, 20, aRecord(name, content))], opts());
  expect(res.error).toBeUndefined();
  return res.createdIds[0]!;
}

async function liveByName(name: string) {
  return (await readLiveRecords(client, zoneId, ZONE, { name })).records;
}

/** A raw API call straight to the emulator (another writer, not through the proxy). */
async function direct<T>(method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${emu.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { success: boolean; result: T };
  expect(json.success).toBe(true);
  return json.result;
}

async function verifies(value: string): Promise<boolean> {
  const res = await fetch(`${emu.baseUrl}/user/tokens/verify`, { headers: { authorization: `Bearer ${value}` } });
  return res.status === 200;
}

describe('DELETE with an unknown outcome is re-read by id', () => {
  it('every answer lost (the first attempt deleted it): the re-read finds it gone, done', async () => {
    const id = await makeRecord(`del1.${ZONE}`, '192.0.2.31');
    drop('DELETE', `/dns_records/${id}`, 'drop-after', CLIENT_ATTEMPTS);
    const res = await executeOperations(client, [deleteOp(zoneId, 50, id)], opts());
    expect(res.error?.message ?? null).toBeNull();
    expect(res.applied).toEqual([0]);
    expect(proxy.forwarded).toContain(`GET /client/v4/zones/${zoneId}/dns_records/${id}`);
    expect(await liveByName(`del1.${ZONE}`)).toEqual([]);
  });

  it('every attempt lost before the service saw it: the re-read finds it present and re-sends once', async () => {
    const id = await makeRecord(`del2.${ZONE}`, '192.0.2.32');
    drop('DELETE', `/dns_records/${id}`, 'drop-before', CLIENT_ATTEMPTS);
    const res = await executeOperations(client, [deleteOp(zoneId, 50, id)], opts());
    expect(res.error?.message ?? null).toBeNull();
    expect(res.applied).toEqual([0]);
    expect(proxy.forwarded.filter((f) => f.startsWith('DELETE'))).toEqual([`DELETE /client/v4/zones/${zoneId}/dns_records/${id}`]);
    expect(proxy.forwarded.indexOf(`GET /client/v4/zones/${zoneId}/dns_records/${id}`)).toBeLessThan(
      proxy.forwarded.indexOf(`DELETE /client/v4/zones/${zoneId}/dns_records/${id}`),
    );
    expect(await liveByName(`del2.${ZONE}`)).toEqual([]);
  });

  it('gives up with a clear error when every re-send is lost, and says the delete was not applied', async () => {
    const id = await makeRecord(`del3.${ZONE}`, '192.0.2.33');
    drop('DELETE', `/dns_records/${id}`, 'drop-before', 1000);
    const res = await executeOperations(client, [deleteOp(zoneId, 50, id)], opts());
    expect(res.ok).toBe(false);
    expect(res.error?.message).toMatch(/DELETE .*: outcome unknown \(still unknown after 3 re-reads and re-sends/);
    expect(res.error?.message).not.toContain(TOKEN);
    expect(res.notApplied).toEqual([0]);
    expect(await liveByName(`del3.${ZONE}`)).toHaveLength(1);
  });
});

describe('PATCH with an unknown outcome is re-sent (idempotent)', () => {
  it('a record PATCH lost through every client retry is re-sent and applied', async () => {
    const id = await makeRecord(`p1.${ZONE}`, '192.0.2.41');
    drop('PATCH', `/dns_records/${id}`, 'drop-before', CLIENT_ATTEMPTS);
    const op = updateOp(zoneId, 20, id, aRecord(`p1.${ZONE}`, '192.0.2.41'), aRecord(`p1.${ZONE}`, '192.0.2.42'));
    const res = await executeOperations(client, [op], opts());
    expect(res.error?.message ?? null).toBeNull();
    expect(res.applied).toEqual([0]);
    expect(proxy.forwarded.filter((f) => f.startsWith('PATCH'))).toHaveLength(1);
    expect((await liveByName(`p1.${ZONE}`)).map((r) => r.content)).toEqual(['192.0.2.42']);
  });

  it('a settings PATCH whose answers are all lost is re-sent and applied', async () => {
    drop('PATCH', '/dns_settings', 'drop-after', CLIENT_ATTEMPTS);
    const res = await executeOperations(client, [settingsOp(zoneId, { multi_provider: true })], opts());
    expect(res.error?.message ?? null).toBeNull();
    expect(res.applied).toEqual([0]);
    expect(proxy.forwarded.filter((f) => f.startsWith('PATCH'))).toHaveLength(CLIENT_ATTEMPTS + 1);
    expect((await direct<{ multi_provider: boolean }>('GET', `/zones/${zoneId}/dns_settings`)).multi_provider).toBe(true);
  });

  it('a settings PATCH the service refuses is not re-sent', async () => {
    const res = await executeOperations(client, [settingsOp(zoneId, { ns_ttl: 5 })], opts());
    expect(res.ok).toBe(false);
    expect(proxy.forwarded.filter((f) => f.startsWith('PATCH'))).toHaveLength(1);
  });
});

describe('a lost token create never rolls a token zonectl cannot prove it made', () => {
  const policies = (groups: string[]) => [
    { effect: 'allow', permission_groups: groups.map((id) => ({ id })), resources: { [`com.cloudflare.api.account.zone.${zoneId}`]: '*' } },
  ];

  it('a same-named token issued before the apply started is left alone: outcome unknown, nothing rolled', async () => {
    clockOffsetMs = -10 * 60_000; // another writer made it ten minutes ago
    const theirs = await direct<{ id: string; value: string }>('POST', '/user/tokens', {
      name: 'shared-old',
      policies: policies([DNS_WRITE]),
    });
    clockOffsetMs = 0;
    drop('POST', '/user/tokens', 'drop-before', 1);
    const res = await executeOperations(
      client,
      [tokenCreateOp('shared-old', { name: 'shared-old', policies: policies([DNS_WRITE]) })],
      opts(),
    );
    expect(res.ok).toBe(false);
    expect(res.error?.message).toMatch(
      /outcome unknown: a token named "shared-old" exists that zonectl cannot prove it created.*check it and roll by hand \(PUT \/user\/tokens\/\{id\}\/value\)/,
    );
    expect(res.error?.message).not.toContain(theirs.value);
    expect(res.tokenValues).toEqual({});
    expect(res.notApplied).toEqual([0]);
    expect(proxy.forwarded.filter((f) => f.includes('/value'))).toEqual([]);
    expect(await verifies(theirs.value)).toBe(true); // their secret still works
    expect((await readTokens(client)).filter((t) => t.name === 'shared-old')).toHaveLength(1);
  });

  it('a same-named token made meanwhile with other policies is left alone', async () => {
    const theirs = await direct<{ id: string; value: string }>('POST', '/user/tokens', {
      name: 'shared-new',
      policies: policies([ZONE_READ]),
    });
    drop('POST', '/user/tokens', 'drop-before', 1);
    const res = await executeOperations(
      client,
      [tokenCreateOp('shared-new', { name: 'shared-new', policies: policies([DNS_WRITE]) })],
      opts(),
    );
    expect(res.ok).toBe(false);
    expect(res.error?.message).toMatch(/outcome unknown: a token named "shared-new" exists that zonectl cannot prove it created/);
    expect(proxy.forwarded.filter((f) => f.includes('/value'))).toEqual([]);
    expect(await verifies(theirs.value)).toBe(true);
  });

  it('its own lost create (issued after the start, same policies, groups in any order) is still rolled', async () => {
    drop('POST', '/user/tokens', 'drop-after', 1);
    const body = { name: 'mine', policies: policies([ZONE_READ, DNS_WRITE]) };
    const res = await executeOperations(client, [tokenCreateOp('mine', body)], opts());
    expect(res.error?.message ?? null).toBeNull();
    expect(proxy.forwarded.filter((f) => f === 'POST /client/v4/user/tokens')).toHaveLength(1);
    expect(proxy.forwarded.some((f) => /^PUT \/client\/v4\/user\/tokens\/[0-9a-f]+\/value$/.test(f))).toBe(true);
    expect(await verifies(res.tokenValues.mine!)).toBe(true);
  });

  it("an account-owned token: its lost create is found among the account's tokens and rolled there (issue 43, item 7)", async () => {
    const accountId = emu.accountId;
    drop('POST', `/accounts/${accountId}/tokens`, 'drop-after', 1);
    const body = { name: 'mine-account', policies: policies([DNS_WRITE]) };
    const op = { ...tokenCreateOp('mine-account', body), path: `/accounts/${accountId}/tokens`, accountId };
    const res = await executeOperations(client, [op], opts());
    expect(res.error?.message ?? null).toBeNull();
    expect(proxy.forwarded.filter((f) => f === `POST /client/v4/accounts/${accountId}/tokens`)).toHaveLength(1);
    expect(proxy.forwarded.some((f) => f.startsWith(`GET /client/v4/accounts/${accountId}/tokens?`))).toBe(true);
    expect(proxy.forwarded.some((f) => new RegExp(`^PUT /client/v4/accounts/${accountId}/tokens/[0-9a-f]+/value$`).test(f))).toBe(true);
    expect(proxy.forwarded.some((f) => f.startsWith('GET /client/v4/user/tokens'))).toBe(false);
    const works = await fetch(`${emu.baseUrl}/accounts/${accountId}/tokens/verify`, {
      headers: { authorization: `Bearer ${res.tokenValues['mine-account']}` },
    });
    expect(works.status).toBe(200);
  });

  it("its own lost create is refused when this machine's clock is far ahead of the service (no proof)", async () => {
    drop('POST', '/user/tokens', 'drop-after', 1);
    const body = { name: 'skewed', policies: policies([DNS_WRITE]) };
    const res = await executeOperations(client, [tokenCreateOp('skewed', body)], opts({ startedAt: Date.now() + 5 * 60_000 }));
    expect(res.ok).toBe(false);
    expect(res.error?.message).toMatch(/cannot prove it created/);
    expect(proxy.forwarded.filter((f) => f.includes('/value'))).toEqual([]);
  });
});
