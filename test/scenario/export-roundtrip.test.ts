/**
 * Property: for random zones over every record type, live -> export -> plan is empty. The zone
 * is built by applying a random file to the emulator; the exported file is read back through the
 * real zone file loader and planned against the same live zone.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLiveZone, readZoneExport } from '../../src/app/export-zone.js';
import { importBindZone } from '../../src/core/bind/import-zone.js';
import { renderBindZone } from '../../src/core/bind/render-bind.js';
import { planZoneRun } from '../../src/app/plan-zones.js';
import { renderExportJson, renderExportYaml } from '../../src/core/export/render-export.js';
import { RECORD_TYPES } from '../../src/core/model/record-types.js';
import { config, converge, startHarness, type Harness } from './harness.js';
import { commandRuns, needsTool } from '../support/needs-tool.js';

type Rec = Record<string, unknown>;

/** Valid records of every type, written loosely (case, trailing dots, long text). */
const POOL: readonly Rec[] = [
  { name: '@', type: 'A', content: '192.0.2.1' },
  { name: 'www', type: 'A', content: '198.51.100.20' },
  { name: '*.dev', type: 'A', content: '203.0.113.9' },
  { name: 'bücher', type: 'A', content: '203.0.113.10' },
  { name: 'v6', type: 'AAAA', content: '2001:DB8:0:0:0:0:0:1' },
  { name: 'alias', type: 'CNAME', content: 'Target.Example.NET.' },
  { name: 'shop', type: 'CNAME', content: 'shops.example.org' },
  { name: '@', type: 'MX', content: 'MX1.example.net.', priority: 10 },
  { name: '@', type: 'MX', content: 'mx2.example.net', priority: 20 },
  { name: 'nullmx', type: 'MX', content: '.', priority: 0 },
  { name: '@', type: 'TXT', content: 'v=spf1 include:_spf.example.net -all' },
  { name: 'sel._domainkey', type: 'TXT', content: `v=DKIM1; k=rsa; p=${'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A'.repeat(14)}` },
  { name: '_dmarc', type: 'TXT', content: 'v=DMARC1; p=reject; rua=mailto:dmarc@example.com' },
  { name: '@', type: 'CAA', data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' } },
  { name: '_sip._tcp', type: 'SRV', data: { priority: 10, weight: 5, port: 5060, target: 'sip.example.com.' } },
  { name: 'svc', type: 'SVCB', data: { priority: 1, target: '.', value: 'alpn="h2"' } },
  { name: '@', type: 'HTTPS', data: { priority: 1, target: '.', value: 'alpn="h3,h2"' } },
  { name: '10.2.0.192.in-addr', type: 'PTR', content: 'host.example.com' },
  { name: 'sub', type: 'NS', content: 'ns1.example.net' },
  { name: 'sub', type: 'NS', content: 'ns2.example.net' },
  { name: '@', type: 'DNSKEY', data: { flags: 257, protocol: 3, algorithm: 13, public_key: 'mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==' } },
  { name: '_ftp._tcp', type: 'URI', priority: 10, data: { weight: 1, target: 'ftp://ftp.example.com/public' } },
  { name: '@', type: 'NAPTR', data: { order: 100, preference: 10, flags: 'S', service: 'SIP+D2U', regex: '', replacement: '_sip._udp.example.com' } },
  { name: 'host', type: 'SSHFP', data: { algorithm: 4, type: 2, fingerprint: '123456789abcdef67890123456789abcdef67890123456789abcdef123456789' } },
  { name: '_443._tcp.www', type: 'TLSA', data: { usage: 3, selector: 1, matching_type: 1, certificate: '0c72ac70b745ac19998811b131d662c9ac69dbdbe7cb23e5b514b56664c5d3d6' } },
  { name: 'abc._smimecert', type: 'SMIMEA', data: { usage: 3, selector: 0, matching_type: 1, certificate: 'aabbccddeeff00112233445566778899aabbccddeeff00112233445566778899' } },
  { name: 'cert', type: 'CERT', data: { type: 1, key_tag: 12179, algorithm: 3, certificate: 'MIIBszCCAXCgAwIBAgIJAKcD' } },
  { name: 'loc', type: 'LOC', data: { lat_degrees: 52, lat_minutes: 22, lat_seconds: 23, lat_direction: 'N', long_degrees: 4, long_minutes: 53, long_seconds: 32, long_direction: 'E', altitude: -2, size: 1, precision_horz: 10000, precision_vert: 10 } },
  { name: 'pgp', type: 'OPENPGPKEY', content: 'mQINBFm4hfcBEADKfsmZMzUPBMNyHZQ3' },
];
/** DS needs its delegation (NS at the same name): added whenever a DS is drawn. */
const DS: Rec = { name: 'sub', type: 'DS', data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: '1f987cc6583e92df0890718c42f9b2a8f3e1d9d0e5f1a3b8c7d6e5f4a3b2c1d0' } };

const PROXIABLE = new Set(['A', 'AAAA', 'CNAME']);

const decorated = (r: Rec): fc.Arbitrary<Rec> =>
  fc.record({
    ttl: fc.constantFrom<number | 'auto' | undefined>(undefined, 'auto', 300, 3600),
    proxied: PROXIABLE.has(r.type as string) ? fc.boolean() : fc.constant(false),
    comment: fc.option(fc.constantFrom('origin', 'managed in git', 'ticket #42'), { nil: undefined }),
    tags: fc.option(fc.constantFrom(['team:web'], ['env:prod', 'team:mail']), { nil: undefined }),
  }).map(({ ttl, proxied, comment, tags }) => ({
    ...r,
    ...(proxied ? { proxied: true } : ttl !== undefined ? { ttl } : {}),
    ...(comment !== undefined ? { comment } : {}),
    ...(tags !== undefined ? { tags } : {}),
  }));

const zoneArb = fc
  .tuple(fc.subarray([...POOL], { minLength: 1 }), fc.boolean(), fc.constantFrom<number | 'auto' | undefined>(undefined, 3600))
  .chain(([records, withDs, defaultTtl]) => {
    const all = withDs ? [...records.filter((r) => r.name !== 'sub'), POOL.find((r) => r.type === 'NS') as Rec, DS] : records;
    return fc.tuple(fc.tuple(...all.map(decorated)), fc.constant(defaultTtl));
  });

/** named-checkzone (bind9-utils) when installed; CI installs it (.ci/run), so there it must be present. */
const NAMED = needsTool({ name: 'named-checkzone', available: commandRuns('named-checkzone', ['-v']), install: 'Debian package bind9-utils' });
const namedCheckzone = NAMED.available;
const scratch = mkdtempSync(join(tmpdir(), 'zonectl-bind-'));

function checkWithNamed(text: string): void {
  const file = join(scratch, 'zone.db');
  writeFileSync(file, text);
  const res = spawnSync('named-checkzone', ['-i', 'local', '-k', 'fail', '-n', 'fail', 'example.com', file], { encoding: 'utf8' });
  expect(`${res.stdout}${res.stderr}`, text).toMatch(/OK/);
  expect(res.status, `${res.stdout}${res.stderr}\n${text}`).toBe(0);
}

function zoneFile(records: readonly Rec[], defaultTtl: number | 'auto' | undefined): string {
  const lines = records.map((r) => `  - ${JSON.stringify(r)}`);
  return [
    'version: 1',
    'zone: example.com',
    ...(defaultTtl !== undefined ? [`defaults: { ttl: ${defaultTtl} }`] : []),
    'records:',
    ...lines,
    'manage: { unmanaged: delete, max_delete_percent: 100, max_update_percent: 100 }',
    '',
  ].join('\n');
}

describe('export round trip', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  // Reported as skipped where named-checkzone is missing (the property below then runs without
  // that oracle), and a failure under CI.
  NAMED.it('named-checkzone is installed and accepts a minimal zone', () => {
    checkWithNamed('$ORIGIN example.com.\n$TTL 300\n@ IN SOA ns1.example.com. hostmaster.example.com. 1 7200 3600 86400 300\n@ IN NS ns1.example.com.\nns1 IN A 192.0.2.1\n');
  });

  it('the pool covers every record type', () => {
    expect(new Set([...POOL, DS].map((r) => r.type))).toEqual(new Set(RECORD_TYPES));
  });

  it('live -> export (YAML, JSON, BIND) -> plan is empty, and named-checkzone accepts the BIND file, for random zones', async () => {
    await fc.assert(
      fc.asyncProperty(zoneArb, async ([records, defaultTtl]) => {
        await converge(h, config(zoneFile(records, defaultTtl)));
        const { export: exp } = await readZoneExport(h.client, 'example.com');
        expect(exp.leftOut).toEqual([]);
        for (const text of [renderExportYaml(exp, { schemaRef: 'zone.schema.json' }), renderExportJson(exp)]) {
          const exported = config(text);
          expect(exported.records).toHaveLength(records.length);
          const run = await planZoneRun(h.client, exported);
          expect(run.plan.operations).toEqual([]);
          expect(run.plan.unmanaged).toEqual([]);
        }
        // live -> BIND (as the service's export lays it out) -> named-checkzone -> import -> plan is empty.
        const { input } = await readLiveZone(h.client, 'example.com');
        const bind = renderBindZone({ zone: 'example.com', records: input.records, nameServers: input.nameServers ?? [], settings: input.settings, serial: 1 });
        if (namedCheckzone) checkWithNamed(bind);
        const imported = importBindZone(bind, { zone: 'example.com', soa: false, proxied: false });
        expect(imported.problems).toEqual([]);
        const run = await planZoneRun(h.client, config(renderExportYaml(imported.export, { schemaRef: 'zone.schema.json' })));
        expect(run.plan.operations).toEqual([]);
      }),
      { numRuns: 15, seed: 20261122 },
    );
  });
});
