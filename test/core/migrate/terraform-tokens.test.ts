/**
 * Terraform's `cloudflare_api_token` in each shape terraform-provider-cloudflare stores it
 * (internal/services/api_token: v4 `policy` blocks, v5 `policies` with `resources` as a JSON
 * string, v5.0-v5.15 as a map, its migration testdata's nested account form), data in, data out.
 */
import { describe, expect, it } from 'vitest';
import { buildTerraformImport } from '../../../src/core/migrate/terraform/terraform-import.js';
import { readTerraformHcl } from '../../../src/core/migrate/terraform/terraform-hcl.js';
import { readTerraformJson, type TfResource } from '../../../src/core/migrate/terraform/terraform-state.js';
import { convertApiToken, type TokenZones } from '../../../src/core/migrate/terraform/terraform-tokens.js';

const ZONE = '023e105f4ecef8ad9ca31a8372d0c353';
const OTHER = 'f'.repeat(32);
const ACCOUNT = 'a'.repeat(32);
const DNS_WRITE = '4755a26eedb94da69e1066d98aa820be';
const zoneKey = (id: string) => `com.cloudflare.api.account.zone.${id}`;

const zones: TokenZones = { zoneOf: (id) => (id === ZONE ? 'example.com' : undefined), accountOf: () => undefined };
const tokenOf = (values: Record<string, unknown>): TfResource => ({
  address: 'cloudflare_api_token.t',
  resourceAddress: 'cloudflare_api_token.t',
  mode: 'managed',
  type: 'cloudflare_api_token',
  values: { name: 't', ...values },
  at: { file: 's.json', line: 7 },
});

describe('convertApiToken', () => {
  it('v5: resources as the JSON string the provider stores, condition.request_ip, times as the zone file writes them', () => {
    const c = convertApiToken(
      tokenOf({
        policies: [{ effect: 'allow', permission_groups: [{ id: DNS_WRITE }], resources: JSON.stringify({ [zoneKey(ZONE)]: '*' }) }],
        condition: { request_ip: { in: ['192.0.2.0/24'], not_in: null } },
        expires_on: '2027-10-01T00:00:00.000Z',
        not_before: null,
        status: 'active',
      }),
      zones,
    );
    expect(c).toEqual({
      kind: 'token',
      zone: 'example.com',
      items: [],
      token: {
        name: 't',
        policies: [
          { effect: 'allow', permission_groups: [{ id: DNS_WRITE }], resources: { 'com.cloudflare.api.account.zone.{zone_id}': '*' } },
        ],
        expires_on: '2027-10-01T00:00:00Z',
        condition: { 'request.ip': { in: ['192.0.2.0/24'] } },
      },
    });
  });

  it('v4: policy blocks with ids, effect "allow" when left out, condition[0].request_ip[0]', () => {
    const c = convertApiToken(
      tokenOf({
        policy: [
          { id: 'p1', permission_groups: ['82e64a83756745bbbb1c9c2701bf816b'], resources: { [zoneKey(ZONE)]: '*' } },
          { id: 'p2', effect: 'deny', permission_groups: [DNS_WRITE], resources: { [zoneKey(ZONE)]: '*' } },
        ],
        condition: [{ request_ip: [{ in: [], not_in: ['198.51.100.0/24'] }] }],
        expires_on: '',
        value: 'never-read',
      }),
      zones,
    );
    expect(c.kind === 'token' && c.token).toEqual({
      name: 't',
      policies: [
        {
          effect: 'allow',
          permission_groups: [{ id: '82e64a83756745bbbb1c9c2701bf816b' }],
          resources: { 'com.cloudflare.api.account.zone.{zone_id}': '*' },
        },
        { effect: 'deny', permission_groups: [{ id: DNS_WRITE }], resources: { 'com.cloudflare.api.account.zone.{zone_id}': '*' } },
      ],
      condition: { 'request.ip': { not_in: ['198.51.100.0/24'] } },
    });
  });

  it("one zone inside its account (v5.0's map form) is that zone; the account becomes {account_id} when the state says it is the zone's", () => {
    const nested = { [`com.cloudflare.api.account.${ACCOUNT}`]: { [zoneKey(ZONE)]: '*' } };
    const values = { policies: [{ effect: 'allow', permission_groups: [{ id: DNS_WRITE }], resources: nested }] };
    const known = convertApiToken(tokenOf(values), { ...zones, accountOf: () => ACCOUNT });
    expect(known.kind === 'token' && known.token.policies[0]!.resources).toEqual({
      'com.cloudflare.api.account.{account_id}': { 'com.cloudflare.api.account.zone.{zone_id}': '*' },
    });
    const unknown = convertApiToken(tokenOf(values), zones);
    expect(unknown.kind === 'token' && unknown.token.policies[0]!.resources).toEqual({
      [`com.cloudflare.api.account.${ACCOUNT}`]: { 'com.cloudflare.api.account.zone.{zone_id}': '*' },
    });
  });

  it('a token that is not one zone of this import stays in Terraform, saying why', () => {
    const left = (resources: Record<string, unknown>, z: TokenZones = zones) => {
      const c = convertApiToken(tokenOf({ policies: [{ effect: 'allow', permission_groups: [{ id: DNS_WRITE }], resources }] }), z);
      return c.kind === 'left' ? `${c.item.kind} ${c.item.subject}: ${c.item.detail} (${c.item.at?.file}:${c.item.at?.line})` : 'imported';
    };
    expect(left({ 'com.cloudflare.api.account.zone.*': '*' })).toBe(
      'left_to_old_tool cloudflare_api_token.t: it applies to every zone of the account: tokens in zonectl belong to one zone file (s.json:7)',
    );
    expect(left({ [zoneKey(ZONE)]: '*', [zoneKey(OTHER)]: '*' })).toMatch(
      /its resources name 2 zones: tokens in zonectl belong to one zone file/,
    );
    expect(left({ [`com.cloudflare.api.account.${ACCOUNT}`]: '*' })).toMatch(/not a zone/);
    expect(left({ [`com.cloudflare.api.account.${ACCOUNT}`]: { 'com.cloudflare.api.account.zone.*': '*' } })).toMatch(
      /every zone of an account/,
    );
    expect(left({ [zoneKey(OTHER)]: '*' })).toMatch(new RegExp(`names zone ${OTHER}, which no cloudflare_zone`));
    const c = convertApiToken(
      tokenOf({ policies: [{ effect: 'allow', permission_groups: [{ id: DNS_WRITE }], resources: '{not json' }] }),
      zones,
    );
    expect(c.kind === 'left' && c.item.detail).toMatch(/not a JSON object/);
  });

  it('a status zonectl does not manage is reported on the zone (the token is imported all the same)', () => {
    const c = convertApiToken(
      tokenOf({
        status: 'disabled',
        policies: [{ effect: 'allow', permission_groups: [{ id: DNS_WRITE }], resources: { [zoneKey(ZONE)]: '*' } }],
      }),
      zones,
    );
    expect(c.kind === 'token' && c.items.map((i) => `${i.kind} ${i.subject}`)).toEqual(['no_meaning token "t" status: disabled']);
  });
});

describe('the secret of a token is never read', () => {
  it('readTerraformJson drops `value` and every attribute the state or show -json marks sensitive', () => {
    const state = {
      version: 4,
      resources: [
        {
          mode: 'managed',
          type: 'cloudflare_api_token',
          name: 't',
          instances: [
            {
              attributes: { name: 't', value: 's3cret', other_secret: 'x' },
              sensitive_attributes: [[{ type: 'get_attr', value: 'other_secret' }]],
            },
          ],
        },
      ],
    };
    expect(readTerraformJson(state, JSON.stringify(state), 's.json').resources[0]!.values).toEqual({ name: 't' });
    const show = {
      format_version: '1.0',
      values: {
        root_module: {
          resources: [
            {
              address: 'cloudflare_api_token.t',
              mode: 'managed',
              type: 'cloudflare_api_token',
              values: { name: 't', value: 's3cret' },
              sensitive_values: { value: true },
            },
            {
              address: 'cloudflare_x.y',
              mode: 'managed',
              type: 'cloudflare_x',
              values: { a: 1, key: 'k' },
              sensitive_values: { key: true },
            },
          ],
        },
      },
    };
    expect(readTerraformJson(show, JSON.stringify(show), 'show.json').resources.map((r) => r.values)).toEqual([{ name: 't' }, { a: 1 }]);
  });
});

describe('buildTerraformImport with tokens', () => {
  const token = (name: string, zone: string): TfResource => ({
    ...tokenOf({
      name,
      policies: [{ effect: 'allow', permission_groups: [{ id: DNS_WRITE }], resources: JSON.stringify({ [zoneKey(zone)]: '*' }) }],
    }),
    address: `cloudflare_api_token.${name}`,
    resourceAddress: `cloudflare_api_token.${name}`,
  });
  const zoneData: TfResource = {
    address: 'data.cloudflare_zone.main',
    resourceAddress: 'data.cloudflare_zone.main',
    mode: 'data',
    type: 'cloudflare_zone',
    values: { id: ZONE, name: 'example.com' },
    at: { file: 's.json' },
  };

  it("a token goes to its zone's file and is released from Terraform; two tokens of one name both stay in Terraform", () => {
    const r = buildTerraformImport(
      [
        zoneData,
        token('ci', ZONE),
        token('dup', ZONE),
        { ...token('dup', ZONE), address: 'cloudflare_api_token.dup2', resourceAddress: 'cloudflare_api_token.dup2' },
      ],
      {},
    );
    expect(r.problems).toEqual([]);
    expect(r.zones.map((z) => [z.zone, z.tokens?.map((t) => t.name)])).toEqual([['example.com', ['ci']]]);
    expect(r.report.zones[0]).toMatchObject({ imported: 0, tokens: 1 });
    expect(r.report.other.map((i) => i.subject)).toEqual(['cloudflare_api_token.dup', 'cloudflare_api_token.dup2']);
    expect(r.report.release?.text).toContain("terraform state rm 'cloudflare_api_token.ci'");
    expect(r.report.release?.text).not.toContain('dup');
  });

  it('with --zone, a token naming the zone_id of records --zone placed belongs to that zone; another zone id does not', () => {
    const record: TfResource = {
      address: 'cloudflare_record.www',
      resourceAddress: 'cloudflare_record.www',
      mode: 'managed',
      type: 'cloudflare_record',
      values: { zone_id: OTHER, name: 'www', type: 'A', content: '192.0.2.1', ttl: 300 },
      at: { file: 's.json' },
    };
    const r = buildTerraformImport([record, token('ci', OTHER), token('stray', ZONE)], { zone: 'example.org' });
    expect(r.zones.map((z) => [z.zone, z.records.length, z.tokens?.map((t) => t.name)])).toEqual([['example.org', 1, ['ci']]]);
    expect(r.report.other.map((i) => i.subject)).toEqual(['cloudflare_api_token.stray']);
  });
});

describe('readTerraformHcl with tokens', () => {
  it("resolves a zone reference in a resource key and the v4 data source's permission group names; other expressions leave the token to Terraform", () => {
    const text = [
      'resource "cloudflare_zone" "main" {',
      '  zone = "example.com"',
      '}',
      'resource "cloudflare_api_token" "dns" {',
      '  name = "dns-edit"',
      '  policy {',
      '    permission_groups = [data.cloudflare_api_token_permission_groups.all.zone["DNS Write"]]',
      '    resources = { "com.cloudflare.api.account.zone.${cloudflare_zone.main.id}" = "*" }',
      '  }',
      '}',
      'resource "cloudflare_api_token" "var" {',
      '  name = "by-var"',
      '  policy {',
      '    permission_groups = [var.group]',
      '    resources = { "com.cloudflare.api.account.zone.${var.zone}" = "*" }',
      '  }',
      '}',
    ].join('\n');
    // As @cdktf/hcl2json gives it (blocks as lists, expressions as `${...}` strings).
    const json = {
      resource: {
        cloudflare_zone: { main: [{ zone: 'example.com' }] },
        cloudflare_api_token: {
          dns: [
            {
              name: 'dns-edit',
              policy: [
                {
                  permission_groups: ['${data.cloudflare_api_token_permission_groups.all.zone["DNS Write"]}'],
                  resources: { 'com.cloudflare.api.account.zone.${cloudflare_zone.main.id}': '*' },
                },
              ],
            },
          ],
          var: [
            {
              name: 'by-var',
              policy: [{ permission_groups: ['${var.group}'], resources: { 'com.cloudflare.api.account.zone.${var.zone}': '*' } }],
            },
          ],
        },
      },
    };
    const hcl = readTerraformHcl([{ file: 'main.tf', text, json }]);
    expect(hcl.left.map((i) => `${i.subject} ${i.at?.file}:${i.at?.line}`)).toEqual(['cloudflare_api_token.var main.tf:13']);
    const r = buildTerraformImport(hcl.resources, {});
    expect(r.zones[0]?.tokens).toEqual([
      {
        name: 'dns-edit',
        policies: [
          { effect: 'allow', permission_groups: [{ name: 'DNS Write' }], resources: { 'com.cloudflare.api.account.zone.{zone_id}': '*' } },
        ],
      },
    ]);
  });
});
