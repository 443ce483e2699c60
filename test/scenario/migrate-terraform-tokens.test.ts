/**
 * `zonectl import --from terraform` of `cloudflare_api_token`: the emulator holds the tokens as
 * the Cloudflare provider created them (its request bodies: v5 sends `resources` as the JSON of
 * its string and `condition.request_ip`, internal/services/api_token/custom.go and model.go; v4
 * the same policies from its `policy` blocks), the state holds them as each provider version
 * stores them (v5 schema 501, v4 schema 0 with `policy`, `condition[0].request_ip[0]`), secret
 * `value` included. A token of one zone lands in that zone file's `tokens:` with `{zone_id}`; the
 * first plan is empty, tokens included; an edit of a token plans exactly that edit; a token for
 * every zone stays in Terraform; the secret is in no file and no report.
 */
import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { renderReportText, reportDocument } from '../../src/core/migrate/report.js';
import { config, startHarness, TOKEN, type Harness } from './harness.js';
import { importTerraform, PROVIDER, terraformState } from './terraform-state.js';
import { tempDir } from '../support/temp-dir.js';

const DNS_WRITE = '4755a26eedb94da69e1066d98aa820be';
const DNS_READ = '82e64a83756745bbbb1c9c2701bf816b';
const ZONE_READ = 'c8fed203ed3043cba015a93ad1616f1f';

async function createToken(h: Harness, body: Record<string, unknown>): Promise<{ id: string; value: string }> {
  const res = await fetch(`${h.emulator.baseUrl}/user/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { result: { id: string; value: string } };
  expect(res.status, JSON.stringify(json)).toBe(200);
  return json.result;
}

describe('import --from terraform: API tokens', () => {
  let h: Harness;
  let dir: string;
  let yaml: string;
  let secrets: string[];
  let reportText: string;
  let reportJson: string;
  let other: string[];
  beforeAll(async () => {
    h = await startHarness({ zones: ['example.com'] });
    const zoneKey = `com.cloudflare.api.account.zone.${h.zoneId}`;
    // What provider v5 POSTs for `policies = [{ ..., resources = jsonencode({ (zoneKey) = "*" }) }]`.
    const v5 = await createToken(h, {
      name: 'ci-dns-edit',
      policies: [{ effect: 'allow', permission_groups: [{ id: DNS_WRITE }], resources: { [zoneKey]: '*' } }],
      condition: { request_ip: { in: ['192.0.2.0/24'], not_in: ['192.0.2.1/32'] } },
      expires_on: '2027-10-01T00:00:00Z',
      not_before: '2026-01-01T00:00:00Z',
    });
    // What provider v4 POSTs for its `policy` blocks (one allow, one deny).
    const v4 = await createToken(h, {
      name: 'legacy-reader',
      policies: [
        { effect: 'allow', permission_groups: [{ id: DNS_READ }, { id: ZONE_READ }], resources: { [zoneKey]: '*' } },
        { effect: 'deny', permission_groups: [{ id: DNS_WRITE }], resources: { [zoneKey]: '*' } },
      ],
    });
    const everyZone = await createToken(h, {
      name: 'all-zones-reader',
      policies: [{ effect: 'allow', permission_groups: [{ id: DNS_READ }], resources: { 'com.cloudflare.api.account.zone.*': '*' } }],
    });
    secrets = [v5.value, v4.value, everyZone.value];
    const state = terraformState(
      h.zoneId,
      [
        {
          mode: 'managed',
          type: 'cloudflare_api_token',
          name: 'ci',
          provider: PROVIDER,
          instances: [
            {
              schema_version: 501,
              attributes: {
                id: v5.id,
                name: 'ci-dns-edit',
                policies: [{ effect: 'allow', permission_groups: [{ id: DNS_WRITE }], resources: JSON.stringify({ [zoneKey]: '*' }) }],
                condition: { request_ip: { in: ['192.0.2.0/24'], not_in: ['192.0.2.1/32'] } },
                expires_on: '2027-10-01T00:00:00Z',
                not_before: '2026-01-01T00:00:00Z',
                status: 'active',
                issued_on: '2026-11-20T10:00:00Z',
                last_used_on: null,
                modified_on: '2026-11-20T10:00:00Z',
                value: v5.value,
              },
              sensitive_attributes: [[{ type: 'get_attr', value: 'value' }]],
            },
          ],
        },
        {
          mode: 'managed',
          type: 'cloudflare_api_token',
          name: 'legacy',
          provider: PROVIDER,
          instances: [
            {
              schema_version: 0,
              attributes: {
                id: v4.id,
                name: 'legacy-reader',
                policy: [
                  { id: 'p1', effect: 'allow', permission_groups: [DNS_READ, ZONE_READ], resources: { [zoneKey]: '*' } },
                  { id: 'p2', effect: 'deny', permission_groups: [DNS_WRITE], resources: { [zoneKey]: '*' } },
                ],
                condition: [],
                expires_on: '',
                not_before: '',
                status: 'active',
                issued_on: '2024-03-01T00:00:00Z',
                modified_on: '2024-03-01T00:00:00Z',
                value: v4.value,
              },
            },
          ],
        },
        {
          mode: 'managed',
          type: 'cloudflare_api_token',
          name: 'all',
          provider: PROVIDER,
          instances: [
            {
              schema_version: 501,
              attributes: {
                id: everyZone.id,
                name: 'all-zones-reader',
                policies: [
                  {
                    effect: 'allow',
                    permission_groups: [{ id: DNS_READ }],
                    resources: JSON.stringify({ 'com.cloudflare.api.account.zone.*': '*' }),
                  },
                ],
                value: everyZone.value,
              },
            },
          ],
        },
      ],
      3,
    );
    dir = tempDir('terraform-tokens');
    writeFileSync(join(dir, 'terraform.tfstate'), JSON.stringify(state, null, 2));
    const result = await importTerraform(dir, ['terraform.tfstate'], 'zones');
    expect(result.written.map((p) => p.slice(dir.length + 1))).toEqual(['zones/example.com.yaml']);
    yaml = readFileSync(join(dir, 'zones', 'example.com.yaml'), 'utf8');
    reportText = renderReportText(result.report);
    reportJson = JSON.stringify(reportDocument(result.report));
    other = result.report.other.map((i) => `${i.subject}: ${i.detail}`);
  });
  afterAll(async () => {
    await h?.close();
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('writes the tokens of the zone under `tokens:` with {zone_id}; the token for every zone stays in Terraform', () => {
    const c = config(yaml);
    expect(c.tokens.map((t) => t.name)).toEqual(['ci-dns-edit', 'legacy-reader']);
    expect(yaml).toContain('com.cloudflare.api.account.zone.{zone_id}');
    expect(yaml).not.toContain(h.zoneId);
    expect(other).toEqual([expect.stringMatching(/^cloudflare_api_token\.all: it applies to every zone of the account/)]);
    expect(reportText).toContain('example.com: 0 record(s) and 2 API token(s) imported');
    expect(reportText).toContain("terraform state rm 'cloudflare_api_token.ci'");
    expect(reportText).not.toContain('cloudflare_api_token.all\n');
  });

  it('the first plan is empty, tokens included', async () => {
    const run = await planZoneRun(h.client, config(yaml));
    expect(run.plan.operations).toEqual([]);
  });

  it('an edit of an imported token plans exactly that edit', async () => {
    const edited = yaml.replace('2027-10-01T00:00:00Z', '2028-01-01T00:00:00Z');
    expect(edited).not.toBe(yaml);
    const run = await planZoneRun(h.client, config(edited));
    expect(run.plan.operations).toHaveLength(1);
    expect(run.plan.operations[0]).toMatchObject({ kind: 'token', action: 'update', name: 'ci-dns-edit', fields: ['expires_on'] });
  });

  it('.tf files (v5 with jsonencode, v4 with the permission groups data source) import the same tokens: the first plan is empty', async () => {
    writeFileSync(
      join(dir, 'main.tf'),
      [
        'data "cloudflare_zone" "main" {',
        '  filter = { name = "example.com" }',
        '}',
        'data "cloudflare_api_token_permission_groups" "all" {}',
        '',
        'resource "cloudflare_api_token" "ci" {',
        '  name = "ci-dns-edit"',
        '  policies = [{',
        '    effect            = "allow"',
        `    permission_groups = [{ id = "${DNS_WRITE}" }]`,
        '    resources = jsonencode({',
        '      "com.cloudflare.api.account.zone.${data.cloudflare_zone.main.zone_id}" = "*"',
        '    })',
        '  }]',
        '  condition = {',
        '    request_ip = { in = ["192.0.2.0/24"], not_in = ["192.0.2.1/32"] }',
        '  }',
        '  expires_on = "2027-10-01T00:00:00Z"',
        '  not_before = "2026-01-01T00:00:00Z"',
        '}',
        '',
        'resource "cloudflare_api_token" "legacy" {',
        '  name = "legacy-reader"',
        '  policy {',
        '    permission_groups = [',
        '      data.cloudflare_api_token_permission_groups.all.zone["DNS Read"],',
        '      data.cloudflare_api_token_permission_groups.all.zone["Zone Read"],',
        '    ]',
        '    resources = { "com.cloudflare.api.account.zone.${data.cloudflare_zone.main.id}" = "*" }',
        '  }',
        '  policy {',
        '    effect            = "deny"',
        `    permission_groups = ["${DNS_WRITE}"]`,
        '    resources = { "com.cloudflare.api.account.zone.${data.cloudflare_zone.main.id}" = "*" }',
        '  }',
        '}',
        '',
      ].join('\n'),
    );
    const result = await importTerraform(dir, ['main.tf'], 'from-tf');
    expect(result.report.other).toEqual([]);
    const fromTf = readFileSync(join(dir, 'from-tf', 'example.com.yaml'), 'utf8');
    expect(config(fromTf).tokens.map((t) => t.name)).toEqual(['ci-dns-edit', 'legacy-reader']);
    expect(fromTf).toContain('name: DNS Read');
    const run = await planZoneRun(h.client, config(fromTf));
    expect(run.plan.operations).toEqual([]);
  });

  it("the tokens' secrets are in no written file and no report", () => {
    for (const s of secrets) {
      expect(s.length).toBeGreaterThan(20);
      for (const f of readdirSync(join(dir, 'zones')).filter((n) => n.endsWith('.yaml')))
        expect(readFileSync(join(dir, 'zones', f), 'utf8')).not.toContain(s);
      expect(reportText).not.toContain(s);
      expect(reportJson).not.toContain(s);
    }
  });
});
