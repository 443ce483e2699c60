/**
 * The drift session in process (src/app/drift/session.ts): zone files on disk, the real
 * client against the real emulator over loopback, a recording output. In sync, drift made out of
 * band, unmanaged records counted only when asked, drift new since a baseline, and the zones no
 * file manages.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DriftEvent, type DriftRequest, runDrift } from '../../../src/app/drift/index.js';
import type { RunReport } from '../../../src/app/engine/index.js';
import { config, converge, startHarness, TOKEN, type Harness } from '../../scenario/harness.js';
import { tempDir } from '../../support/temp-dir.js';

function recording(): { events: DriftEvent[]; emit(event: DriftEvent): void; report(): RunReport } {
  const events: DriftEvent[] = [];
  return {
    events,
    emit: (event) => {
      events.push(event);
    },
    report: () => {
      const reports = events.flatMap((e) => (e.kind === 'report' ? [e.report] : []));
      expect(reports).toHaveLength(1);
      return reports[0]!;
    },
  };
}

const ZONE = `version: 1
zone: example.com
manage: { unmanaged: keep }
records:
  - { name: www, type: A, content: 192.0.2.10 }
  - { name: mail, type: A, content: 192.0.2.11 }
`;

describe('the drift session in process', () => {
  let h: Harness;
  let dir: string;
  let file: string;
  const request = (more: Partial<DriftRequest> = {}): DriftRequest => ({
    paths: [file],
    failOn: 'any',
    failOnUnmanaged: false,
    unmanagedZones: false,
    connection: { baseUrl: h.emulator.baseUrl, env: { CLOUDFLARE_API_TOKEN: TOKEN } },
    ...more,
  });
  /** A change made out of band, with the raw API. */
  const post = async (body: Record<string, unknown>): Promise<void> => {
    const res = await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status).toBe(200);
  };

  beforeAll(async () => {
    h = await startHarness({ zones: ['example.com', 'other.example'] });
    dir = tempDir('drift-session');
    file = join(dir, 'example.com.yaml');
    writeFileSync(file, ZONE);
    await converge(h, config(ZONE));
  });
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('in sync: the report, no drift', async () => {
    const out = recording();
    expect(await runDrift(request(), out)).toEqual({ failed: false, drift: false });
    const report = out.report();
    expect(report.kind).toBe('drift');
    expect(report.drift.totals).toMatchObject({ zones: 1, inSync: 1, drifted: 0, items: 0 });
    expect(out.events.map((e) => e.kind)).toEqual(['report']);
  });

  it('an unmanaged record is drift only with failOnUnmanaged', async () => {
    await post({ type: 'TXT', name: 'added-by-hand.example.com', content: '"hand"', ttl: 1 });
    expect(await runDrift(request(), recording())).toEqual({ failed: false, drift: false });
    expect(await runDrift(request({ failOnUnmanaged: true }), recording())).toEqual({ failed: false, drift: true });
  });

  it('a record changed out of band is drift; with a baseline of that run and failOn new, it is no longer new', async () => {
    await post({ type: 'A', name: 'www.example.com', content: '192.0.2.99', ttl: 1 });
    const first = recording();
    expect(await runDrift(request(), first)).toEqual({ failed: false, drift: true });
    const drift = first.report().drift;
    expect(drift.totals.drifted).toBe(1);
    // The earlier report as `drift --out` writes it: each zone's items with their ids.
    const baseline = join(dir, 'baseline.json');
    writeFileSync(baseline, JSON.stringify({ format_version: 2, zones: drift.zones.map((z) => ({ zone: z.zone, items: z.items })) }));
    const second = recording();
    expect(await runDrift(request({ baseline, failOn: 'new' }), second)).toEqual({ failed: false, drift: false });
    expect(second.report().drift.totals).toMatchObject({ new: 0, present: drift.totals.items });
    expect(second.report().baseline?.source).toBe(baseline);
  });

  it('unmanagedZones: the zones the credentials see that no file manages', async () => {
    const out = recording();
    await runDrift(request({ unmanagedZones: true }), out);
    expect(out.report().unmanagedZones?.map((z) => z.zone)).toEqual(['other.example']);
  });

  it('a baseline that cannot be read refuses the run before any report', async () => {
    const out = recording();
    await expect(runDrift(request({ baseline: join(dir, 'no-such.json'), failOn: 'new' }), out)).rejects.toThrow(
      /no-such\.json: no such file/,
    );
    expect(out.events).toEqual([]);
  });
});
