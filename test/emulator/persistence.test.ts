import { spawn } from 'node:child_process';
import { readFileSync, appendFileSync, existsSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/emulator/store.js';
import { recordsPath, startTestEmulator } from './helpers.js';
import { tempDir } from '../support/temp-dir.js';

/**
 * A write the emulator has begun to receive and cannot have answered: a records POST whose body
 * is cut short, handed to the kernel before this resolves. `closed` resolves, once the connection
 * ends, with whatever the emulator sent back on it.
 */
function partialWrite(baseUrl: string, zoneId: string): Promise<{ socket: Socket; closed: Promise<string> }> {
  const url = new URL(baseUrl);
  const body = JSON.stringify({ type: 'A', name: 'cut-by-the-kill', content: '192.0.2.1', ttl: 60 });
  return new Promise((resolve, reject) => {
    const socket = connect(Number(url.port), url.hostname);
    let answer = '';
    socket.on('data', (d: Buffer) => (answer += d.toString()));
    const closed = new Promise<string>((r) => socket.once('close', () => r(answer)));
    socket.once('error', () => {}); // a reset at the kill: `closed` follows
    socket.once('connect', () => {
      const head = `POST ${url.pathname}/zones/${zoneId}/dns_records HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer crash-token\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
      socket.write(head + body.slice(0, 10), (err) => (err ? reject(err) : resolve({ socket, closed })));
    });
  });
}

function tempState(): string {
  return join(tempDir('state'), 'state.json');
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
    expect(
      readFileSync(`${path}.journal`, 'utf8')
        .split('\n')
        .every((l) => l === '' || JSON.parse(l)),
    ).toBeTruthy();
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
    // The kill comes once enough writes of every kind were acknowledged and a compaction ran: a
    // behavioural trigger, never a clock, so that a slow machine gets the same stream (only
    // slower). A write the emulator refuses ends its worker and fails the test below, so the
    // stream cannot run forever. Right before the kill a write is put in flight that the emulator
    // cannot have answered (its body is incomplete), so the kill always cuts a request in flight;
    // whether it also cuts the workers' own requests depends on timing and is not asserted.
    const WANT = { create: 60, batch: 6, patch: 6, delete: 6 };
    const statePath = tempState();
    const child = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        'test/emulator/fixtures/run-emulator.ts',
        // No record quota in the way of the stream of writes (a new Free zone holds 200).
        JSON.stringify({ statePath, zones: ['example.com'], token: 'crash-token', compactAfter: 150, recordQuota: 1_000_000 }),
      ],
      { stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const exited = new Promise<void>((r) => {
      if (child.exitCode !== null || child.signalCode !== null) r();
      else child.once('exit', () => r());
    });
    const line = await new Promise<string>((resolve, reject) => {
      let out = '';
      const timer = setTimeout(() => {
        child.kill('SIGKILL');
        reject(new Error('the emulator did not start within 100 s'));
      }, 100_000);
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        if (out.includes('\n')) {
          clearTimeout(timer);
          resolve(out.trim());
        }
      });
      child.once('exit', () => {
        clearTimeout(timer);
        reject(new Error('emulator exited early'));
      });
    });
    const [baseUrl, zoneId] = line.split(' ');

    // What each acknowledged write promises: the record exists with this TTL, or is gone.
    type Expected = { kind: 'present'; ttl: number } | { kind: 'deleted' };
    const expected = new Map<string, Expected>();
    // The one operation per worker that was in flight when the process died: either outcome is fine.
    const ambiguous = new Set<string>();
    let killedInFlight = 0;
    const counts = { create: 0, batch: 0, patch: 0, delete: 0 };
    const refused: string[] = [];
    let killed = false;
    let killing: Promise<void> | undefined;
    let cutAnswer: Promise<string> | undefined;
    /** Puts a write in flight, then kills the emulator; `cutAnswer` is what that write got back. */
    const kill = (): Promise<void> => {
      killing ??= (async () => {
        killed = true;
        const cut = await partialWrite(baseUrl, zoneId);
        cutAnswer = cut.closed;
        child.kill('SIGKILL');
      })();
      return killing;
    };
    /** Called after every acknowledged write: kills the emulator once every kind reached its count. */
    const maybeKill = (): void => {
      const enough = (Object.keys(WANT) as Array<keyof typeof WANT>).every((k) => counts[k] >= WANT[k]);
      if (enough && existsSync(statePath)) void kill(); // the snapshot exists: a compaction ran mid-stream
    };

    // biome-ignore lint/suspicious/noExplicitAny: test bodies are inspected loosely
    const send = async (method: string, path: string, body: unknown): Promise<{ status: number; result: any }> => {
      const res = await request(`${baseUrl}/zones/${zoneId}/dns_records${path}`, {
        method: method as 'POST',
        headers: { authorization: 'Bearer crash-token', 'content-type': 'application/json' },
        body: JSON.stringify(body),
        // A request the kill leaves hanging must fail the worker, not the whole test by timeout.
        headersTimeout: 10_000,
        bodyTimeout: 10_000,
        signal: AbortSignal.timeout(15_000),
      });
      const json = (await res.body.json()) as { result: unknown };
      return { status: res.statusCode, result: json.result };
    };

    const worker = async (w: number): Promise<void> => {
      const mine: string[] = [];
      for (let i = 0; ; i += 1) {
        const step = i % 6;
        let target: string | undefined;
        const sentBeforeKill = !killed;
        try {
          if (step === 0) {
            const r = await send('POST', '/batch', {
              posts: Array.from({ length: 20 }, (_, j) => ({ type: 'TXT', name: `w${w}-${i}-${j}`, content: 'x', ttl: 120 })),
            });
            if (r.status !== 200) refused.push(`batch ${r.status}`);
            else {
              for (const p of r.result.posts as Array<{ id: string }>) {
                expected.set(p.id, { kind: 'present', ttl: 120 });
                mine.push(p.id);
              }
              counts.batch += 1;
              maybeKill();
            }
          } else if (step === 3 && mine.length > 0) {
            target = mine[mine.length - 1];
            const ttl = 300 + i;
            const r = await send('PATCH', `/${target}`, { ttl });
            if (r.status !== 200) refused.push(`patch ${r.status}`);
            else {
              expected.set(target, { kind: 'present', ttl });
              counts.patch += 1;
              maybeKill();
            }
          } else if (step === 5 && mine.length > 0) {
            target = mine.shift();
            const r = await send('DELETE', `/${target}`, undefined);
            if (r.status !== 200) refused.push(`delete ${r.status}`);
            else {
              expected.set(target as string, { kind: 'deleted' });
              counts.delete += 1;
              maybeKill();
            }
          } else {
            const r = await send('POST', '', { type: 'A', name: `w${w}-${i}`, content: '192.0.2.1', ttl: 60 });
            if (r.status !== 200) refused.push(`create ${r.status}`);
            else {
              expected.set(r.result.id, { kind: 'present', ttl: 60 });
              mine.push(r.result.id);
              counts.create += 1;
              maybeKill();
            }
          }
          if (refused.length > 0) return;
        } catch {
          // The connection died under this request: sent before the kill, it was in flight at the kill.
          if (killed && sentBeforeKill) killedInFlight += 1;
          if (target !== undefined) ambiguous.add(target);
          return;
        }
      }
    };
    const workers = Array.from({ length: 8 }, (_, w) => worker(w));
    await Promise.all(workers); // every worker ends with the request the kill cut (or a refused write)
    await kill(); // (the kill came already, unless every worker stopped before it)
    await exited;

    // No write was refused, and the kill really came mid-stream: a write was in flight (the
    // emulator died without answering it), and every kind of write had been acknowledged.
    expect(refused).toEqual([]);
    expect(await cutAnswer, `the write in flight at the kill (workers cut too: ${killedInFlight}; ${JSON.stringify(counts)})`).toBe('');
    expect(counts.create).toBeGreaterThanOrEqual(WANT.create);
    expect(counts.batch).toBeGreaterThanOrEqual(WANT.batch);
    expect(counts.patch).toBeGreaterThanOrEqual(WANT.patch);
    expect(counts.delete).toBeGreaterThanOrEqual(WANT.delete);

    // The files parse: the snapshot entirely; the journal line by line, except at most a torn last line.
    expect(existsSync(statePath)).toBe(true); // compactAfter 150: compaction ran during the stream
    const snapshot = readFileSync(statePath, 'utf8')
      .split('\n')
      .filter((l) => l !== '');
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
      if (want.kind === 'present' && row !== undefined && row.ttl !== want.ttl)
        problems.push(`${id}: ttl ${row.ttl}, acknowledged ${want.ttl}`);
    }
    expect(problems).toEqual([]);
    await store.close();

    const again = await startTestEmulator({ statePath, token: 'crash-token', recordQuota: 1_000_000 });
    const list = await again.call('GET', recordsPath(again, '?per_page=5000000'));
    const present = [...expected.values()].filter((e) => e.kind === 'present').length;
    expect(list.body.result_info.total_count).toBeGreaterThanOrEqual(present - ambiguous.size);
    // The restarted emulator takes writes on the same file.
    expect((await again.call('POST', recordsPath(again), { type: 'A', name: 'after-crash', content: '192.0.2.9' })).status).toBe(200);
    await again.close();
  }, 180_000);
});
