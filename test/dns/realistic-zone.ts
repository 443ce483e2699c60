/** A realistic zone for the DNS tests: one record of every type and the service's special cases. */
import { converge, config, startHarness, type Harness } from '../scenario/harness.js';

/** An emulator with a DNS port, the realistic zone applied with zonectl's own apply. */
export async function startRealisticZone(): Promise<{ h: Harness; port: number }> {
  const h = await startHarness({ dnsPort: 0 });
  await converge(h, config(REALISTIC_ZONE));
  return { h, port: h.emulator.dns!.port };
}

const DKIM = `v=DKIM1; k=rsa; p=${'MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'.repeat(7)}`;

export const REALISTIC_ZONE = `
version: 1
zone: example.com
records:
  - { name: "@", type: CNAME, content: www.example.com }
  - { name: www, type: A, content: 192.0.2.10, ttl: 3600 }
  - { name: www, type: A, content: 192.0.2.11, ttl: 3600 }
  - { name: www, type: AAAA, content: "2001:db8::10", ttl: 3600 }
  - { name: docs, type: CNAME, content: readthedocs.example.net }
  - { name: shop, type: A, content: 192.0.2.40, proxied: true }
  - { name: cdn, type: CNAME, content: origin.example.net, proxied: true, settings: { ipv4_only: true } }
  - { name: "@", type: MX, content: mx1.example.net, priority: 10 }
  - { name: "@", type: MX, content: mx2.example.net, priority: 20 }
  - { name: "@", type: TXT, content: "v=spf1 include:_spf.example.net -all" }
  - { name: sel._domainkey, type: TXT, content: "${DKIM}" }
  - { name: "@", type: CAA, data: { flags: 0, tag: issue, value: letsencrypt.org } }
  - { name: "@", type: CAA, data: { flags: 0, tag: iodef, value: "mailto:security@example.com" } }
  - { name: _sip._tcp, type: SRV, data: { priority: 10, weight: 5, port: 5060, target: sip.example.com } }
  - { name: svc, type: SVCB, data: { priority: 1, target: svc-pool.example.net, value: 'alpn="h2" port=8443' } }
  - { name: web, type: A, content: 192.0.2.20 }
  - { name: web, type: HTTPS, data: { priority: 1, target: ".", value: 'alpn="h3,h2" ipv4hint=192.0.2.20' } }
  - { name: 20.2.0.192.in-addr, type: PTR, content: web.example.com }
  - { name: "@", type: DNSKEY, data: { flags: 257, protocol: 3, algorithm: 13, public_key: "oJMRESz5E4gYzS/q6XDrvU1qMPYIjCWzJaOau8XNEZeqCYKD5ar0IRd8KqXXFJkqmVfRvMGPmM1x8fGAa2XhSA==" } }
  - { name: _ftp._tcp, type: URI, priority: 10, data: { weight: 2, target: "https://files.example.com/" } }
  - { name: "@", type: NAPTR, data: { order: 50, preference: 20, flags: S, service: "SIPS+D2T", regex: "", replacement: _sips._tcp.example.com } }
  - { name: host, type: SSHFP, data: { algorithm: 4, type: 2, fingerprint: "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855" } }
  - { name: _443._tcp.www, type: TLSA, data: { usage: 3, selector: 1, matching_type: 1, certificate: "8d02536c887482bc34ff54e41d2ba659bf85b341a0a20afadb5813dcfbcf286d" } }
  - { name: abc._smimecert, type: SMIMEA, data: { usage: 3, selector: 0, matching_type: 1, certificate: "2c26b46b68ffc68ff99b453c1d30413413422d706483bfa0f98a5e886266e7ae" } }
  - { name: cert, type: CERT, data: { type: 1, key_tag: 4711, algorithm: 8, certificate: "MIIBszCCAXCgAwIBAgIJAA==" } }
  - { name: loc, type: LOC, data: { lat_degrees: 48, lat_minutes: 51, lat_seconds: 29.5, lat_direction: N, long_degrees: 2, long_minutes: 17, long_seconds: 40, long_direction: E, altitude: 35, size: 1, precision_horz: 10000, precision_vert: 10 } }
  - { name: pgp, type: OPENPGPKEY, content: "mDMEZbGJ4BYJKwYBBAHaRw8BAQdA" }
  - { name: "*.apps", type: A, content: 192.0.2.30 }
  - { name: x.deep, type: TXT, content: "below an empty non-terminal" }
  - { name: dev, type: NS, content: ns1.dev.example.com }
  - { name: dev, type: NS, content: ns2.elsewhere.example.net }
  - { name: ns1.dev, type: A, content: 192.0.2.53 }
  - { name: dev, type: DS, data: { key_tag: 60485, algorithm: 13, digest_type: 2, digest: "d4b7d520e7bb5f0f67674a0cceb1e3e0614b93c4f9e99b8383f6a1e4469da50a" } }
${[1, 2, 3, 4, 5, 6].map((i) => `  - { name: big, type: TXT, content: "${String(i).repeat(90)}" }`).join('\n')}
manage: { unmanaged: delete, max_delete_percent: 100 }
`;
