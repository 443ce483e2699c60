/**
 * The plan session in process (src/app/plan/session.ts): zone files on disk, the real client
 * against the real emulator over loopback, and a recording output instead of a terminal. What
 * the session tells (problems, warnings, notes, the report) and what it returns, event by event;
 * a saved plan applied by the apply session, after which a plan is empty.
 */
import { existsSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runApply, type ApplyOutput } from '../../../src/app/apply/index.js';
import { InvalidZoneFilesError } from '../../../src/app/files/index.js';
import type { RunReport } from '../../../src/app/engine/index.js';
import { runPlan, type PlanEvent, type PlanRequest } from '../../../src/app/plan/index.js';
import { answeringPrompt } from '../../../src/app/session/index.js';
import { listRecords, startHarness, TOKEN, type Harness } from '../../scenario/harness.js';
import { tempDir } from '../../support/temp-dir.js';

/** Every event the session tells, in order. */
function recording(): { events: PlanEvent[]; emit(event: PlanEvent): void; kinds(): string[]; report(): RunReport; texts(): string[] } {
  const events: PlanEvent[] = [];
  return {
    events,
    emit: (event) => {
      events.push(event);
    },
    kinds: () => events.map((e) => e.kind),
    report: () => {
      const reports = events.flatMap((e) => (e.kind === 'report' ? [e.report] : []));
      expect(reports).toHaveLength(1);
      return reports[0]!;
    },
    texts: () => events.flatMap((e) => (e.kind === 'note' || e.kind === 'warning' ? [e.text] : [])),
  };
}

const ZONE = (records: string): string => `version: 1\nzone: example.com\nmanage: { unmanaged: keep }\nrecords:\n${records}`;

describe('the plan session in process', () => {
  let h: Harness;
  let dir: string;
  let files = 0;
  const write = (text: string, name = `zone-${(files += 1)}.yaml`): string => {
    const file = join(dir, name);
    writeFileSync(file, text);
    return file;
  };
  const request = (paths: string[], more: Partial<PlanRequest> = {}): PlanRequest => ({
    paths,
    connection: { baseUrl: h.emulator.baseUrl, env: { CLOUDFLARE_API_TOKEN: TOKEN } },
    cwd: dir,
    ...more,
  });

  beforeAll(async () => {
    h = await startHarness();
    dir = tempDir('plan-session');
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('tells the report once every zone is planned, and says what would change', async () => {
    const out = recording();
    const result = await runPlan(request([write(ZONE('  - { name: www, type: A, content: 192.0.2.10 }\n'))]), out);
    expect(result).toEqual({ failed: false, changes: true });
    expect(out.kinds()).toEqual(['report']);
    const report = out.report();
    expect(report.kind).toBe('plan');
    expect(report.reports.map((r) => [r.kind, r.zone])).toEqual([['planned', 'example.com']]);
    const [planned] = report.reports;
    expect(planned?.kind === 'planned' && planned.plan.operations.map((o) => `${o.action} ${o.method}`)).toEqual(['create POST']);
    expect(report.drift.totals.zones).toBe(1);
    // Planning changes nothing.
    expect((await listRecords(h)).some((r) => r.name === 'www.example.com')).toBe(false);
  });

  it('an invalid file: its problems are told, the run is refused before any call, no report', async () => {
    const out = recording();
    const bad = write(ZONE('  - { name: www, type: A, content: 999.0.0.1 }\n'));
    // An unreachable API: a call would fail with API_NETWORK instead.
    const unreachable = request([bad], { connection: { baseUrl: 'http://127.0.0.1:1/client/v4', env: { CLOUDFLARE_API_TOKEN: TOKEN } } });
    await expect(runPlan(unreachable, out)).rejects.toBeInstanceOf(InvalidZoneFilesError);
    expect(out.kinds()).toEqual(['problem']);
    const [event] = out.events;
    expect(event?.kind === 'problem' && [event.problem.file, event.problem.line, event.problem.path]).toEqual([
      bad,
      5,
      'records[0].content',
    ]);
  });

  it('a zone that cannot be planned fails alone: reported, counted, and no plan is saved', async () => {
    const out = recording();
    const saved = join(dir, 'not-saved.json');
    const missing = write('version: 1\nzone: missing.example\nrecords: []\n');
    const good = write(ZONE('  - { name: www, type: A, content: 192.0.2.10 }\n'));
    const result = await runPlan(request([missing, good], { out: saved }), out);
    expect(result).toEqual({ failed: true, changes: true });
    expect(out.report().reports.map((r) => [r.kind, r.zone])).toEqual([
      ['failed', 'missing.example'],
      ['planned', 'example.com'],
    ]);
    // An error since issue 33 (was a warning): --out that saved nothing fails the command, and says what to do.
    expect(out.events.filter((e) => e.kind === 'error')).toEqual([
      {
        kind: 'error',
        code: 'PLAN_NOT_SAVED',
        message: `no plan saved to ${saved}: 1 zone(s) could not be planned (see above); fix them and plan again`,
      },
    ]);
    expect(existsSync(saved)).toBe(false);
  });

  it('--out saves the plan (a note with its digest); the apply session applies it, and a plan is then empty', async () => {
    const out = recording();
    const saved = join(dir, 'plan.json');
    const file = write(ZONE('  - { name: saved, type: A, content: 192.0.2.20 }\n'), 'saved.yaml');
    expect(await runPlan(request([file], { out: saved }), out)).toEqual({ failed: false, changes: true });
    const [savedNote] = out.texts();
    expect(savedNote).toMatch(new RegExp(`^Plan saved to ${saved} \\(sha256:[0-9a-f]{64}\\); apply it with: zonectl apply --plan `));
    const digest = /\((sha256:[0-9a-f]{64})\)/.exec(savedNote ?? '')![1]!;

    const applied: string[] = [];
    const output: ApplyOutput = { emit: (e) => applied.push(e.kind), prompt: answeringPrompt({ kind: 'yes' }) };
    const connection = { baseUrl: h.emulator.baseUrl, env: { CLOUDFLARE_API_TOKEN: TOKEN } };
    // The files the plan names are read only inside the repository apply runs in.
    const source = { kind: 'saved-plan' as const, path: saved, expectDigest: digest, cwd: dir };
    const flags = { yes: true, dryRun: false, force: false, forceUnlock: false, batch: true, concurrency: 1, lockWaitMs: 0 };
    expect(await runApply({ source, connection, ...flags }, output)).toEqual({ status: 'ok' });
    expect(applied).toContain('zone-outcomes');
    expect((await listRecords(h)).filter((r) => r.name === 'saved.example.com').map((r) => r.content)).toEqual(['192.0.2.20']);

    const again = recording();
    expect(await runPlan(request([file]), again)).toEqual({ failed: false, changes: false });
    const [report] = again.report().reports;
    expect(report?.kind === 'planned' && report.plan.operations).toEqual([]);
  });

  it('a shard without zones: an empty report and a warning that there was nothing to plan', async () => {
    const out = recording();
    const file = write(ZONE('  - { name: www, type: A, content: 192.0.2.10 }\n'));
    // example.com falls in one of two shards; the other has nothing.
    const results = [await runPlan(request([file], { shard: '1/2' }), out), await runPlan(request([file], { shard: '2/2' }), out)];
    expect(results.map((r) => r.failed)).toEqual([false, false]);
    const reports = out.events.flatMap((e) => (e.kind === 'report' ? [e.report.reports.length] : []));
    expect(reports.sort()).toEqual([0, 1]);
    expect(out.texts()).toEqual(['zonectl: warning: no zone to plan (no zone file in this shard)']);
  });
});
