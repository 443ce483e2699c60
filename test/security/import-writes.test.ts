/**
 * Issue 39 item 8: `import` wrote through links the repository committed. With `.zonectl` or
 * `zones` committed as a link out of the repository, `import` wrote `zone.schema.json`, the zone
 * files and `zonectl.yaml` outside it (over whatever was there: the stand-ins here for files of
 * the user's home). Writes are now confined as reads are (SECURITY.md): a path whose directory
 * leads out of the repository through a link, or a link at the file's own place, is refused
 * before anything is written, and nothing is written anywhere (all or nothing).
 */
import { existsSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';
import { makeRepo, type PrRepo } from './pr-repo.js';

const OCTODNS_CONFIG = `providers:
  config:
    class: octodns.provider.yaml.YamlProvider
    directory: ./config
  cloudflare:
    class: octodns_cloudflare.CloudflareProvider
    token: env/CLOUDFLARE_TOKEN
zones:
  example.com.:
    sources: [config]
    targets: [cloudflare]
`;
const STAND_IN = 'the user file: must stay as it is\n';

describe('import writes only inside the repository, never through a committed link', () => {
  let repo: PrRepo;
  let outside: string;
  const run = (args: string[]): Promise<CliResult> => runCli(args, {}, repo.root);
  const octodns = ['import', '--from', 'octodns', 'config/octodns.yaml', '--out', 'zones/'];

  beforeEach(() => {
    repo = makeRepo('zonectl-sec-import-writes-');
    outside = tempDir('sec-import-writes-outside');
    // Stand-ins for files of the user's home at the names import writes.
    for (const name of ['zone.schema.json', 'example.com.yaml', 'zonectl.yaml']) writeFileSync(join(outside, name), STAND_IN);
    repo.write('config/octodns.yaml', OCTODNS_CONFIG);
    repo.write('config/example.com.yaml', 'www:\n  type: A\n  value: 192.0.2.1\n');
  });
  afterEach(() => repo.remove());

  /** Outside is as it was (no file added, none changed); no write was announced. */
  const expectNothingWritten = (r: CliResult, before: string[] = ['example.com.yaml', 'zone.schema.json', 'zonectl.yaml']): void => {
    expect(readdirSync(outside).sort()).toEqual(before);
    for (const name of readdirSync(outside)) expect(readFileSync(join(outside, name), 'utf8'), name).toBe(STAND_IN);
    expect(r.stdout + r.stderr).not.toMatch(/wrote /);
  };

  it.each([
    ['not there yet (import would create it there)', true],
    ['already there (import would leave it)', false],
  ])('.zonectl committed as a link out, the schema %s: refused, no zone file written', async (_what, absent) => {
    if (absent) rmSync(join(outside, 'zone.schema.json'));
    symlinkSync(outside, join(repo.root, '.zonectl'));
    const r = await run(octodns);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(
      /error\[UNSAFE_EXPORT_PATH\]: .*\.zonectl\/zone\.schema\.json: a symlink leads outside the repository .*nothing (was )?written/,
    );
    expectNothingWritten(r, absent ? ['example.com.yaml', 'zonectl.yaml'] : undefined);
    expect(existsSync(join(repo.root, 'zones'))).toBe(false);
  });

  it('zones committed as a link out: refused, no zone file and no zonectl.yaml written through it', async () => {
    symlinkSync(outside, join(repo.root, 'zones'));
    const r = await run([...octodns, '--force']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(
      /error\[UNSAFE_EXPORT_PATH\]: zones\/example\.com\.yaml: a symlink leads outside the repository .*nothing (was )?written/,
    );
    expectNothingWritten(r);
    expect(existsSync(join(repo.root, '.zonectl'))).toBe(false);
  });

  it('the output directory given as a link out (--out out/): refused', async () => {
    symlinkSync(outside, join(repo.root, 'out'));
    const r = await run(['import', '--from', 'octodns', 'config/octodns.yaml', '--out', 'out/', '--force']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/out\/example\.com\.yaml: a symlink leads outside the repository/);
    expectNothingWritten(r);
  });

  it('a zone file or zonectl.yaml committed as a link out: refused, not written through nor replaced', async () => {
    repo.write('zones/.keep', '');
    symlinkSync(join(outside, 'zonectl.yaml'), join(repo.root, 'zones', 'zonectl.yaml'));
    const r = await run([...octodns, '--force']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/zones\/zonectl\.yaml: is a symlink; zonectl does not write through or replace one/);
    expectNothingWritten(r);
    expect(readdirSync(join(repo.root, 'zones'))).toEqual(['.keep', 'zonectl.yaml']);
  });

  it('BIND import --out through a linked directory: refused', async () => {
    symlinkSync(outside, join(repo.root, 'zones'));
    repo.write('example.com.zone', '$ORIGIN example.com.\nwww 300 IN A 192.0.2.1\n');
    const r = await run(['import', 'example.com.zone', '--zone', 'example.com', '--out', 'zones/example.com.yaml', '--force']);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/zones\/example\.com\.yaml: a symlink leads outside the repository/);
    expectNothingWritten(r);
  });

  it('inside the repository, import writes as before (the control)', async () => {
    const r = await run(octodns);
    expect(r.code, r.stderr).toBe(0);
    expect(existsSync(join(repo.root, 'zones', 'example.com.yaml'))).toBe(true);
    expect(existsSync(join(repo.root, '.zonectl', 'zone.schema.json'))).toBe(true);
    expectNothingWritten({ code: 0, stdout: '', stderr: '' });
  });
});
