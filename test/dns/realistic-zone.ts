/** A realistic zone for the DNS tests: one record of every type and the service's special cases. */
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
  - { name: "@", type: DNSKEY, data: { flags: 257, protocol: 3, algorithm: 13, public_key: "mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==" } }
  - { name: _ftp._tcp, type: URI, priority: 10, data: { weight: 1, target: "ftp://ftp.example.com/public" } }
  - { name: "@", type: NAPTR, data: { order: 100, preference: 10, flags: S, service: "SIP+D2U", regex: "", replacement: _sip._udp.example.com } }
  - { name: host, type: SSHFP, data: { algorithm: 4, type: 2, fingerprint: "123456789abcdef67890123456789abcdef67890123456789abcdef123456789" } }
  - { name: _443._tcp.www, type: TLSA, data: { usage: 3, selector: 1, matching_type: 1, certificate: "0c72ac70b745ac19998811b131d662c9ac69dbdbe7cb23e5b514b56664c5d3d6" } }
  - { name: abc._smimecert, type: SMIMEA, data: { usage: 3, selector: 0, matching_type: 1, certificate: "aabbccddeeff00112233445566778899aabbccddeeff00112233445566778899" } }
  - { name: cert, type: CERT, data: { type: 1, key_tag: 12179, algorithm: 3, certificate: "MIIBszCCAXCgAwIBAgIJAA==" } }
  - { name: loc, type: LOC, data: { lat_degrees: 52, lat_minutes: 22, lat_seconds: 23, lat_direction: N, long_degrees: 4, long_minutes: 53, long_seconds: 32, long_direction: E, altitude: -2, size: 1, precision_horz: 10000, precision_vert: 10 } }
  - { name: pgp, type: OPENPGPKEY, content: "mQINBFm4hfcBEADKfsmZMzUPBMNyHZQ3" }
  - { name: "*.apps", type: A, content: 192.0.2.30 }
  - { name: x.deep, type: TXT, content: "below an empty non-terminal" }
  - { name: dev, type: NS, content: ns1.dev.example.com }
  - { name: dev, type: NS, content: ns2.elsewhere.example.net }
  - { name: ns1.dev, type: A, content: 192.0.2.53 }
  - { name: dev, type: DS, data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: "1f987cc6583e92df0890718c42f9b2a8f3e1d9d0e5f1a3b8c7d6e5f4a3b2c1d0" } }
${[1, 2, 3, 4, 5, 6].map((i) => `  - { name: big, type: TXT, content: "${String(i).repeat(90)}" }`).join('\n')}
manage: { unmanaged: delete, max_delete_percent: 100 }
`;
