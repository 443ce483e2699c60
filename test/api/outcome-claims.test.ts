/**
 * What an apply may claim about a failed call: a batch whose answer was lost and whose re-read
 * fails too stays "outcome unknown" (never "none applied" without proof); a delete answered 404
 * (already gone) is done, and noted.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { CloudflareClient } from '../../src/api/client.js';
import { executeOperations, type ExecuteOptions } from '../../src/api/execute.js';
import { readLiveRecords } from '../../src/api/live.js';
import type { DropProxy } from './drop-proxy.js';
import { aRecord, createOp, deleteOp, startProxiedEmulator, type ProxiedEmulator } from './helpers.js';

const TOKEN = 'outcome-claims-token-0123456789abcdef';
const ZONE = 'example.com';

let fixture: ProxiedEmulator;
let proxy: DropProxy;
let client: CloudflareClient;
let zoneId: string;
beforeAll(async () => {
  fixture = await startProxiedEmulator({ zones: [ZONE], token: TOKEN });
  ({ proxy, client, zoneId } = fixture);
});
afterAll(() => fixture.close());
beforeEach(() => proxy.setRule(() => 'pass'));

const opts = (extra: Partial<ExecuteOptions> = {}): ExecuteOptions => ({
  batch: true,
  batchLimit: 200,
  concurrency: 2,
  zoneNames: { [zoneId]: ZONE },
  ...extra,
});

async function namesLive(prefix: string): Promise<string[]> {
  const { records } = await readLiveRecords(client, zoneId, ZONE);
  return records.filter((r) => r.name.startsWith(prefix)).map((r) => r.name);
}

describe('a lost batch answer whose re-read fails too', () => {
  it('stays "outcome unknown" although every record was created, and never says "none applied"', async () => {
    const ops = Array.from({ length: 20 }, (_, i) => createOp(zoneId, 0, aRecord(`lost${i}.${ZONE}`, `192.0.2.${i + 1}`)));
    let batchLost = false;
    proxy.setRule((method, path) => {
      if (method === 'POST' && path.endsWith('/dns_records/batch') && !batchLost) {
        batchLost = true;
        return 'drop-after'; // the service applies the batch; its answer is lost
      }
      if (method === 'GET' && path.includes('/dns_records')) return 'drop-before'; // every re-read fails
      return 'pass';
    });
    const res = await executeOperations(client, ops, opts());
    proxy.setRule(() => 'pass');
    expect(res.ok).toBe(false);
    expect(res.outcomeUnknown).toBe(true);
    expect(res.error?.message).toMatch(/batch of 20 operations \(outcome unknown\)/);
    expect(res.error?.message).toMatch(/re-read to find out what happened failed too/);
    expect(res.error?.message).not.toMatch(/none applied/);
    expect(await namesLive('lost')).toHaveLength(20); // they were applied: "none applied" would have been false
  });
});

describe('a delete of a record that is already gone', () => {
  it('single call: a first-attempt 404 is success, with a note', async () => {
    const created = await executeOperations(client, [createOp(zoneId, 0, aRecord(`gone1.${ZONE}`, '192.0.2.61'))], opts({ batch: false }));
    const id = created.createdIds[0]!;
    await client.request('DELETE', `/zones/${zoneId}/dns_records/${id}`); // another writer deleted it
    const res = await executeOperations(client, [deleteOp(zoneId, 0, id)], opts({ batch: false }));
    expect(res.ok).toBe(true);
    expect(res.applied).toEqual([0]);
    expect(res.notes.join('\n')).toMatch(/already gone \(404\); nothing to delete/);
  });

  it('batch: the gone delete is dropped, the rest of the batch is applied, with a note', async () => {
    const created = await executeOperations(
      client,
      [createOp(zoneId, 0, aRecord(`gone2.${ZONE}`, '192.0.2.62')), createOp(zoneId, 0, aRecord(`gone3.${ZONE}`, '192.0.2.63'))],
      opts(),
    );
    const [gone, present] = [created.createdIds[0]!, created.createdIds[1]!];
    await client.request('DELETE', `/zones/${zoneId}/dns_records/${gone}`);
    const ops = [deleteOp(zoneId, 0, gone), deleteOp(zoneId, 0, present), createOp(zoneId, 0, aRecord(`gone4.${ZONE}`, '192.0.2.64'))];
    const res = await executeOperations(client, ops, opts());
    expect(res.ok).toBe(true);
    expect(res.applied).toEqual([0, 1, 2]);
    expect(res.notes.join('\n')).toMatch(new RegExp(`1 record\\(s\\) to delete were already gone \\(${gone}\\)`));
    expect((await namesLive('gone')).sort()).toEqual([`gone4.${ZONE}`]);
    expect(res.createdIds[2]).toMatch(/^[0-9a-f]{32}$/);
  });
});
