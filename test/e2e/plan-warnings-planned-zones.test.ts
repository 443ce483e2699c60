/**
 * Only what the run plans speaks (issue 44, item 3; issue 43, item 9): `plan --changed-since`
 * and `--shard` tell the warnings of the zones they plan, never those of the zones they skip
 * (those are counted, in the note of the zones skipped). Through the real CLI against the
 * emulator, in a real git repository.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inShard, parseShard } from '../../src/core/shard.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { git } from '../support/git.js';
import { runCli, type CliResult } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'plan-warnings-token-0123456789abcdef01';
const ZONES = ['a.example', 'b.example', 'c.example'];

/** A zone file whose one record draws a warning naming its zone (an underscore in an A record's name). */
const zoneFile = (zone: string, ip: string): string =>
  `version: 1\nzone: ${zone}\nrecords:\n  - { name: host_${zone.split('.')[0]}, type: A, content: ${ip} }\n`;

describe('warnings print only for the zones the run plans', () => {
  let emu: RunningEmulator;
  let repo: string;
  const write = (path: string, text: string): void => {
    mkdirSync(join(repo, path, '..'), { recursive: true });
    writeFileSync(join(repo, path), text);
  };
  const cli = (...args: string[]): Promise<CliResult> =>
    runCli(args, { CLOUDFLARE_BASE_URL: emu.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN }, repo);
  const warned = (r: CliResult): string[] =>
    r.stderr
      .split('\n')
      .filter((l) => /: warning: label `host_/.test(l))
      .map((l) => /`host_(\w+)`/.exec(l)![1]!);

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, zones: ZONES, token: TOKEN });
    repo = tempDir('plan-warnings');
    git(repo, 'init', '-q', '-b', 'main');
    for (const zone of ZONES) write(`zones/${zone}.yaml`, zoneFile(zone, '192.0.2.1'));
    git(repo, 'add', '-A');
    git(repo, 'commit', '-q', '-m', 'zones');
    git(repo, 'tag', 'base');
    write('zones/a.example.yaml', zoneFile('a.example', '192.0.2.2'));
    git(repo, 'commit', '-q', '-am', 'a changes');
  }, 60_000);
  afterAll(async () => {
    await emu?.close();
    if (repo !== undefined) rmSync(repo, { recursive: true, force: true });
  });

  it('a plan of every zone tells each zone file its warning', async () => {
    const r = await cli('plan', 'zones');
    expect(r.code, r.stderr).toBe(0);
    expect(warned(r).sort()).toEqual(['a', 'b', 'c']);
  });

  it('--changed-since tells the warning of the zone it plans only; the skipped zones are counted, silently', async () => {
    const r = await cli('plan', 'zones', '--changed-since', 'base');
    expect(r.code, r.stderr).toBe(0);
    expect(warned(r)).toEqual(['a']);
    expect(r.stderr).toMatch(/2 zone\(s\) skipped, unchanged since base/);
    expect(r.stdout).toMatch(/^a\.example \(zone /m);
    expect(`${r.stdout}${r.stderr}`).not.toMatch(/host_[bc]/);
  });

  it('--shard tells the warnings of its own zones only', async () => {
    const shard = parseShard('1/2');
    const mine = ZONES.filter((z) => inShard(z, shard)).map((z) => z.split('.')[0]!);
    const r = await cli('plan', 'zones', '--shard', '1/2');
    expect(r.code, r.stderr).toBe(0);
    expect(warned(r).sort()).toEqual(mine.sort());
    expect(mine.length).toBeLessThan(ZONES.length);
  });

  it('drift --shard and apply --changed-since speak of their zones alone too', async () => {
    const shard = parseShard('2/2');
    const mine = ZONES.filter((z) => inShard(z, shard)).map((z) => z.split('.')[0]!);
    const drift = await cli('drift', 'zones', '--shard', '2/2');
    expect([0, 2]).toContain(drift.code);
    expect(warned(drift).sort()).toEqual(mine.sort());
    const apply = await cli('apply', 'zones', '--changed-since', 'base', '--yes');
    expect(apply.code, apply.stderr).toBe(0);
    expect(warned(apply)).toEqual(['a']);
  });
});
