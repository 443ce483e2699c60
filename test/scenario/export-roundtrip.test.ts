/**
 * Property: for random zones over every record type, live -> export -> plan is empty. The zone
 * is built by applying a random file to the emulator; the exported file is read back through the
 * real zone file loader and planned against the same live zone.
 */
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readLiveZone, readZoneExport } from '../../src/app/export/read-export.js';
import { importBindZone } from '../../src/core/bind/import-zone.js';
import { renderBindZone } from '../../src/core/bind/render-bind.js';
import { planZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { renderExportJson, renderExportYaml } from '../../src/core/export/render-export.js';
import { RECORD_TYPES } from '../../src/core/record-types/index.js';
import { config, converge, listRecords, startHarness, type Harness, type ListedRecord } from './harness.js';
import { commandRuns, needsTool } from '../support/needs-tool.js';
import { tempDir } from '../support/temp-dir.js';

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
  {
    name: '@',
    type: 'DNSKEY',
    data: {
      flags: 257,
      protocol: 3,
      algorithm: 13,
      public_key: 'mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==',
    },
  },
  { name: '_ftp._tcp', type: 'URI', priority: 10, data: { weight: 1, target: 'ftp://ftp.example.com/public' } },
  {
    name: '@',
    type: 'NAPTR',
    data: { order: 100, preference: 10, flags: 'S', service: 'SIP+D2U', regex: '', replacement: '_sip._udp.example.com' },
  },
  {
    name: 'host',
    type: 'SSHFP',
    data: { algorithm: 4, type: 2, fingerprint: '123456789abcdef67890123456789abcdef67890123456789abcdef123456789' },
  },
  {
    name: '_443._tcp.www',
    type: 'TLSA',
    data: { usage: 3, selector: 1, matching_type: 1, certificate: '0c72ac70b745ac19998811b131d662c9ac69dbdbe7cb23e5b514b56664c5d3d6' },
  },
  {
    name: 'abc._smimecert',
    type: 'SMIMEA',
    data: { usage: 3, selector: 0, matching_type: 1, certificate: 'aabbccddeeff00112233445566778899aabbccddeeff00112233445566778899' },
  },
  { name: 'cert', type: 'CERT', data: { type: 1, key_tag: 12179, algorithm: 3, certificate: 'MIIBszCCAXCgAwIBAgIJAKcD' } },
  {
    name: 'loc',
    type: 'LOC',
    data: {
      lat_degrees: 52,
      lat_minutes: 22,
      lat_seconds: 23,
      lat_direction: 'N',
      long_degrees: 4,
      long_minutes: 53,
      long_seconds: 32,
      long_direction: 'E',
      altitude: -2,
      size: 1,
      precision_horz: 10000,
      precision_vert: 10,
    },
  },
  { name: 'pgp', type: 'OPENPGPKEY', content: 'mQINBFm4hfcBEADKfsmZMzUPBMNyHZQ3' },
];
/** DS needs its delegation (NS at the same name): added whenever a DS is drawn. */
const DS: Rec = {
  name: 'sub',
  type: 'DS',
  data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: '1f987cc6583e92df0890718c42f9b2a8f3e1d9d0e5f1a3b8c7d6e5f4a3b2c1d0' },
};

/**
 * What the service holds for each record of POOL (then DS), written out by hand: the oracle that
 * compares live records with the file field by field, so that a normaliser that treats two
 * different values as equal cannot hide a difference behind an empty plan. Names are FQDNs
 * (IDN as punycode), hostnames lower-case without the trailing dot, IPv6 compressed, hex data
 * upper-case, TXT quoted and cut into 255-byte strings, NAPTR flags as written (the service keeps
 * them so: a recorded answer holds "S", test/fixtures/recorded/octodns-cloudflare; issue 28).
 */
const DKIM = `v=DKIM1; k=rsa; p=${'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8A'.repeat(14)}`;
const LIVE: readonly { name: string; content: string; priority?: number; data?: Rec }[] = [
  { name: 'example.com', content: '192.0.2.1' },
  { name: 'www.example.com', content: '198.51.100.20' },
  { name: '*.dev.example.com', content: '203.0.113.9' },
  { name: 'xn--bcher-kva.example.com', content: '203.0.113.10' },
  { name: 'v6.example.com', content: '2001:db8::1' },
  { name: 'alias.example.com', content: 'target.example.net' },
  { name: 'shop.example.com', content: 'shops.example.org' },
  { name: 'example.com', content: 'mx1.example.net', priority: 10 },
  { name: 'example.com', content: 'mx2.example.net', priority: 20 },
  { name: 'nullmx.example.com', content: '.', priority: 0 },
  { name: 'example.com', content: '"v=spf1 include:_spf.example.net -all"' },
  { name: 'sel._domainkey.example.com', content: `"${DKIM.slice(0, 255)}" "${DKIM.slice(255)}"` },
  { name: '_dmarc.example.com', content: '"v=DMARC1; p=reject; rua=mailto:dmarc@example.com"' },
  { name: 'example.com', content: '0 issue "letsencrypt.org"', data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' } },
  {
    name: '_sip._tcp.example.com',
    content: '5 5060 sip.example.com',
    priority: 10,
    data: { priority: 10, weight: 5, port: 5060, target: 'sip.example.com' },
  },
  { name: 'svc.example.com', content: '1 . alpn="h2"', data: { priority: 1, target: '.', value: 'alpn="h2"' } },
  { name: 'example.com', content: '1 . alpn="h3,h2"', data: { priority: 1, target: '.', value: 'alpn="h3,h2"' } },
  { name: '10.2.0.192.in-addr.example.com', content: 'host.example.com' },
  { name: 'sub.example.com', content: 'ns1.example.net' },
  { name: 'sub.example.com', content: 'ns2.example.net' },
  {
    name: 'example.com',
    content: '257 3 13 mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==',
    data: {
      flags: 257,
      protocol: 3,
      algorithm: 13,
      public_key: 'mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==',
    },
  },
  {
    name: '_ftp._tcp.example.com',
    content: '1 "ftp://ftp.example.com/public"',
    priority: 10,
    data: { weight: 1, target: 'ftp://ftp.example.com/public' },
  },
  {
    name: 'example.com',
    content: '100 10 "S" "SIP+D2U" "" _sip._udp.example.com',
    data: { order: 100, preference: 10, flags: 'S', service: 'SIP+D2U', regex: '', replacement: '_sip._udp.example.com' },
  },
  {
    name: 'host.example.com',
    content: '4 2 123456789ABCDEF67890123456789ABCDEF67890123456789ABCDEF123456789',
    data: { algorithm: 4, type: 2, fingerprint: '123456789ABCDEF67890123456789ABCDEF67890123456789ABCDEF123456789' },
  },
  {
    name: '_443._tcp.www.example.com',
    content: '3 1 1 0C72AC70B745AC19998811B131D662C9AC69DBDBE7CB23E5B514B56664C5D3D6',
    data: { usage: 3, selector: 1, matching_type: 1, certificate: '0C72AC70B745AC19998811B131D662C9AC69DBDBE7CB23E5B514B56664C5D3D6' },
  },
  {
    name: 'abc._smimecert.example.com',
    content: '3 0 1 AABBCCDDEEFF00112233445566778899AABBCCDDEEFF00112233445566778899',
    data: { usage: 3, selector: 0, matching_type: 1, certificate: 'AABBCCDDEEFF00112233445566778899AABBCCDDEEFF00112233445566778899' },
  },
  {
    name: 'cert.example.com',
    content: '1 12179 3 MIIBszCCAXCgAwIBAgIJAKcD',
    data: { type: 1, key_tag: 12179, algorithm: 3, certificate: 'MIIBszCCAXCgAwIBAgIJAKcD' },
  },
  {
    name: 'loc.example.com',
    content: '52 22 23 N 4 53 32 E -2m 1m 10000m 10m',
    data: {
      lat_degrees: 52,
      lat_minutes: 22,
      lat_seconds: 23,
      lat_direction: 'N',
      long_degrees: 4,
      long_minutes: 53,
      long_seconds: 32,
      long_direction: 'E',
      altitude: -2,
      size: 1,
      precision_horz: 10000,
      precision_vert: 10,
    },
  },
  { name: 'pgp.example.com', content: 'mQINBFm4hfcBEADKfsmZMzUPBMNyHZQ3' },
  {
    name: 'sub.example.com',
    content: '2371 13 2 1F987CC6583E92DF0890718C42F9B2A8F3E1D9D0E5F1A3B8C7D6E5F4A3B2C1D0',
    data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: '1F987CC6583E92DF0890718C42F9B2A8F3E1D9D0E5F1A3B8C7D6E5F4A3B2C1D0' },
  },
];
const keyOf = (r: Rec): string => `${String(r.name)} ${String(r.type)} ${JSON.stringify(r.content ?? r.data)}`;
const LIVE_BY_KEY = new Map([...POOL, DS].map((r, i) => [keyOf(r), LIVE[i]!]));

/** The live record each drawn record must become, every field the service stores. */
function expectedLive(r: Rec, defaultTtl: number | 'auto' | undefined): Rec {
  const live = LIVE_BY_KEY.get(keyOf(r));
  if (live === undefined) throw new Error(`no expected live form for ${keyOf(r)}`);
  const ttl =
    r.proxied === true
      ? 1
      : r.ttl !== undefined
        ? r.ttl === 'auto'
          ? 1
          : r.ttl
        : defaultTtl === undefined || defaultTtl === 'auto'
          ? 1
          : defaultTtl;
  return {
    name: live.name,
    type: r.type,
    content: live.content,
    ...(live.priority !== undefined ? { priority: live.priority } : {}),
    ...(live.data !== undefined ? { data: live.data } : {}),
    ttl,
    proxied: r.proxied === true,
    // Comment and tags are managed only where the file sets them (README, "How zonectl reconciles").
    ...(r.comment !== undefined ? { comment: r.comment } : {}),
    ...(r.tags !== undefined ? { tags: [...(r.tags as string[])].sort() } : {}),
  };
}

/** The same fields of a live record as the raw API lists it. */
const liveFields = (r: ListedRecord): Rec => ({
  name: r.name,
  type: r.type,
  content: r.content,
  ...(r.priority !== undefined ? { priority: r.priority } : {}),
  ...(r.data !== undefined ? { data: r.data } : {}),
  ttl: r.ttl,
  proxied: r.proxied,
  comment: r.comment,
  tags: [...r.tags].sort(),
});
const sortKey = (r: Rec): string => `${String(r.name)} ${String(r.type)} ${String(r.content)}`;
const byKey = (a: Rec, b: Rec): number => sortKey(a).localeCompare(sortKey(b));

/** Live records against the expected ones, pairwise; comment and tags only where the file sets them. */
function expectZoneHolds(live: readonly ListedRecord[], expected: Rec[]): void {
  const got = live.map(liveFields).sort(byKey);
  const want = [...expected].sort(byKey);
  expect(got.map(sortKey)).toEqual(want.map(sortKey));
  got.forEach((g, i) => {
    const w = want[i]!;
    const { comment, tags, ...rest } = g;
    expect({ ...rest, ...('comment' in w ? { comment } : {}), ...('tags' in w ? { tags } : {}) }).toEqual(w);
  });
}

const PROXIABLE = new Set(['A', 'AAAA', 'CNAME']);

const decorated = (r: Rec): fc.Arbitrary<Rec> =>
  fc
    .record({
      ttl: fc.constantFrom<number | 'auto' | undefined>(undefined, 'auto', 300, 3600),
      proxied: PROXIABLE.has(r.type as string) ? fc.boolean() : fc.constant(false),
      comment: fc.option(fc.constantFrom('origin', 'managed in git', 'ticket #42'), { nil: undefined }),
      tags: fc.option(fc.constantFrom(['team:web'], ['env:prod', 'team:mail']), { nil: undefined }),
    })
    .map(({ ttl, proxied, comment, tags }) => ({
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
const NAMED = needsTool({
  name: 'named-checkzone',
  available: commandRuns('named-checkzone', ['-v']),
  install: 'Debian package bind9-utils',
});
const namedCheckzone = NAMED.available;
const scratch = tempDir('bind');

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
    // A Pro zone: the random records carry tags, a feature of paid plans.
    h = await startHarness({ zonePlan: 'pro' });
  });
  afterAll(async () => {
    await h.close();
  });

  // Reported as skipped where named-checkzone is missing (the property below then runs without
  // that oracle), and a failure under CI.
  NAMED.it('named-checkzone is installed and accepts a minimal zone', () => {
    checkWithNamed(
      '$ORIGIN example.com.\n$TTL 300\n@ IN SOA ns1.example.com. hostmaster.example.com. 1 7200 3600 86400 300\n@ IN NS ns1.example.com.\nns1 IN A 192.0.2.1\n',
    );
  });

  it('the pool covers every record type', () => {
    expect(new Set([...POOL, DS].map((r) => r.type))).toEqual(new Set(RECORD_TYPES));
  });

  it('live -> export (YAML, JSON, BIND) -> plan is empty, and named-checkzone accepts the BIND file, for random zones', async () => {
    await fc.assert(
      fc.asyncProperty(zoneArb, async ([records, defaultTtl]) => {
        await converge(h, config(zoneFile(records, defaultTtl)));
        // The zone holds exactly what the file says, field by field (the raw API, not zonectl's reader).
        expectZoneHolds(
          await listRecords(h),
          records.map((r) => expectedLive(r, defaultTtl)),
        );
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
        const bind = renderBindZone({
          zone: 'example.com',
          records: input.records,
          nameServers: input.nameServers ?? [],
          settings: input.settings,
          serial: 1,
        });
        if (namedCheckzone) checkWithNamed(bind);
        const imported = importBindZone(bind, { zone: 'example.com', soa: false, proxied: false });
        expect(imported.problems).toEqual([]);
        const run = await planZoneRun(h.client, config(renderExportYaml(imported.export, { schemaRef: 'zone.schema.json' })));
        expect(run.plan.operations).toEqual([]);
      }),
      { numRuns: 100, seed: process.env.ZONECTL_FUZZ_SEED ? fc.readConfigureGlobal().seed : 20261122 },
    );
  });
});
