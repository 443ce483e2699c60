/** Scenario harness: the real client against the real emulator over loopback. */
import { expect } from 'vitest';
import { CloudflareClient } from '../../src/api/index.js';
import { applyZoneRuns } from '../../src/app/apply/zone-writes.js';
import { planZoneRun, type ZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { type ZoneConfig, parseZoneFile } from '../../src/core/zonefile/index.js';
import { startEmulator, type RunningEmulator, type StartEmulatorOptions } from '../../src/emulator/server.js';

export const TOKEN = 'scenario-token-7f3a9c0e5b1d4e2f8a6c';

export interface Harness {
  emulator: RunningEmulator;
  client: CloudflareClient;
  zoneId: string;
  close(): Promise<void>;
}

export async function startHarness(options: StartEmulatorOptions = {}): Promise<Harness> {
  const emulator = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN, ...options });
  const client = new CloudflareClient({ baseUrl: emulator.baseUrl, credentials: { kind: 'token', token: TOKEN }, limiter: null });
  return {
    emulator,
    client,
    zoneId: emulator.zones[0].id,
    async close() {
      await client.close();
      await emulator.close();
    },
  };
}

/** Load a zone file from text; fails the test on any error. */
export function config(yaml: string, env: Record<string, string> = {}): ZoneConfig {
  const { config: c, problems } = parseZoneFile({ path: 'zone.yaml', text: yaml }, env);
  const errors = problems.filter((p) => p.severity === 'error');
  expect(errors, JSON.stringify(errors, null, 2)).toEqual([]);
  if (!c) throw new Error('no config');
  return c;
}

/** Plan, apply, and require that a second plan is empty. Returns the first plan's run. */
export async function converge(h: Harness, c: ZoneConfig, opts: { batch?: boolean } = {}): Promise<ZoneRun> {
  const run = await planZoneRun(h.client, c);
  const outcomes = await applyZoneRuns(h.client, [run], { batch: opts.batch ?? true, concurrency: 4 });
  for (const o of outcomes) {
    expect(o.result.error?.message ?? null).toBeNull();
    expect(o.result.ok).toBe(true);
    expect(o.residual?.operations ?? []).toEqual([]);
  }
  const again = await planZoneRun(h.client, c);
  expect(again.plan.operations).toEqual([]);
  return run;
}

export interface ListedRecord {
  id: string;
  name: string;
  type: string;
  content: string;
  ttl: number;
  proxied: boolean;
  priority?: number;
  data?: Record<string, unknown>;
  comment: string | null;
  tags: string[];
}

/** Every live record, listed with the raw API (not through the code under test's reader). */
export async function listRecords(h: Harness): Promise<ListedRecord[]> {
  const res = await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records?per_page=5000`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  const body = (await res.json()) as { result: ListedRecord[] };
  return body.result;
}

/** Compact `name type content` lines, sorted, for assertions. */
export function summarize(records: readonly ListedRecord[]): string[] {
  return records
    .map(
      (r) =>
        `${r.name} ${r.type} ${r.priority !== undefined && r.type === 'MX' ? `${r.priority} ` : ''}${r.content} ttl=${r.ttl}${r.proxied ? ' proxied' : ''}`,
    )
    .sort();
}
