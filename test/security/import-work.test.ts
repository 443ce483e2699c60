/**
 * Issue 39 items 2 and 6: the files an import reads may come from someone else, and a small one
 * must not make the import use unbounded memory or time. octoDNS: a 1 KB alias bomb ahead of a
 * valid configuration used 0.9 GB (aliases were expanded without a count); `!include` had no set
 * of files already read and no total budget (a file including itself three times is 3^21 file
 * loads). Terraform: a 16 MB `locals` list took 1.5 GB in the HCL parser. Each is now a clear
 * error naming the file (and line), nothing written, and the import runs in a small heap: the CLI
 * runs with a V8 heap of 256 MB, so that unbounded work shows as a crash, not as a slow test.
 */
import { existsSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../support/run-cli.js';
import { makeRepo, type PrRepo } from './pr-repo.js';

const SMALL_HEAP = { NODE_OPTIONS: '--max-old-space-size=256' };

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
const ZONE = `'':\n  type: A\n  value: 192.0.2.1\nwww:\n  type: A\n  value: 192.0.2.2\n`;

/** Nine levels of ten aliases: 10^9 values from about 1 KB. */
function aliasBomb(): string {
  const lines = ['bomb:', `  l0: &l0 [${Array(10).fill('"lol"').join(', ')}]`];
  for (let i = 1; i < 9; i += 1)
    lines.push(
      `  l${i}: &l${i} [${Array(10)
        .fill(`*l${i - 1}`)
        .join(', ')}]`,
    );
  return `${lines.join('\n')}\n`;
}

describe('an import does bounded work, whatever its files hold', () => {
  let repo: PrRepo;
  const out = (): string => join(repo.root, 'zones');
  const run = (args: string[]): Promise<CliResult> => runCli(args, SMALL_HEAP, repo.root);
  const expectRefused = (r: CliResult, message: RegExp): void => {
    expect(r.stderr, r.stderr).toMatch(message);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/error\[IMPORT_INVALID\]: nothing imported, nothing written/);
    expect(r.stderr).not.toMatch(/heap out of memory|^\s+at /m);
    expect(existsSync(out()) ? readdirSync(out()) : []).toEqual([]);
  };

  beforeEach(() => {
    repo = makeRepo('zonectl-sec-import-work-');
  });
  afterEach(() => repo.remove());

  it('octoDNS: a 1 KB alias bomb ahead of a valid configuration is refused at its line', async () => {
    const bomb = aliasBomb();
    expect(bomb.length).toBeLessThan(1200);
    repo.write('config/octodns.yaml', `${bomb}${OCTODNS_CONFIG}`);
    repo.write('config/example.com.yaml', ZONE);
    const r = await run(['import', '--from', 'octodns', 'config/octodns.yaml', '--out', 'zones/']);
    expectRefused(
      r,
      /config\/octodns\.yaml:\d+: YAML aliases expand too far: the file writes \d+ values but its aliases expand them to more than \d+/,
    );
  });

  it('octoDNS: the same bomb in a zone file is refused at its line', async () => {
    repo.write('config/octodns.yaml', OCTODNS_CONFIG);
    repo.write('config/example.com.yaml', `${ZONE}${aliasBomb().replace('bomb:', 'bomb:\n  type: TXT\n  values:')}`);
    const r = await run(['import', '--from', 'octodns', 'config/octodns.yaml', '--out', 'zones/']);
    expectRefused(r, /config\/example\.com\.yaml:\d+: YAML aliases expand too far/);
  });

  it('octoDNS: a file that includes itself three times is a cycle, refused at the include', async () => {
    repo.write('config/octodns.yaml', `${OCTODNS_CONFIG}fan: !include fan.yaml\n`);
    repo.write('config/fan.yaml', 'a: !include fan.yaml\nb: !include fan.yaml\nc: !include fan.yaml\n');
    repo.write('config/example.com.yaml', ZONE);
    const r = await run(['import', '--from', 'octodns', 'config/octodns.yaml', '--out', 'zones/']);
    expectRefused(r, /config\/fan\.yaml:1: !include fan\.yaml: config\/fan\.yaml includes itself/);
  });

  it('octoDNS: a fan of includes (each file includes the next three times, 20 deep) stops at the work budget', async () => {
    for (let i = 0; i < 20; i += 1) {
      const next = `f${i + 1}.yaml`;
      repo.write(`config/fan/f${i}.yaml`, `a: !include ${next}\nb: !include ${next}\nc: !include ${next}\n`);
    }
    repo.write('config/fan/f20.yaml', '[1, 2, 3]\n');
    repo.write('config/octodns.yaml', `${OCTODNS_CONFIG}fan: !include fan/f0.yaml\n`);
    repo.write('config/example.com.yaml', ZONE);
    const r = await run(['import', '--from', 'octodns', 'config/octodns.yaml', '--out', 'zones/']);
    expectRefused(
      r,
      /config\/octodns\.yaml:\d+: !include fan\/f0\.yaml: the octoDNS files of this import expand to more than 2,000,000 values/,
    );
  });

  it('octoDNS: a file shared by many includes is read once and imported in every place (the control)', async () => {
    repo.write('config/octodns.yaml', OCTODNS_CONFIG);
    repo.write('config/common/a.yaml', '{ type: A, value: 192.0.2.9 }\n');
    repo.write(
      'config/example.com.yaml',
      Array.from({ length: 50 }, (_, i) => `h${i}: !include common/a.yaml`)
        .join('\n')
        .concat('\n'),
    );
    const r = await run(['import', '--from', 'octodns', 'config/octodns.yaml', '--out', 'zones/']);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/example\.com: 50 record\(s\) imported/);
  });

  it('octoDNS: more than 8 MiB of YAML in one import is refused before it is parsed', async () => {
    repo.write('config/octodns.yaml', OCTODNS_CONFIG);
    const record = (i: number): string => `h${i}:\n  type: A\n  ttl: 300\n  values:\n    - 192.0.2.${(i % 250) + 1}\n`;
    const parts: string[] = [];
    let size = 0;
    for (let i = 0; size <= 9 * 1024 * 1024; i += 1) {
      const line = record(i);
      parts.push(line);
      size += line.length;
    }
    writeFileSync(join(repo.root, 'config/example.com.yaml'), parts.join(''));
    const r = await run(['import', '--from', 'octodns', 'config/octodns.yaml', '--out', 'zones/']);
    expectRefused(r, /config\/example\.com\.yaml: the octoDNS files of this import are larger than 8 MiB in all/);
  });

  it('Terraform: a .tf file over 2 MiB is refused before the HCL parser reads it, naming the file', async () => {
    const parts: string[] = [];
    let size = 0;
    for (let i = 0; size <= 2 * 1024 * 1024; i += 1) {
      const block = `resource "cloudflare_record" "r${i}" {\n  zone_id = "023e105f4ecef8ad9ca31a8372d0c353"\n  name    = "h${i}"\n  type    = "A"\n  content = "192.0.2.1"\n  ttl     = 300\n}\n`;
      parts.push(block);
      size += block.length;
    }
    writeFileSync(join(repo.root, 'big.tf'), parts.join(''));
    const r = await run(['import', '--from', 'terraform', 'big.tf', '--zone', 'example.com', '--out', 'zones/']);
    expectRefused(r, /big\.tf: larger than zonectl reads as a \.tf file \(\d+ bytes; at most 2097152\): split it/);
  });

  it('Terraform: a state file over 64 MiB is refused before it is parsed, naming the file', async () => {
    const path = join(repo.root, 'terraform.tfstate');
    writeFileSync(path, `{"version": 4, "resources": [], "pad": "${'x'.repeat(64 * 1024 * 1024)}"}\n`);
    const r = await run(['import', '--from', 'terraform', 'terraform.tfstate', '--zone', 'example.com', '--out', 'zones/']);
    expectRefused(r, /terraform\.tfstate: larger than zonectl reads as a JSON input \(\d+ bytes; at most 67108864\)/);
  });
});
