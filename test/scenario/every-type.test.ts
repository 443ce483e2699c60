import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RECORD_TYPES } from '../../src/core/record-types/index.js';
import { converge, config, listRecords, startHarness, type Harness } from './harness.js';

// One record of every type the zone file accepts, written the way a person would (mixed case,
// trailing dots, expanded IPv6, unquoted TXT) to exercise normalisation on the way back.
const EVERY_TYPE = `
version: 1
zone: example.com
records:
  - { name: "@", type: A, content: 192.0.2.1 }
  - { name: v6, type: AAAA, content: "2001:DB8:0:0:0:0:0:1" }
  - { name: alias, type: CNAME, content: Target.Example.NET. }
  - { name: "@", type: MX, content: MX1.example.net., priority: 10 }
  - { name: nullmx, type: MX, content: ".", priority: 0 }
  - { name: "@", type: TXT, content: "v=spf1 -all" }
  - { name: "@", type: CAA, data: { flags: 0, tag: issue, value: letsencrypt.org } }
  - { name: _sip._tcp, type: SRV, data: { priority: 10, weight: 5, port: 5060, target: sip.example.com. } }
  - { name: svc, type: SVCB, data: { priority: 1, target: ".", value: 'alpn="h2"' } }
  - { name: "@", type: HTTPS, data: { priority: 1, target: ".", value: 'alpn="h3,h2"' } }
  - { name: 10.2.0.192.in-addr, type: PTR, content: host.example.com }
  - { name: sub, type: NS, content: ns1.example.net }
  - { name: sub, type: DS, data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: "1f987cc6583e92df0890718c42f9b2a8f3e1d9d0e5f1a3b8c7d6e5f4a3b2c1d0" } }
  - { name: "@", type: DNSKEY, data: { flags: 257, protocol: 3, algorithm: 13, public_key: "mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==" } }
  - { name: _ftp._tcp, type: URI, priority: 10, data: { weight: 1, target: "ftp://ftp.example.com/public" } }
  - { name: "@", type: NAPTR, data: { order: 100, preference: 10, flags: S, service: "SIP+D2U", regex: "", replacement: _sip._udp.example.com } }
  - { name: host, type: SSHFP, data: { algorithm: 4, type: 2, fingerprint: "123456789abcdef67890123456789abcdef67890123456789abcdef123456789" } }
  - { name: _443._tcp.www, type: TLSA, data: { usage: 3, selector: 1, matching_type: 1, certificate: "0c72ac70b745ac19998811b131d662c9ac69dbdbe7cb23e5b514b56664c5d3d6" } }
  - { name: abc._smimecert, type: SMIMEA, data: { usage: 3, selector: 0, matching_type: 1, certificate: "aabbccddeeff00112233445566778899aabbccddeeff00112233445566778899" } }
  - { name: cert, type: CERT, data: { type: 1, key_tag: 12179, algorithm: 3, certificate: "MIIBszCCAXCgAwIBAgIJAK" } }
  - { name: loc, type: LOC, data: { lat_degrees: 52, lat_minutes: 22, lat_seconds: 23, lat_direction: N, long_degrees: 4, long_minutes: 53, long_seconds: 32, long_direction: E, altitude: -2, size: 1, precision_horz: 10000, precision_vert: 10 } }
  - { name: pgp, type: OPENPGPKEY, content: "mQINBFm4hfcBEADKfsmZMzUPBMNyHZQ3" }
manage: { unmanaged: delete, max_delete_percent: 100 }
`;

describe('every record type round-trips: apply, then the plan is empty', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('covers every type the model knows', () => {
    const types = new Set(config(EVERY_TYPE).records.map((r) => r.record.type));
    expect([...types].sort()).toEqual([...RECORD_TYPES].sort());
  });

  it.each([{ batch: true }, { batch: false }])('applies and converges (batch: $batch)', async ({ batch }) => {
    const run = await converge(h, config(EVERY_TYPE), { batch });
    const live = await listRecords(h);
    expect(live).toHaveLength(22);
    if (batch) expect(run.plan.summary.create).toBe(22);
    const v6 = live.find((r) => r.type === 'AAAA');
    expect(v6?.content).toBe('2001:db8::1');
    const srv = live.find((r) => r.type === 'SRV');
    expect(srv).toMatchObject({ priority: 10, content: '5 5060 sip.example.com' });
    expect(live.find((r) => r.type === 'CNAME')?.content).toBe('target.example.net');
    // Wipe for the next round (a file with no records and unmanaged: delete empties the zone).
    await converge(h, config('version: 1\nzone: example.com\nrecords: []\nmanage: { unmanaged: delete, max_delete_percent: 100 }\n'), {
      batch,
    });
    expect(await listRecords(h)).toEqual([]);
  });
});
