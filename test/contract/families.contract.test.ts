/**
 * Contract checks that complete records-zones.contract.test.ts (and the tokens / dns_settings
 * contract checks in test/emulator/identity and test/emulator/settings):
 * - error bodies of every records and zones endpoint (400, 403, 404, 405, 429) against the
 *   subset's common failure schema;
 * - the batch answer as a whole (newer than the 2024-08 subset: the shape in src/emulator/README.md, records of
 *   the subset's record schema);
 * - the DNS settings fields newer than the subset (src/emulator/README.md and test/contract/openapi/SOURCE.md), zone and account.
 */
import { describe, expect, it } from 'vitest';
import { componentValidator, responseValidator, schemaValidator } from './openapi.js';
import { recordsPath, startTestEmulator } from '../emulator/helpers.js';

const DNS = 'dns-records.2024-08-06.openapi.json';
const ZONES = 'zones.2024-08-06.openapi.json';
const SETTINGS = 'dns-settings.2024-08-06.openapi.json';
const TOKENS = 'user-api-tokens.2024-08-06.openapi.json';

const recordRef = { $ref: 'doc#/components/schemas/dns-records_dns-record' };
const BATCH_ANSWER = {
  type: 'object',
  required: ['result', 'success', 'errors', 'messages'],
  properties: {
    success: { enum: [true] },
    errors: { type: 'array', maxItems: 0 },
    messages: { type: 'array' },
    result: {
      type: 'object',
      required: ['deletes', 'patches', 'puts', 'posts'],
      additionalProperties: false,
      properties: {
        deletes: { type: 'array', items: recordRef },
        patches: { type: 'array', items: recordRef },
        puts: { type: 'array', items: recordRef },
        posts: { type: 'array', items: recordRef },
      },
    },
  },
};

const SOA = {
  type: 'object',
  required: ['mname', 'rname', 'refresh', 'retry', 'expire', 'min_ttl', 'ttl'],
  additionalProperties: false,
  properties: {
    mname: { type: ['string', 'null'] },
    rname: { type: 'string' },
    refresh: { type: 'integer', minimum: 600, maximum: 86400 },
    retry: { type: 'integer', minimum: 600, maximum: 86400 },
    expire: { type: 'integer', minimum: 86400, maximum: 2419200 },
    min_ttl: { type: 'integer', minimum: 60, maximum: 86400 },
    ttl: { type: 'integer', minimum: 300, maximum: 86400 },
  },
};

function settingsSchema(nameserverTypes: string[]): object {
  return {
    type: 'object',
    required: ['flatten_all_cnames', 'multi_provider', 'ns_ttl', 'secondary_overrides', 'nameservers', 'soa', 'zone_mode'],
    properties: {
      flatten_all_cnames: { type: 'boolean' },
      foundation_dns: { type: 'boolean' },
      multi_provider: { type: 'boolean' },
      secondary_overrides: { type: 'boolean' },
      ns_ttl: { type: 'integer', minimum: 30, maximum: 86400 },
      zone_mode: { enum: ['standard', 'cdn_only', 'dns_only'] },
      nameservers: {
        type: 'object',
        required: ['type'],
        additionalProperties: false,
        properties: { type: { enum: nameserverTypes }, ns_set: { type: 'integer', minimum: 1, maximum: 5 } },
      },
      soa: SOA,
      internal_dns: { type: 'object' },
    },
  };
}

const ZONE_NS = ['cloudflare.standard', 'cloudflare.advanced', 'custom.account', 'custom.tenant', 'custom.zone'];
const ACCOUNT_NS = ['cloudflare.standard', 'cloudflare.advanced', 'custom.account', 'custom.tenant', 'cloudflare.standard.random'];
const envelope = (result: object): object => ({
  type: 'object',
  required: ['result', 'success', 'errors', 'messages'],
  properties: { success: { enum: [true] }, errors: { type: 'array', maxItems: 0 }, messages: { type: 'array' }, result },
});

describe('error bodies of records and zones endpoints match the common failure schema', () => {
  it('400, 403, 404, 405 and 429 answers', async () => {
    const emu = await startTestEmulator({ rateLimit: { requests: 1000, seconds: 60 } });
    const failure = componentValidator(DNS, 'dns-records_api-response-common-failure');
    const zoneFailure = componentValidator(ZONES, 'zones_api-response-common-failure');
    // The validators can fail (they are not vacuous).
    expect(failure({ success: true, errors: [], messages: [], result: null })).not.toEqual([]);
    expect(failure({ success: false, errors: [{ code: 'x' }], messages: [], result: null })).not.toEqual([]);
    const other = { authorization: 'Bearer W'.padEnd(47, 'W') };
    const cases: Array<[string, string, unknown, Record<string, string>?]> = [
      ['GET', recordsPath(emu, '?per_page=0'), undefined],
      ['GET', recordsPath(emu, '?name=contains:www'), undefined],
      ['GET', recordsPath(emu), undefined, other],
      ['GET', recordsPath(emu), undefined, { authorization: '' }],
      ['POST', recordsPath(emu), { type: 'A', name: 'x', content: 'bad' }],
      ['POST', recordsPath(emu, '/batch'), { posts: [{ type: 'A', name: 'x', content: 'bad' }] }],
      ['POST', recordsPath(emu, '/batch'), { posts: 'nope' }],
      ['PATCH', recordsPath(emu, '/0123456789abcdef0123456789abcdef'), { ttl: 300 }],
      ['PUT', recordsPath(emu, '/0123456789abcdef0123456789abcdef'), { type: 'A', name: 'x', content: '192.0.2.1' }],
      ['DELETE', recordsPath(emu, '/0123456789abcdef0123456789abcdef'), undefined],
      ['GET', '/zones/0123456789abcdef0123456789abcdef/dns_records', undefined],
      ['POST', recordsPath(emu), '{"broken'],
      ['DELETE', '/zones', undefined],
      ['GET', `/zones/${emu.zoneId}/firewall/rules`, undefined],
    ];
    for (const [method, path, body, headers] of cases) {
      const res = await emu.call(method, path, body, headers);
      expect(res.status, `${method} ${path}`).toBeGreaterThanOrEqual(400);
      expect(failure(res.body), `${method} ${path}: ${JSON.stringify(res.body)}`).toEqual([]);
    }
    for (const [path, headers] of [
      ['/zones?per_page=51', {}],
      ['/zones/0123456789abcdef0123456789abcdef', {}],
      ['/zones', other],
    ] as const) {
      const res = await emu.call('GET', path, undefined, headers);
      expect(res.status, path).toBeGreaterThanOrEqual(400);
      expect(zoneFailure(res.body), `${path}: ${JSON.stringify(res.body)}`).toEqual([]);
    }
    const limited = await startTestEmulator({ rateLimit: { requests: 1, seconds: 60 } });
    await limited.call('GET', '/zones');
    const tooMany = await limited.call('GET', recordsPath(limited));
    expect(tooMany.status).toBe(429);
    expect(failure(tooMany.body)).toEqual([]);
  });
});

describe('answers newer than the 2024-08 subset (src/emulator/README.md)', () => {
  it('batch: the whole answer, including empty arrays', async () => {
    const emu = await startTestEmulator();
    const validate = schemaValidator(DNS, BATCH_ANSWER);
    const a = (await emu.call('POST', recordsPath(emu), { type: 'A', name: 'a', content: '192.0.2.1' })).body.result;
    const full = await emu.call('POST', recordsPath(emu, '/batch'), {
      deletes: [{ id: a.id }],
      posts: [
        { type: 'MX', name: '@', content: 'mx.example.net', priority: 5 },
        { type: 'SRV', name: '_sip._udp', data: { priority: 1, weight: 1, port: 5060, target: 'sip.example.com' } },
      ],
    });
    expect(full.status).toBe(200);
    expect(validate(full.body)).toEqual([]);
    const ids = full.body.result.posts.map((r: { id: string }) => r.id);
    const mixed = await emu.call('POST', recordsPath(emu, '/batch'), {
      patches: [{ id: ids[0], priority: 10 }],
      puts: [{ id: ids[1], type: 'SRV', name: '_sip._udp', data: { priority: 2, weight: 2, port: 5061, target: 'sip.example.com' } }],
    });
    expect(validate(mixed.body)).toEqual([]);
    expect(mixed.body.result.posts).toEqual([]);
    expect(validate({ ...full.body, result: { deletes: [], patches: [], posts: [] } })).not.toEqual([]);
    expect(validate({ ...full.body, result: { ...full.body.result, posts: [{ id: 1 }] } })).not.toEqual([]);
    const empty = await emu.call('POST', recordsPath(emu, '/batch'), {});
    expect(validate(empty.body)).toEqual([]);
  });

  it('zone and account dns_settings: every newer field has the documented type and range', async () => {
    for (const zonePlan of ['free', 'enterprise'] as const) {
      const emu = await startTestEmulator({ zonePlan });
      const zone = schemaValidator(SETTINGS, envelope(settingsSchema(ZONE_NS)));
      const account = schemaValidator(
        SETTINGS,
        envelope({
          type: 'object',
          required: ['zone_defaults'],
          properties: { zone_defaults: settingsSchema(ACCOUNT_NS), enforce_dns_only: { type: 'boolean' } },
        }),
      );
      const zonePath = `/zones/${emu.zoneId}/dns_settings`;
      const accountPath = `/accounts/${emu.accountId}/dns_settings`;
      const got = (await emu.call('GET', zonePath)).body;
      expect(zone(got)).toEqual([]);
      expect(zone({ ...got, result: { ...got.result, nameservers: { type: 'custom.zone', ns_set: 6 } } })).not.toEqual([]);
      expect(zone({ ...got, result: { ...got.result, flatten_all_cnames: 'yes' } })).not.toEqual([]);
      const patched = await emu.call('PATCH', zonePath, {
        // A feature of paid plans (refused on a Free zone).
        flatten_all_cnames: zonePlan !== 'free',
        nameservers: { type: 'custom.zone', ns_set: 3 },
        zone_mode: 'dns_only',
      });
      expect(patched.status).toBe(200);
      expect(zone(patched.body)).toEqual([]);
      expect(account((await emu.call('GET', accountPath)).body)).toEqual([]);
      const acc = await emu.call('PATCH', accountPath, {
        enforce_dns_only: true,
        zone_defaults: { nameservers: { type: 'cloudflare.standard.random' }, flatten_all_cnames: true },
      });
      expect(acc.status).toBe(200);
      expect(account(acc.body)).toEqual([]);
      // The documented (2024) part still validates against the subset.
      expect(
        responseValidator(
          SETTINGS,
          '/zones/{zone_id}/dns_settings',
          'get',
        )((await emu.call('GET', `/zones/${emu.zones[0].id}/dns_settings`)).body).filter((e) => !e.instancePath.includes('nameservers')),
      ).toEqual([]);
    }
  });

  it('tokens: the list answer of a token with a request_ip condition still matches the subset', async () => {
    const emu = await startTestEmulator();
    const created = await emu.call('POST', '/user/tokens', {
      name: 'contract',
      policies: [
        {
          effect: 'allow',
          permission_groups: [{ id: '82e64a83756745bbbb1c9c2701bf816b' }],
          resources: { [`com.cloudflare.api.account.zone.${emu.zoneId}`]: '*' },
        },
      ],
      condition: { request_ip: { in: ['192.0.2.0/24'], not_in: ['192.0.2.1/32'] } },
      not_before: '2020-01-01T00:00:00Z',
      expires_on: '2099-01-01T00:00:00Z',
    });
    expect(created.status).toBe(200);
    expect(responseValidator(TOKENS, '/user/tokens', 'post')(created.body)).toEqual([]);
    expect(responseValidator(TOKENS, '/user/tokens', 'get')((await emu.call('GET', '/user/tokens?per_page=5')).body)).toEqual([]);
    expect(
      responseValidator(TOKENS, '/user/tokens/{token_id}', 'get')((await emu.call('GET', `/user/tokens/${created.body.result.id}`)).body),
    ).toEqual([]);
  });
});
