/**
 * What the zone's plan decides, through the real CLI against the emulator (issue 43, items 1 and
 * 4): tags are a feature of paid plans (none on Free; names at most 32 characters, values at most
 * 100, 20 a record), and so is `flatten_all_cnames`. A Free-zone file with tags is refused by plan
 * before any write (it used to plan clean and fail at apply); the same file applies to a Pro zone
 * and plans empty after. `flatten_all_cnames: true` on a Free zone is a warning of the plan (the
 * service's answer is not published). Tag lengths are the file's alone: validate refuses them.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli, type CliResult } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'tier-tags-token-0123456789abcdef0123';

const TAGGED = (zone: string): string => `version: 1
zone: ${zone}
records:
  - { name: "@", type: A, content: 192.0.2.1 }
  - { name: www, type: A, content: 192.0.2.2, tags: ["team:web", owner] }
`;

describe('tags and flatten_all_cnames per plan', () => {
  let free: RunningEmulator;
  let pro: RunningEmulator;
  let dir: string;
  const cli = (emu: RunningEmulator, ...args: string[]): Promise<CliResult> =>
    runCli(args, { CLOUDFLARE_BASE_URL: emu.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN }, dir);
  const records = async (emu: RunningEmulator): Promise<unknown[]> => {
    const res = await fetch(`${emu.baseUrl}/zones/${emu.zones[0]!.id}/dns_records`, { headers: { authorization: `Bearer ${TOKEN}` } });
    return ((await res.json()) as { result: unknown[] }).result;
  };

  beforeAll(async () => {
    free = await startEmulator({ port: 0, zones: ['free.example'], token: TOKEN, zonePlan: 'free' });
    pro = await startEmulator({ port: 0, zones: ['pro.example'], token: TOKEN, zonePlan: 'pro' });
    dir = tempDir('tier-tags');
    writeFileSync(join(dir, 'free.yaml'), TAGGED('free.example'));
    writeFileSync(join(dir, 'pro.yaml'), TAGGED('pro.example'));
  });
  afterAll(async () => {
    await free?.close();
    await pro?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('a Free zone: plan and apply refuse a record with tags before any write, naming its line', async () => {
    const plan = await cli(free, 'plan', 'free.yaml');
    expect(plan.code).toBe(1);
    expect(plan.stderr).toMatch(
      /error\[ZONE_PLAN_LIMIT\]: free\.example: free\.yaml: the zone is on the free plan, which refuses this record: records\[1\] \(line 5\) www\.free\.example A: 2 tag\(s\) \(tags are a feature of paid plans; a Free zone takes none\) \[tier\.tags\]; nothing was planned/,
    );
    const apply = await cli(free, 'apply', 'free.yaml', '--yes');
    expect(apply.code).toBe(1);
    expect(apply.stderr).toMatch(/ZONE_PLAN_LIMIT/);
    expect(await records(free)).toEqual([]);
  });

  it('a Pro zone: the same file applies, and a second plan is empty', async () => {
    const apply = await cli(pro, 'apply', 'pro.yaml', '--yes');
    expect(apply.code, apply.stderr).toBe(0);
    const again = await cli(pro, 'plan', 'pro.yaml', '--detailed-exitcode');
    expect(again.code, again.stdout).toBe(0);
    expect(JSON.stringify(await records(pro))).toContain('"tags":["owner","team:web"]');
  });

  it('validate refuses a tag name over 32 characters and a value over 100, at their lines', async () => {
    writeFileSync(
      join(dir, 'long.yaml'),
      `version: 1\nzone: pro.example\nrecords:\n  - { name: a, type: A, content: 192.0.2.1, tags: ["${'n'.repeat(33)}:v", "team:${'v'.repeat(101)}", "${'n'.repeat(32)}:${'v'.repeat(100)}"] }\n`,
    );
    const r = await runCli(['validate', 'long.yaml'], {}, dir);
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n').filter((l) => l.startsWith('long.yaml:4:'));
    expect(lines).toEqual([
      expect.stringMatching(
        /^long\.yaml:4:\d+ records\[0\]\.tags\[0\]: the tag name `n{20}\.\.\.` is 33 characters long; the service takes at most 32$/,
      ),
      expect.stringMatching(
        /^long\.yaml:4:\d+ records\[0\]\.tags\[1\]: the value of tag `team` is 101 characters long; the service takes at most 100$/,
      ),
    ]);
  });

  it('flatten_all_cnames on a Free zone is a warning of the plan; on a Pro zone none', async () => {
    const file = (zone: string): string =>
      `version: 1\nzone: ${zone}\nsettings: { flatten_all_cnames: true }\nrecords:\n  - { name: "@", type: A, content: 192.0.2.1 }\n`;
    writeFileSync(join(dir, 'flat-free.yaml'), file('free.example'));
    writeFileSync(join(dir, 'flat-pro.yaml'), file('pro.example'));
    const onFree = await cli(free, 'plan', 'flat-free.yaml');
    expect(onFree.code, onFree.stderr).toBe(0);
    expect(`${onFree.stdout}${onFree.stderr}`).toMatch(
      /settings\.flatten_all_cnames is a feature of paid plans; this zone is on the free plan \[tier\.flatten-all-cnames\]/,
    );
    const onPro = await cli(pro, 'plan', 'flat-pro.yaml');
    expect(onPro.code, onPro.stderr).toBe(0);
    expect(`${onPro.stdout}${onPro.stderr}`).not.toMatch(/flatten-all-cnames/);
  });
});
