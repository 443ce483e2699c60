/**
 * Attack families 1 and 4 for `zonectl import`: the files of the old tool may come from someone
 * else (a contributor's migration branch, another team's octoDNS repository). octoDNS's
 * `!include` takes any path (`~` expanded) and a YamlProvider reads `ZONE.yaml` whatever it links
 * to: `value: !include ~/.netrc` copied the machine's secret into a TXT record of the zone file
 * zonectl wrote (and would then publish). Every file of an octoDNS import is now read confined to
 * the configuration's repository, as zone files are. Terraform `.tf` functions are never
 * evaluated, DNSControl's `dnsconfig.js` is never run (only print-ir JSON is read), and BIND's
 * `$INCLUDE` is left out (a warning), its file never read.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';
import { everythingWritten, makeRepo, type PrRepo } from './pr-repo.js';

const SECRET = 'netrc-canary-password-6e1d9b3f';
const ENV_SECRET = 'environ-canary-0b5c8e2a7d41';

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

/** Every file under `dir` (the import's --out), read. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => join(e.parentPath, e.name));
}

describe('import from files someone else wrote', () => {
  let outside: string;
  let repo: PrRepo;
  const out = (): string => join(repo.root, 'zones');
  const run = (args: string[]): Promise<CliResult> => runCli(args, { HOME: outside, JOB_SECRET: ENV_SECRET }, repo.root);

  beforeAll(() => {
    outside = tempDir('sec-import-home');
    writeFileSync(join(outside, '.netrc'), `machine api.example.com login me password ${SECRET}\n`);
  });
  beforeEach(() => {
    repo = makeRepo('zonectl-sec-import-');
  });
  afterEach(() => repo.remove());

  const expectNothingLeaked = (r: CliResult): void => {
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/error\[IMPORT_INVALID\]: nothing imported, nothing written/);
    const all = everythingWritten([r], filesUnder(out()));
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain(ENV_SECRET);
    expect(filesUnder(out())).toEqual([]);
  };

  it.each([
    ['an absolute path', (home: string) => join(home, '.netrc')],
    ['~ (the home directory)', () => '~/.netrc'],
    ['a climb out of the repository', (home: string) => join('..', '..', '..', '..', '..', '..', '..', '..', home, '.netrc')],
  ])('octoDNS: value: !include with %s is refused, nothing of it written or printed', async (_what, target) => {
    repo.write('config/octodns.yaml', OCTODNS_CONFIG);
    repo.write('config/example.com.yaml', `'':\n  type: TXT\n  value: !include ${target(outside)}\n`);
    const r = await run(['import', '--from', 'octodns', 'config/octodns.yaml', '--out', 'zones/']);
    expect(r.stderr).toMatch(/config\/example\.com\.yaml:3: cannot read .*\.netrc: the path leads outside the repository/);
    expectNothingLeaked(r);
  });

  it('octoDNS: a zone file linked to /proc/self/environ, or to a file outside: refused', async () => {
    repo.write(
      'config/octodns.yaml',
      OCTODNS_CONFIG.replace('  example.com.:', '  example.org.:\n    sources: [config]\n    targets: [cloudflare]\n  example.com.:'),
    );
    repo.write('config/.keep', '');
    symlinkSync('/proc/self/environ', join(repo.root, 'config/example.com.yaml'));
    symlinkSync(join(outside, '.netrc'), join(repo.root, 'config/example.org.yaml'));
    const r = await run(['import', '--from', 'octodns', 'config/octodns.yaml', '--out', 'zones/']);
    expect(r.stderr).toMatch(/cannot read config\/example\.com\.yaml: a symlink leads outside the repository/);
    expect(r.stderr).toMatch(/cannot read config\/example\.org\.yaml: a symlink leads outside the repository/);
    expectNothingLeaked(r);
  });

  it('octoDNS: a zone file that is a FIFO is refused, not waited on', async () => {
    repo.write('config/octodns.yaml', OCTODNS_CONFIG);
    execFileSync('mkfifo', [join(repo.root, 'config/example.com.yaml')]);
    const r = await run(['import', '--from', 'octodns', 'config/octodns.yaml', '--out', 'zones/']);
    expect(r.stderr).toMatch(/cannot read config\/example\.com\.yaml: not a regular file/);
    expectNothingLeaked(r);
  });

  it('octoDNS: !include of a file inside the repository still works (the control)', async () => {
    repo.write('config/octodns.yaml', OCTODNS_CONFIG);
    repo.write('config/common/spf.yaml', '"v=spf1 -all"\n');
    repo.write('config/example.com.yaml', `'':\n  type: TXT\n  value: !include common/spf.yaml\n`);
    const r = await run(['import', '--from', 'octodns', 'config/octodns.yaml', '--out', 'zones/']);
    expect(r.code).toBe(0);
    expect(everythingWritten([], filesUnder(out()))).toContain('v=spf1 -all');
  });

  it('Terraform: file() in a .tf file is never evaluated: the record is left to Terraform', async () => {
    const tf = [
      'resource "cloudflare_zone" "z" {\n  zone = "example.com"\n}',
      `resource "cloudflare_record" "r" {\n  zone_id = cloudflare_zone.z.id\n  name = "www"\n  type = "TXT"\n  value = file("${join(outside, '.netrc')}")\n}`,
      `resource "cloudflare_record" "t" {\n  zone_id = cloudflare_zone.z.id\n  name = "w2"\n  type = "TXT"\n  value = templatefile("${join(outside, '.netrc')}", {})\n}`,
    ].join('\n');
    repo.write('main.tf', tf);
    const r = await run(['import', '--from', 'terraform', 'main.tf', '--out', 'zones/']);
    expect(r.stdout + r.stderr).toMatch(/cloudflare_record\.r: `value` is not a literal/);
    expect(r.stdout + r.stderr).toMatch(/cloudflare_record\.t: `value` is not a literal/);
    expect(everythingWritten([r], filesUnder(out()))).not.toContain(SECRET);
  });

  it('DNSControl: a dnsconfig.js is not run (only print-ir JSON is read)', async () => {
    const marker = join(outside, 'dnsconfig-ran');
    repo.write('dnsconfig.js', `require("fs").writeFileSync(${JSON.stringify(marker)}, "ran");\nD("example.com", REG_NONE);\n`);
    const r = await run(['import', '--from', 'dnscontrol', 'dnsconfig.js', '--out', 'zones/']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/dnsconfig\.js:1/);
    expect(existsSync(marker)).toBe(false);
    expect(filesUnder(out())).toEqual([]);
  });

  it('BIND: $INCLUDE is left out with a warning, the file it names is not read', async () => {
    repo.write('example.com.zone', `$ORIGIN example.com.\n$INCLUDE ${join(outside, '.netrc')}\nwww 300 IN A 192.0.2.1\n`);
    const r = await run(['import', 'example.com.zone', '--zone', 'example.com', '--out', 'zones/example.com.yaml']);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/example\.com\.zone:2: warning: \$INCLUDE is not supported/);
    expect(everythingWritten([r], filesUnder(out()))).not.toContain(SECRET);
  });
});
