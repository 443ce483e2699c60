/**
 * The recorded answers (test/fixtures/recorded/<source>/, each with its SOURCE.md) and, for each,
 * the zone file a user would write for that zone (test/replay/zones/).
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { ReplayZone } from './replay-server.js';

const here = dirname(fileURLToPath(import.meta.url));
export const RECORDED_DIR = join(here, '..', 'fixtures', 'recorded');
export const ZONES_DIR = join(here, 'zones');

const json = (source: string, file: string): unknown => JSON.parse(readFileSync(join(RECORDED_DIR, source, file), 'utf8'));

export interface RecordedFixture {
  /** A short name for test titles. */
  readonly name: string;
  /** Directory under test/fixtures/recorded. */
  readonly source: string;
  /** Zone file under test/replay/zones. */
  readonly zoneFile: string;
  readonly zone: ReplayZone;
  /** How many records zonectl reads from these answers (known types, each record id once). */
  readonly readCount: number;
}

const CF_TERRAFORMING_ZONE = '0da42c8d2132a9ddaf714f9e7c920711';
const cfTerraformingV4 = (file: string, zoneFile: string): RecordedFixture => ({
  name: `cf-terraforming ${file}`,
  source: 'cf-terraforming',
  zoneFile,
  zone: {
    id: CF_TERRAFORMING_ZONE,
    name: 'example.com',
    zoneAnswer: json('cf-terraforming', 'v4-zone.json'),
    records: { kind: 'pages', pages: [json('cf-terraforming', file)] },
  },
  readCount: 1,
});

const openapi = (file: string, zoneFile: string): RecordedFixture => ({
  name: `OpenAPI example ${file}`,
  source: 'openapi-examples',
  zoneFile,
  zone: {
    id: '023e105f4ecef8ad9ca31a8372d0c353',
    name: 'example.com',
    records: { kind: 'records', records: [json('openapi-examples', file)] },
  },
  readCount: 1,
});

export const FIXTURES: readonly RecordedFixture[] = [
  {
    name: 'octodns-cloudflare pages 1-3',
    source: 'octodns-cloudflare',
    zoneFile: 'octodns-unit.tests.yaml',
    zone: {
      id: 'ff12ab34cd5611334422ab3322997650',
      name: 'unit.tests',
      records: { kind: 'pages', pages: [1, 2, 3].map((n) => json('octodns-cloudflare', `dns_records-page-${n}.json`)) },
    },
    // 29 records: 2 of types zonectl does not manage (SPF, SOA), 6 repeating an earlier id.
    readCount: 21,
  },
  {
    name: 'cf-terraforming v5 dns_records',
    source: 'cf-terraforming',
    zoneFile: 'cf-terraforming-v5.yaml',
    zone: {
      id: CF_TERRAFORMING_ZONE,
      name: 'example.com',
      zoneAnswer: json('cf-terraforming', 'v4-zone.json'),
      records: { kind: 'pages', pages: [json('cf-terraforming', 'v5-dns_records.json')] },
    },
    readCount: 3,
  },
  cfTerraformingV4('v4-record-a.json', 'cf-terraforming-v4-a.yaml'),
  cfTerraformingV4('v4-record-caa.json', 'cf-terraforming-v4-caa.yaml'),
  cfTerraformingV4('v4-record-txt-spf.json', 'cf-terraforming-v4-txt-spf.yaml'),
  cfTerraformingV4('v4-record-ptr.json', 'cf-terraforming-v4-ptr.yaml'),
  {
    name: 'Shopify record_store cassette',
    source: 'shopify-record-store',
    zoneFile: 'shopify-record-store.yaml',
    zone: {
      id: '7ed83734c471bd155e2fe23234c5c936',
      name: 'record-store-dns-tests.shopitest.com',
      zonesAnswer: json('shopify-record-store', 'zones-by-name.json'),
      records: { kind: 'pages', pages: [json('shopify-record-store', 'dns_records.json')] },
    },
    readCount: 3,
  },
  {
    name: 'libcloud pages 1-2',
    source: 'libcloud',
    zoneFile: 'libcloud.yaml',
    zone: {
      id: '00000000000000000000000000001234', // libcloud's tests use 1234; the API's ids are 32 hex
      name: 'example.com',
      records: { kind: 'pages', pages: [json('libcloud', 'records-page-1.json'), json('libcloud', 'records-page-2.json')] },
    },
    readCount: 8,
  },
  {
    name: 'caddyserver/caddy#7301 listing',
    source: 'caddy-issue-7301',
    zoneFile: 'caddy-issue-7301.yaml',
    zone: {
      id: 'c0ddf1e0c0ddf1e0c0ddf1e0c0ddf1e0',
      name: '958386.xyz',
      records: { kind: 'records', records: json('caddy-issue-7301', 'records.json') as unknown[] },
    },
    readCount: 2,
  },
  openapi('svcb.json', 'openapi-svcb.yaml'),
  openapi('uri.json', 'openapi-uri.yaml'),
  openapi('srv.json', 'openapi-srv.yaml'),
];

export function fixture(name: string): RecordedFixture {
  const f = FIXTURES.find((x) => x.name === name);
  if (!f) throw new Error(`no recorded fixture named ${name}`);
  return f;
}

export function zoneFileText(f: RecordedFixture): string {
  return readFileSync(join(ZONES_DIR, f.zoneFile), 'utf8');
}
