import { describe, expect, it } from 'vitest';
import { matchesIgnore, matchesIgnoreByName } from '../../../src/core/ownership/index.js';
import { HEADER, expectValid, withRecords } from './helpers.js';

describe('defaults (README, "The zone file")', () => {
  it('omitted ttl -> defaults.ttl, else auto; never on proxied records; omitted proxied -> defaults.proxied for A/AAAA/CNAME', () => {
    const config = expectValid(
      `${HEADER}defaults: { ttl: 600, proxied: true }\nrecords:\n  - { name: "@", type: A, content: 192.0.2.1 }\n  - { name: d, type: A, content: 192.0.2.2, proxied: false }\n  - { name: "@", type: TXT, content: hi }\n  - { name: e, type: A, content: 192.0.2.3, proxied: false, ttl: 120 }\n`,
    );
    const [apex, dnsOnly, txt, explicit] = config.records.map((r) => r.record);
    expect(apex).toMatchObject({ proxied: true, ttl: 1 });
    expect(dnsOnly).toMatchObject({ proxied: false, ttl: 600 });
    expect(txt).toMatchObject({ proxied: false, ttl: 600 });
    expect(explicit).toMatchObject({ proxied: false, ttl: 120 });
    expect(config.defaults).toEqual({ ttl: 600, proxied: true });
  });

  it('without defaults: auto and not proxied; comment and tags stay unmanaged when omitted', () => {
    const config = expectValid(
      withRecords(
        '{ name: "@", type: A, content: 192.0.2.1 }',
        '{ name: b, type: A, content: 192.0.2.2, comment: "", tags: ["b:1", "a:2"] }',
      ),
    );
    const [a, b] = config.records.map((r) => r.record);
    expect(a).toEqual({ name: 'example.com', type: 'A', content: '192.0.2.1', ttl: 1, proxied: false });
    expect('comment' in a).toBe(false);
    expect(b.comment).toBeNull();
    expect(b.tags).toEqual(['a:2', 'b:1']);
    expect(config.defaults).toEqual({ ttl: 'auto', proxied: false });
  });

  it('records carry their path, line and column; names and values are canonical', () => {
    const config = expectValid(
      withRecords(
        '{ name: "@", type: A, content: 192.0.2.1 }',
        '{ name: Bücher, type: AAAA, content: "2001:DB8:0:0::1" }',
        '{ name: "@", type: MX, content: MX.Example.NET., priority: 10 }',
      ),
    );
    expect(config.records.map((r) => [r.path, r.line, r.col])).toEqual([
      ['records[0]', 4, 5],
      ['records[1]', 5, 5],
      ['records[2]', 6, 5],
    ]);
    expect(config.records[1].record).toMatchObject({ name: 'xn--bcher-kva.example.com', content: '2001:db8::1' });
    expect(config.records[2].record).toMatchObject({ content: 'mx.example.net', priority: 10 });
  });
});

describe('settings, tokens, manage', () => {
  it('settings are PATCH-shaped; undefined when the file has none', () => {
    const config = expectValid(
      `${HEADER}settings:\n  flatten_all_cnames: true\n  nameservers: { type: cloudflare.standard }\n  soa: { refresh: 10000, retry: 2400, expire: 604800, min_ttl: 1800, ttl: 3600 }\nrecords: [{ name: "@", type: A, content: 192.0.2.1 }]\n`,
    );
    expect(config.settings).toEqual({
      flatten_all_cnames: true,
      nameservers: { type: 'cloudflare.standard' },
      soa: { refresh: 10000, retry: 2400, expire: 604800, min_ttl: 1800, ttl: 3600 },
    });
    expect(expectValid(withRecords('{ name: "@", type: A, content: 192.0.2.1 }')).settings).toBeUndefined();
  });

  it('tokens: request.ip and request_ip both become condition.request_ip; line kept', () => {
    const config = expectValid(
      `${HEADER}records: [{ name: "@", type: A, content: 192.0.2.1 }]\ntokens:\n  - name: a\n    policies: [{ effect: allow, permission_groups: [{ name: DNS Write }], resources: { "com.cloudflare.api.account.zone.{zone_id}": "*" } }]\n    condition: { request.ip: { in: [192.0.2.0/24] } }\n  - name: b\n    policies: [{ effect: deny, permission_groups: [{ id: x }], resources: { "com.cloudflare.api.account.zone.*": "*" } }]\n    condition: { request_ip: { not_in: ["2001:db8::/32"] } }\n    expires_on: 2027-01-01T00:00:00Z\n`,
    );
    expect(config.tokens).toEqual([
      {
        name: 'a',
        policies: [
          { effect: 'allow', permission_groups: [{ name: 'DNS Write' }], resources: { 'com.cloudflare.api.account.zone.{zone_id}': '*' } },
        ],
        condition: { request_ip: { in: ['192.0.2.0/24'] } },
        path: 'tokens[0]',
        line: 5,
      },
      {
        name: 'b',
        policies: [{ effect: 'deny', permission_groups: [{ id: 'x' }], resources: { 'com.cloudflare.api.account.zone.*': '*' } }],
        condition: { request_ip: { not_in: ['2001:db8::/32'] } },
        expires_on: '2027-01-01T00:00:00Z',
        path: 'tokens[1]',
        line: 8,
      },
    ]);
  });

  it('manage defaults: unmanaged delete, [], 30, 30, tokens keep', () => {
    expect(expectValid(withRecords('{ name: "@", type: A, content: 192.0.2.1 }')).manage).toEqual({
      unmanaged: 'delete',
      ignore: [],
      max_delete_percent: 30,
      max_update_percent: 30,
      tokens: 'keep',
    });
    const config = expectValid(
      `${HEADER}records: [{ name: "@", type: A, content: 192.0.2.1 }]\nmanage: { unmanaged: delete, ignore: [{ name: "_acme-challenge*", type: TXT }], max_delete_percent: 50 }\n`,
    );
    expect(config.manage).toEqual({
      unmanaged: 'delete',
      ignore: [{ name: '_acme-challenge*', type: 'TXT', at: 'manage.ignore[0]' }],
      max_delete_percent: 50,
      max_update_percent: 30,
      tokens: 'keep',
    });
    const tokens = expectValid(`${HEADER}records: []\nmanage: { unmanaged: keep, tokens: delete, tokens_prefix: "ci-" }\n`);
    expect(tokens.manage).toMatchObject({ unmanaged: 'keep', tokens: 'delete', tokens_prefix: 'ci-' });
  });
});

describe('matchesIgnoreByName (what the validator can know without live content)', () => {
  it('a rule with content may match any record of its name and type', () => {
    expect(matchesIgnoreByName({ type: 'NS', content: '*.example.net' }, { name: 'sub.example.com', type: 'NS' }, 'example.com')).toBe(
      true,
    );
    expect(matchesIgnoreByName({ type: 'NS', content: '*.example.net' }, { name: 'sub.example.com', type: 'A' }, 'example.com')).toBe(
      false,
    );
  });
});

describe('matchesIgnore', () => {
  const zone = 'example.com';
  it.each([
    [{ name: '_acme-challenge*', type: 'TXT' }, { name: '_acme-challenge.example.com', type: 'TXT' }, true],
    [{ name: '_acme-challenge*', type: 'TXT' }, { name: '_acme-challenge.www.example.com', type: 'TXT' }, true],
    [{ name: '_acme-challenge*', type: 'TXT' }, { name: '_acme-challenge.example.com', type: 'CNAME' }, false],
    [{ name: '*.dev' }, { name: 'a.b.dev.example.com', type: 'A' }, true],
    [{ name: '*.dev.example.com.' }, { name: 'x.dev.example.com', type: 'A' }, true],
    [{ name: '@' }, { name: 'example.com', type: 'MX' }, true],
    [{ name: 'WWW' }, { name: 'www.example.com', type: 'A' }, true],
    [{ name: 'ww?' }, { name: 'wwx.example.com', type: 'A' }, true],
    [{ name: 'www' }, { name: 'www2.example.com', type: 'A' }, false],
    [{ type: 'ns' }, { name: 'sub.example.com', type: 'NS' }, true],
    [
      { type: 'CNAME', content: '*.acm-validations.aws' },
      { name: '_x1.example.com', type: 'CNAME', content: '_y2.abc.acm-validations.aws' },
      true,
    ],
    [
      { type: 'CNAME', content: '*.acm-validations.aws.' },
      { name: '_x1.example.com', type: 'CNAME', content: '_Y2.ACM-validations.aws' },
      true,
    ],
    [{ type: 'CNAME', content: '*.acm-validations.aws' }, { name: 'www.example.com', type: 'CNAME', content: 'lb.example.net' }, false],
    [
      { type: 'CNAME', content: '*.acm-validations.aws' },
      { name: '_x1.example.com', type: 'TXT', content: 'a.acm-validations.aws' },
      false,
    ],
    [{ type: 'TXT', content: 'v=spf1 *' }, { name: 'example.com', type: 'TXT', content: 'v=spf1 include:x -all' }, true],
    [{ name: 'mail', content: '192.0.2.?' }, { name: 'mail.example.com', type: 'A', content: '192.0.2.10' }, false],
    [{ content: '*' }, { name: 'example.com', type: 'SRV' }, false],
  ])('%j matches %j: %s', (rule, record, want) => {
    expect(matchesIgnore(rule, record, zone)).toBe(want);
  });
});
