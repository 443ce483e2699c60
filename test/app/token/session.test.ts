/**
 * The `token roll` session under SIGINT and SIGTERM (src/app/token/session.ts), signals from a
 * test's emitter: before the roll call it stops at once, during it the answer is awaited, a
 * second signal abandons the call; the temporary file of --token-output is removed unless it holds
 * the secret, and no event carries a secret unasked.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runTokenRoll, type SecretDestination, type TokenRollEvent, type TokenRollRequest } from '../../../src/app/token/index.js';
import { type DropProxy, startDropProxy } from '../../api/drop-proxy.js';
import { TOKEN, startHarness, type Harness } from '../../scenario/harness.js';
import { tempDir } from '../../support/temp-dir.js';
import { testSignals } from '../../support/test-signals.js';
import { createUserToken, verifySecret } from '../../support/user-tokens.js';

/** The session's events, and a promise for the first event of a kind. */
function recorder() {
  const events: TokenRollEvent[] = [];
  const waiters: Array<{ kind: TokenRollEvent['kind']; resolve: () => void }> = [];
  return {
    events,
    output: {
      emit(event: TokenRollEvent) {
        events.push(event);
        for (const w of waiters.filter((x) => x.kind === event.kind)) w.resolve();
      },
    },
    seen: (kind: TokenRollEvent['kind']) =>
      events.some((e) => e.kind === kind) ? Promise.resolve() : new Promise<void>((resolve) => waiters.push({ kind, resolve })),
  };
}

describe('the token roll session, interrupted', () => {
  let h: Harness;
  let proxy: DropProxy;
  const { source, send, listeners } = testSignals();
  const verify = (secret: string): Promise<number> => verifySecret(h.emulator.baseUrl, secret);
  const create = (name: string): Promise<string> => createUserToken(h.emulator.baseUrl, h.zoneId, name);
  const request = (name: string, destination: SecretDestination): TokenRollRequest => ({
    name,
    ...destination,
    baseUrl: proxy.baseUrl,
    env: { CLOUDFLARE_API_TOKEN: TOKEN },
  });

  beforeAll(async () => {
    h = await startHarness();
    proxy = await startDropProxy(h.emulator.baseUrl);
  });
  afterEach(() => {
    proxy.setRule(() => 'pass');
    proxy.setObserver(undefined);
    proxy.release();
    expect(listeners()).toBe(0); // the watch was disposed
  });
  afterAll(async () => {
    await proxy.close();
    await h.close();
  });

  it('SIGTERM while the token is looked up: stops at once, sends no roll call, removes the temporary file', async () => {
    const original = await create('early');
    const dir = tempDir('roll-early');
    proxy.setRule((method, path) => (method === 'GET' && /\/user\/tokens(\?|$)/.test(path) ? 'hold' : 'pass'));
    const held = proxy.held();
    const rec = recorder();
    const run = runTokenRoll(request('early', { tokenOutput: join(dir, 'tokens.json'), showValue: false }), rec.output, { source });
    await held;
    expect(readdirSync(dir)).toHaveLength(1);
    send('SIGTERM');
    expect(await run).toEqual({ status: 'interrupted', signal: 'SIGTERM' });
    expect(rec.events).toEqual([
      { kind: 'interrupted', signal: 'SIGTERM', at: 'before-roll', name: 'early', file: join(dir, 'tokens.json') },
    ]);
    expect(readdirSync(dir)).toEqual([]);
    expect(proxy.forwarded.filter((f) => f.startsWith('PUT '))).toEqual([]);
    expect(await verify(original)).toBe(200);
  });

  it('a second signal during the roll call abandons it: no secret is shown, the token may have been rolled', async () => {
    await create('abandoned');
    proxy.setRule((method, path) => (method === 'PUT' && path.endsWith('/value') ? 'hold' : 'pass'));
    const held = proxy.held();
    const rec = recorder();
    const run = runTokenRoll(request('abandoned', { showValue: true }), rec.output, { source });
    await held;
    send('SIGINT');
    await rec.seen('waiting');
    send('SIGINT');
    expect(await run).toEqual({ status: 'interrupted', signal: 'SIGINT' });
    expect(rec.events).toEqual([
      { kind: 'waiting', signal: 'SIGINT', graceMs: 10_000 },
      { kind: 'interrupted', signal: 'SIGINT', at: 'unanswered', name: 'abandoned', id: expect.stringMatching(/^[0-9a-f]{32}$/) },
    ]);
  });

  it('SIGTERM during the roll call, then its answer: the secret is saved as usual and the run ends interrupted', async () => {
    const dir = tempDir('roll-answered');
    const file = join(dir, 'tokens.json');
    await create('answered');
    proxy.setRule((method, path) => (method === 'PUT' && path.endsWith('/value') ? 'hold' : 'pass'));
    let secret = '';
    proxy.setObserver((method, path, body) => {
      if (method === 'PUT' && path.endsWith('/value')) secret = (JSON.parse(body) as { result: string }).result;
    });
    const held = proxy.held();
    const rec = recorder();
    const run = runTokenRoll(request('answered', { tokenOutput: file, showValue: false }), rec.output, { source });
    await held;
    send('SIGTERM');
    await rec.seen('waiting');
    proxy.release();
    expect(await run).toEqual({ status: 'interrupted', signal: 'SIGTERM' });
    expect(rec.events.map((e) => e.kind)).toEqual(['waiting', 'rolled', 'kept', 'interrupted']);
    expect(rec.events.at(-1)).toMatchObject({ at: 'kept', file });
    expect(JSON.stringify(rec.events)).not.toContain(secret);
    expect(readdirSync(dir)).toEqual(['tokens.json']);
    expect((JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>).answered).toBe(secret);
    expect(await verify(secret)).toBe(200);
  });
});

describe('the token roll request', () => {
  it('names somewhere to keep the new secret: a file, shown, or both (the type refuses neither)', () => {
    const kept: TokenRollRequest[] = [
      { name: 'a', tokenOutput: 'tokens.json', showValue: false },
      { name: 'a', tokenOutput: 'tokens.json', showValue: true },
      { name: 'a', showValue: true },
    ];
    // @ts-expect-error a roll whose secret would be lost: no file and not shown (`npm run typecheck` checks this line)
    const lost: TokenRollRequest = { name: 'a', showValue: false };
    // @ts-expect-error the same with the file left undefined
    const lostToo: TokenRollRequest = { name: 'a', tokenOutput: undefined, showValue: false };
    expect([...kept, lost, lostToo].map((r) => r.tokenOutput !== undefined || r.showValue)).toEqual([true, true, true, false, false]);
  });
});
