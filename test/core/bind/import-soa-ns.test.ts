/**
 * Import's loose ends (issue 19 items 11 and 12): `--soa` keeps the SOA values the service
 * accepts and reports by line what it left out; the root as an owner is shown as "."; apex NS
 * of a service export that are not the service's own nameservers are reported, not dropped
 * silently. CLI round trip: import --soa, validate, apply (Enterprise zone), plan clean.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { importBindZone } from '../../../src/core/bind/import-zone.js';
import { importApplyPlanClean } from './import-round-trip.js';

const oldStyle = readFileSync(join(__dirname, '..', '..', 'fixtures', 'bind', 'old-style.zone'), 'utf8');

describe('import --soa keeps what the service accepts', () => {
  it('keeps a $TTL of 86400 as the SOA TTL (the API schema accepts up to 86400), leaves out a retry of 7200 above refresh', () => {
    const r = importBindZone(oldStyle, { zone: 'example.com', soa: true, proxied: false });
    expect(r.export.file.settings?.soa).toEqual({
      mname: 'ns1.example.net',
      rname: 'hostmaster.example.com',
      refresh: 3600,
      expire: 1209600,
      min_ttl: 3600,
      ttl: 86400,
    });
    expect(r.problems.filter((p) => /SOA/.test(p.message))).toEqual([
      { line: 4, message: 'SOA retry 7200 must not exceed refresh 3600: left out of settings.soa (the service keeps its value)' },
    ]);
  });

  it('leaves out a retry above refresh (both in range)', () => {
    const zone = '$ORIGIN example.com.\n$TTL 3600\n@ IN SOA ns1.example.net. h.example.com. 1 1200 1800 1209600 3600\n@ IN A 192.0.2.1\n';
    const r = importBindZone(zone, { zone: 'example.com', soa: true, proxied: false });
    expect(r.export.file.settings?.soa).not.toHaveProperty('retry');
    expect(r.problems).toEqual([
      { line: 3, message: 'SOA retry 1800 must not exceed refresh 1200: left out of settings.soa (the service keeps its value)' },
    ]);
  });

  it('CLI: import --soa, validate, apply on an Enterprise zone, plan clean', async () => {
    const { imported, source } = await importApplyPlanClean(oldStyle, ['--soa'], 'enterprise');
    expect(imported.stderr).toContain(`${source}:4: warning: SOA retry 7200 must not exceed refresh 3600`);
  });
});

describe('owners and apex NS in import notes', () => {
  it('the root as an owner is shown as "." (an SOA at @ under $ORIGIN .), not as an empty name', () => {
    const zone = '$ORIGIN .\n@ 3600 IN SOA ns1.example.net. h.example.com. 1 3600 600 1209600 3600\nexample.com. 3600 IN A 192.0.2.1\n';
    const r = importBindZone(zone, { zone: 'example.com', soa: false, proxied: false });
    expect(r.problems).toEqual([{ line: 2, message: 'SOA of ., not of the zone example.com: not imported' }]);
  });

  it("apex NS of a service export that are not the service's nameservers are reported by line", () => {
    const zone = [
      'example.com.\t3600\tIN\tSOA\tada.ns.cloudflare.com. dns.cloudflare.com. 2050131287 10000 2400 604800 3600',
      'example.com.\t86400\tIN\tNS\tada.ns.cloudflare.com.',
      'example.com.\t86400\tIN\tNS\tbob.ns.cloudflare.com.',
      'example.com.\t86400\tIN\tNS\tns1.other-provider.net.',
      'example.com.\t1\tIN\tA\t192.0.2.1',
      '',
    ].join('\n');
    const r = importBindZone(zone, { zone: 'example.com', soa: false, proxied: false });
    expect(r.problems).toEqual([
      {
        line: 4,
        message: expect.stringMatching(/^apex NS ns1\.other-provider\.net is not one of the service's nameservers .*: not imported/),
      },
    ]);
    expect(r.export.sections?.[0]?.lines).toEqual([
      "apex NS ada.ns.cloudflare.com, bob.ns.cloudflare.com: the service's own nameservers; it answers with them itself",
    ]);
  });

  it("another provider's apex NS stay a note (leaving that provider), not a warning", () => {
    const r = importBindZone(oldStyle, { zone: 'example.com', soa: false, proxied: false });
    expect(r.problems).toEqual([]);
  });
});
