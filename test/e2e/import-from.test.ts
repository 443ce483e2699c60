/**
 * `zonectl import --from octodns|terraform|dnscontrol` as a user runs it: the report on stdout
 * (text or JSON), `--strict`, and bad input (a file of the wrong kind for its --from, a file that
 * does not parse, an unknown record type): one error naming file and line, exit 1, nothing
 * written, no stack trace.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const OCTODNS = resolve('test/fixtures/migrate/octodns/config/production.yaml');
const IR = resolve('test/fixtures/migrate/dnscontrol/ir.json');

describe('import --from', () => {
  let dir: string;
  beforeAll(() => {
    dir = tempDir('import-from');
    mkdirSync(join(dir, '.git'));
  });

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
    expect(readdirSync(out).sort()).toEqual(['example.com.yaml', 'example.net.yaml', 'example.org.yaml']);
    // zonectl.yaml at the repository root (the directory with .git above --out), never in the zone folder (issue 40 item 2).
    expect(readdirSync(dir)).toContain('zonectl.yaml');
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

  it("a state holding an API token's secret never prints it nor writes it, whatever the outcome", async () => {
    const secret = 'tfsecret-Zq8vN3xKp7LmW2rT9yB4cD6fG1hJ5sA0e';
    const zoneId = '023e105f4ecef8ad9ca31a8372d0c353';
    const token = (name: string, zone: string) => ({
      mode: 'managed',
      type: 'cloudflare_api_token',
      name,
      instances: [
        {
          schema_version: 501,
          attributes: {
            id: `${name}-id`,
            name,
            policies: [
              {
                effect: 'allow',
                permission_groups: [{ id: '4755a26eedb94da69e1066d98aa820be' }],
                resources: JSON.stringify({ [`com.cloudflare.api.account.zone.${zone}`]: '*' }),
              },
            ],
            value: secret,
          },
          sensitive_attributes: [[{ type: 'get_attr', value: 'value' }]],
        },
      ],
    });
    const zone = { mode: 'data', type: 'cloudflare_zone', name: 'main', instances: [{ attributes: { id: zoneId, name: 'example.com' } }] };
    // Not named after the secret: a random suffix starting with its next letter would put 8 of its characters in every path printed.
    const work = mkdtempSync(join(dir, 'work-'));
    const state = (resources: unknown[]) => JSON.stringify({ version: 4, resources }, null, 2);
    writeFileSync(join(work, 'ok.tfstate'), state([zone, token('ci', zoneId), token('elsewhere', 'f'.repeat(32))]));
    const record = {
      mode: 'managed',
      type: 'cloudflare_dns_record',
      name: 'www',
      instances: [{ attributes: { zone_id: 'unknown', name: 'www', type: 'A', content: '192.0.2.1' } }],
    };
    writeFileSync(join(work, 'problem.tfstate'), state([zone, token('ci', zoneId), record]));
    // Broken where the secret starts (a lost quote): Node's JSON.parse quotes the text around the error.
    writeFileSync(join(work, 'broken.tfstate'), `{"version": 4, "resources": [{"attributes": {"value": ${secret}}}]}`);
    /** Any 8 characters of the secret in a row. */
    const leaks = (text: string) =>
      Array.from({ length: secret.length - 7 }, (_, i) => secret.slice(i, i + 8)).some((p) => text.includes(p));
    const runs = [
      await runCli(['import', '--from', 'terraform', 'ok.tfstate', '--out', 'text'], {}, work),
      await runCli(['import', '--from', 'terraform', 'ok.tfstate', '--out', 'json', '--format', 'json'], {}, work),
      await runCli(['import', '--from', 'terraform', 'ok.tfstate', '--out', 'strict', '--strict'], {}, work),
      await runCli(['import', '--from', 'terraform', 'problem.tfstate', '--out', 'problem'], {}, work),
      await runCli(['import', '--from', 'terraform', 'broken.tfstate', '--out', 'broken'], {}, work),
    ];
    expect(runs.map((r) => r.code)).toEqual([0, 0, 1, 1, 1]);
    expect(runs[0]!.stdout).toContain('1 API token(s) imported');
    expect(runs[3]!.stderr).toContain('cloudflare_dns_record.www: zone_id "unknown"');
    expect(runs[4]!.stderr).toMatch(/broken\.tfstate:1: not JSON/);
    for (const r of runs) expect(leaks(r.stdout + r.stderr), r.stdout + r.stderr).toBe(false);
    const files = (d: string): string[] =>
      readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(join(d, e.name)) : [join(d, e.name)]));
    const written = files(work).filter((f) => !f.endsWith('.tfstate'));
    expect(written.map((f) => f.slice(work.length + 1)).sort()).toEqual(
      expect.arrayContaining(['json/example.com.yaml', 'strict/example.com.yaml', 'text/example.com.yaml']),
    );
    for (const f of written) expect(leaks(readFileSync(f, 'utf8')), f).toBe(false);
  });

  it('the BIND import still needs --zone', async () => {
    const r = await runCli(['import', join(dir, 'none.zone')], {}, dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain("required option '--zone <name>' not specified");
  });
});
