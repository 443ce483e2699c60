/**
 * Issue 39 item 9: an octoDNS YamlProvider's `directory:` outside the repository (absolute, a
 * `../` climb, or a directory committed as a link out) with `zones: '*'` made the import list
 * that directory and print the file names it found (another team's zones, a home directory) in
 * its errors. The directory is now refused before it is listed, as every file an import reads
 * is confined to the configuration's repository (SECURITY.md): no outside file name in any output.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';
import { everythingWritten, makeRepo, type PrRepo } from './pr-repo.js';

/** Names of files outside the repository: none may appear in any output. */
const OUTSIDE_NAMES = ['customer-secret-7c1e.example.yaml', 'payroll-internal-9b2d.example.yaml'];
const OUTSIDE_SPLIT = 'example.com.';
const OUTSIDE_SPLIT_FILE = 'hidden-host-4f8a.yaml';

const config = (directory: string, zones: string): string => `providers:
  config:
    class: octodns.provider.yaml.YamlProvider
    directory: ${directory}
    split_extension: .
  cloudflare:
    class: octodns_cloudflare.CloudflareProvider
    token: env/CLOUDFLARE_TOKEN
zones:
${zones}`;

const DYNAMIC = "  '*':\n    sources: [config]\n    targets: [cloudflare]\n";
const ONE_ZONE = '  example.com.:\n    sources: [config]\n    targets: [cloudflare]\n';

describe('an octoDNS directory outside the repository is refused before it is listed', () => {
  let outside: string;
  let repo: PrRepo;

  beforeAll(() => {
    outside = tempDir('sec-octodns-outside');
    for (const name of OUTSIDE_NAMES) writeFileSync(join(outside, name), "'':\n  type: A\n  value: 192.0.2.1\n");
    mkdirSync(join(outside, OUTSIDE_SPLIT));
    writeFileSync(join(outside, OUTSIDE_SPLIT, OUTSIDE_SPLIT_FILE), 'www:\n  type: A\n  value: 192.0.2.2\n');
  });
  beforeEach(() => {
    repo = makeRepo('zonectl-sec-octodns-dir-');
  });
  afterEach(() => repo.remove());

  const cases: ReadonlyArray<[string, (root: string) => string]> = [
    ['an absolute path', () => outside],
    ['a ../ climb', (root) => relative(join(root, 'config'), outside)],
    [
      'a directory committed as a link out',
      (root) => {
        symlinkSync(outside, join(root, 'config', 'linked'));
        return './linked';
      },
    ],
  ];

  it.each(cases)("zones: '*' with directory: %s", async (_what, directoryOf) => {
    repo.write('config/.keep', '');
    const directory = directoryOf(repo.root);
    repo.write('config/octodns.yaml', config(directory, DYNAMIC));
    const r = await runCli(['import', '--from', 'octodns', 'config/octodns.yaml', '--out', 'zones/', '--all-zones'], {}, repo.root);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(
      /config\/octodns\.yaml:2: provider config: directory .*: (the path|a symlink) leads outside the repository .*; nothing in it is listed or read/,
    );
    const all = everythingWritten([r]);
    for (const name of [...OUTSIDE_NAMES, OUTSIDE_SPLIT_FILE, 'customer-secret', 'payroll-internal']) expect(all).not.toContain(name);
  });

  it.each(cases)('a listed zone with directory: %s (its split directory is not listed either)', async (_what, directoryOf) => {
    repo.write('config/.keep', '');
    const directory = directoryOf(repo.root);
    repo.write('config/octodns.yaml', config(directory, ONE_ZONE));
    const r = await runCli(['import', '--from', 'octodns', 'config/octodns.yaml', '--out', 'zones/'], {}, repo.root);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(
      /provider config: directory .*: (the path|a symlink) leads outside the repository .*; nothing in it is listed or read/,
    );
    expect(everythingWritten([r])).not.toContain(OUTSIDE_SPLIT_FILE);
  });

  it('a split directory inside the repository committed as a link out is refused, its files not listed', async () => {
    repo.write('config/octodns.yaml', config('./zones-src', ONE_ZONE));
    mkdirSync(join(repo.root, 'config', 'zones-src'), { recursive: true });
    symlinkSync(join(outside, OUTSIDE_SPLIT), join(repo.root, 'config', 'zones-src', OUTSIDE_SPLIT));
    const r = await runCli(['import', '--from', 'octodns', 'config/octodns.yaml', '--out', 'zones/'], {}, repo.root);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(
      /config\/zones-src\/example\.com\.: a symlink leads outside the repository .*; nothing in it is listed or read/,
    );
    expect(everythingWritten([r])).not.toContain(OUTSIDE_SPLIT_FILE);
  });

  it('a directory inside the repository is listed as before (the control)', async () => {
    repo.write('config/octodns.yaml', config('./zones-src', DYNAMIC));
    repo.write('config/zones-src/example.com./www.yaml', 'www:\n  type: A\n  value: 192.0.2.3\n');
    const r = await runCli(['import', '--from', 'octodns', 'config/octodns.yaml', '--out', 'zones/', '--all-zones'], {}, repo.root);
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toMatch(/example\.com: 1 record\(s\) imported/);
  });
});
