/**
 * The promise of `zonectl import --from terraform`: the records the Cloudflare provider created,
 * described by Terraform's own state (version 4; provider v5 `cloudflare_dns_record` and v4
 * `cloudflare_record` as terraform-provider-cloudflare stores them, ids those of the live records),
 * import into a file whose first plan is empty; a record Terraform never managed is kept
 * (manage.unmanaged: keep); an edit plans exactly that edit; the report names the `removed` blocks
 * that make Terraform let go.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { config, startHarness, TOKEN, type Harness } from './harness.js';
import { importTerraform, PROVIDER, terraformState } from './terraform-state.js';
import { tempDir } from '../support/temp-dir.js';

async function create(h: Harness, body: Record<string, unknown>): Promise<Record<string, unknown>> {
  const res = await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { result: Record<string, unknown> };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.result;
}

describe('import --from terraform: the zone Terraform manages plans empty', () => {
  let h: Harness;
  let dir: string;
  let yaml: string;
  let release: string;
  beforeAll(async () => {
    // A Pro zone: the records carry tags, a feature of paid plans.
    h = await startHarness({ zones: ['example.com'], zonePlan: 'pro' });
    const www = await create(h, { name: 'www.example.com', type: 'A', content: '192.0.2.10', ttl: 1, proxied: true, comment: 'web' });
    const mx = await create(h, { name: 'example.com', type: 'MX', content: 'mx1.example.net', priority: 10, ttl: 3600 });
    const caa = await create(h, { name: 'example.com', type: 'CAA', data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' }, ttl: 300 });
    const txt = await create(h, {
      name: '_dmarc.example.com',
      type: 'TXT',
      content: '"v=DMARC1; p=reject"',
      ttl: 300,
      tags: ['team:mail'],
    });
    // Made by hand, never in Terraform: kept.
    await create(h, { name: 'manual.example.com', type: 'A', content: '198.51.100.5', ttl: 300 });
    const state = terraformState(
      h.zoneId,
      [
        {
          mode: 'managed',
          type: 'cloudflare_dns_record',
          name: 'www',
          provider: PROVIDER,
          instances: [
            {
              schema_version: 500,
              attributes: {
                id: www.id,
                zone_id: h.zoneId,
                name: 'www.example.com',
                type: 'A',
                content: '192.0.2.10',
                ttl: 1,
                proxied: true,
                comment: 'web',
                tags: [],
                data: null,
                settings: { ipv4_only: null, ipv6_only: null, flatten_cname: null },
                priority: null,
              },
            },
          ],
        },
        {
          mode: 'managed',
          type: 'cloudflare_dns_record',
          name: 'mail',
          provider: PROVIDER,
          instances: [
            {
              index_key: 'mx',
              schema_version: 500,
              attributes: {
                id: mx.id,
                zone_id: h.zoneId,
                name: 'example.com',
                type: 'MX',
                content: 'mx1.example.net',
                priority: 10,
                ttl: 3600,
                proxied: false,
                tags: [],
              },
            },
            {
              index_key: 'dmarc',
              schema_version: 500,
              attributes: {
                id: txt.id,
                zone_id: h.zoneId,
                name: '_dmarc.example.com',
                type: 'TXT',
                content: '"v=DMARC1; p=reject"',
                ttl: 300,
                proxied: false,
                tags: ['team:mail'],
              },
            },
          ],
        },
        {
          mode: 'managed',
          type: 'cloudflare_record',
          name: 'caa',
          provider: PROVIDER,
          instances: [
            {
              schema_version: 3,
              attributes: {
                id: caa.id,
                zone_id: h.zoneId,
                name: 'example.com',
                hostname: 'example.com',
                type: 'CAA',
                value: '',
                content: '',
                ttl: 300,
                proxied: false,
                data: [{ flags: '0', tag: 'issue', content: 'letsencrypt.org' }],
              },
            },
          ],
        },
        {
          mode: 'managed',
          type: 'cloudflare_page_rule',
          name: 'old',
          provider: PROVIDER,
          instances: [{ schema_version: 0, attributes: { id: 'pr1', zone_id: h.zoneId } }],
        },
      ],
      12,
    );
    dir = tempDir('terraform');
    writeFileSync(join(dir, 'terraform.tfstate'), JSON.stringify(state, null, 2));
    const result = await importTerraform(dir, ['terraform.tfstate'], 'zones');
    expect(result.written.map((p) => p.slice(dir.length + 1))).toEqual(['zones/example.com.yaml']);
    expect(result.report.other.map((i) => i.subject)).toEqual(['cloudflare_page_rule.old']);
    release = result.report.release?.text ?? '';
    yaml = readFileSync(join(dir, 'zones', 'example.com.yaml'), 'utf8');
  });
  afterAll(async () => {
    await h?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('the first plan is empty, and the record Terraform never managed is kept', async () => {
    expect(yaml).toContain('unmanaged: keep');
    const run = await planZoneRun(h.client, config(yaml));
    expect(run.plan.operations).toEqual([]);
    expect(JSON.stringify(run.plan)).toContain('manual.example.com');
  });

  it('an edit in the imported file plans exactly that edit', async () => {
    const edited = yaml.replace('content: mx1.example.net', 'content: mx2.example.net');
    expect(edited).not.toBe(yaml);
    const run = await planZoneRun(h.client, config(edited));
    expect(run.plan.operations).toHaveLength(1);
    expect(run.plan.operations[0]!.action).toBe('update');
    expect(JSON.stringify(run.plan.operations[0])).toContain('mx2.example.net');
  });

  it('.tf files with literal values import the same zone; a value that is not a literal is left to Terraform at its line', async () => {
    writeFileSync(
      join(dir, 'main.tf'),
      [
        'data "cloudflare_zone" "main" {',
        '  name = "example.com"',
        '}',
        '',
        'resource "cloudflare_dns_record" "www" {',
        '  zone_id = data.cloudflare_zone.main.id',
        '  name    = "www.example.com"',
        '  type    = "A"',
        '  content = "192.0.2.10"',
        '  ttl     = 1',
        '  proxied = true',
        '  comment = "web"',
        '}',
        '',
        'resource "cloudflare_dns_record" "mx" {',
        '  zone_id  = data.cloudflare_zone.main.id',
        '  name     = "example.com"',
        '  type     = "MX"',
        '  content  = "mx1.example.net"',
        '  priority = 10',
        '  ttl      = 3600',
        '}',
        '',
        'resource "cloudflare_dns_record" "dmarc" {',
        '  zone_id = data.cloudflare_zone.main.id',
        '  name    = "_dmarc.example.com"',
        '  type    = "TXT"',
        '  content = "\\"v=DMARC1; p=reject\\""',
        '  ttl     = 300',
        '  tags    = ["team:mail"]',
        '}',
        '',
        'resource "cloudflare_record" "caa" {',
        '  zone_id = data.cloudflare_zone.main.id',
        '  name    = "@"',
        '  type    = "CAA"',
        '  ttl     = 300',
        '  data {',
        '    flags   = "0"',
        '    tag     = "issue"',
        '    content = "letsencrypt.org"',
        '  }',
        '}',
        '',
        'resource "cloudflare_dns_record" "api" {',
        '  zone_id = data.cloudflare_zone.main.id',
        '  name    = "api.example.com"',
        '  type    = "A"',
        '  ttl     = 300',
        '  content = var.api_ip',
        '}',
        '',
      ].join('\n'),
    );
    const result = await importTerraform(dir, ['main.tf'], 'from-tf');
    expect(result.report.other).toEqual([
      expect.objectContaining({
        kind: 'left_to_old_tool',
        subject: 'cloudflare_dns_record.api',
        at: { file: join(dir, 'main.tf'), line: 50 },
      }),
    ]);
    const fromTf = readFileSync(join(dir, 'from-tf', 'example.com.yaml'), 'utf8');
    const run = await planZoneRun(h.client, config(fromTf));
    expect(run.plan.operations).toEqual([]);
    expect(result.report.release?.text).toContain('from = cloudflare_record.caa');
  });

  it('says how Terraform lets go: removed blocks without destroy, or state rm', () => {
    for (const a of ['cloudflare_dns_record.www', 'cloudflare_dns_record.mail', 'cloudflare_record.caa'])
      expect(release).toContain(`removed {\n  from = ${a}\n  lifecycle {\n    destroy = false\n  }\n}`);
    expect(release).toContain(`terraform state rm 'cloudflare_dns_record.mail["mx"]'`);
    expect(release).not.toContain('cloudflare_page_rule');
  });
});
