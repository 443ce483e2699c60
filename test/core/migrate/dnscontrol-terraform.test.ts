/** DNSControl's print-ir and Terraform's JSON, data in, data out. */
import { describe, expect, it } from 'vitest';
import { readDnscontrolIr } from '../../../src/core/migrate/dnscontrol/dnscontrol-ir.js';
import { isReportEmpty, renderReportText } from '../../../src/core/migrate/report.js';
import { buildTerraformImport } from '../../../src/core/migrate/terraform/terraform-import.js';
import { readTerraformJson } from '../../../src/core/migrate/terraform/terraform-state.js';

describe('readDnscontrolIr', () => {
  it("turns IGNORE rules (as DNSControl's parse test 005-ignored-records prints them) into manage.ignore, NO_PURGE into unmanaged: keep", () => {
    const ir = {
      dns_providers: [{ name: 'cf', type: 'CLOUDFLAREAPI' }],
      domains: [
        {
          name: 'diff2.com',
          dnsProviders: { cf: -1 },
          records: [],
          keepunknown: true,
          unmanaged: [
            { label_pattern: 'mylabel', rType_pattern: '*', target_pattern: '*' },
            { label_pattern: 'mylabel3' },
            { rType_pattern: 'A,AAAA', target_pattern: '*' },
            { target_pattern: 'mytarget' },
            { label_pattern: 'labelc', rType_pattern: 'CNAME', target_pattern: 'targetc' },
          ],
        },
      ],
    };
    const r = readDnscontrolIr(ir, 'ir.json');
    expect(r.problems).toEqual([]);
    expect(r.zones[0]?.unmanaged).toBe('keep');
    expect(r.zones[0]?.ignore).toEqual([
      { name: 'mylabel' },
      { name: 'mylabel3' },
      { type: 'A' },
      { type: 'AAAA' },
      { content: 'mytarget' },
      { name: 'labelc', type: 'CNAME', content: 'targetc' },
    ]);
    expect(isReportEmpty(r.report)).toBe(true);
  });

  it('proxies by the domain default, TTL 1 once proxied, at least 60 otherwise', () => {
    const ir = {
      dns_providers: [{ name: 'cf', type: 'CLOUDFLAREAPI' }],
      domains: [
        {
          name: 'example.com',
          dnsProviders: { cf: -1 },
          meta: { cloudflare_proxy_default: 'on' },
          records: [
            { type: 'A', name: '@', target: '192.0.2.1', ttl: 300 },
            { type: 'A', name: 'direct', target: '192.0.2.2', ttl: 30, meta: { cloudflare_proxy: 'off' } },
            { type: 'TXT', name: '@', target: 'x', ttl: 300 },
          ],
        },
      ],
    };
    const r = readDnscontrolIr(ir, 'ir.json');
    expect(r.zones[0]?.records.map((x) => [x.name, x.ttl, x.proxied])).toEqual([
      ['example.com', 1, true],
      ['direct.example.com', 60, false],
      ['example.com', 300, false],
    ]);
  });
});

describe('Terraform JSON', () => {
  it('reads terraform show -json with child modules, and names a plan as the wrong kind', () => {
    const show = {
      format_version: '1.0',
      values: {
        root_module: {
          resources: [
            { address: 'data.cloudflare_zone.z', mode: 'data', type: 'cloudflare_zone', values: { id: 'zid', name: 'example.com' } },
          ],
          child_modules: [
            {
              address: 'module.dns',
              resources: [
                {
                  address: 'module.dns.cloudflare_dns_record.a["x"]',
                  mode: 'managed',
                  type: 'cloudflare_dns_record',
                  values: { zone_id: 'zid', name: 'a.example.com', type: 'A', content: '192.0.2.1', ttl: 300 },
                },
              ],
            },
          ],
        },
      },
    };
    const got = readTerraformJson(show, JSON.stringify(show, null, 2), 'show.json');
    expect(got.resources.map((r) => [r.address, r.resourceAddress])).toEqual([
      ['data.cloudflare_zone.z', 'data.cloudflare_zone.z'],
      ['module.dns.cloudflare_dns_record.a["x"]', 'module.dns.cloudflare_dns_record.a'],
    ]);
    const built = buildTerraformImport(got.resources, {});
    expect(built.zones.map((z) => [z.zone, z.records.length, z.unmanaged])).toEqual([['example.com', 1, 'keep']]);
    expect(renderReportText(built.report)).toContain('removed {\n  from = module.dns.cloudflare_dns_record.a\n');
    expect(readTerraformJson({ format_version: '1.2', planned_values: {} }, '{}', 'plan.json').problems[0]?.message).toMatch(
      /a plan, not of the state/,
    );
  });

  it('a record whose zone_id names no cloudflare_zone needs --zone', () => {
    const state = {
      version: 4,
      resources: [
        {
          mode: 'managed',
          type: 'cloudflare_record',
          name: 'a',
          instances: [{ attributes: { zone_id: 'other', name: 'a', type: 'A', value: '192.0.2.1', ttl: 1 } }],
        },
      ],
    };
    const got = readTerraformJson(state, JSON.stringify(state, null, 2), 'state.json');
    expect(buildTerraformImport(got.resources, {}).problems[0]?.message).toMatch(/--zone NAME/);
    const withZone = buildTerraformImport(got.resources, { zone: 'example.com' });
    expect(withZone.zones[0]?.records.map((r) => [r.name, r.content, r.ttl])).toEqual([['a.example.com', '192.0.2.1', 1]]);
  });
});
