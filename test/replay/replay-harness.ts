/** Plan zone files with the real client and app layer against a replay server of recorded answers. */
import { expect } from 'vitest';
import { CloudflareClient } from '../../src/api/index.js';
import { planZoneRun, type ZoneRun } from '../../src/app/engine/plan-zone-run.js';
import type { RecordOperation } from '../../src/core/plan/operation.js';
import { parseZoneFile, type ZoneConfig } from '../../src/core/zonefile/index.js';
import type { RecordedFixture } from './fixtures.js';
import { startReplayServer, type ReplayServer } from './replay-server.js';

export const REPLAY_TOKEN = 'replay-token-3b9d0c7e1a5f4e2d';

export interface Replay {
  readonly server: ReplayServer;
  readonly client: CloudflareClient;
  close(): Promise<void>;
}

export async function startReplay(f: RecordedFixture): Promise<Replay> {
  const server = await startReplayServer({ token: REPLAY_TOKEN, zones: [f.zone] });
  const client = new CloudflareClient({ baseUrl: server.baseUrl, credentials: { kind: 'token', token: REPLAY_TOKEN }, limiter: null });
  return {
    server,
    client,
    async close() {
      await client.close();
      await server.close();
    },
  };
}

/** Load a zone file from text; fails the test on any error. */
export function loadConfig(text: string, file = 'zone.yaml'): ZoneConfig {
  const { config, problems } = parseZoneFile({ path: file, text }, {});
  const errors = problems.filter((p) => p.severity === 'error');
  expect(errors, JSON.stringify(errors, null, 2)).toEqual([]);
  if (!config) throw new Error('no config');
  return config;
}

export async function plan(r: Replay, config: ZoneConfig): Promise<ZoneRun> {
  const run = await planZoneRun(r.client, config);
  // The replay server serves reads only: planning never writes.
  expect(r.server.requests.filter((q) => !q.startsWith('GET '))).toEqual([]);
  return run;
}

/** `text` with `from` replaced by `to`; `from` must occur exactly once. */
export function edit(text: string, from: string, to: string): string {
  const at = text.indexOf(from);
  expect(at, `"${from}" is in the zone file`).toBeGreaterThanOrEqual(0);
  expect(text.indexOf(from, at + 1), `"${from}" occurs once`).toBe(-1);
  return text.slice(0, at) + to + text.slice(at + from.length);
}

/** The plan is exactly one update of that record (recorded id), changing exactly `fields`. */
export function expectOneUpdate(run: ZoneRun, want: { id: string; name: string; type: string; fields: string[] }): RecordOperation {
  const ops = run.plan.operations;
  expect(ops.map((o) => `${o.kind} ${o.action}`)).toEqual(['dns_record update']);
  const op = ops[0] as RecordOperation;
  expect(op.before?.name).toBe(want.name);
  expect(op.before?.type).toBe(want.type);
  expect([...op.fields]).toEqual(want.fields);
  expect(op.recordId).toBe(want.id);
  return op;
}
