/**
 * Many zones in one run, through the real CLI against the real emulator: directories of zone
 * files, one failing zone that does not stop the others, the worst exit code, a closing summary
 * table, zone ids from one listing of the zones, and a rate budget the run never overruns.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'scale-token-1c9e7a5b3d2f4e6a8b0c';

function zoneFile(zone: string): string {
  return `version: 1\nzone: ${zone}\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n  - { name: "@", type: TXT, content: "${zone}" }\n`;
}

/** A repository with zone files in nested directories (and a file that is no zone file). */
function repository(zones: readonly string[]): string {
  const dir = tempDir('scale');
  zones.forEach((zone, i) => {
    const sub = join(dir, 'zones', i % 2 === 0 ? 'a' : join('b', 'c'));
    mkdirSync(sub, { recursive: true });
    writeFileSync(join(sub, `${zone}.${i % 3 === 0 ? 'yml' : 'yaml'}`), zoneFile(zone));
  });
  writeFileSync(join(dir, 'zones', 'README.md'), 'not a zone file\n');
  return dir;
}

let emulator: RunningEmulator | undefined;
afterEach(async () => {
  await emulator?.close();
  emulator = undefined;
});

async function start(
  zones: string[],
  extra: Parameters<typeof startEmulator>[0] = {},
): Promise<{ env: Record<string, string>; requests: string[] }> {
  const requests: string[] = [];
  emulator = await startEmulator({ port: 0, zones, token: TOKEN, logger: (line) => requests.push(line), ...extra });
  return { env: { CLOUDFLARE_BASE_URL: emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN }, requests };
}

describe('plan and drift of a directory of zones', () => {
  const zones = ['alpha.example', 'bravo.example', 'charlie.example', 'delta.example', 'echo.example', 'foxtrot.example'];

  it('plans every zone under the directory, keeps going past a failing zone, exits with the worst outcome', async () => {
    // foxtrot.example is not in the account: its lookup fails; the five others are planned.
    const { env, requests } = await start(zones.slice(0, 5));
    const dir = repository(zones);
    const r = await runCli(['plan', join(dir, 'zones'), '--detailed-exitcode'], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/zonectl: error\[ZONE_LOOKUP\]: foxtrot\.example: zone "foxtrot\.example" not found/);
    for (const zone of zones.slice(0, 5)) expect(r.stdout).toContain(`${zone} (zone `);
    const table = r.stdout.slice(r.stdout.indexOf('zone  '));
    expect(table).toMatch(/^zone\s+create\s+update\s+delete\s+unmanaged\s+warnings\s+status$/m);
    expect(table).toMatch(/^alpha\.example\s+2\s+0\s+0\s+0\s+0\s+changes$/m);
    expect(table).toMatch(/^foxtrot\.example\s+-\s+-\s+-\s+-\s+-\s+failed \(ZONE_LOOKUP\)$/m);
    expect(table).toContain('6 zones: 5 with changes, 1 failed, 0 in sync');
    // Zone ids from one listing of the zones, not one lookup by name per zone.
    const byName = requests.filter((l) => /^GET \/client\/v4\/zones\?.*name=/.test(l));
    const listings = requests.filter((l) => /^GET \/client\/v4\/zones\?/.test(l) && !/name=/.test(l));
    expect(listings.length).toBe(1);
    expect(byName.length).toBe(1); // the unknown zone's own lookup, which explains the failure
  });

  it('drift over the directory: exit 2 on drift, 0 once in sync; JSON lists every zone', async () => {
    const { env } = await start(zones);
    const dir = repository(zones);
    const drift = await runCli(['drift', join(dir, 'zones'), '--format', 'json'], env);
    expect(drift.code).toBe(2);
    const doc = JSON.parse(drift.stdout) as { zones: Array<{ zone: string }> };
    expect(doc.zones.map((z) => z.zone).sort()).toEqual([...zones].sort());
    const apply = await runCli(['apply', join(dir, 'zones'), '--yes'], env);
    expect(apply.code, apply.stderr).toBe(0);
    const clean = await runCli(['drift', join(dir, 'zones')], env);
    expect(clean.code).toBe(0);
    expect(clean.stdout).toContain('6 zones: 0 with changes, 0 failed, 6 in sync');
  });

  it('a directory without zone files is an error naming it, before any API call', async () => {
    const dir = tempDir('empty');
    const r = await runCli(['plan', dir], { CLOUDFLARE_BASE_URL: 'http://127.0.0.1:9/client/v4', CLOUDFLARE_API_TOKEN: TOKEN });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`${dir}:1:1: directory holds no zone file (*.yaml, *.yml)`);
    expect(r.stderr).not.toMatch(/ECONNREFUSED/);
  });

  it('--shard K/N: the N runs of a matrix plan every zone exactly once', async () => {
    const { env } = await start(zones);
    const dir = repository(zones);
    const planned: string[] = [];
    for (let k = 1; k <= 3; k++) {
      const r = await runCli(['plan', join(dir, 'zones'), '--shard', `${k}/3`, '--format', 'json'], env);
      expect(r.code, r.stderr).toBe(0);
      planned.push(...(JSON.parse(r.stdout) as { zones: Array<{ zone: string }> }).zones.map((z) => z.zone));
    }
    expect(planned.sort()).toEqual([...zones].sort());
  });

  it('validate accepts a directory', async () => {
    const dir = repository(zones.slice(0, 3));
    const r = await runCli(['validate', join(dir, 'zones')]);
    expect(r.code).toBe(0);
    expect(r.stdout.trim().split('\n')).toHaveLength(3);
  });

  it('a saved plan of a directory lists the zone files read', async () => {
    const { env } = await start(zones.slice(0, 2));
    const dir = repository(zones.slice(0, 2));
    const planPath = join(dir, 'plan.json');
    // Made from the directory (no .git or zonectl.yaml: it is the root apply --plan will take there).
    const r = await runCli(['plan', join(dir, 'zones'), '--out', planPath], env, dir);
    expect(r.code, r.stderr).toBe(0);
    const saved = JSON.parse(readFileSync(planPath, 'utf8')) as { files: Array<{ path: string }> };
    // Relative to that root (README.md, "Saved plans").
    expect(saved.files.map((f) => f.path).sort()).toEqual(['zones/a/alpha.example.yml', 'zones/b/c/bravo.example.yaml']);
    // Made from elsewhere, the files in no repository: none saved, and why.
    const elsewhere = await runCli(['plan', join(dir, 'zones'), '--out', join(dir, 'other.json')], env);
    expect(elsewhere.stderr).toMatch(/no plan saved to .*other\.json: .* is in no repository \(no \.git or zonectl\.yaml at or above it\)/);
  });
});

describe('one rate budget for the run', () => {
  it('plans 40 zones against an emulator that allows 30 requests per 2 s, without one 429', async () => {
    const zones = Array.from({ length: 40 }, (_, i) => `z${String(i).padStart(2, '0')}.example`);
    const { env, requests } = await start(zones, { rateLimit: { requests: 30, seconds: 2 } });
    const dir = repository(zones);
    // The run's own budget is larger than the service's: the Ratelimit headers pace it.
    const r = await runCli(['plan', join(dir, 'zones'), '--format', 'json'], env);
    expect(r.code, r.stderr).toBe(0);
    expect((JSON.parse(r.stdout) as { zones: unknown[] }).zones).toHaveLength(40);
    expect(requests.length).toBeGreaterThan(30); // more than one window's worth
    expect(requests.filter((l) => / 429 /.test(l))).toEqual([]);
  }, 180_000);

  it("--rate-limit sets the budget: a budget below the service's keeps the run under it", async () => {
    const zones = Array.from({ length: 8 }, (_, i) => `r${i}.example`);
    const { env, requests } = await start(zones, { rateLimit: { requests: 100, seconds: 60 } });
    const dir = repository(zones);
    const r = await runCli(['plan', join(dir, 'zones'), '--rate-limit', '10/1'], env);
    expect(r.code, r.stderr).toBe(0);
    expect(requests.filter((l) => / 429 /.test(l))).toEqual([]);
  }, 180_000);

  it('a malformed --rate-limit or --shard is a clear error', async () => {
    const dir = repository(['one.example']);
    const a = await runCli(['plan', join(dir, 'zones'), '--rate-limit', 'fast'], { CLOUDFLARE_API_TOKEN: TOKEN });
    expect(a.code).toBe(1);
    expect(a.stderr).toContain('zonectl: error[BAD_FLAG]: rate limit must look like N/SECONDS');
    const b = await runCli(['plan', join(dir, 'zones'), '--shard', '3/2'], { CLOUDFLARE_API_TOKEN: TOKEN });
    expect(b.code).toBe(1);
    expect(b.stderr).toContain('zonectl: error[BAD_FLAG]: --shard K/N needs 1 <= K <= N');
  });
});
