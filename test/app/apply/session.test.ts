/**
 * The apply session in process (src/app/apply/session.ts): the real client against the real
 * emulator over loopback, a recording output instead of a terminal, and signals from an emitter
 * instead of the process. These paths were reached only through a child process before: the
 * confirmation, the refusal without anyone to ask, the first and second signal while a write is
 * in flight, and a signal while planning under the early lock.
 */
import { EventEmitter } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ApplyRefusedError,
  runApply,
  type ApplyOutput,
  type ApplyReportSink,
  type ApplyRequest,
  type SignalSource,
  type StopSignal,
} from '../../../src/app/apply/index.js';
import { RunClients } from '../../../src/app/connect/clients-by-account.js';
import { planZoneRun } from '../../../src/app/plan/plan-zone-run.js';
import { startDropProxy, type DropProxy } from '../../api/drop-proxy.js';
import { TOKEN, config, listRecords, startHarness, type Harness } from '../../scenario/harness.js';
import { waitUntil } from '../../support/wait-until.js';

const zoneYaml = (prefix: string, count: number): string =>
  `version: 1\nzone: example.com\nmanage: { unmanaged: keep }\nrecords:\n` +
  Array.from({ length: count }, (_, i) => `  - { name: ${prefix}${i}, type: A, content: 192.0.2.${i + 1} }\n`).join('');

/** Every call the session makes on its output, by name, with its arguments. */
interface Recorded {
  readonly calls: Array<{ name: string; args: unknown[] }>;
  readonly output: ApplyOutput;
  named(name: string): unknown[][];
  lines(): string;
}

function recordingOutput(answer: boolean | string): Recorded {
  const calls: Array<{ name: string; args: unknown[] }> = [];
  const record =
    (name: string) =>
    (...args: unknown[]): void => {
      calls.push({ name, args });
    };
  const report = new Proxy({} as ApplyReportSink, { get: (_t, key) => record(`report.${String(key)}`) });
  const output: ApplyOutput = {
    report,
    progress: () => ({ zoneStart: record('progress.zoneStart'), update: record('progress.update'), stop: () => undefined }),
    cannotConfirm: () => (typeof answer === 'string' ? answer : undefined),
    confirm: async (question) => {
      calls.push({ name: 'confirm', args: [question] });
      return answer === true;
    },
    info: record('info'),
    warn: record('warn'),
    error: record('error'),
    detail: record('detail'),
  };
  return {
    calls,
    output,
    named: (name) => calls.filter((c) => c.name === name).map((c) => c.args),
    lines: () => calls.map((c) => `${c.name} ${JSON.stringify(c.args)}`).join('\n'),
  };
}

function request(yaml: string, flags: Partial<ApplyRequest> = {}): ApplyRequest {
  return {
    configs: [config(yaml)],
    accounts: [],
    yes: false,
    dryRun: false,
    force: false,
    forceUnlock: false,
    batch: true,
    concurrency: 1,
    lockWaitMs: 5_000,
    ...flags,
  };
}

/** Holds the `n`th POST to a records path (the first takes the apply lock). */
function holdPost(proxy: DropProxy, n: number): void {
  let posts = 0;
  proxy.setRule((method, path) => {
    if (method !== 'POST' || !/\/dns_records$/.test(path)) return 'pass';
    posts += 1;
    return posts === n ? 'hold' : 'pass';
  });
}

describe('the apply session in process', () => {
  let h: Harness;
  let proxy: DropProxy;
  let clients: RunClients;
  const signals = new EventEmitter();
  const source: SignalSource = {
    on: (signal, listener) => signals.on(signal, listener),
    off: (signal, listener) => signals.off(signal, listener),
  };
  const send = (signal: StopSignal): void => {
    signals.emit(signal, signal);
  };
  beforeAll(async () => {
    h = await startHarness();
    proxy = await startDropProxy(h.emulator.baseUrl);
  });
  afterEach(async () => {
    proxy.release();
    proxy.setRule(() => 'pass');
    await clients?.close();
  });
  afterAll(async () => {
    await proxy.close();
    await h.close();
  });
  const connect = (): RunClients => {
    clients = new RunClients(undefined, { baseUrl: proxy.baseUrl, env: { CLOUDFLARE_API_TOKEN: TOKEN } }, {});
    return clients;
  };
  const named = async (prefix: string): Promise<string[]> =>
    (await listRecords(h))
      .filter((r) => r.name.startsWith(prefix))
      .map((r) => r.name)
      .sort();
  const lockRecords = async () => (await listRecords(h)).filter((r) => r.name.startsWith('_zonectl'));

  it('asks for confirmation: "no" sends nothing; yes applies, and a second plan is empty', async () => {
    const yaml = zoneYaml('confirm', 2);
    const declined = recordingOutput(false);
    expect(await runApply(request(yaml), connect(), declined.output, { source })).toEqual({ status: 'cancelled' });
    expect(declined.named('confirm')).toEqual([['Apply these changes? Only "yes" is accepted: ']]);
    expect(declined.named('warn')).toEqual([['Apply cancelled; nothing was changed.']]);
    expect(await named('confirm')).toEqual([]);
    expect(declined.named('report.finish')).toHaveLength(1);

    const accepted = recordingOutput(true);
    expect(await runApply(request(yaml), connect(), accepted.output, { source })).toEqual({ status: 'ok' });
    expect(await named('confirm')).toEqual(['confirm0.example.com', 'confirm1.example.com']);
    const [outcomes] = accepted.named('report.zoneOutcomes')[0] as [Array<{ result: { ok: boolean }; residual: { operations: [] } }>];
    expect(outcomes.map((o) => [o.result.ok, o.residual.operations.length])).toEqual([[true, 0]]);
    expect((await planZoneRun(h.client, config(yaml))).plan.operations).toEqual([]);
    expect(await lockRecords()).toEqual([]);
  });

  it('refuses, before any write, when nobody can confirm', async () => {
    const nobody = recordingOutput('no terminal to ask for confirmation');
    const run = runApply(request(zoneYaml('nobody', 1)), connect(), nobody.output, { source });
    await expect(run).rejects.toThrow(ApplyRefusedError);
    await expect(run).rejects.toThrow(/refusing to apply: no terminal to ask for confirmation; pass --yes/);
    expect(nobody.named('report.fail')).toHaveLength(1);
    expect(nobody.named('confirm')).toEqual([]);
    expect(await named('nobody')).toEqual([]);
  });

  it('--dry-run reports the calls and sends none', async () => {
    const dry = recordingOutput(true);
    const writes = (): number => proxy.forwarded.filter((c) => !c.startsWith('GET ')).length;
    const before = writes();
    expect(await runApply(request(zoneYaml('dry', 2), { dryRun: true }), connect(), dry.output, { source })).toEqual({ status: 'changes' });
    expect(dry.named('report.dryRun')).toHaveLength(1);
    expect(writes()).toBe(before);
    expect(await named('dry')).toEqual([]);
  });

  it('the first signal lets the call in flight finish and stops there: interrupted, not abandoned, the lock released', async () => {
    holdPost(proxy, 3);
    const held = proxy.held();
    const out = recordingOutput(true);
    const run = runApply(request(zoneYaml('grace', 4), { yes: true, batch: false }), connect(), out.output, { source });
    await held;
    send('SIGINT');
    expect(out.named('warn').flat().join('\n')).toMatch(/SIGINT: sending no more calls; waiting up to 10 s/);
    proxy.release();
    expect(await run).toEqual({ status: 'interrupted', signal: 'SIGINT', abandon: false });
    expect(await named('grace')).toEqual(['grace0.example.com', 'grace1.example.com']);
    expect(out.named('report.interrupted')).toEqual([['SIGINT', '; the apply lock was released']]);
    expect(await lockRecords()).toEqual([]);
    // A second plan applies what is left, and then a plan is empty.
    expect(await runApply(request(zoneYaml('grace', 4), { yes: true }), connect(), recordingOutput(true).output, { source })).toEqual({
      status: 'ok',
    });
    expect((await planZoneRun(h.client, config(zoneYaml('grace', 4)))).plan.operations).toEqual([]);
  });

  it('a second signal gives up waiting: abandoned, the zone being written is reported with what was acknowledged', async () => {
    holdPost(proxy, 3);
    const held = proxy.held();
    const out = recordingOutput(true);
    const run = runApply(request(zoneYaml('gaveup', 4), { yes: true, batch: false }), connect(), out.output, { source });
    await held;
    send('SIGTERM');
    send('SIGTERM');
    const result = await run;
    expect(result).toEqual({ status: 'interrupted', signal: 'SIGTERM', abandon: true });
    const [[signal, at]] = out.named('report.stopped') as Array<[string, { stage: string; applied: Set<number> }]>;
    expect(signal).toBe('SIGTERM');
    expect(at.stage).toBe('zone');
    expect([...at.applied]).toEqual([0]);
    const before = out.calls.length;
    const forwarded = proxy.forwarded.length;
    proxy.release();
    // The abandoned write reaches the emulator and is answered (an observable state, not a time);
    // then a round trip through the proxy lets its answer reach the abandoned run.
    await waitUntil(() => proxy.forwarded.length > forwarded);
    await lockRecords();
    // Whatever the abandoned writes answer later is not reported.
    expect(out.calls.slice(before).filter((c) => c.name.startsWith('report.') || c.name === 'warn')).toEqual([]);
  });

  it('a signal while planning under the early lock releases the lock and stops before any write', async () => {
    // --yes and one zone file: the lock is taken first, then the zone is read under it.
    proxy.setRule((method, path) => (method === 'GET' && /\/dns_records\?/.test(path) ? 'hold' : 'pass'));
    const held = proxy.held();
    const out = recordingOutput(true);
    const run = runApply(request(zoneYaml('early', 2), { yes: true }), connect(), out.output, { source });
    await held;
    expect((await lockRecords()).length).toBe(1);
    send('SIGINT');
    expect(await run).toEqual({ status: 'interrupted', signal: 'SIGINT', abandon: true });
    expect(out.named('report.stopped')[0]?.[1]).toEqual({ stage: 'before-writes' });
    expect(await lockRecords()).toEqual([]);
    proxy.release();
    expect(await named('early')).toEqual([]);
  });
});
