import { describe, expect, it } from 'vitest';
import { componentValidator, responseValidator } from './openapi.js';
import { recordsPath, startTestEmulator } from '../emulator/helpers.js';

const DNS = 'dns-records.2024-08-06.openapi.json';
const ZONES = 'zones.2024-08-06.openapi.json';
const COLLECTION = '/zones/{zone_id}/dns_records';
const ONE = '/zones/{zone_id}/dns_records/{dns_record_id}';

const SAMPLES: Array<Record<string, unknown>> = [
  { type: 'A', name: 'a', content: '192.0.2.1', proxied: true },
  { type: 'AAAA', name: 'aaaa', content: '2001:db8::1', ttl: 300 },
  { type: 'CNAME', name: 'c', content: 'a.example.com', proxied: true, comment: 'alias', tags: ['team:web'] },
  { type: 'MX', name: '@', content: 'mx1.example.net', priority: 10 },
  { type: 'TXT', name: '@', content: 'v=spf1 -all' },
  { type: 'CAA', name: '@', data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' } },
  { type: 'SRV', name: '_sip._tcp', data: { priority: 10, weight: 5, port: 5060, target: 'sip.example.com' } },
  { type: 'HTTPS', name: 'h', data: { priority: 1, target: '.', value: 'alpn="h2"' } },
  { type: 'SVCB', name: 's', data: { priority: 1, target: 'svc.example.com', value: '' } },
  { type: 'PTR', name: 'ptr', content: 'host.example.com' },
  { type: 'NS', name: 'sub', content: 'ns1.example.net' },
  { type: 'DS', name: 'sub', data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: '1F987CC6583E92DF0890718C42' } },
  { type: 'DNSKEY', name: 'k', data: { flags: 257, protocol: 3, algorithm: 13, public_key: 'mdsswUyr3DPW132mOi8V9xESWE8jTo0d' } },
  { type: 'URI', name: '_ftp._tcp', data: { weight: 1, target: 'ftp://ftp.example.com/' }, priority: 10 },
  {
    type: 'NAPTR',
    name: 'n',
    data: { order: 100, preference: 10, flags: 'S', service: 'SIP+D2U', regex: '', replacement: '_sip._udp.example.com' },
  },
  {
    type: 'SSHFP',
    name: 'ssh',
    data: { algorithm: 4, type: 2, fingerprint: '123456789abcdef67890123456789abcdef67890123456789abcdef123456789' },
  },
  { type: 'TLSA', name: '_443._tcp', data: { usage: 3, selector: 1, matching_type: 1, certificate: 'ABCDEF0123' } },
  { type: 'SMIMEA', name: 'sm', data: { usage: 3, selector: 1, matching_type: 1, certificate: 'ABCDEF0123' } },
  { type: 'CERT', name: 'cert', data: { type: 1, key_tag: 1, algorithm: 8, certificate: 'TUlJQ0lqQU5CZ2txaGtpRzl3MEJB' } },
  {
    type: 'LOC',
    name: 'loc',
    data: {
      lat_degrees: 37,
      lat_minutes: 46,
      lat_seconds: 46,
      lat_direction: 'N',
      long_degrees: 122,
      long_minutes: 23,
      long_seconds: 35,
      long_direction: 'W',
      altitude: 0,
      size: 100,
      precision_horz: 0,
      precision_vert: 0,
    },
  },
];

describe.each(['2024-07-01', '2024-10-15', '2025-06-01'])(
  'records and zones responses match the OpenAPI subset (api date %s)',
  (apiDate) => {
    it('every record type, every record operation', async () => {
      // A Pro zone: the samples carry tags, a feature of paid plans.
      const emu = await startTestEmulator({ apiDate, zonePlan: 'pro' });
      const create = responseValidator(DNS, COLLECTION, 'post');
      const list = responseValidator(DNS, COLLECTION, 'get');
      const get = responseValidator(DNS, ONE, 'get');
      const patch = responseValidator(DNS, ONE, 'patch');
      const put = responseValidator(DNS, ONE, 'put');
      const del = responseValidator(DNS, ONE, 'delete');
      // The subset's 4xx schemas are allOf(success single, common failure): success must be both
      // true and false, so nothing can match them. Error bodies are checked against the failure part.
      const failure = componentValidator(DNS, 'dns-records_api-response-common-failure');
      const record = componentValidator(DNS, 'dns-records_dns-record');

      const ids: string[] = [];
      for (const sample of SAMPLES) {
        const res = await emu.call('POST', recordsPath(emu), sample);
        expect(res.status, `${sample.type}: ${JSON.stringify(res.body.errors)}`).toBe(200);
        expect(create(res.body), `${sample.type}`).toEqual([]);
        ids.push(res.body.result.id);
      }
      const listed = await emu.call('GET', recordsPath(emu, '?per_page=7&page=2'));
      expect(list(listed.body)).toEqual([]);
      const one = await emu.call('GET', recordsPath(emu, `/${ids[0]}`));
      expect(get(one.body)).toEqual([]);
      const patched = await emu.call('PATCH', recordsPath(emu, `/${ids[1]}`), { ttl: 600 });
      expect(patch(patched.body)).toEqual([]);
      const replaced = await emu.call('PUT', recordsPath(emu, `/${ids[1]}`), { type: 'AAAA', name: 'aaaa', content: '2001:db8::2' });
      expect(put(replaced.body)).toEqual([]);
      const deleted = await emu.call('DELETE', recordsPath(emu, `/${ids[1]}`));
      expect(del(deleted.body)).toEqual([]);

      const bad = await emu.call('POST', recordsPath(emu), { type: 'A', name: 'x', content: 'nope' });
      expect(failure(bad.body)).toEqual([]);
      const missing = await emu.call('GET', recordsPath(emu, '/0123456789abcdef0123456789abcdef'));
      expect(failure(missing.body)).toEqual([]);

      // Batch is newer than the 2024-08 subset: each result array holds records of the record schema.
      const batch = await emu.call('POST', recordsPath(emu, '/batch'), {
        deletes: [{ id: ids[0] }],
        patches: [{ id: ids[3], priority: 20 }],
        puts: [{ id: ids[4], type: 'TXT', name: '@', content: 'v=spf1 ~all' }],
        posts: [{ type: 'A', name: 'batch', content: '192.0.2.50' }],
      });
      expect(batch.status).toBe(200);
      for (const key of ['deletes', 'patches', 'puts', 'posts']) {
        expect(batch.body.result[key]).toHaveLength(1);
        for (const r of batch.body.result[key]) expect(record(r), key).toEqual([]);
      }
    });

    it('zones list and zone details', async () => {
      const emu = await startTestEmulator({ apiDate, zones: ['example.com', 'example.org'] });
      const list = await emu.call('GET', '/zones?name=example.com');
      expect(responseValidator(ZONES, '/zones', 'get')(list.body)).toEqual([]);
      const one = await emu.call('GET', `/zones/${emu.zoneId}`);
      expect(responseValidator(ZONES, '/zones/{zone_id}', 'get')(one.body)).toEqual([]);
    });
  },
);
