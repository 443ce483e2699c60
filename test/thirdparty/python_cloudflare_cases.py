"""The records python_cloudflare_crud.py writes: one case per record type (two for TXT).

Each case: `label` (relative to the zone), `type`, the bodies of `create` (POST), `patch`
(PATCH) and `put` (PUT), and optional `expect_*` overlays: fields the answer shows in another
form than the one sent. Every other field sent must come back as sent, so values are written in
the form the service stores (lower-case names without a trailing dot, compressed IPv6, quoted
TXT). `content` of a type written through `data` is the service's rendering of it; it is
checked only where a real answer shows the format, with its source:

- TXT longer than 255 bytes comes back split into quoted strings of at most 255 bytes:
  official SDK, cloudflare/cloudflare-typescript PR #1777 ("Strings exceeding this allowed
  maximum length are automatically split"); the stored `"<chunk1>" "<chunk2>"` form is shown in
  libdns/cloudflare issue #32.
- HTTPS with target "." renders `1 . alpn="h3,h2" ...`: a live answer in caddyserver/caddy
  issue #7301.
- SRV renders `weight port target`: a live answer logged in caddyserver/caddy issue #6975
  (`Content:5 5222 xmpp.emilia.codes`).
- SSHFP renders `algorithm type fingerprint` and DS `key_tag algorithm digest_type digest`:
  octodns/octodns-cloudflare tests/fixtures/cloudflare-dns_records-page-3.json.
- The service stores an SSHFP fingerprint upper-case, so a lower-case one written comes back
  upper-case: octodns/octodns-cloudflare PR #39 ("Cloudflare stores `fingerprint` in uppercase
  letters"), ComputeCanada/magic_castle PR #267. Other hex fields (DS digest, TLSA/SMIMEA
  certificate) are written upper-case, the form a real DS answer shows (the octodns fixture
  above), so they pass whether the service keeps or upper-cases them. NAPTR flags are written
  lower-case, which passes whether the service keeps them or lower-cases them (as this
  emulator does); whether the real service folds their case is not documented.
- Where no answer was found (CAA, SVCB with a host target, DNSKEY, URI, NAPTR, TLSA, SMIMEA,
  CERT, LOC) `content` is reported, not checked.
- OPENPGPKEY is a type of the official SDK (cloudflare 7.x, resources/dns/records.d.ts:
  "A single Base64-encoded OpenPGP Transferable Public Key").
"""

HEX64 = '1f987cc6583e92df0890718c42f9b2a8f3e1d9d0e5f1a3b8c7d6e5f4a3b2c1d0'
HEX64_B = '0c72ac70b745ac19998811b131d662c9ac69dbdbe7cb23e5b514b56664c5d3d6'
HEX40 = '859be6ed04643db411f067b6c1da1d75fe08b672'
KEY_B64 = 'mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ=='
KEY_B64_B = 'oJMRESz5E4gYzS/q6XDrvU1qMPYIjCWzJaOau8XNEZeqCYKD5ar0IRd8KqXXFJkqmVfRvMGPmM1x8fGAa2XhSA=='
LONG_A = 'a' * 300
LONG_B = 'b' * 255
LONG_C = 'c' * 100


def quoted(*strings):
    return ' '.join('"%s"' % s for s in strings)


def cases():
    patch = lambda ttl: {'ttl': ttl, 'comment': 'patched by python3-cloudflare'}
    return [
        {'name': 'A', 'type': 'A', 'label': 'tp-a',
         'create': {'content': '192.0.2.10', 'ttl': 300, 'proxied': False, 'comment': 'created'},
         'patch': patch(600),
         'put': {'content': '192.0.2.11', 'ttl': 3600, 'proxied': False, 'comment': 'put'}},
        {'name': 'AAAA', 'type': 'AAAA', 'label': 'tp-aaaa',
         'create': {'content': '2001:db8::10', 'ttl': 300, 'proxied': False, 'comment': 'created'},
         'patch': patch(600),
         'put': {'content': '2001:db8::11', 'ttl': 3600, 'proxied': False, 'comment': 'put'}},
        {'name': 'CNAME', 'type': 'CNAME', 'label': 'tp-cname',
         'create': {'content': 'target.example.net', 'ttl': 300, 'proxied': False, 'comment': 'created'},
         'patch': patch(600),
         'put': {'content': 'target2.example.net', 'ttl': 3600, 'proxied': False, 'comment': 'put'}},
        {'name': 'MX', 'type': 'MX', 'label': 'tp-mx',
         'create': {'content': 'mx1.example.net', 'priority': 10, 'ttl': 300, 'comment': 'created'},
         'patch': patch(600),
         'put': {'content': 'mx2.example.net', 'priority': 20, 'ttl': 3600, 'comment': 'put'}},
        {'name': 'TXT', 'type': 'TXT', 'label': 'tp-txt',
         'create': {'content': quoted('v=spf1 -all'), 'ttl': 300, 'comment': 'created'},
         'patch': patch(600),
         'put': {'content': quoted('v=spf1 include:_spf.example.net -all'), 'ttl': 3600, 'comment': 'put'}},
        {'name': 'TXT long', 'type': 'TXT', 'label': 'tp-txt-long',
         'create': {'content': quoted(LONG_A), 'ttl': 300, 'comment': 'created'},
         'expect_create': {'content': quoted(LONG_A[:255], LONG_A[255:])},
         'patch': patch(600),
         'put': {'content': quoted(LONG_B, LONG_C), 'ttl': 3600, 'comment': 'put'}},
        {'name': 'CAA', 'type': 'CAA', 'label': 'tp-caa',
         'create': {'data': {'flags': 0, 'tag': 'issue', 'value': 'letsencrypt.org'}, 'ttl': 300, 'comment': 'created'},
         'patch': patch(600),
         'put': {'data': {'flags': 128, 'tag': 'issuewild', 'value': 'pki.goog'}, 'ttl': 3600, 'comment': 'put'}},
        {'name': 'SRV', 'type': 'SRV', 'label': '_sip._tcp.tp-srv',
         'create': {'data': {'priority': 10, 'weight': 5, 'port': 5060, 'target': 'sip.example.com'}, 'ttl': 300, 'comment': 'created'},
         'expect_create': {'content': '5 5060 sip.example.com'},
         'patch': patch(600),
         'put': {'data': {'priority': 20, 'weight': 10, 'port': 5061, 'target': 'sip2.example.com'}, 'ttl': 3600, 'comment': 'put'},
         'expect_put': {'content': '10 5061 sip2.example.com'}},
        {'name': 'HTTPS', 'type': 'HTTPS', 'label': 'tp-https',
         'create': {'data': {'priority': 1, 'target': '.', 'value': 'alpn="h3,h2" ipv4hint="192.0.2.1"'}, 'ttl': 300, 'comment': 'created'},
         'expect_create': {'content': '1 . alpn="h3,h2" ipv4hint="192.0.2.1"'},
         'patch': patch(600),
         'put': {'data': {'priority': 2, 'target': '.', 'value': 'alpn="h2"'}, 'ttl': 3600, 'comment': 'put'},
         'expect_put': {'content': '2 . alpn="h2"'}},
        {'name': 'SVCB', 'type': 'SVCB', 'label': '_dns.tp-svcb',
         'create': {'data': {'priority': 1, 'target': '.', 'value': 'alpn="dot"'}, 'ttl': 300, 'comment': 'created'},
         'patch': patch(600),
         'put': {'data': {'priority': 2, 'target': 'dns.example.net', 'value': 'alpn="h2" port="8443"'}, 'ttl': 3600, 'comment': 'put'}},
        {'name': 'PTR', 'type': 'PTR', 'label': '10.2.0.192.in-addr',
         'create': {'content': 'host.example.com', 'ttl': 300, 'comment': 'created'},
         'patch': patch(600),
         'put': {'content': 'host2.example.com', 'ttl': 3600, 'comment': 'put'}},
        # NS before DS: a DS needs the delegation (an NS at the same name) first.
        {'name': 'NS', 'type': 'NS', 'label': 'tp-deleg',
         'create': {'content': 'ns1.example.net', 'ttl': 300, 'comment': 'created'},
         'patch': patch(600),
         'put': {'content': 'ns2.example.net', 'ttl': 3600, 'comment': 'put'}},
        {'name': 'DS', 'type': 'DS', 'label': 'tp-deleg',
         'create': {'data': {'key_tag': 2371, 'algorithm': 13, 'digest_type': 2, 'digest': HEX64.upper()}, 'ttl': 300, 'comment': 'created'},
         'expect_create': {'content': '2371 13 2 ' + HEX64.upper()},
         'patch': patch(600),
         'put': {'data': {'key_tag': 2372, 'algorithm': 8, 'digest_type': 2, 'digest': HEX64_B.upper()}, 'ttl': 3600, 'comment': 'put'},
         'expect_put': {'content': '2372 8 2 ' + HEX64_B.upper()}},
        {'name': 'DNSKEY', 'type': 'DNSKEY', 'label': 'tp-dnskey',
         'create': {'data': {'flags': 257, 'protocol': 3, 'algorithm': 13, 'public_key': KEY_B64}, 'ttl': 300, 'comment': 'created'},
         'patch': patch(600),
         'put': {'data': {'flags': 256, 'protocol': 3, 'algorithm': 13, 'public_key': KEY_B64_B}, 'ttl': 3600, 'comment': 'put'}},
        {'name': 'URI', 'type': 'URI', 'label': '_ftp._tcp.tp-uri',
         'create': {'priority': 10, 'data': {'weight': 1, 'target': 'ftp://ftp.example.com/public'}, 'ttl': 300, 'comment': 'created'},
         'patch': patch(600),
         'put': {'priority': 20, 'data': {'weight': 2, 'target': 'https://www.example.com/'}, 'ttl': 3600, 'comment': 'put'}},
        {'name': 'NAPTR', 'type': 'NAPTR', 'label': 'tp-naptr',
         'create': {'data': {'order': 100, 'preference': 10, 'flags': 's', 'service': 'SIP+D2U', 'regex': '',
                             'replacement': '_sip._udp.example.com'}, 'ttl': 300, 'comment': 'created'},
         'patch': patch(600),
         'put': {'data': {'order': 200, 'preference': 20, 'flags': 'u', 'service': 'E2U+sip',
                          'regex': '!^.*$!sip:info@example.com!', 'replacement': '.'}, 'ttl': 3600, 'comment': 'put'}},
        # Written lower-case, answered upper-case (see the module's docstring).
        {'name': 'SSHFP', 'type': 'SSHFP', 'label': 'tp-sshfp',
         'create': {'data': {'algorithm': 4, 'type': 2, 'fingerprint': HEX64}, 'ttl': 300, 'comment': 'created'},
         'expect_create': {'data': {'algorithm': 4, 'type': 2, 'fingerprint': HEX64.upper()}, 'content': '4 2 ' + HEX64.upper()},
         'patch': patch(600),
         'put': {'data': {'algorithm': 1, 'type': 1, 'fingerprint': HEX40}, 'ttl': 3600, 'comment': 'put'},
         'expect_put': {'data': {'algorithm': 1, 'type': 1, 'fingerprint': HEX40.upper()}, 'content': '1 1 ' + HEX40.upper()}},
        {'name': 'TLSA', 'type': 'TLSA', 'label': '_443._tcp.tp-tlsa',
         'create': {'data': {'usage': 3, 'selector': 1, 'matching_type': 1, 'certificate': HEX64_B.upper()}, 'ttl': 300, 'comment': 'created'},
         'patch': patch(600),
         'put': {'data': {'usage': 2, 'selector': 0, 'matching_type': 1, 'certificate': HEX64.upper()}, 'ttl': 3600, 'comment': 'put'}},
        {'name': 'SMIMEA', 'type': 'SMIMEA', 'label': 'c93f1e400f26708f98cb19d936620da35eec8f72e57f9eec01c1afd6._smimecert.tp-smimea',
         'create': {'data': {'usage': 3, 'selector': 0, 'matching_type': 1, 'certificate': HEX64.upper()}, 'ttl': 300, 'comment': 'created'},
         'patch': patch(600),
         'put': {'data': {'usage': 1, 'selector': 1, 'matching_type': 1, 'certificate': HEX64_B.upper()}, 'ttl': 3600, 'comment': 'put'}},
        {'name': 'CERT', 'type': 'CERT', 'label': 'tp-cert',
         'create': {'data': {'type': 1, 'key_tag': 12179, 'algorithm': 3, 'certificate': 'MIIBszCCAXCgAwIBAgIJAK'}, 'ttl': 300, 'comment': 'created'},
         'patch': patch(600),
         'put': {'data': {'type': 2, 'key_tag': 12180, 'algorithm': 8, 'certificate': 'MIICszCCAXCgAwIBAgIJAL'}, 'ttl': 3600, 'comment': 'put'}},
        {'name': 'LOC', 'type': 'LOC', 'label': 'tp-loc',
         'create': {'data': {'lat_degrees': 52, 'lat_minutes': 22, 'lat_seconds': 23, 'lat_direction': 'N',
                             'long_degrees': 4, 'long_minutes': 53, 'long_seconds': 32, 'long_direction': 'E',
                             'altitude': 2, 'size': 1, 'precision_horz': 10000, 'precision_vert': 10}, 'ttl': 300, 'comment': 'created'},
         'patch': patch(600),
         'put': {'data': {'lat_degrees': 37, 'lat_minutes': 46, 'lat_seconds': 46, 'lat_direction': 'N',
                          'long_degrees': 122, 'long_minutes': 23, 'long_seconds': 35, 'long_direction': 'W',
                          'altitude': 0, 'size': 100, 'precision_horz': 0, 'precision_vert': 0}, 'ttl': 3600, 'comment': 'put'}},
        {'name': 'OPENPGPKEY', 'type': 'OPENPGPKEY', 'label': 'tp-openpgpkey',
         'create': {'content': 'mQINBFm4hfcBEADKfsmZMzUPBMNyHZQ3', 'ttl': 300, 'comment': 'created'},
         'patch': patch(600),
         'put': {'content': 'mQINBFm4hfcBEADKfsmZMzUPBMNyHZQ4', 'ttl': 3600, 'comment': 'put'}},
    ]
