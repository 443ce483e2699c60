/** The pure export: what is left out (and said), settings that differ from the defaults, tokens. */
import { describe, expect, it } from 'vitest';
import { exportZone } from '../../../src/core/export/export-zone.js';
import { renderExportYaml } from '../../../src/core/export/render-export.js';
import { parseZoneFile } from '../../../src/core/zonefile/index.js';
import type { LiveRecord } from '../../../src/core/model/record.js';

const rec = (r: Partial<LiveRecord> & Pick<LiveRecord, 'id' | 'name' | 'type'>): LiveRecord => ({ ttl: 1, proxied: false, ...r });

const base = {
  zone: 'example.com',
  zoneId: 'z1',
  accountId: 'acc1',
  nameServers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'],
  unknownTypes: [],
  settings: {},
};

describe('exportZone', () => {
  it('leaves out service-managed records and unknown types, saying which and why, as comments', () => {
    const exp = exportZone({
      ...base,
      records: [
        rec({ id: 'r1', name: 'example.com', type: 'A', content: '192.0.2.1' }),
        rec({
          id: 'r2',
          name: 'tunnel.example.com',
          type: 'CNAME',
          content: 'abc.cfargotunnel.com',
          meta: { managed_by_argo_tunnel: true },
        }),
        rec({ id: 'r3', name: 'auto.example.com', type: 'TXT', content: 'x', meta: { auto_added: true, source: 'primary' } }),
      ],
      unknownTypes: [{ id: 'r4', name: 'old.example.com', type: 'SPF', content: 'v=spf1 -all' }],
    });
    expect(exp.file.records).toEqual([{ name: '@', type: 'A', content: '192.0.2.1' }]);
    expect(exp.leftOut).toEqual([
      'tunnel CNAME abc.cfargotunnel.com (id r2): managed by the service (meta.managed_by_argo_tunnel); zonectl never changes it',
      'auto TXT x (id r3): managed by the service (meta.auto_added); zonectl never changes it',
    ]);
    expect(exp.unknown).toEqual(['old SPF v=spf1 -all (id r4): zonectl does not manage type SPF; it is left alone']);
    const yaml = renderExportYaml(exp, { schemaRef: 'zone.schema.json' });
    expect(yaml).toContain('#   tunnel CNAME abc.cfargotunnel.com (id r2): managed by the service');
    expect(yaml).toContain('#   old SPF v=spf1 -all (id r4): zonectl does not manage type SPF');
    const { config, problems } = parseZoneFile({ path: 'x.yaml', text: yaml }, {});
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(config?.records).toHaveLength(1);
  });

  it('writes only the settings that differ from the service defaults', () => {
    const exp = exportZone({
      ...base,
      records: [],
      settings: {
        flatten_all_cnames: true,
        multi_provider: false,
        ns_ttl: 86400,
        secondary_overrides: false,
        zone_mode: 'standard',
        nameservers: { type: 'cloudflare.standard', ns_set: null },
        soa: {
          mname: 'ada.ns.cloudflare.com',
          rname: 'dns.cloudflare.com',
          refresh: 10000,
          retry: 2400,
          expire: 604800,
          min_ttl: 1800,
          ttl: 1800,
        },
      },
    });
    expect(exp.file.settings).toEqual({ flatten_all_cnames: true, soa: { ttl: 1800 } });
    const none = exportZone({
      ...base,
      records: [],
      settings: { flatten_all_cnames: false, nameservers: { type: 'cloudflare.standard' } },
    });
    expect(none.file.settings).toBeUndefined();
  });

  it('exports the tokens that name the zone, with placeholders and group names, and says when tokens could not be read', () => {
    const exp = exportZone({
      ...base,
      records: [],
      permissionGroups: [{ id: 'g1', name: 'DNS Write' }],
      tokens: [
        {
          id: 't1',
          name: 'ci',
          policies: [{ effect: 'allow', permission_groups: [{ id: 'g1' }], resources: { 'com.cloudflare.api.account.zone.z1': '*' } }],
          condition: { 'request.ip': { in: ['192.0.2.0/24'] } },
        },
        {
          id: 't2',
          name: 'other-zone',
          policies: [{ effect: 'allow', permission_groups: [{ id: 'g1' }], resources: { 'com.cloudflare.api.account.zone.z2': '*' } }],
        },
        {
          id: 't3',
          name: 'account-wide',
          policies: [
            {
              effect: 'allow',
              permission_groups: [{ id: 'gx' }],
              resources: { 'com.cloudflare.api.account.acc1': { 'com.cloudflare.api.account.zone.z1': '*' } },
            },
          ],
        },
      ],
    });
    expect(exp.file.tokens).toEqual([
      {
        name: 'account-wide',
        policies: [
          {
            effect: 'allow',
            permission_groups: [{ id: 'gx' }],
            resources: { 'com.cloudflare.api.account.{account_id}': { 'com.cloudflare.api.account.zone.{zone_id}': '*' } },
          },
        ],
      },
      {
        name: 'ci',
        policies: [
          { effect: 'allow', permission_groups: [{ name: 'DNS Write' }], resources: { 'com.cloudflare.api.account.zone.{zone_id}': '*' } },
        ],
        condition: { 'request.ip': { in: ['192.0.2.0/24'] } },
      },
    ]);
    const noted = exportZone({ ...base, records: [], tokenNote: 'Tokens were not exported: no permission.' });
    expect(noted.file.tokens).toBeUndefined();
    expect(renderExportYaml(noted, { schemaRef: 's.json' })).toContain('# Tokens were not exported: no permission.');
  });

  it('factors out a TTL most records share and proxied when most proxiable records are', () => {
    const exp = exportZone({
      ...base,
      records: [
        rec({ id: '1', name: 'a.example.com', type: 'A', content: '192.0.2.1', proxied: true }),
        rec({ id: '2', name: 'b.example.com', type: 'A', content: '192.0.2.2', proxied: true }),
        rec({ id: '3', name: 'c.example.com', type: 'A', content: '192.0.2.3', ttl: 300 }),
        rec({ id: '4', name: 'example.com', type: 'MX', content: 'mx.example.net', priority: 5, ttl: 300 }),
        rec({ id: '5', name: 'example.com', type: 'TXT', content: 'hello' }),
      ],
    });
    expect(exp.file.defaults).toEqual({ ttl: 300, proxied: true });
    expect(exp.file.records).toEqual([
      { name: '@', type: 'MX', content: 'mx.example.net', priority: 5 },
      { name: '@', type: 'TXT', content: 'hello', ttl: 'auto' },
      { name: 'a', type: 'A', content: '192.0.2.1' },
      { name: 'b', type: 'A', content: '192.0.2.2' },
      { name: 'c', type: 'A', content: '192.0.2.3', proxied: false },
    ]);
  });
});
