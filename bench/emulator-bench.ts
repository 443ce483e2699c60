/**
 * Benchmarks against the in-process emulator over loopback: apply in batch mode vs one call per
 * record, reading 100,000 live records, and the cost of the emulator's durability (journal).
 */
import { rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { CloudflareClient, executeOperations, readLiveRecords } from '../src/api/index.js';
import { diffRecords } from '../src/core/diff/diff-records.js';
import type { CanonicalRecord } from '../src/core/model/record.js';
import { buildZonePlan } from '../src/core/plan/build-plan.js';
import type { Operation } from '../src/core/plan/operation.js';
import { startEmulator, type RunningEmulator, type StartEmulatorOptions } from '../src/emulator/server.js';
import { BENCH_RECORD_QUOTA, desiredRecords } from './fixtures.js';
import { timeIt } from './measure.js';

const TOKEN = 'bench-token-5d1e9a7c3b2f4e6a8c0d';
const ZONE = 'example.com';
/** The batch limit of a 'pro' zone (https://developers.cloudflare.com/dns/manage-dns-records/how-to/batch-record-changes/). */
export const PRO_BATCH_LIMIT = 3500;

interface Session {
  emulator: RunningEmulator;
  client: CloudflareClient;
  zoneId: string;
  close(): Promise<void>;
}

async function open(options: StartEmulatorOptions = {}): Promise<Session> {
  const emulator = await startEmulator({
    port: 0,
    zones: [ZONE],
    token: TOKEN,
    zonePlan: 'pro',
    recordQuota: BENCH_RECORD_QUOTA,
    ...options,
  });
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

/** The create operations of a plan from nothing to `desired`. */
function createOperations(desired: readonly CanonicalRecord[], zoneId: string): readonly Operation[] {
  const diff = diffRecords({ zone: ZONE, desired, live: [], rules: { unmanaged: 'keep', ignore: [] } });
  const plan = buildZonePlan({
    zone: ZONE,
    zoneId,
    desired,
    live: [],
    diff,
    thresholds: { maxDeletePercent: 100, maxUpdatePercent: 100, minRecords: 10 },
  });
  return plan.operations;
}

async function createAll(s: Session, desired: readonly CanonicalRecord[], batch: boolean): Promise<{ ms: number; calls: number }> {
  const ops = createOperations(desired, s.zoneId);
  const { ms, value } = await timeIt(() => executeOperations(s.client, ops, { batch, batchLimit: PRO_BATCH_LIMIT, concurrency: 8 }));
  if (!value.ok) throw new Error(`apply failed: ${value.error?.message ?? 'unknown error'}`);
  if (value.applied.length !== ops.length) throw new Error(`applied ${value.applied.length} of ${ops.length}`);
  return { ms, calls: value.calls };
}

export interface ApplyResult {
  records: number;
  batch: { ms: number; calls: number };
  single: { ms: number; calls: number };
}

/** The same 10,000-record change applied to two fresh zones: batch calls, then one call per record. */
export async function benchApply(count: number): Promise<ApplyResult> {
  const desired = desiredRecords(count);
  const results: Partial<ApplyResult> = { records: count };
  for (const batch of [true, false]) {
    const s = await open();
    try {
      const r = await createAll(s, desired, batch);
      if (batch) results.batch = r;
      else results.single = r;
    } finally {
      await s.close();
    }
  }
  return results as ApplyResult;
}

export interface DurabilityResult {
  records: number;
  /** Creating `records` records (batch calls) without and with a state file. */
  inMemoryMs: number;
  journaledMs: number;
  /** Reading back `liveRecords` records with readLiveRecords (paged GETs). */
  liveRecords: number;
  liveReadMs: number;
  /** Restart (load) of a state file holding `liveRecords` records. */
  stateFileMb: number;
  restartMs: number;
}

export async function benchDurability(dir: string, writeCount: number, readCount: number): Promise<DurabilityResult> {
  const small = desiredRecords(writeCount);
  const memory = await open();
  let inMemoryMs: number;
  try {
    inMemoryMs = (await createAll(memory, small, true)).ms;
  } finally {
    await memory.close();
  }
  const journalPath = join(dir, 'journal-10k.state');
  const journaled = await open({ statePath: journalPath });
  let journaledMs: number;
  try {
    journaledMs = (await createAll(journaled, small, true)).ms;
  } finally {
    await journaled.close();
  }

  // 100,000 records: written once (batch calls), read back, then the emulator restarted on the file.
  const statePath = join(dir, 'big.state');
  const big = await open({ statePath });
  const zoneId = big.zoneId;
  let liveReadMs: number;
  try {
    await createAll(big, desiredRecords(readCount), true);
    const { ms, value } = await timeIt(() => readLiveRecords(big.client, big.zoneId, ZONE));
    if (value.records.length < readCount) throw new Error(`read ${value.records.length} of ${readCount} records`);
    liveReadMs = ms;
  } finally {
    await big.close();
  }
  const stateFileMb = statFiles(dir, 'big.state') / 1e6;
  const { ms: restartMs, value: restarted } = await timeIt(() => startEmulator({ port: 0, statePath }));
  try {
    const loaded = restarted.store.size(`records:${zoneId}`);
    if (loaded < readCount) throw new Error(`restart loaded ${loaded} of ${readCount} records`);
  } finally {
    await restarted.close();
  }
  rmSync(journalPath, { force: true });
  return { records: writeCount, inMemoryMs, journaledMs, liveRecords: readCount, liveReadMs, stateFileMb, restartMs };
}

/** Total size of the files a state path uses (the file itself and any `<path>.*` companions). */
function statFiles(dir: string, base: string): number {
  let total = 0;
  for (const suffix of ['', '.journal', '.snapshot', '.tmp']) {
    try {
      total += statSync(join(dir, base + suffix)).size;
    } catch {
      // not used by this store layout
    }
  }
  return total;
}
