/**
 * Issue 39 item 7: the Terraform import report tells the user what to paste so that Terraform
 * lets go of the imported records without destroying them: `removed { from = ADDRESS lifecycle {
 * destroy = false } }` blocks, or `terraform state rm 'ADDRESS'`. A resource label holding a
 * newline and `}` made the report print a `removed { from = cloudflare_record.www }` block of the
 * attacker's without `destroy = false`: pasted as told, Terraform destroys `www`. Now a name
 * Terraform itself refuses (its identifiers: letters, digits, `_`, `-`, not starting with a
 * digit) is refused at its line, nothing written, and every value the report's blocks print is a
 * checked name or a key quoted as Terraform reads it, on its own line.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../support/run-cli.js';
import { makeRepo, type PrRepo } from './pr-repo.js';

const ZONE_ID = '023e105f4ecef8ad9ca31a8372d0c353';
const FORGED = 'www\n}\nremoved {\n  from = cloudflare_record.www\n}\n#';

/** Every `removed` block the output holds, as text: each must name one resource and keep `destroy = false`. */
function expectOnlySafeRemovedBlocks(text: string): void {
  const blocks = text.split(/^removed \{$/m).slice(1);
  for (const block of blocks) {
    expect(block, text).toMatch(
      /^\n {2}from = [A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z_][A-Za-z0-9_-]*)+\n {2}lifecycle \{\n {4}destroy = false\n {2}\}\n\}/,
    );
  }
}

/** A state as Terraform writes it (indented by two). */
const state = (resources: unknown[]): string =>
  JSON.stringify(
    {
      version: 4,
      terraform_version: '1.9.8',
      serial: 1,
      lineage: '3f1c2a9e-0000-4000-8000-000000000001',
      outputs: {},
      resources: [
        {
          mode: 'data',
          type: 'cloudflare_zone',
          name: 'main',
          provider: 'provider["registry.terraform.io/cloudflare/cloudflare"]',
          instances: [{ schema_version: 0, attributes: { id: ZONE_ID, zone_id: ZONE_ID, name: 'example.com' } }],
        },
        ...resources,
      ],
    },
    null,
    2,
  );

const record = (name: string, instances: Array<{ index_key?: unknown; host: string }>): unknown => ({
  mode: 'managed',
  type: 'cloudflare_record',
  name,
  provider: 'provider["registry.terraform.io/cloudflare/cloudflare"]',
  instances: instances.map((i, n) => ({
    ...(i.index_key !== undefined ? { index_key: i.index_key } : {}),
    schema_version: 3,
    attributes: {
      id: `${String(n).padStart(31, '0')}a`,
      zone_id: ZONE_ID,
      name: i.host,
      type: 'A',
      value: '192.0.2.1',
      ttl: 300,
      proxied: false,
    },
  })),
});

describe('the Terraform import report prints only blocks that cannot be forged', () => {
  let repo: PrRepo;
  const run = (args: string[]): Promise<CliResult> => runCli(args, {}, repo.root);
  beforeEach(() => {
    repo = makeRepo('zonectl-sec-tf-release-');
  });
  afterEach(() => repo.remove());

  it('a .tf resource label holding a newline and `}` is refused at its line; no forged block is printed', async () => {
    const label = FORGED.replace(/\n/g, '\\n');
    repo.write(
      'main.tf',
      [
        'resource "cloudflare_record" "www" {',
        `  zone_id = "${ZONE_ID}"`,
        '  name = "www"',
        '  type = "A"',
        '  value = "192.0.2.1"',
        '}',
        `resource "cloudflare_record" "${label}" {`,
        `  zone_id = "${ZONE_ID}"`,
        '  name = "api"',
        '  type = "A"',
        '  value = "192.0.2.2"',
        '}',
        '',
      ].join('\n'),
    );
    const r = await run(['import', '--from', 'terraform', 'main.tf', '--zone', 'example.com', '--out', 'zones/']);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stderr).toMatch(
      /main\.tf(:7)?: resource name "www\\n\}\\nremoved \{\\n {2}from = cloudflare_record\.www\\n\}\\n#" is not a Terraform name/,
    );
    expect(r.stderr).toMatch(/nothing imported, nothing written/);
    expectOnlySafeRemovedBlocks(r.stdout + r.stderr);
    expect(r.stdout + r.stderr).not.toMatch(/^removed \{$/m);
  });

  it('a state whose resource name holds a newline and `}` is refused at its line', async () => {
    writeFileSync(
      join(repo.root, 'terraform.tfstate'),
      state([record('www', [{ host: 'www.example.com' }]), record(FORGED, [{ host: 'api.example.com' }])]),
    );
    const r = await run(['import', '--from', 'terraform', 'terraform.tfstate', '--out', 'zones/']);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stderr).toMatch(/terraform\.tfstate:\d+: resource name "www\\n\}\\nremoved \{.*" is not a Terraform name/);
    expect(r.stdout + r.stderr).not.toMatch(/^removed \{$/m);
  });

  it('`terraform show -json` whose address holds a newline is refused', async () => {
    const show = {
      format_version: '1.0',
      terraform_version: '1.9.8',
      values: {
        root_module: {
          resources: [
            {
              address: `cloudflare_record.${FORGED}`,
              mode: 'managed',
              type: 'cloudflare_record',
              name: FORGED,
              values: { id: `${'0'.repeat(31)}a`, zone_id: ZONE_ID, name: 'www.example.com', type: 'A', value: '192.0.2.1', ttl: 300 },
            },
          ],
        },
      },
    };
    writeFileSync(join(repo.root, 'show.json'), JSON.stringify(show));
    const r = await run(['import', '--from', 'terraform', 'show.json', '--zone', 'example.com', '--out', 'zones/']);
    expect(r.code, r.stdout + r.stderr).toBe(1);
    expect(r.stderr).toMatch(/show\.json(:\d+)?: resource address "cloudflare_record\.www\\n\}.*" is not a Terraform address/);
    expect(r.stdout + r.stderr).not.toMatch(/^removed \{$/m);
  });

  it('for_each keys (any string Terraform allows) are quoted as Terraform reads them, one command a line', async () => {
    const keys = ['plain', 'quote"and]bracket', 'line\n}\nremoved {', 'dollar ${var.x} %{if}', 'tab\tand\\back'];
    writeFileSync(
      join(repo.root, 'terraform.tfstate'),
      state([
        record(
          'hosts',
          keys.map((k, i) => ({ index_key: k, host: `h${i}.example.com` })),
        ),
      ]),
    );
    const r = await run(['import', '--from', 'terraform', 'terraform.tfstate', '--out', 'zones/']);
    expect(r.code, r.stdout + r.stderr).toBe(0);
    expectOnlySafeRemovedBlocks(r.stdout);
    expect(r.stdout).toContain('removed {\n  from = cloudflare_record.hosts\n  lifecycle {\n    destroy = false\n  }\n}');
    const rm = r.stdout.split('\n').filter((l) => l.startsWith('terraform state rm '));
    expect(rm).toHaveLength(keys.length);
    for (const [i, line] of rm.entries()) {
      // One shell word in single quotes: cloudflare_record.hosts["KEY"], KEY in HCL's string escapes.
      const m = /^terraform state rm 'cloudflare_record\.hosts\["((?:[^"\\']|\\.)*)"\]'$/.exec(line);
      expect(m, line).not.toBeNull();
      const key = m![1]!.replace(/\$\$\{/g, '${').replace(/%%\{/g, '%{');
      expect(JSON.parse(`"${key}"`), line).toBe(keys[i]);
    }
    // No line of the report is a block of the key's.
    expect(r.stdout).not.toMatch(/^\}$\n^removed \{$\n(?! {2}from = cloudflare_record\.hosts$)/m);
  });
});
