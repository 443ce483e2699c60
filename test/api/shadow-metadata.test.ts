/**
 * Shadow metadata of a zone too large to carry it in its list (src/api/shadow-metadata.ts):
 * which delegations are asked, and how many requests it costs, against the emulator.
 */
import { describe, expect, it } from 'vitest';
import type { LiveRecord } from '../../src/core/model/record.js';
import { SHADOW_DELEGATIONS_MAX, shallowestDelegations, withShadowMetadata } from '../../src/api/shadow-metadata.js';
import { readLiveRecords } from '../../src/api/live.js';
import { CloudflareClient, type RequestLogEvent } from '../../src/api/client.js';
import { startEmulator } from '../../src/emulator/server.js';

const rec = (name: string, type: string): LiveRecord =>
  ({ id: name + type, name, type, content: 'x', ttl: 1, proxied: false }) as unknown as LiveRecord;

describe('shallowestDelegations', () => {
  it('NS names below the apex that no other NS name holds', () => {
    const records = [
      rec('example.com', 'NS'),
      rec('sub.example.com', 'NS'),
      rec('a.sub.example.com', 'NS'),
      rec('b.c.example.com', 'NS'),
      rec('x.b.c.example.com', 'NS'),
      rec('c.example.com', 'A'),
      rec('elsewhere.org', 'NS'),
    ];
    expect(shallowestDelegations(records, 'example.com')).toEqual(['b.c.example.com', 'sub.example.com']);
  });
});

describe('withShadowMetadata against the emulator', () => {
  const TOKEN = 'shadow-metadata-api-token-0123456789';

  async function zoneWith(delegations: number) {
    const emu = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN, zonePlan: 'pro' });
    const zoneId = emu.zones[0]!.id;
    const log: RequestLogEvent[] = [];
    const client = new CloudflareClient({
      baseUrl: emu.baseUrl,
      credentials: { kind: 'token', token: TOKEN },
      limiter: null,
      log: (e) => log.push(e),
    });
    const posts = [
      ...Array.from({ length: 1000 }, (_, i) => ({ type: 'A', name: `h${i}`, content: '192.0.2.1' })),
      ...Array.from({ length: delegations }, (_, i) => ({ type: 'A', name: `www.d${i}`, content: '192.0.2.2' })),
      ...Array.from({ length: delegations }, (_, i) => ({ type: 'NS', name: `d${i}`, content: 'ns1.example.org' })),
    ];
    const res = await client.request('POST', `/zones/${zoneId}/dns_records/batch`, { body: { posts } });
    expect(res.status).toBe(200);
    const { records } = await readLiveRecords(client, zoneId, 'example.com', {}, { shadowMetadata: true });
    log.length = 0;
    const close = async () => {
      await client.close();
      await emu.close();
    };
    return { zoneId, client, log, records, close };
  }

  it('two delegations: each asked once, its records given the service’s fields', async () => {
    const { zoneId, client, log, records, close } = await zoneWith(2);
    try {
      expect(records).toHaveLength(1004);
      expect(records.some((r) => r.meta?.shadowed_by !== undefined)).toBe(false);
      const read = await withShadowMetadata(client, zoneId, 'example.com', records);
      expect(read.unread).toBeUndefined();
      expect(log.filter((e) => e.outcome === 'ok')).toHaveLength(2);
      const shadowed = read.records.filter((r) => r.meta?.shadowed_by !== undefined).map((r) => r.name);
      expect(shadowed.sort()).toEqual(['www.d0.example.com', 'www.d1.example.com']);
      // The other fields of meta stay as listed.
      expect(read.records.find((r) => r.name === 'www.d0.example.com')!.meta?.source).toBe('primary');
    } finally {
      await close();
    }
  });

  it(`more than ${SHADOW_DELEGATIONS_MAX} delegations: not asked, and said`, async () => {
    const { zoneId, client, log, records, close } = await zoneWith(SHADOW_DELEGATIONS_MAX + 1);
    try {
      const read = await withShadowMetadata(client, zoneId, 'example.com', records);
      expect(read.unread).toBe(SHADOW_DELEGATIONS_MAX + 1);
      expect(read.records).toBe(records);
      expect(log).toEqual([]);
    } finally {
      await close();
    }
  });

  it('a zone of 1,000 records or fewer: the list carried it, nothing more is asked', async () => {
    const { zoneId, client, log, close } = await zoneWith(0);
    try {
      const small = [rec('sub.example.com', 'NS'), rec('www.sub.example.com', 'A')];
      expect((await withShadowMetadata(client, zoneId, 'example.com', small)).records).toBe(small);
      expect(log).toEqual([]);
    } finally {
      await close();
    }
  });
});
