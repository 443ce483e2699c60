/**
 * The emulator's DNS answers as a signed zone, checked by real tools: BIND's `delv` validates
 * them from the DS the API answers (a static-ds trust anchor for the zone), `dnssec-dsfromkey`
 * derives that same DS from the served DNSKEY, and an answer tampered with on the way (a byte
 * of an address, a byte of a signature, through a UDP proxy) fails validation. The realistic
 * zone (realistic-zone.ts) covers flattening, proxied names, wildcards, empty non-terminals
 * and a delegation with its DS. CI installs both tools (bind9-dnsutils, bind9-utils).
 */
import { writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceAddresses } from '../../src/emulator/dns/proxy-addresses.js';
import { converge, config, startHarness, type Harness } from '../scenario/harness.js';
import { runProcess } from '../support/run-process.js';
import { DELV, anchorsFile, delv, patchDnssec, records, startUdpProxy } from './dnssec-tools.js';
import { REALISTIC_ZONE } from './realistic-zone.js';
import { query } from './wire-client.js';

/** The realistic zone applied, DNSSEC enabled with `patch`, its DS at the parent, and a trust anchor of that DS. */
async function startSignedZone(patch: Record<string, unknown>) {
  const zone = await startHarness({ dnsPort: 0 });
  await converge(zone, config(REALISTIC_ZONE));
  const details = await patchDnssec(zone, patch);
  await zone.emulator.dnssec.setParentDs('example.com', true);
  const trust = anchorsFile('example.com', Number(details.key_tag), String(details.digest));
  return {
    h: zone,
    port: zone.emulator.dns!.port,
    dnssec: details,
    anchors: trust,
    async close() {
      trust.remove();
      await zone.close();
    },
  };
}

let signed: Awaited<ReturnType<typeof startSignedZone>>;
let port: number;
let dnssec: Record<string, unknown>;
let anchors: { path: string };

beforeAll(async () => {
  signed = await startSignedZone({ status: 'active' });
  ({ port, dnssec, anchors } = signed);
});
afterAll(async () => {
  await signed?.close();
});

const validate = (args: string[], via = port) => delv(via, anchors.path, 'example.com', args);

describe('delv validates the signed zone from the DS the API answers', () => {
  DELV.it('positive answers: plain, flattened, proxied, wildcard, apex sets, a delegation DS', async () => {
    const proxied = serviceAddresses('example.com');
    const cases: Array<[string[], string, string[]]> = [
      [['www.example.com', 'A'], 'A', ['www.example.com. 3600 IN A 192.0.2.10', 'www.example.com. 3600 IN A 192.0.2.11']],
      [['example.com', 'A'], 'A', ['example.com. 300 IN A 192.0.2.10', 'example.com. 300 IN A 192.0.2.11']],
      [['shop.example.com', 'A'], 'A', proxied.v4.map((a) => `shop.example.com. 300 IN A ${a}`)],
      [['x.apps.example.com', 'A'], 'A', ['x.apps.example.com. 300 IN A 192.0.2.30']],
      [['example.com', 'MX'], 'MX', ['example.com. 300 IN MX 10 mx1.example.net.', 'example.com. 300 IN MX 20 mx2.example.net.']],
      [['_sip._tcp.example.com', 'SRV'], 'SRV', ['_sip._tcp.example.com. 300 IN SRV 10 5 5060 sip.example.com.']],
      [['docs.example.com', 'CNAME'], 'CNAME', ['docs.example.com. 300 IN CNAME readthedocs.example.net.']],
      [
        ['example.com', 'CAA'],
        'CAA',
        ['example.com. 300 IN CAA 0 issue "letsencrypt.org"', 'example.com. 300 IN CAA 0 iodef "mailto:security@example.com"'],
      ],
      [
        ['host.example.com', 'SSHFP'],
        'SSHFP',
        ['host.example.com. 300 IN SSHFP 4 2 E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855'],
      ],
      [
        ['dev.example.com', 'DS'],
        'DS',
        ['dev.example.com. 300 IN DS 60485 13 2 D4B7D520E7BB5F0F67674A0CCEB1E3E0614B93C4F9E99B8383F6A1E4469DA50A'],
      ],
    ];
    for (const [args, type, expected] of cases) {
      const r = await validate(args);
      expect(r.text, args.join(' ')).toContain('; fully validated');
      expect(records(r.text, type).sort(), args.join(' ')).toEqual([...expected].sort());
      expect(records(r.text, 'RRSIG'), args.join(' ')).toHaveLength(1);
    }
    const big = await validate(['big.example.com', 'TXT']);
    expect(big.text).toContain('; fully validated');
    expect(records(big.text, 'TXT')).toHaveLength(6);
  });

  DELV.it("the apex DNSKEY set (the service keys and the zone's own) and CDS/CDNSKEY of the key-signing key", async () => {
    const keys = await validate(['example.com', 'DNSKEY']);
    expect(keys.text).toContain('; fully validated');
    const dnskeys = records(keys.text, 'DNSKEY');
    expect(dnskeys).toHaveLength(3);
    expect(dnskeys).toContain(`example.com. 3600 IN DNSKEY 257 3 13 ${dnssec.public_key}`);
    expect(dnskeys.filter((k) => k.includes(' DNSKEY 256 3 13 '))).toHaveLength(1);
    const cds = await validate(['example.com', 'CDS']);
    expect(cds.text).toContain('; fully validated');
    expect(records(cds.text, 'CDS')).toEqual([`example.com. 3600 IN CDS ${dnssec.key_tag} 13 2 ${dnssec.digest}`]);
    const cdnskey = await validate(['example.com', 'CDNSKEY']);
    expect(cdnskey.text).toContain('; fully validated');
    expect(records(cdnskey.text, 'CDNSKEY')).toEqual([`example.com. 3600 IN CDNSKEY 257 3 13 ${dnssec.public_key}`]);
  });

  DELV.it('names and types that do not exist: NXDOMAIN and NODATA proved by compact NSEC', async () => {
    for (const args of [
      ['nope.example.com', 'A'],
      ['a.b.nope.example.com', 'TXT'],
      ['www.example.com', 'MX'],
      ['deep.example.com', 'TXT'],
      ['x.apps.example.com', 'MX'],
      ['example.com', 'PTR'],
      ['shop.example.com', 'TXT'],
      ['web.example.com', 'DS'],
    ]) {
      const r = await validate(args);
      expect(r.text, args.join(' ')).toContain('; negative response, fully validated');
    }
    const nx = await validate(['nope.example.com', 'A']);
    expect(nx.text).toMatch(/nope\.example\.com\. NSEC \\000\.nope\.example\.com\. RRSIG NSEC TYPE128/);
    const nodata = await validate(['www.example.com', 'MX']);
    expect(nodata.text).toMatch(/www\.example\.com\. NSEC \\000\.www\.example\.com\. A AAAA RRSIG NSEC/);
  });

  DELV.it("dnssec-dsfromkey derives the API's DS from the DNSKEY the zone serves", async () => {
    const reply = await query(port, 'example.com', 'DNSKEY', { edns: 1232 });
    const file = anchorsFile('unused', 0, '');
    try {
      const keyFile = `${file.path}.keys`;
      writeFileSync(keyFile, reply.answer.map((rr) => `example.com. ${rr.ttl} IN DNSKEY ${rr.data}\n`).join(''));
      const ds = await runProcess('dnssec-dsfromkey', ['-2', '-f', keyFile, 'example.com']);
      expect(ds.code, ds.stderr).toBe(0);
      expect(ds.stdout.split('\n')).toContain(String(dnssec.ds).replace(' 3600 IN ', ' IN '));
    } finally {
      file.remove();
    }
  });

  DELV.it('an answer tampered with on the way fails validation (an address byte, a signature byte)', async () => {
    const www = (q: { name: string; type: string }) => q.name === 'www.example.com' && q.type === 'A';
    const untouched = await startUdpProxy(port, (_q, a) => a);
    const address = await startUdpProxy(port, (q, a) => {
      if (!www(q)) return a;
      const at = a.indexOf(Buffer.from([192, 0, 2, 10]));
      expect(at).toBeGreaterThan(0);
      a[at + 3] = 99;
      return a;
    });
    const signature = await startUdpProxy(port, (q, a) => {
      if (!www(q)) return a;
      // The answer ends with the RRSIG, then our OPT record (11 bytes, no options): flip the signature's last byte.
      expect([...a.subarray(a.length - 11, a.length - 8)]).toEqual([0, 0, 41]);
      a[a.length - 12] = (a[a.length - 12]! ^ 0xff) & 0xff;
      return a;
    });
    try {
      expect((await validate(['www.example.com', 'A'], untouched.port)).text).toContain('; fully validated');
      for (const proxy of [address, signature]) {
        const r = await validate(['www.example.com', 'A'], proxy.port);
        expect(r.text).not.toContain('fully validated');
        expect(r.text).toMatch(/resolution failed/);
        expect(r.text).not.toMatch(/IN\s+A\s+192\.0\.2\.99/);
      }
    } finally {
      await Promise.all([untouched.close(), address.close(), signature.close()]);
    }
  });
});

describe('signed answers on the wire', () => {
  it('RRSIGs only with the DO bit; without it NXDOMAIN stays NXDOMAIN; the DO bit is copied into the answer', async () => {
    const plain = await query(port, 'www.example.com', 'A', { edns: 1232 });
    expect(plain.answer.map((r) => r.type)).toEqual(['A', 'A']);
    expect(plain.dnssecOk).toBe(false);
    const signed = await query(port, 'www.example.com', 'A', { edns: 1232, dnssecOk: true });
    expect(signed.answer.map((r) => r.type)).toEqual(['A', 'A', 'RRSIG']);
    expect(signed.dnssecOk).toBe(true);
    expect(signed.aa).toBe(true);

    const nx = await query(port, 'nope.example.com', 'A', { edns: 1232 });
    expect(nx.rcode).toBe('NXDOMAIN');
    expect(nx.authority.map((r) => r.type)).toEqual(['SOA']);
    const lie = await query(port, 'nope.example.com', 'A', { edns: 1232, dnssecOk: true });
    expect(lie.rcode).toBe('NOERROR');
    expect(lie.answer).toEqual([]);
    expect(lie.authority.map((r) => r.type)).toEqual(['SOA', 'RRSIG', 'NSEC', 'RRSIG']);
    expect(lie.authority.every((r) => r.ttl === 1800)).toBe(true);
  });

  it('the DNSKEY set answers without DO too (unsigned); the NXNAME meta-type is FORMERR (RFC 9824)', async () => {
    const keys = await query(port, 'example.com', 'DNSKEY');
    expect(keys.answer.map((r) => r.type)).toEqual(['DNSKEY', 'DNSKEY', 'DNSKEY']);
    const nxname = await query(port, 'nope.example.com', 'TYPE128', { edns: 1232, dnssecOk: true });
    expect([nxname.rcode, nxname.dnssecOk]).toEqual(['FORMERR', true]);
  });

  it('a referral carries the signed DS, or an NSEC proving there is none; glue and NS stay unsigned', async () => {
    const withDs = await query(port, 'host.dev.example.com', 'A', { edns: 1232, dnssecOk: true });
    expect(withDs.aa).toBe(false);
    expect(withDs.authority.map((r) => r.type)).toEqual(['NS', 'NS', 'DS', 'RRSIG']);
    expect(withDs.additional.map((r) => r.type)).toEqual(['A']);
  });

  it('a signed answer over the UDP size is truncated, and answers in full over TCP', async () => {
    const udp = await query(port, 'big.example.com', 'TXT', { edns: 512, dnssecOk: true });
    expect(udp.tc).toBe(true);
    expect(udp.answer).toEqual([]);
    const tcp = await query(port, 'big.example.com', 'TXT', { edns: 512, dnssecOk: true, transport: 'tcp' });
    expect(tcp.tc).toBe(false);
    expect(tcp.answer.map((r) => r.type)).toEqual([...new Array<string>(6).fill('TXT'), 'RRSIG']);
    expect(tcp.size).toBeGreaterThan(512);
  });
});

describe('what is signed in each DNSSEC state (https://developers.cloudflare.com/dns/dnssec/dnssec-states/)', () => {
  let z: Harness;
  let zport: number;
  beforeAll(async () => {
    z = await startHarness({ dnsPort: 0 });
    await converge(z, config('version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n'));
    zport = z.emulator.dns!.port;
  });
  afterAll(async () => {
    await z?.close();
  });
  const signedTypes = async (name: string, type: string) =>
    (await query(zport, name, type, { edns: 1232, dnssecOk: true })).answer.map((r) =>
      `${r.type} ${r.type === 'CDS' || r.type === 'CDNSKEY' ? r.data : ''}`.trim(),
    );

  it('deleted: nothing signed; pending and active: signed with CDS/CDNSKEY; pending-disabled and disabled: signed, CDS/CDNSKEY set to zero', async () => {
    expect(await signedTypes('www.example.com', 'A')).toEqual(['A']);
    expect(await signedTypes('example.com', 'DNSKEY')).toEqual([]);

    const enabled = await patchDnssec(z, { status: 'active' });
    expect(enabled.status).toBe('pending');
    expect(await signedTypes('www.example.com', 'A')).toEqual(['A', 'RRSIG']);
    const tag = Number(enabled.key_tag).toString(16).padStart(4, '0').toUpperCase();
    expect(await signedTypes('example.com', 'CDS')).toEqual([`CDS \\# 36 ${tag}0D02${enabled.digest}`, 'RRSIG']);

    await z.emulator.dnssec.setParentDs('example.com', true);
    expect(await signedTypes('www.example.com', 'A')).toEqual(['A', 'RRSIG']);

    expect((await patchDnssec(z, { status: 'disabled' })).status).toBe('pending-disabled');
    expect(await signedTypes('www.example.com', 'A')).toEqual(['A', 'RRSIG']);
    const cds = (await query(zport, 'example.com', 'CDS', { edns: 1232, dnssecOk: true })).answer;
    expect(cds.map((r) => r.type)).toEqual(['CDS', 'RRSIG']);
    expect(cds[0]!.data).toBe('\\# 5 0000000000');
    const cdnskey = (await query(zport, 'example.com', 'CDNSKEY', { edns: 1232 })).answer;
    expect(cdnskey.map((r) => r.data)).toEqual(['\\# 5 0000030000']);

    await z.emulator.dnssec.setParentDs('example.com', false);
    expect(await signedTypes('www.example.com', 'A')).toEqual(['A', 'RRSIG']);
    const res = await fetch(`${z.emulator.baseUrl}/zones/${z.zoneId}/dnssec`, {
      method: 'DELETE',
      headers: { authorization: 'Bearer scenario-token-7f3a9c0e5b1d4e2f8a6c' },
    });
    expect(res.status).toBe(200);
    expect(await signedTypes('www.example.com', 'A')).toEqual(['A']);
    expect(await signedTypes('example.com', 'CDS')).toEqual([]);
  });
});

describe('dnssec_use_nsec3: denial by NSEC3 (RFC 5155, compact as RFC 9824)', () => {
  let n: Awaited<ReturnType<typeof startSignedZone>>;
  let nport: number;
  let nanchors: { path: string };
  beforeAll(async () => {
    n = await startSignedZone({ status: 'active', dnssec_use_nsec3: true });
    ({ port: nport, anchors: nanchors } = n);
  });
  afterAll(async () => {
    await n?.close();
  });

  DELV.it(
    'delv validates NXDOMAIN, NODATA (at a name, an empty non-terminal, a wildcard, the apex) and a delegation without DS',
    async () => {
      for (const args of [
        ['nope.example.com', 'A'],
        ['www.example.com', 'MX'],
        ['deep.example.com', 'TXT'],
        ['x.apps.example.com', 'MX'],
        ['example.com', 'PTR'],
        ['web.example.com', 'DS'],
      ]) {
        const r = await delv(nport, nanchors.path, 'example.com', args);
        expect(r.text, args.join(' ')).toContain('; negative response, fully validated');
        expect(r.text, args.join(' ')).toMatch(/ NSEC3 1 0 0 - /);
      }
      expect((await delv(nport, nanchors.path, 'example.com', ['www.example.com', 'A'])).text).toContain('; fully validated');
    },
  );

  it('answers NSEC3PARAM at the apex and NSEC3 (not NSEC) in negative answers', async () => {
    const param = await query(nport, 'example.com', 'NSEC3PARAM', { edns: 1232, dnssecOk: true });
    expect(param.answer.map((r) => r.type)).toEqual(['NSEC3PARAM', 'RRSIG']);
    const nx = await query(nport, 'nope.example.com', 'A', { edns: 1232, dnssecOk: true });
    expect(nx.authority.map((r) => r.type)).toEqual(['SOA', 'RRSIG', 'NSEC3', 'RRSIG']);
    expect(nx.authority[2]!.name).toMatch(/^[0-9a-v]{32}\.example\.com$/);
  });
});
