/**
 * With batches, the apply lock is deleted inside the last batch (alone in its step), and the
 * check afterwards reads the zone after the release. A failed last batch leaves the lock to the
 * ordinary release; another apply that takes the lock before the check is named, not taken for
 * a failure to converge.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyZoneRuns, OtherApplyError } from '../../../src/app/apply/zone-writes.js';
import { planZoneRun } from '../../../src/app/engine/plan-zone-run.js';
import { encodeLockTarget, lockRecordName } from '../../../src/core/lock/lock-record.js';
import { TOKEN, config, listRecords, startHarness, type Harness } from '../../scenario/harness.js';

const lockOptions = { waitMs: 0 };

describe('the apply lock released inside the last batch', () => {
  let h: Harness;
  const calls: string[] = [];
  beforeAll(async () => {
    h = await startHarness();
    const request = h.client.request.bind(h.client);
    h.client.request = (async (method: string, path: string, options?: { body?: unknown }) => {
      const deletes = (options?.body as { deletes?: unknown[] } | undefined)?.deletes?.length ?? 0;
      calls.push(`${method} ${path.replace(/[0-9a-f]{32}/g, '{id}')}${deletes > 0 ? ` deletes=${deletes}` : ''}`);
      return request(method, path, options as never);
    }) as typeof h.client.request;
  });
  afterAll(async () => {
    await h.close();
  });

  const zonectlRecords = async () => (await listRecords(h)).filter((r) => r.name.startsWith('_zonectl'));

  it('the last batch carries the delete of the lock, sent alone after the others; no DELETE of its own', async () => {
    const body = Array.from({ length: 5 }, (_, i) => `  - { name: r${i}, type: A, content: 192.0.2.${i + 1} }\n`).join('');
    const run = await planZoneRun(h.client, config(`version: 1\nzone: example.com\nrecords:\n${body}`));
    calls.length = 0;
    // Batch limit 2: three batches of creates; only the last also deletes the lock.
    const [o] = await applyZoneRuns(h.client, [{ ...run, batchLimit: 2 }], { batch: true, concurrency: 4, lock: lockOptions });
    expect(o!.result.ok).toBe(true);
    expect(o!.result.released).toBe(true);
    expect(o!.residual?.operations).toEqual([]);
    expect(calls).toEqual([
      'POST /zones/{id}/dns_records',
      'POST /zones/{id}/dns_records/batch',
      'POST /zones/{id}/dns_records/batch',
      'POST /zones/{id}/dns_records/batch deletes=1',
      'GET /zones/{id}/dns_records',
    ]);
    expect(await zonectlRecords()).toEqual([]);
  });

  it('a lock gone before the last batch (taken over): the batch fails whole and is not sent again without it', async () => {
    const run = await planZoneRun(
      h.client,
      config('version: 1\nzone: example.com\nmanage: { unmanaged: keep }\nrecords:\n  - { name: late, type: A, content: 192.0.2.40 }\n'),
    );
    const request = h.client.request.bind(h.client);
    h.client.request = (async (method: string, path: string, options?: { body?: { deletes?: Array<{ id: string }> } }) => {
      const lockId = options?.body?.deletes?.[0]?.id;
      if (method === 'POST' && path.endsWith('/batch') && lockId !== undefined) {
        // Another run removes this run's lock (as after an expired lease) just before the batch.
        await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records/${lockId}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${TOKEN}` },
        });
      }
      return request(method, path, options as never);
    }) as typeof h.client.request;
    calls.length = 0;
    try {
      const [o] = await applyZoneRuns(h.client, [run], { batch: true, concurrency: 1, lock: lockOptions });
      expect(o!.result.ok).toBe(false);
      expect(o!.result.released).toBeUndefined();
      expect(o!.result.applied).toEqual([]);
      expect(calls.filter((c) => c.endsWith('/batch') || c.includes('/batch '))).toHaveLength(1);
      expect((await listRecords(h)).some((r) => r.name === 'late.example.com')).toBe(false);
      expect(await zonectlRecords()).toEqual([]);
    } finally {
      h.client.request = request;
    }
  });

  it('another apply that takes the lock before the check: the check says it cannot tell the runs apart', async () => {
    const run = await planZoneRun(
      h.client,
      config('version: 1\nzone: example.com\nmanage: { unmanaged: delete }\nrecords:\n  - { name: mine, type: A, content: 192.0.2.50 }\n'),
    );
    let armed = false;
    const request = h.client.request.bind(h.client);
    h.client.request = (async (method: string, path: string, options?: unknown) => {
      if (armed && method === 'GET' && path.endsWith('/dns_records')) {
        armed = false;
        // The other run: its lock, then a record it writes.
        const post = (b: unknown) =>
          fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records`, {
            method: 'POST',
            headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
            body: JSON.stringify(b),
          });
        const target = encodeLockTarget({ host: 'other-host', pid: 7, runId: 'next', expiresAt: Math.floor(Date.now() / 1000) + 600 });
        await post({ type: 'CNAME', name: lockRecordName('example.com'), content: target, ttl: 60 });
        await post({ type: 'A', name: 'theirs.example.com', content: '192.0.2.60', ttl: 1 });
      }
      return request(method, path, options as never);
    }) as typeof h.client.request;
    try {
      const [o] = await applyZoneRuns(h.client, [run], {
        batch: true,
        concurrency: 1,
        lock: lockOptions,
        emit: (e) => {
          if (e.kind === 'progress') armed = true;
        },
      });
      expect(o!.result.ok).toBe(true);
      expect(o!.verifyError).toBeInstanceOf(OtherApplyError);
      expect(o!.verifyError?.message).toMatch(
        /^example\.com: another apply of this zone took its lock right after this one released it \(_zonectl/,
      );
    } finally {
      h.client.request = request;
    }
  });
});
