/**
 * The check after apply tells a record another writer changed after zonectl wrote it (its
 * modified_on is later than zonectl's write returned) from a value the service stores in its
 * own form: it names the other writer and gives no advice to edit the file.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyZoneRuns } from '../../../src/app/apply/zone-writes.js';
import { planZoneRun } from '../../../src/app/engine/plan-zone-run.js';
import { describeNotConverged } from '../../../src/cli/views/apply/describe.js';
import { TOKEN, config, listRecords, startHarness, type Harness } from '../../scenario/harness.js';

describe('a record changed by another writer between the apply and its check', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  for (const batch of [true, false]) {
    it(`is named as another writer's change (${batch ? 'batch' : 'single calls'})`, async () => {
      const name = batch ? 'batch' : 'single';
      const c = config(
        `version: 1\nzone: example.com\nmanage: { unmanaged: keep }\nrecords:\n  - { name: ${name}, type: A, content: 192.0.2.10 }\n`,
      );
      const run = await planZoneRun(h.client, c);
      // Another writer changes the record after zonectl's write was answered, before its check reads the zone.
      let armed = false;
      let changedId: string | undefined;
      const request = h.client.request.bind(h.client);
      h.client.request = (async (method: string, path: string, options?: unknown) => {
        if (armed && method === 'GET' && path.endsWith('/dns_records')) {
          armed = false;
          const mine = (await listRecords(h)).find((r) => r.name === `${name}.example.com`);
          changedId = mine?.id;
          await new Promise((resolve) => setTimeout(resolve, 5));
          await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records/${mine?.id}`, {
            method: 'PATCH',
            headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
            body: JSON.stringify({ content: '192.0.2.99' }),
          });
        }
        return request(method, path, options as never);
      }) as typeof h.client.request;
      try {
        const [o] = await applyZoneRuns(h.client, [run], {
          batch,
          concurrency: 1,
          emit: (e) => {
            if (e.kind === 'progress') armed = true;
          },
        });
        expect(o.result.ok).toBe(true);
        expect(changedId).toBeDefined();
        expect([...(o.changedByOthers?.keys() ?? [])]).toEqual([changedId]);
        const lines = describeNotConverged(o.residual!, o.changedByOthers);
        expect(lines).toHaveLength(1);
        expect(lines[0]).toMatch(
          new RegExp(
            `^${name}\\.example\\.com A \\(id ${changedId}\\): changed by another writer after zonectl wrote it \\(modified_on \\S+, zonectl's write returned \\S+\\)`,
          ),
        );
        expect(lines[0]).not.toMatch(/write it in the file/);
      } finally {
        h.client.request = request;
      }
    });
  }

  it('a residual without another writer keeps the advice about the service form', async () => {
    const c = config(
      'version: 1\nzone: example.com\nmanage: { unmanaged: keep }\nrecords:\n  - { name: plain, type: A, content: 192.0.2.11 }\n',
    );
    const run = await planZoneRun(h.client, c);
    const [o] = await applyZoneRuns(h.client, [run], { batch: true, concurrency: 1 });
    expect(o.changedByOthers?.size).toBe(0);
    expect(o.residual?.operations).toEqual([]);
  });
});
