/**
 * `--state` at 100,000 records (src/emulator/README.md): filled through the batch endpoint, a single write
 * afterwards appends one journal line (no rewrite of the state: the snapshot file is untouched
 * and the journal grows by a few hundred bytes), lists and filters stay usable, and a restart
 * loads everything. What it asserts is behaviour, not time: the fill and restart times are
 * measured by `npm run bench -- durability` (bench/README.md).
 */
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { recordsPath, startTestEmulator } from './helpers.js';
import { tempDir } from '../support/temp-dir.js';

const TOTAL = 100_000;

describe('100,000 records with --state', () => {
  it('fills, writes one record without rewriting the state, lists, filters and restarts', async () => {
    const statePath = join(tempDir('scale'), 'state.json');
    const emu = await startTestEmulator({ statePath, zonePlan: 'pro', recordQuota: TOTAL + 10 });
    for (let done = 0; done < TOTAL; done += 3500) {
      const n = Math.min(3500, TOTAL - done);
      const posts = Array.from({ length: n }, (_, i) => {
        const k = done + i;
        return { type: 'A', name: `h${k}`, content: `192.0.${(k >> 8) & 255}.${k & 255}`, ttl: 300 };
      });
      const res = await emu.call('POST', recordsPath(emu, '/batch'), { posts });
      expect(res.status).toBe(200);
    }

    const snapshotBefore = statSync(statePath);
    const journalBefore = statSync(`${statePath}.journal`).size;
    const single = await emu.call('POST', recordsPath(emu), { type: 'TXT', name: 'one-more', content: 'x' });
    expect(single.status).toBe(200);
    const snapshotAfter = statSync(statePath);
    expect(snapshotAfter.mtimeMs).toBe(snapshotBefore.mtimeMs);
    expect(snapshotAfter.size).toBe(snapshotBefore.size);
    const grew = statSync(`${statePath}.journal`).size - journalBefore;
    expect(grew).toBeGreaterThan(0);
    expect(grew).toBeLessThan(2048);

    const byName = await emu.call('GET', recordsPath(emu, '?name=h99999.example.com'));
    expect(byName.body.result.map((r: { content: string }) => r.content)).toEqual(['192.0.134.159']);
    const page = await emu.call('GET', recordsPath(emu, '?per_page=1000&page=101'));
    expect(page.body.result_info).toEqual({ page: 101, per_page: 1000, count: 1, total_count: TOTAL + 1, total_pages: 101 });
    await emu.close();

    const again = await startTestEmulator({ statePath });
    const all = await again.call('GET', recordsPath(again, '?per_page=1&type=A'));
    expect(all.body.result_info.total_count).toBe(TOTAL);
    const conflict = await again.call('POST', recordsPath(again), { type: 'CNAME', name: 'h5', content: 'x.example.net' });
    expect(conflict.body.errors[0].code).toBe(81053); // the by-name index came back too
  }, 120_000);
});
