/**
 * The apply session in process (src/app/apply/session.ts): the real client against the real
 * emulator over loopback, a recording output instead of a terminal, and signals from an emitter
 * instead of the process. These paths were reached only through a child process before: the
 * confirmation, the refusal without anyone to ask, the first and second signal while a write is
 * in flight, and a signal while planning under the early lock.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApplyRefusedError, runApply, type ApplyEvent, type ApplyOutput, type ApplyRequest } from '../../../src/app/apply/index.js';
import { planZoneRun } from '../../../src/app/engine/plan-zone-run.js';
import { startDropProxy, type DropProxy } from '../../api/drop-proxy.js';
import { TOKEN, config, listRecords, startHarness, type Harness } from '../../scenario/harness.js';
import { waitUntil } from '../../support/wait-until.js';
import { tempDir } from '../../support/temp-dir.js';
import { testSignals } from '../../support/test-signals.js';

const zoneYaml = (prefix: string, count: number): string =>
  `version: 1\nzone: example.com\nmanage: { unmanaged: keep }\nrecords:\n` +
  Array.from({ length: count }, (_, i) => `  - { name: ${prefix}${i}, type: A, content: 192.0.2.${i + 1} }\n`).join('');

/** Every event the session tells its output (by the name of what it is told), with its fields; and each question. */
interface Recorded {
  readonly calls: Array<{ name: string; args: unknown[] }>;
  readonly output: ApplyOutput;
  named(name: string): unknown[][];
  lines(): string;
}

/** The names the events are recorded under: messages by level, the run's report by what it reports. */
const RECORDED_AS: Readonly<Record<string, string>> = {
  note: 'info',
  warning: 'warn',
  error: 'error',
  detail: 'detail',
  'dry-run': 'report.dryRun',
  'zone-outcomes': 'report.zoneOutcomes',
  stopped: 'report.stopped',
  interrupted: 'report.interrupted',
  failed: 'report.fail',
  finished: 'report.finish',
};

function recordingOutput(answer: boolean | string): Recorded {
  const calls: Array<{ name: string; args: unknown[] }> = [];
  const output: ApplyOutput = {
    emit: (event: ApplyEvent) => {
      const { kind, ...fields } = event;
      calls.push({ name: RECORDED_AS[kind] ?? `report.${kind}`, args: Object.values(fields) });
    },
    // The prompt handed to the session: nobody to ask (a string: why), else the answer, the question recorded.
    prompt: {
      confirm: async (question) => {
        if (typeof answer === 'string') return { kind: 'cannot-ask', why: answer };
        calls.push({ name: 'confirm', args: [question] });
        return { kind: answer ? 'yes' : 'no' };
      },
    },
  };
  return {
    calls,
    output,
    named: (name) => calls.filter((c) => c.name === name).map((c) => c.args),
    lines: () => calls.map((c) => `${c.name} ${JSON.stringify(c.args)}`).join('\n'),
  };
}

const dir = tempDir('session');
let files = 0;
/** The API the session reaches (the drop proxy in front of the emulator), set once both run. */
let connection: ApplyRequest['connection'];

/** The zone file written to a file of its own, applied with these flags. */
function request(yaml: string, flags: Partial<ApplyRequest> = {}): ApplyRequest {
  const file = join(dir, `zone-${(files += 1)}.yaml`);
  writeFileSync(file, yaml);
  return {
    source: { kind: 'files', paths: [file] },
    yes: false,
    dryRun: false,
    force: false,
    forceUnlock: false,
    batch: true,
    concurrency: 1,
    lockWaitMs: 5_000,
    connection,
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
  const { source, send } = testSignals();
  beforeAll(async () => {
    h = await startHarness();
    proxy = await startDropProxy(h.emulator.baseUrl);
    connection = { baseUrl: proxy.baseUrl, env: { CLOUDFLARE_API_TOKEN: TOKEN } };
  });
  afterEach(async () => {
    proxy.release();
    proxy.setRule(() => 'pass');
  });
  afterAll(async () => {
    await proxy.close();
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const named = async (prefix: string): Promise<string[]> =>
    (await listRecords(h))
      .filter((r) => r.name.startsWith(prefix))
      .map((r) => r.name)
      .sort();
  const lockRecords = async () => (await listRecords(h)).filter((r) => r.name.startsWith('_zonectl'));

  it('asks for confirmation: "no" sends nothing; yes applies, and a second plan is empty', async () => {
    const yaml = zoneYaml('confirm', 2);
    const declined = recordingOutput(false);
    expect(await runApply(request(yaml), declined.output, { source })).toEqual({ status: 'cancelled' });
    expect(declined.named('confirm')).toEqual([['Apply these changes? Only "yes" is accepted: ']]);
    expect(declined.named('warn')).toEqual([['Apply cancelled; nothing was changed.']]);
    expect(await named('confirm')).toEqual([]);
    expect(declined.named('report.finish')).toHaveLength(1);

    const accepted = recordingOutput(true);
    expect(await runApply(request(yaml), accepted.output, { source })).toEqual({ status: 'ok' });
    expect(await named('confirm')).toEqual(['confirm0.example.com', 'confirm1.example.com']);
    const [outcomes] = accepted.named('report.zoneOutcomes')[0] as [Array<{ result: { ok: boolean }; residual: { operations: [] } }>];
    expect(outcomes.map((o) => [o.result.ok, o.residual.operations.length])).toEqual([[true, 0]]);
    expect((await planZoneRun(h.client, config(yaml))).plan.operations).toEqual([]);
    expect(await lockRecords()).toEqual([]);
  });

  it('refuses, before any write, when nobody can confirm', async () => {
    const nobody = recordingOutput('no terminal to ask for confirmation');
    const run = runApply(request(zoneYaml('nobody', 1)), nobody.output, { source });
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
    expect(await runApply(request(zoneYaml('dry', 2), { dryRun: true }), dry.output, { source })).toEqual({ status: 'changes' });
    expect(dry.named('report.dryRun')).toHaveLength(1);
    expect(writes()).toBe(before);
    expect(await named('dry')).toEqual([]);
  });

  it('the first signal lets the call in flight finish and stops there: interrupted, not abandoned, the lock released', async () => {
    holdPost(proxy, 3);
    const held = proxy.held();
    const out = recordingOutput(true);
    const run = runApply(request(zoneYaml('grace', 4), { yes: true, batch: false }), out.output, { source });
    await held;
    send('SIGINT');
    expect(out.named('warn').flat().join('\n')).toMatch(/SIGINT: sending no more calls; waiting up to 10 s/);
    proxy.release();
    expect(await run).toEqual({ status: 'interrupted', signal: 'SIGINT', abandon: false });
    expect(await named('grace')).toEqual(['grace0.example.com', 'grace1.example.com']);
    expect(out.named('report.interrupted')).toEqual([['SIGINT', '; the apply lock was released']]);
    expect(await lockRecords()).toEqual([]);
    // A second plan applies what is left, and then a plan is empty.
    expect(await runApply(request(zoneYaml('grace', 4), { yes: true }), recordingOutput(true).output, { source })).toEqual({
      status: 'ok',
    });
    expect((await planZoneRun(h.client, config(zoneYaml('grace', 4)))).plan.operations).toEqual([]);
  });

  it('a second signal gives up waiting: abandoned, the zone being written is reported with what was acknowledged', async () => {
    holdPost(proxy, 3);
    const held = proxy.held();
    const out = recordingOutput(true);
    const run = runApply(request(zoneYaml('gaveup', 4), { yes: true, batch: false }), out.output, { source });
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
    const run = runApply(request(zoneYaml('early', 2), { yes: true }), out.output, { source });
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
