/**
 * The service's zone-file endpoints on the emulator: GET .../dns_records/export (BIND text) and
 * POST .../dns_records/import (multipart). Checked against zonectl's own, separate BIND code:
 * the emulator's export imported by zonectl plans clean against the same zone, and a file
 * uploaded to the emulator ends as the zone zonectl's import of that file describes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { FormData, request } from 'undici';
import { describe, expect, it } from 'vitest';
import { planZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { importBindZone } from '../../src/core/bind/import-zone.js';
import { renderExportYaml } from '../../src/core/export/render-export.js';
import { config, converge, startHarness, TOKEN } from '../scenario/harness.js';

const ZONE = `version: 1
zone: example.com
records:
  - { name: "@", type: A, content: 192.0.2.10, proxied: true, comment: origin, tags: ["team:web", "bare"] }
  - { name: www, type: CNAME, content: example.com, proxied: true }
  - { name: "@", type: MX, content: mx1.example.net, priority: 10 }
  - { name: "@", type: TXT, content: "v=spf1 include:_spf.example.net -all" }
  - { name: long, type: TXT, content: "${'k'.repeat(300)}" }
  - { name: _sip._tcp, type: SRV, data: { priority: 10, weight: 5, port: 5060, target: sip.example.net } }
  - { name: "@", type: CAA, data: { flags: 0, tag: issue, value: letsencrypt.org } }
  - { name: sub, type: NS, content: ns1.example.net }
  - { name: sub, type: DS, data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: 1F987CC6583E92DF0890718C42F9B2A8F3E1D9D0E5F1A3B8C7D6E5F4A3B2C1D0 } }
  - { name: svc, type: HTTPS, data: { priority: 1, target: svc.example.net, value: 'alpn="h2"' } }
  - { name: loc, type: LOC, data: { lat_degrees: 52, lat_minutes: 22, lat_seconds: 23, lat_direction: N, long_degrees: 4, long_minutes: 53, long_seconds: 32, long_direction: E, altitude: -2, size: 1, precision_horz: 10000, precision_vert: 10 } }
  - { name: v6, type: AAAA, content: "2001:db8::1", ttl: 3600 }
`;

describe('emulator zone-file endpoints', () => {
  it("export answers BIND text in the service's layout; zonectl imports it to a file that plans clean", async () => {
    // A Pro zone: the records carry tags, a feature of paid plans.
    const h = await startHarness({ zonePlan: 'pro' });
    try {
      await converge(h, config(ZONE));
      const res = await request(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records/export`, {
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(res.statusCode).toBe(200);
      expect(String(res.headers['content-type'])).toMatch(/^text\/plain/);
      const text = await res.body.text();
      expect(text).toMatch(/^;; SOA Record\nexample\.com\t3600\tIN\tSOA\t/m);
      expect(text).toMatch(/^example\.com\.\t1\tIN\tA\t192\.0\.2\.10 ; origin cf_tags=bare,team:web,cf-proxied:true$/m);
      expect(text).toMatch(/^;; NS Records\nexample\.com\.\t86400\tIN\tNS\t/m);
      const imported = importBindZone(text, { zone: 'example.com', soa: false, proxied: false });
      expect(imported.problems).toEqual([]);
      const run = await planZoneRun(h.client, config(renderExportYaml(imported.export, { schemaRef: 'zone.schema.json' })));
      expect(run.plan.operations).toEqual([]);
    } finally {
      await h.close();
    }
  });

  it('import takes a multipart upload; the zone then equals zonectl’s own import of the same file', async () => {
    // A paid zone: the file flattens one CNAME (cf-flatten-cname), which Free zones may not.
    const h = await startHarness({ zonePlan: 'pro' });
    try {
      const file = readFileSync(join(__dirname, '..', 'fixtures', 'bind', 'cloudflare-export.zone'), 'utf8');
      const form = new FormData();
      form.set('file', new Blob([file]), 'zone.txt');
      form.set('proxied', 'false');
      const res = await request(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records/import`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const body = (await res.body.json()) as {
        success: boolean;
        result: { recs_added: number; total_records_parsed: number };
        timing: { process_time: number };
      };
      expect(res.statusCode).toBe(200);
      expect(body.result).toEqual({ recs_added: 10, total_records_parsed: 13 });
      expect(typeof body.timing.process_time).toBe('number');
      const ours = importBindZone(file, { zone: 'example.com', soa: false, proxied: false });
      const run = await planZoneRun(h.client, config(renderExportYaml(ours.export, { schemaRef: 'zone.schema.json' })));
      expect(run.plan.operations).toEqual([]);

      const again = await request(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records/import`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const second = (await again.body.json()) as { result: { recs_added: number } | null; errors: unknown[] };
      expect(second.errors).toEqual([]);
      expect(second.result?.recs_added).toBe(0);
    } finally {
      await h.close();
    }
  });

  it('refuses $INCLUDE as the service does, naming the line, and adds nothing', async () => {
    const h = await startHarness();
    try {
      const form = new FormData();
      form.set('file', new Blob(['a 300 IN A 192.0.2.1\n$INCLUDE other.zone\n']), 'zone.txt');
      const res = await request(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records/import`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      const body = (await res.body.json()) as { success: boolean; errors: Array<{ message: string }> };
      expect(res.statusCode).toBe(400);
      expect(body.errors[0].message).toBe('Line 2: $INCLUDE directive not allowed');
      const list = await request(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(((await list.body.json()) as { result: unknown[] }).result).toEqual([]);
    } finally {
      await h.close();
    }
  });
});
