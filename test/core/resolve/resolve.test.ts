/** `zonectl resolve`: what the zone answers, from the file alone. */
import { describe, expect, it } from 'vitest';
import { proxyAddresses } from '../../../src/core/resolve/proxy-addresses.js';
import { resolveName } from '../../../src/core/resolve/resolve-name.js';
import { zoneViewOf } from '../../../src/core/resolve/zone-view.js';
import { parseZoneFile } from '../../../src/core/zonefile/index.js';
import { runCli } from '../../support/run-cli.js';
import { tempDir } from '../../support/temp-dir.js';

const ZONE = `version: 1
zone: example.com
settings: { soa: { ttl: 3600, min_ttl: 900 } }
records:
  - { name: "@", type: CNAME, content: www.example.com }
  - { name: www, type: A, content: 192.0.2.1, ttl: 600 }
  - { name: www, type: A, content: 192.0.2.2, ttl: 600 }
  - { name: shop, type: A, content: 192.0.2.3, proxied: true }
  - { name: v4only, type: CNAME, content: origin.example.net, proxied: true, settings: { ipv4_only: true } }
  - { name: ext, type: CNAME, content: target.example.net }
  - { name: flat, type: CNAME, content: target.example.net, settings: { flatten_cname: true } }
  - { name: alias, type: CNAME, content: www.example.com, ttl: 120 }
  - { name: "*.apps", type: A, content: 192.0.2.9 }
  - { name: x.y.deep, type: TXT, content: "below an empty non-terminal" }
  - { name: dev, type: NS, content: ns1.dev.example.com }
  - { name: dev, type: NS, content: ns2.elsewhere.example.net }
  - { name: ns1.dev, type: A, content: 192.0.2.53 }
  - { name: dev, type: DS, data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: ABCD } }
  - { name: _sip._tcp, type: SRV, data: { priority: 10, weight: 5, port: 5060, target: sip.example.com } }
manage: { unmanaged: keep }
`;

function view() {
  const { config, problems } = parseZoneFile({ path: 'z.yaml', text: ZONE }, {});
  expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  return zoneViewOf(config!, ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'], 7);
}

const q = (name: string, type: string) => resolveName(view(), name, type);
const data = (name: string, type: string) => q(name, type).answer.map((a) => `${a.name} ${a.ttl} ${a.type} ${a.data}`);

describe('resolve', () => {
  const proxy = proxyAddresses('example.com');

  it('proxied addresses follow the documented rule: two of each family inside the service ranges', () => {
    expect(proxy.ipv4.every((a) => /^104\.(1[6-9]|2[0-3])\.\d+\.\d+$/.test(a))).toBe(true);
    expect(proxy.ipv6.every((a) => a.startsWith('2606:4700:'))).toBe(true);
    expect(proxyAddresses('Example.COM.')).toEqual(proxy);
    expect(proxyAddresses('example.org')).not.toEqual(proxy);
  });

  it.each([
    [
      'apex CNAME is flattened to the in-zone target (TTL the lower of the two)',
      '@',
      'A',
      ['example.com 300 A 192.0.2.1', 'example.com 300 A 192.0.2.2'],
    ],
    ['plain A records with their TTL', 'www', 'A', ['www.example.com 600 A 192.0.2.1', 'www.example.com 600 A 192.0.2.2']],
    [
      'a CNAME to an in-zone target is flattened whatever the setting',
      'alias',
      'A',
      ['alias.example.com 120 A 192.0.2.1', 'alias.example.com 120 A 192.0.2.2'],
    ],
    ['an out-of-zone CNAME without flattening answers the CNAME', 'ext', 'A', ['ext.example.com 300 CNAME target.example.net.']],
    ['SRV in presentation form', '_sip._tcp', 'SRV', ['_sip._tcp.example.com 300 SRV 10 5 5060 sip.example.com.']],
    ['DS at a zone cut is answered by the parent', 'dev', 'DS', ['dev.example.com 300 DS 2371 13 2 ABCD']],
    ['a wildcard answers below its encloser (RFC 4592)', 'a.b.apps', 'A', ['a.b.apps.example.com 300 A 192.0.2.9']],
    [
      'SOA from the settings, service defaults elsewhere',
      '@',
      'SOA',
      ['example.com 3600 SOA ada.ns.cloudflare.com. dns.cloudflare.com. 7 10000 2400 604800 900'],
    ],
    [
      'apex NS are the zone nameservers',
      '@',
      'NS',
      ['example.com 86400 NS ada.ns.cloudflare.com.', 'example.com 86400 NS bob.ns.cloudflare.com.'],
    ],
  ])('%s', (_title, name, type, expected) => {
    const qname = name === '@' ? 'example.com' : `${name}.example.com`;
    expect(data(qname, type)).toEqual(expected);
  });

  it('proxied names answer the service addresses (both families), never the origin, and a synthesized HTTPS record', () => {
    expect(data('shop.example.com', 'A')).toEqual(proxy.ipv4.map((a) => `shop.example.com 300 A ${a}`));
    expect(data('shop.example.com', 'AAAA')).toEqual(proxy.ipv6.map((a) => `shop.example.com 300 AAAA ${a}`));
    expect(data('shop.example.com', 'HTTPS')).toEqual([
      `shop.example.com 300 HTTPS 1 . alpn="h3,h2" ipv4hint=${proxy.ipv4.join(',')} ipv6hint=${proxy.ipv6.join(',')}`,
    ]);
    expect(data('v4only.example.com', 'AAAA')).toEqual([]);
    expect(data('v4only.example.com', 'A')).toHaveLength(2);
  });

  it('a flattened CNAME whose target is outside the zone answers NODATA (it cannot be followed here)', () => {
    const r = q('flat.example.com', 'A');
    expect(r.answer).toEqual([]);
    expect(r.authority.map((a) => a.type)).toEqual(['SOA']);
  });

  it('delegations answer with a referral and in-zone glue, not authoritatively', () => {
    const r = q('host.dev.example.com', 'A');
    expect(r).toMatchObject({ rcode: 'NOERROR', authoritative: false, answer: [] });
    expect(r.authority.map((a) => a.data)).toEqual(['ns1.dev.example.com.', 'ns2.elsewhere.example.net.']);
    expect(r.additional.map((a) => `${a.name} ${a.data}`)).toEqual(['ns1.dev.example.com 192.0.2.53']);
  });

  it('NODATA, empty non-terminals, NXDOMAIN (negative TTL = min(SOA TTL, minimum)), REFUSED', () => {
    expect(q('www.example.com', 'TXT')).toMatchObject({ rcode: 'NOERROR', answer: [] });
    expect(q('y.deep.example.com', 'A')).toMatchObject({ rcode: 'NOERROR', answer: [] });
    const nx = q('nothere.example.com', 'A');
    expect(nx.rcode).toBe('NXDOMAIN');
    expect(nx.authority[0]).toMatchObject({ type: 'SOA', ttl: 900 });
    expect(q('www.example.org', 'A').rcode).toBe('REFUSED');
  });

  it('CLI prints one answer per line in presentation form, status on stderr; JSON too', async () => {
    const { writeFileSync } = await import('node:fs');
    const { join } = await import('node:path');
    const file = join(tempDir('resolve'), 'zone.yaml');
    writeFileSync(file, ZONE);
    const text = await runCli(['resolve', file, 'www']);
    expect(text.code).toBe(0);
    expect(text.stdout).toBe('www.example.com.\t600\tIN\tA\t192.0.2.1\nwww.example.com.\t600\tIN\tA\t192.0.2.2\n');
    const nx = await runCli(['resolve', file, 'nothere', 'A']);
    expect(nx.stdout).toBe('');
    expect(nx.stderr).toMatch(/;; nothere\.example\.com A: NXDOMAIN/);
    const json = await runCli(['resolve', file, '_sip._tcp.example.com.', 'srv', '--format', 'json']);
    expect(JSON.parse(json.stdout)).toMatchObject({
      query: { name: '_sip._tcp.example.com', type: 'SRV' },
      rcode: 'NOERROR',
      answer: [{ type: 'SRV' }],
    });
  });
});

describe('resolve edge cases found by the differential test against the emulator DNS server', () => {
  it('the apex of a zone without records answers (NODATA, or its SOA), never hangs', () => {
    const { config } = parseZoneFile({ path: 'z.yaml', text: 'version: 1\nzone: example.com\nrecords: []\n' }, {});
    const v = zoneViewOf(config!, ['ada.ns.cloudflare.com']);
    expect(resolveName(v, 'example.com', 'A')).toMatchObject({ rcode: 'NOERROR', answer: [] });
    expect(resolveName(v, 'example.com', 'SOA').answer).toHaveLength(1);
    expect(resolveName(v, 'www.example.com', 'A').rcode).toBe('NXDOMAIN');
  });

  it('a proxied CNAME never shows its origin, for any query type', () => {
    const { config } = parseZoneFile(
      {
        path: 'z.yaml',
        text: 'version: 1\nzone: example.com\nrecords:\n  - { name: app, type: CNAME, content: origin.example.net, proxied: true }\n',
      },
      {},
    );
    const v = zoneViewOf(config!, ['ada.ns.cloudflare.com']);
    for (const type of ['CNAME', 'TXT', 'MX']) expect(resolveName(v, 'app.example.com', type).answer).toEqual([]);
    expect(resolveName(v, 'app.example.com', 'A').answer).toHaveLength(2);
  });

  it('apex NS carry the zone ns_ttl', () => {
    const { config } = parseZoneFile(
      { path: 'z.yaml', text: 'version: 1\nzone: example.com\nsettings: { ns_ttl: 3600 }\nrecords: []\n' },
      {},
    );
    expect(resolveName(zoneViewOf(config!, ['ada.ns.cloudflare.com']), 'example.com', 'NS').answer[0]).toMatchObject({ ttl: 3600 });
  });
});
