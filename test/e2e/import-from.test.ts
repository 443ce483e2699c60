/**
 * `zonectl import --from octodns|terraform|dnscontrol` as a user runs it: the report on stdout
 * (text or JSON), `--strict`, and bad input (a file of the wrong kind for its --from, a file that
 * does not parse, an unknown record type): one error naming file and line, exit 1, nothing
 * written, no stack trace.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

const OCTODNS = resolve('test/fixtures/migrate/octodns/config/production.yaml');
const IR = resolve('test/fixtures/migrate/dnscontrol/ir.json');

describe('import --from', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'zonectl-import-from-'));
    mkdirSync(join(dir, '.git'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const refused = async (args: string[], pattern: RegExp) => {
    const out = join(dir, `out-${Math.random().toString(36).slice(2)}`);
    const r = await runCli(['import', ...args, '--out', out], {}, dir);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(/zonectl: error\[IMPORT_INVALID\]: nothing imported, nothing written:/);
    expect(r.stderr).toMatch(pattern);
    expect(r.stderr).not.toMatch(/\n\s+at /);
    expect(existsSync(out)).toBe(false);
    expect(existsSync(join(dir, '.zonectl'))).toBe(false);
  };

  it('a file of the wrong kind for its --from names the file', async () => {
    await refused(['--from', 'octodns', IR], /ir\.json:1: not an octoDNS configuration/);
    await refused(['--from', 'dnscontrol', OCTODNS], /production\.yaml:1: not JSON/);
    await refused(['--from', 'terraform', IR], /ir\.json:1: not Terraform state nor `terraform show -json` output/);
  });

  it('a file that does not parse names its line', async () => {
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'providers:\n  config:\n    class: [unclosed\nzones: {}\n');
    await refused(['--from', 'octodns', bad], /bad\.yaml:\d: not valid YAML/);
    const state = join(dir, 'state.json');
    writeFileSync(state, '{\n  "version": 4,\n  "resources": [,]\n}\n');
    await refused(['--from', 'terraform', state], /state\.json:3: not JSON/);
    const tf = join(dir, 'main.tf');
    writeFileSync(tf, 'resource "cloudflare_dns_record" "x" {\n  name = \n}\n');
    await refused(['--from', 'terraform', tf], /main\.tf:2: not valid HCL/);
  });

  it('an unknown record type names the file and line of the record', async () => {
    const conf = join(dir, 'octo');
    mkdirSync(join(conf, 'zones'), { recursive: true });
    writeFileSync(
      join(conf, 'config.yaml'),
      'providers:\n  config:\n    class: octodns.provider.yaml.YamlProvider\n    directory: ./zones\n  cf:\n    class: octodns_cloudflare.CloudflareProvider\n    token: env/CLOUDFLARE_API_TOKEN\nzones:\n  example.com.:\n    sources: [config]\n    targets: [cf]\n',
    );
    writeFileSync(join(conf, 'zones', 'example.com.yaml'), "---\n'':\n  type: A\n  value: 192.0.2.1\nodd:\n  type: FOO\n  value: x\n");
    await refused(['--from', 'octodns', join(conf, 'config.yaml')], /example\.com\.yaml:5: odd FOO: unknown record type "FOO"/);
    const ir = join(dir, 'ir.json');
    writeFileSync(
      ir,
      JSON.stringify({
        dns_providers: [{ name: 'cf', type: 'CLOUDFLAREAPI' }],
        domains: [
          { name: 'example.com', dnsProviders: { cf: -1 }, records: [{ type: 'BOGUS', name: '@', target: 'x', filepos: '[line:7:5]' }] },
        ],
      }),
    );
    await refused(['--from', 'dnscontrol', ir], /dnsconfig\.js:7: example\.com: @ BOGUS x: unknown record type "BOGUS"/);
  });

  it('writes the zone files and zonectl.yaml, prints the report, and --strict exits 1 on a report that is not empty', async () => {
    const out = join(dir, 'zonectl-zones');
    const r = await runCli(['import', '--from', 'octodns', OCTODNS, '--out', out, '--format', 'json'], {}, dir);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { from: string; empty: boolean; zones: Array<{ zone: string; imported: number }> };
    expect(doc.from).toBe('octodns');
    expect(doc.empty).toBe(false);
    expect(doc.zones.map((z) => z.zone).sort()).toEqual(['example.com', 'example.net', 'example.org']);
    expect(readdirSync(out).sort()).toEqual(['example.com.yaml', 'example.net.yaml', 'example.org.yaml', 'zonectl.yaml']);
    const validate = await runCli(['validate', out], {}, dir);
    expect(validate.code, validate.stdout + validate.stderr).toBe(0);
    const again = await runCli(['import', '--from', 'octodns', OCTODNS, '--out', out], {}, dir);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('error[OUTPUT_EXISTS]');
    const strict = await runCli(['import', '--from', 'octodns', OCTODNS, '--out', join(dir, 'strict'), '--strict'], {}, dir);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('left to octoDNS:');
    expect(strict.stdout).toContain('go URLFWD');
  });

  it('the BIND import still needs --zone', async () => {
    const r = await runCli(['import', join(dir, 'none.zone')], {}, dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("required option '--zone <name>' not specified");
  });
});
