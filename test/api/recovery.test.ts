import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../src/emulator/server.js';
import { CloudflareClient } from '../../src/api/client.js';
import { executeOperations, type ExecuteOptions } from '../../src/api/execute.js';
import { readLiveRecords, readTokens } from '../../src/api/live.js';
import { aRecord, createOp, deleteOp, tokenCreateOp, updateOp, startProxiedEmulator, type ProxiedEmulator } from './helpers.js';
import type { DropProxy } from './drop-proxy.js';

const TOKEN = 'recovery-token-0123456789abcdef';
const ZONE = 'example.com';

let emu: RunningEmulator;
let proxy: DropProxy;
let client: CloudflareClient;
let zoneId: string;

let fixture: ProxiedEmulator;
beforeAll(async () => {
  fixture = await startProxiedEmulator({ zones: [ZONE], token: TOKEN });
  ({ emu, proxy, client, zoneId } = fixture);
});
afterAll(() => fixture.close());
beforeEach(() => {
  proxy.setRule(() => 'pass');
  proxy.forwarded.length = 0;
});

const opts = (extra: Partial<ExecuteOptions> = {}): ExecuteOptions => ({ batch: false, batchLimit: 200, concurrency: 2, ...extra });

/** Drops the first request matching, once. */
function dropOnce(method: string, pathEnd: string, how: 'drop-before' | 'drop-after') {
  let done = false;
  proxy.setRule((m, p) => {
    if (!done && m === method && p.split('?')[0]!.endsWith(pathEnd)) {
      done = true;
      return how;
    }
    return 'pass';
  });
}

async function countByName(name: string): Promise<number> {
  return (await readLiveRecords(client, zoneId, ZONE, { name })).records.length;
}

describe('unknown outcomes are re-read, never blindly re-sent', () => {
  it('a create acted on but unanswered is found by re-reading: no duplicate', async () => {
    dropOnce('POST', '/dns_records', 'drop-after');
    const res = await executeOperations(
      client,
      [createOp(zoneId, 20, aRecord(`u1.${ZONE}`, '192.0.2.1'))],
      opts({ zoneNames: { [zoneId]: ZONE } }),
    );
    expect(res.error).toBeUndefined();
    expect(res.createdIds[0]).toMatch(/^[0-9a-f]{32}$/);
    expect(proxy.forwarded.filter((f) => f.startsWith('POST'))).toHaveLength(1);
    expect(await countByName(`u1.${ZONE}`)).toBe(1);
  });

  it('a create lost before the service saw it is re-sent once after the re-read', async () => {
    dropOnce('POST', '/dns_records', 'drop-before');
    const res = await executeOperations(client, [createOp(zoneId, 20, aRecord(`u2.${ZONE}`, '192.0.2.2'))], opts());
    expect(res.error).toBeUndefined();
    expect(proxy.forwarded.filter((f) => f.startsWith('POST'))).toHaveLength(1);
    expect(proxy.forwarded.some((f) => f.startsWith(`GET /client/v4/zones/${zoneId}`))).toBe(true); // zone name looked up
    expect(await countByName(`u2.${ZONE}`)).toBe(1);
  });

  it('a batch acted on but unanswered counts as done; one lost before is re-sent', async () => {
    dropOnce('POST', '/dns_records/batch', 'drop-after');
    const ops = [createOp(zoneId, 20, aRecord(`b1.${ZONE}`, '192.0.2.11')), createOp(zoneId, 30, aRecord(`b2.${ZONE}`, '192.0.2.12'))];
    const res = await executeOperations(client, ops, opts({ batch: true }));
    expect(res.error).toBeUndefined();
    expect(res.applied).toEqual([0, 1]);
    expect(Object.keys(res.createdIds)).toEqual(['0', '1']);
    expect(proxy.forwarded.filter((f) => f.startsWith('POST'))).toHaveLength(1);

    proxy.forwarded.length = 0;
    dropOnce('POST', '/dns_records/batch', 'drop-before');
    const ids = res.createdIds;
    const res2 = await executeOperations(
      client,
      [
        updateOp(zoneId, 20, ids[0]!, aRecord(`b1.${ZONE}`, '192.0.2.11'), aRecord(`b1.${ZONE}`, '192.0.2.111')),
        deleteOp(zoneId, 50, ids[1]!),
        createOp(zoneId, 30, aRecord(`b3.${ZONE}`, '192.0.2.13')),
      ],
      opts({ batch: true }),
    );
    expect(res2.error).toBeUndefined();
    expect(proxy.forwarded.filter((f) => f.startsWith('POST'))).toHaveLength(1);
    const live = (await readLiveRecords(client, zoneId, ZONE)).records.filter((r) => r.name.startsWith('b'));
    expect(live.map((r) => `${r.name} ${r.content}`).sort()).toEqual([`b1.${ZONE} 192.0.2.111`, `b3.${ZONE} 192.0.2.13`]);
  });

  it('a delete whose answer was lost is retried and its 404 counts as done', async () => {
    const made = await executeOperations(client, [createOp(zoneId, 20, aRecord(`d1.${ZONE}`, '192.0.2.21'))], opts());
    dropOnce('DELETE', `/dns_records/${made.createdIds[0]}`, 'drop-after');
    const res = await executeOperations(client, [deleteOp(zoneId, 50, made.createdIds[0]!)], opts());
    expect(res.error).toBeUndefined();
    expect(res.applied).toEqual([0]);
    expect(proxy.forwarded.filter((f) => f.startsWith('DELETE'))).toHaveLength(2);
    expect(await countByName(`d1.${ZONE}`)).toBe(0);
  });

  it('a token create whose answer was lost is rolled to learn a value', async () => {
    dropOnce('POST', '/user/tokens', 'drop-after');
    const op = tokenCreateOp('lost-answer', {
      name: 'lost-answer',
      policies: [
        {
          effect: 'allow',
          permission_groups: [{ id: '82e64a83756745bbbb1c9c2701bf816b' }],
          resources: { [`com.cloudflare.api.account.zone.${zoneId}`]: '*' },
        },
      ],
    });
    const res = await executeOperations(client, [op], opts());
    expect(res.error).toBeUndefined();
    expect(proxy.forwarded.filter((f) => f === 'POST /client/v4/user/tokens')).toHaveLength(1);
    expect(proxy.forwarded.some((f) => /^PUT \/client\/v4\/user\/tokens\/[0-9a-f]+\/value$/.test(f))).toBe(true);
    const value = res.tokenValues['lost-answer']!;
    expect((await readTokens(client)).filter((t) => t.name === 'lost-answer')).toHaveLength(1);
    const other = new CloudflareClient({ baseUrl: emu.baseUrl, credentials: { kind: 'token', token: value }, limiter: null });
    try {
      expect((await other.request<{ status: string }>('GET', '/user/tokens/verify')).result.status).toBe('active');
    } finally {
      await other.close();
    }
  });

  it('gives up with a clear error when every re-send is lost', async () => {
    proxy.setRule((m, p) => (m === 'POST' && p.endsWith('/dns_records') ? 'drop-before' : 'pass'));
    const res = await executeOperations(client, [createOp(zoneId, 20, aRecord(`never.${ZONE}`, '192.0.2.99'))], opts());
    expect(res.ok).toBe(false);
    expect(res.error?.message).toMatch(/outcome unknown \(still unknown after 3 re-reads and re-sends\)/);
    expect(res.error?.message).not.toContain(TOKEN);
    expect(res.notApplied).toEqual([0]);
  });
});
