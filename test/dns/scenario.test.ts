/**
 * The emulator's DNS port, queried with a wire-format client after zonectl's own apply (the real
 * client over loopback) has written a realistic zone: every type, apex flattening, a proxied
 * name, a wildcard, a delegation with glue, NXDOMAIN, NODATA, truncation then TCP, REFUSED.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, type Harness } from '../scenario/harness.js';
import { serviceAddresses } from '../../src/emulator/dns/proxy-addresses.js';
import { lines, query } from './wire-client.js';
import { startRealisticZone } from './realistic-zone.js';

let h: Harness;
let port: number;
const proxy = serviceAddresses('example.com');

beforeAll(async () => {
  ({ h, port } = await startRealisticZone());
});
afterAll(async () => {
  await h?.close();
});

const data = async (name: string, type: string): Promise<string[]> => lines((await query(port, name, type, { edns: 4096 })).answer);

describe('every record type answers in wire form', () => {
  it.each([
    ['www.example.com', 'A', ['www.example.com 3600 A 192.0.2.10', 'www.example.com 3600 A 192.0.2.11']],
    ['www.example.com', 'AAAA', ['www.example.com 3600 AAAA 2001:db8::10']],
    ['docs.example.com', 'CNAME', ['docs.example.com 300 CNAME readthedocs.example.net.']],
    ['example.com', 'MX', ['example.com 300 MX 10 mx1.example.net.', 'example.com 300 MX 20 mx2.example.net.']],
    ['example.com', 'TXT', ['example.com 300 TXT "v=spf1 include:_spf.example.net -all"']],
    ['example.com', 'CAA', ['example.com 300 CAA 0 issue "letsencrypt.org"', 'example.com 300 CAA 0 iodef "mailto:security@example.com"']],
    ['_sip._tcp.example.com', 'SRV', ['_sip._tcp.example.com 300 SRV 10 5 5060 sip.example.com.']],
    ['svc.example.com', 'SVCB', ['svc.example.com 300 SVCB 1 svc-pool.example.net. alpn="h2" port=8443']],
    ['web.example.com', 'HTTPS', ['web.example.com 300 HTTPS 1 . alpn="h3,h2" ipv4hint=192.0.2.20']],
    ['20.2.0.192.in-addr.example.com', 'PTR', ['20.2.0.192.in-addr.example.com 300 PTR web.example.com.']],
    [
      'example.com',
      'DNSKEY',
      ['example.com 300 DNSKEY 257 3 13 oJMRESz5E4gYzS/q6XDrvU1qMPYIjCWzJaOau8XNEZeqCYKD5ar0IRd8KqXXFJkqmVfRvMGPmM1x8fGAa2XhSA=='],
    ],
    ['_ftp._tcp.example.com', 'URI', ['_ftp._tcp.example.com 300 URI 10 2 "https://files.example.com/"']],
    // NAPTR flags as written (S): the service keeps them so (issue 28); zonectl lower-cased them before.
    ['example.com', 'NAPTR', ['example.com 300 NAPTR 50 20 "S" "SIPS+D2T" "" _sips._tcp.example.com.']],
    ['host.example.com', 'SSHFP', ['host.example.com 300 SSHFP 4 2 E3B0C44298FC1C149AFBF4C8996FB92427AE41E4649B934CA495991B7852B855']],
    [
      '_443._tcp.www.example.com',
      'TLSA',
      ['_443._tcp.www.example.com 300 TLSA 3 1 1 8D02536C887482BC34FF54E41D2BA659BF85B341A0A20AFADB5813DCFBCF286D'],
    ],
    [
      'abc._smimecert.example.com',
      'SMIMEA',
      ['abc._smimecert.example.com 300 SMIMEA 3 0 1 2C26B46B68FFC68FF99B453C1D30413413422D706483BFA0F98A5E886266E7AE'],
    ],
    ['cert.example.com', 'CERT', ['cert.example.com 300 CERT 1 4711 8 MIIBszCCAXCgAwIBAgIJAA==']],
    ['loc.example.com', 'LOC', ['loc.example.com 300 LOC 48 51 29.5 N 2 17 40 E 35m 1m 10000m 10m']],
    ['pgp.example.com', 'OPENPGPKEY', ['pgp.example.com 300 OPENPGPKEY mDMEZbGJ4BYJKwYBBAHaRw8BAQdA']],
    ['dev.example.com', 'DS', ['dev.example.com 300 DS 60485 13 2 D4B7D520E7BB5F0F67674A0CCEB1E3E0614B93C4F9E99B8383F6A1E4469DA50A']],
  ])('%s %s', async (name, type, expected) => {
    expect(await data(name, type)).toEqual([...expected].sort());
  });

  it('a TXT record over 255 bytes goes out as 255-byte strings', async () => {
    const [dkim] = await data('sel._domainkey.example.com', 'TXT');
    const strings = dkim.slice(dkim.indexOf(' TXT ') + 5).split('" "');
    expect(strings).toHaveLength(2);
    expect(strings[0].replace(/^"/, '')).toHaveLength(255);
  });

  it('the apex SOA comes from the DNS settings, the apex NS from the zone name servers', async () => {
    const soa = await query(port, 'example.com', 'SOA');
    expect(soa.aa).toBe(true);
    expect(soa.answer).toHaveLength(1);
    expect(soa.answer[0].data).toMatch(
      new RegExp(`^${h.emulator.zones[0].name_servers[0]}\\. dns\\.cloudflare\\.com\\. \\d+ 10000 2400 604800 1800$`),
    );
    expect(await data('example.com', 'NS')).toEqual(h.emulator.zones[0].name_servers.map((ns) => `example.com 86400 NS ${ns}.`).sort());
  });
});

describe('the service behaviours', () => {
  it('the apex CNAME is flattened to its in-zone target', async () => {
    expect(await data('example.com', 'A')).toEqual(['example.com 300 A 192.0.2.10', 'example.com 300 A 192.0.2.11']);
    expect(await data('example.com', 'CNAME')).toEqual(['example.com 300 CNAME www.example.com.']);
  });

  it('a proxied name answers the service addresses (TTL 300), never the origin, and a synthesized HTTPS record', async () => {
    expect(await data('shop.example.com', 'A')).toEqual(proxy.v4.map((a) => `shop.example.com 300 A ${a}`).sort());
    expect(await data('shop.example.com', 'AAAA')).toEqual(proxy.v6.map((a) => `shop.example.com 300 AAAA ${a}`).sort());
    expect(await data('shop.example.com', 'HTTPS')).toEqual([
      `shop.example.com 300 HTTPS 1 . alpn="h3,h2" ipv4hint=${proxy.v4.join(',')} ipv6hint=${proxy.v6.join(',')}`,
    ]);
    expect(await data('cdn.example.com', 'CNAME')).toEqual([]);
    expect(await data('cdn.example.com', 'AAAA')).toEqual([]);
    expect(await data('cdn.example.com', 'A')).toHaveLength(2);
  });

  it('a wildcard answers for names below its encloser (RFC 4592), not for an existing name', async () => {
    expect(await data('a.b.apps.example.com', 'A')).toEqual(['a.b.apps.example.com 300 A 192.0.2.30']);
    expect(await data('a.b.apps.example.com', 'TXT')).toEqual([]);
  });

  it('a delegation answers a referral with in-zone glue, not authoritatively', async () => {
    const r = await query(port, 'host.dev.example.com', 'A', { edns: 1232 });
    expect(r.rcode).toBe('NOERROR');
    expect(r.aa).toBe(false);
    expect(r.answer).toEqual([]);
    expect(lines(r.authority)).toEqual([
      'dev.example.com 300 NS ns1.dev.example.com.',
      'dev.example.com 300 NS ns2.elsewhere.example.net.',
    ]);
    expect(lines(r.additional)).toEqual(['ns1.dev.example.com 300 A 192.0.2.53']);
  });

  it('NXDOMAIN and NODATA carry the SOA with TTL min(SOA TTL, minimum)', async () => {
    const nx = await query(port, 'nope.example.com', 'A');
    expect([nx.rcode, nx.aa, nx.answer.length, nx.authority.map((a) => `${a.type} ${a.ttl}`)]).toEqual(['NXDOMAIN', true, 0, ['SOA 1800']]);
    const nodata = await query(port, 'www.example.com', 'MX');
    expect([nodata.rcode, nodata.answer.length, nodata.authority.map((a) => a.type)]).toEqual(['NOERROR', 0, ['SOA']]);
    const ent = await query(port, 'deep.example.com', 'A');
    expect([ent.rcode, ent.authority.map((a) => a.type)]).toEqual(['NOERROR', ['SOA']]);
  });

  it('an answer over 512 bytes is truncated over UDP without EDNS, fits with EDNS, and answers in full over TCP', async () => {
    const udp = await query(port, 'big.example.com', 'TXT');
    expect(udp.tc).toBe(true);
    expect(udp.answer).toEqual([]);
    expect(udp.size).toBeLessThanOrEqual(512);
    const tcp = await query(port, 'big.example.com', 'TXT', { transport: 'tcp' });
    expect(tcp.tc).toBe(false);
    expect(tcp.answer).toHaveLength(6);
    const edns = await query(port, 'big.example.com', 'TXT', { edns: 4096 });
    expect([edns.tc, edns.answer.length, edns.ednsUdpSize]).toEqual([false, 6, 1232]);
    const small = await query(port, 'big.example.com', 'TXT', { edns: 600 });
    expect([small.tc, small.size <= 600]).toEqual([true, true]);
  });

  it('names outside its zones are REFUSED', async () => {
    const r = await query(port, 'example.org', 'A');
    expect([r.rcode, r.aa, r.answer.length]).toEqual(['REFUSED', false, 0]);
  });

  it('a change through the API is answered at once, and the SOA serial increases', async () => {
    const before = (await query(port, 'example.com', 'SOA')).answer[0].data.split(' ')[2];
    const res = await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'fresh', type: 'A', content: '192.0.2.99', ttl: 120 }),
    });
    expect(res.status).toBe(200);
    expect(await data('fresh.example.com', 'A')).toEqual(['fresh.example.com 120 A 192.0.2.99']);
    const after = (await query(port, 'example.com', 'SOA')).answer[0].data.split(' ')[2];
    expect(Number(after)).toBeGreaterThan(Number(before));
  });
});
