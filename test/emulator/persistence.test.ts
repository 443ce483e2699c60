import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, appendFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/emulator/store.js';
import { recordsPath, startTestEmulator } from './helpers.js';

function tempState(): string {
  return join(mkdtempSync(join(tmpdir(), 'zonectl-state-')), 'state.json');
}

describe('store', () => {
  it('undoes every write of a failed transaction and keeps list order', () => {
    const store = MemoryStore.inMemory();
    store.put('c', 'a', 1);
    store.put('c', 'b', 2);
    store.put('c', 'c', 3);
    expect(() =>
      store.transaction(() => {
        store.delete('c', 'a');
        store.put('c', 'b', 20);
        store.put('c', 'd', 4);
        throw new Error('boom');
      }),
    ).toThrow('boom');
    expect(store.values('c')).toEqual([1, 2, 3]);
    expect(store.size('c')).toBe(3);
  });

  it('replays the journal, compacts, and cuts a torn last line', async () => {
    const path = tempState();
    const s1 = await MemoryStore.open(path, { compactAfter: 10 });
    for (let i = 0; i < 25; i += 1) s1.put('c', `k${i}`, { i });
    s1.transaction(() => {
      s1.delete('c', 'k0');
      s1.put('c', 'k1', { i: 100 });
    });
    await s1.flush();
    await s1.close();
    expect(existsSync(path)).toBe(true); // compaction wrote a snapshot
    appendFileSync(`${path}.journal`, '{"s":999,"ops":[{"o":"p","c":"c","i":"torn"');
    const s2 = await MemoryStore.open(path, { compactAfter: 10 });
    expect(s2.size('c')).toBe(24);
    expect(s2.get('c', 'k1')).toEqual({ i: 100 });
    expect(s2.get('c', 'torn')).toBeUndefined();
    s2.put('c', 'after', { ok: true });
    await s2.close();
    const s3 = await MemoryStore.open(path);
    expect(s3.get('c', 'after')).toEqual({ ok: true });
    expect(readFileSync(`${path}.journal`, 'utf8').split('\n').every((l) => l === '' || JSON.parse(l))).toBeTruthy();
    await s3.close();
  });
});

describe('--state', () => {
  it('keeps records, zones and the token across a restart', async () => {
    const statePath = tempState();
    const first = await startTestEmulator({ statePath, zones: ['example.com'] });
    const created = await first.call('POST', recordsPath(first), { type: 'A', name: 'keep', content: '192.0.2.7' });
    expect(created.status).toBe(200);
    await first.close();
    const second = await startTestEmulator({ statePath, zones: ['example.com'] });
    expect(second.zoneId).toBe(first.zoneId);
    const got = await second.call('GET', recordsPath(second, `/${created.body.result.id}`));
    expect(got.status).toBe(200);
    expect(got.body.result.content).toBe('192.0.2.7');
    expect(second.store.size('zones')).toBe(1);
  });

  it('survives SIGKILL during a stream of writes: every acknowledged write is there', async () => {
    const statePath = tempState();
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'test/emulator/fixtures/run-emulator.ts', JSON.stringify({ statePath, zones: ['example.com'], token: 'crash-token', compactAfter: 300 })],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) resolve(out.trim());
      });
      child.on('exit', () => reject(new Error('emulator exited early')));
    });
    const [baseUrl, zoneId] = line.split(' ');
    const acknowledged: string[] = [];
    let stop = false;
    const worker = async (w: number): Promise<void> => {
      for (let i = 0; !stop; i += 1) {
        try {
          const single = i % 5 !== 0;
          const res = await request(`${baseUrl}/zones/${zoneId}/dns_records${single ? '' : '/batch'}`, {
            method: 'POST',
            headers: { authorization: 'Bearer crash-token', 'content-type': 'application/json' },
            body: JSON.stringify(
              single
                ? { type: 'A', name: `w${w}-${i}`, content: '192.0.2.1' }
                : { posts: Array.from({ length: 20 }, (_, j) => ({ type: 'TXT', name: `w${w}-${i}-${j}`, content: 'x' })) },
            ),
          });
          const body = (await res.body.json()) as { result: { id?: string; posts?: Array<{ id: string }> } };
          if (res.statusCode === 200) {
            if (body.result.id) acknowledged.push(body.result.id);
            for (const p of body.result.posts ?? []) acknowledged.push(p.id);
          }
        } catch {
          return; // killed
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));
    await new Promise((r) => setTimeout(r, 2500));
    child.kill('SIGKILL');
    stop = true;
    await Promise.all(workers);
    await new Promise((r) => child.once('exit', r));
    expect(acknowledged.length).toBeGreaterThan(100);

    const store = await MemoryStore.open(statePath);
    const missing = acknowledged.filter((id) => store.get(`records:${zoneId}`, id) === undefined);
    expect(missing).toEqual([]);
    await store.close();
    const again = await startTestEmulator({ statePath, token: 'crash-token' });
    const list = await again.call('GET', recordsPath(again, '?per_page=5000000'));
    expect(list.body.result_info.total_count).toBeGreaterThanOrEqual(acknowledged.length);
  }, 60_000);
});
