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

  it('survives SIGKILL during a stream of writes: every acknowledged write is there, the files parse', async () => {
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
    const exited = new Promise((r) => child.once('exit', r));

    // What each acknowledged write promises: the record exists with this TTL, or is gone.
    type Expected = { kind: 'present'; ttl: number } | { kind: 'deleted' };
    const expected = new Map<string, Expected>();
    // The one operation per worker that was in flight when the process died: either outcome is fine.
    const ambiguous = new Set<string>();
    let killedInFlight = 0;
    const counts = { create: 0, batch: 0, patch: 0, delete: 0 };
    let killed = false;

    const send = async (method: string, path: string, body: unknown): Promise<{ status: number; result: any }> => { // eslint-disable-line @typescript-eslint/no-explicit-any
      const res = await request(`${baseUrl}/zones/${zoneId}/dns_records${path}`, {
        method: method as 'POST',
        headers: { authorization: 'Bearer crash-token', 'content-type': 'application/json' },
        body: JSON.stringify(body),
        // A request the kill leaves hanging must fail the worker, not the whole test by timeout.
        headersTimeout: 10_000,
        bodyTimeout: 10_000,
      });
      const json = (await res.body.json()) as { result: unknown };
      return { status: res.statusCode, result: json.result };
    };

    const worker = async (w: number): Promise<void> => {
      const mine: string[] = [];
      for (let i = 0; ; i += 1) {
        const step = i % 6;
        let target: string | undefined;
        try {
          if (step === 0) {
            const r = await send('POST', '/batch', { posts: Array.from({ length: 20 }, (_, j) => ({ type: 'TXT', name: `w${w}-${i}-${j}`, content: 'x', ttl: 120 })) });
            if (r.status === 200) {
              for (const p of r.result.posts as Array<{ id: string }>) {
                expected.set(p.id, { kind: 'present', ttl: 120 });
                mine.push(p.id);
              }
              counts.batch += 1;
            }
          } else if (step === 3 && mine.length > 0) {
            target = mine[mine.length - 1];
            const ttl = 300 + i;
            const r = await send('PATCH', `/${target}`, { ttl });
            if (r.status === 200) {
              expected.set(target, { kind: 'present', ttl });
              counts.patch += 1;
            }
          } else if (step === 5 && mine.length > 0) {
            target = mine.shift();
            const r = await send('DELETE', `/${target}`, undefined);
            if (r.status === 200) {
              expected.set(target as string, { kind: 'deleted' });
              counts.delete += 1;
            }
          } else {
            const r = await send('POST', '', { type: 'A', name: `w${w}-${i}`, content: '192.0.2.1', ttl: 60 });
            if (r.status === 200) {
              expected.set(r.result.id, { kind: 'present', ttl: 60 });
              mine.push(r.result.id);
              counts.create += 1;
            }
          }
        } catch {
          // The connection died under this request: it was in flight at the kill.
          if (killed) killedInFlight += 1;
          if (target !== undefined) ambiguous.add(target);
          return;
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));
    await new Promise((r) => setTimeout(r, 2500));
    killed = true;
    child.kill('SIGKILL');
    await Promise.all(workers);
    await exited;

    // The kill really came mid-stream: requests were in flight, and every kind of write had been acknowledged.
    expect(killedInFlight).toBeGreaterThan(0);
    expect(counts.create).toBeGreaterThan(50);
    expect(counts.batch).toBeGreaterThan(5);
    expect(counts.patch).toBeGreaterThan(5);
    expect(counts.delete).toBeGreaterThan(5);

    // The files parse: the snapshot entirely; the journal line by line, except at most a torn last line.
    expect(existsSync(statePath)).toBe(true); // compactAfter 300: compaction ran during the stream
    const snapshot = readFileSync(statePath, 'utf8').split('\n').filter((l) => l !== '');
    for (const l of snapshot) expect(() => JSON.parse(l)).not.toThrow();
    expect(JSON.parse(snapshot[snapshot.length - 1])).toEqual({ end: snapshot.length - 2 });
    const journalLines = readFileSync(`${statePath}.journal`, 'utf8').split('\n');
    journalLines.pop(); // '' after the last newline, or a torn line that was never acknowledged
    for (const l of journalLines) expect(() => JSON.parse(l)).not.toThrow();

    const store = await MemoryStore.open(statePath);
    const problems: string[] = [];
    for (const [id, want] of expected) {
      if (ambiguous.has(id)) continue;
      const row = store.get<{ ttl: number }>(`records:${zoneId}`, id);
      if (want.kind === 'deleted' && row !== undefined) problems.push(`${id}: acknowledged delete, still there`);
      if (want.kind === 'present' && row === undefined) problems.push(`${id}: acknowledged write lost`);
      if (want.kind === 'present' && row !== undefined && row.ttl !== want.ttl) problems.push(`${id}: ttl ${row.ttl}, acknowledged ${want.ttl}`);
    }
    expect(problems).toEqual([]);
    await store.close();

    const again = await startTestEmulator({ statePath, token: 'crash-token' });
    const list = await again.call('GET', recordsPath(again, '?per_page=5000000'));
    const present = [...expected.values()].filter((e) => e.kind === 'present').length;
    expect(list.body.result_info.total_count).toBeGreaterThanOrEqual(present - ambiguous.size);
    // The restarted emulator takes writes on the same file.
    expect((await again.call('POST', recordsPath(again), { type: 'A', name: 'after-crash', content: '192.0.2.9' })).status).toBe(200);
  }, 60_000);
});
