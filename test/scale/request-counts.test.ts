/**
 * The requests a big zone costs are deterministic, so they are tested (their time is measured
 * in `npm run bench -- bigzone`, never here): the real CLI against the real emulator over
 * loopback, every request the emulator answered counted from its request log.
 *
 * - a clean plan: at most 4 requests (zone, records in one page, tokens, settings);
 * - a commit of a few changes to a Pro zone: plan 4 requests in 2 round trips (no record usage
 *   below the tier's smallest quota, no token read beyond the list), apply --yes 5;
 * - `apply --yes` of N creates: at most ceil(N / batch limit) + 5 (zone, lock, records, the
 *   record quota when the creates may pass the smallest one, the batches with the lock released
 *   inside the last one, the check afterwards: no second zone lookup), here 450 creates on a
 *   Free zone (batch limit 200).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'request-counts-token-0123456789abcdef';
const FREE_BATCH_LIMIT = 200;

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function start(
  zones: string[],
  recordQuota?: number,
  zonePlan: 'free' | 'pro' = 'free',
): Promise<{ env: Record<string, string>; requests: string[] }> {
  const requests: string[] = [];
  emulator = await startEmulator({
    port: 0,
    zones,
    token: TOKEN,
    zonePlan,
    logger: (line) => requests.push(line),
    ...(recordQuota !== undefined ? { recordQuota } : {}),
  });
  return { env: { CLOUDFLARE_BASE_URL: emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN }, requests };
}

/** `METHOD /path` of each request line, ids as {id}, without the query. */
function shapes(lines: readonly string[]): string[] {
  return lines
    .map((l) => /^([A-Z]+) (\S+)/.exec(l))
    .filter((m): m is RegExpExecArray => m !== null)
    .map(
      (m) =>
        `${m[1]} ${m[2]!
          .split('?')[0]!
          .replace('/client/v4', '')
          .replace(/\/[0-9a-f]{32}(?=\/|$)/g, '/{id}')}`,
    );
}

function zoneFile(dir: string, zone: string, count: number): string {
  const lines = ['version: 1', `zone: ${zone}`, 'records:'];
  for (let i = 0; i < count; i += 1) lines.push(`  - { name: host-${i}, type: A, content: 198.51.${i >> 8}.${i & 255} }`);
  const file = join(dir, `${zone}.yaml`);
  writeFileSync(file, `${lines.join('\n')}\n`);
  return file;
}

describe('requests of a big zone', () => {
  it(`apply --yes of 450 creates on a Free zone: ceil(450 / ${FREE_BATCH_LIMIT}) + 5 requests; then a clean plan: at most 4`, async () => {
    // A Free zone created before 2024-09-01 holds 1,000 records (a new one 200).
    const { env, requests } = await start(['big.example'], 1000);
    const file = zoneFile(tempDir('counts'), 'big.example', 450);

    const applied = await runCli(['apply', '--yes', file], env);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(/applied 450 create, 0 update, 0 delete in 3 calls; verified/);
    const applyRequests = shapes(requests.splice(0));
    expect(applyRequests).toEqual([
      'GET /zones', // the zone, by name
      'POST /zones/{id}/dns_records', // the apply lock
      'GET /zones/{id}/dns_records', // the records, planned under the lock
      'GET /zones/{id}/dns_records/usage', // the record quota: 450 creates may pass a Free zone's
      'POST /zones/{id}/dns_records/batch',
      'POST /zones/{id}/dns_records/batch',
      'POST /zones/{id}/dns_records/batch', // the last batch also deletes the lock
      'GET /zones/{id}/dns_records', // the check afterwards
    ]);
    expect(applyRequests.length).toBeLessThanOrEqual(Math.ceil(450 / FREE_BATCH_LIMIT) + 5);
    // The lock went with the last batch: none is left behind.
    const left = await fetch(`${emulator!.baseUrl}/zones/${emulator!.zones[0]!.id}/dns_records?per_page=1000`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    const names = ((await left.json()) as { result: Array<{ name: string }> }).result.map((r) => r.name);
    expect(names.filter((n) => n.startsWith('_zonectl'))).toEqual([]);
    expect(names).toHaveLength(450);
    requests.splice(0);

    const planned = await runCli(['plan', file, '--detailed-exitcode'], env);
    expect(planned.code, planned.stderr).toBe(0);
    const planRequests = shapes(requests);
    // The zone first; then its records, the token list and which token is in use (never reported
    // as unlisted), read at the same time (in any order).
    expect(planRequests[0]).toBe('GET /zones');
    expect(planRequests.slice(1).sort()).toEqual(['GET /user/tokens', 'GET /user/tokens/verify', 'GET /zones/{id}/dns_records']);
    expect(planRequests.length).toBeLessThanOrEqual(4);
  }, 180_000);

  it('a commit to a 300-record Pro zone: plan asks 4 requests in 2 round trips, apply --yes 5, and a second plan is empty', async () => {
    const { env, requests } = await start(['team.example'], undefined, 'pro');
    const dir = tempDir('counts');
    const file = zoneFile(dir, 'team.example', 300);
    const created = await runCli(['apply', '--yes', file], env);
    expect(created.code, created.stderr).toBe(0);
    // The commit: two records added, one changed.
    writeFileSync(
      file,
      `${readFileSync(file, 'utf8').replace('content: 198.51.0.7 }', 'content: 203.0.113.7 }')}  - { name: new-1, type: A, content: 198.18.0.1 }\n  - { name: new-2, type: A, content: 198.18.0.2 }\n`,
    );
    requests.splice(0);
    const planned = await runCli(['plan', file, '--detailed-exitcode'], env);
    expect(planned.code, planned.stderr).toBe(2);
    expect(planned.stdout).toMatch(/2 to create, 1 to update, 0 to delete/);
    const planRequests = shapes(requests.splice(0));
    // The zone; then its records, the token list and the token in use, at once. No record
    // usage: 300 records and 2 creates cannot pass a Pro zone's smallest quota (3,500). No
    // GET /user/tokens/{id}: the permission check finds the token in use in the list.
    expect(planRequests[0]).toBe('GET /zones');
    expect(planRequests.slice(1).sort()).toEqual(['GET /user/tokens', 'GET /user/tokens/verify', 'GET /zones/{id}/dns_records']);
    const applied = await runCli(['apply', '--yes', file], env);
    expect(applied.code, applied.stderr).toBe(0);
    expect(shapes(requests.splice(0))).toEqual([
      'GET /zones', // the zone, by name
      'POST /zones/{id}/dns_records', // the apply lock
      'GET /zones/{id}/dns_records', // the records, planned under the lock
      'POST /zones/{id}/dns_records/batch', // the writes, and the lock's delete
      'GET /zones/{id}/dns_records', // the check afterwards
    ]);
    const again = await runCli(['plan', file, '--detailed-exitcode'], env);
    expect(again.code, again.stdout + again.stderr).toBe(0);
  }, 180_000);

  it('plan of many zones looks each listed zone up once: the zones list, then records and tokens', async () => {
    const zones = Array.from({ length: 6 }, (_, i) => `z${i}.example`);
    const { env, requests } = await start(zones);
    const dir = tempDir('counts');
    for (const zone of zones) zoneFile(dir, zone, 2);
    const r = await runCli(['plan', dir, '--format', 'json'], env);
    expect(r.code, r.stderr).toBe(0);
    const counts = new Map<string, number>();
    for (const s of shapes(requests)) counts.set(s, (counts.get(s) ?? 0) + 1);
    // No GET /zones/{id}: the listed zone object is handed to each zone's plan. (The plan has
    // changes, so the run also checks once what the token may write: verify tells which token is
    // in use, never reported as unlisted, and its policies are those of the token list the run
    // read: no GET /user/tokens/{id}.)
    expect(Object.fromEntries(counts)).toEqual({
      'GET /zones': 1,
      'GET /zones/{id}/dns_records': 6,
      'GET /user/tokens': 1,
      'GET /user/tokens/verify': 1,
    });
  }, 180_000);
});
