/** src/core/lint/proxied.ts: proxied validation names and proxied MX/SRV targets are lint errors (issue 33). */
import { describe, expect, it } from 'vitest';
import { lintZone } from '../../../src/core/lint/index.js';
import { formatProblem } from '../../../src/core/yaml/index.js';
import { parseZoneFile } from '../../../src/core/zonefile/index.js';

function lint(records: string[], defaults = ''): string[] {
  const text = `version: 1\nzone: example.com\n${defaults}records:\n${records.map((r) => `  - ${r}`).join('\n')}\n`;
  const { config, problems } = parseZoneFile({ path: 'z.yaml', text }, {});
  expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  return lintZone(config!)
    .filter((p) => p.code?.startsWith('lint.proxied-'))
    .map(formatProblem);
}

describe('proxied where proxying breaks the protocol', () => {
  it.each([
    ['a DKIM key name', '{ name: s1._domainkey, type: CNAME, content: s1.dkim.example.net, proxied: true }', /a DKIM key name/],
    ['a DMARC name', '{ name: _dmarc, type: CNAME, content: dmarc.example.net, proxied: true }', /a DMARC policy name/],
    [
      'an ACME name',
      '{ name: _acme-challenge.www, type: CNAME, content: acme.example.net, proxied: true }',
      /an ACME \(certificate\) validation name/,
    ],
    [
      'an ACM validation name',
      '{ name: _0123456789abcdef0123456789abcdef.www, type: CNAME, content: _x.acm-validations.aws, proxied: true }',
      /an ACM certificate validation name/,
    ],
    [
      'a custom hostname validation name',
      '{ name: _cf-custom-hostname.shop, type: CNAME, content: v.example.net, proxied: true }',
      /custom hostname/,
    ],
    ['another underscored name', '{ name: _vendor-verify, type: CNAME, content: v.example.net, proxied: true }', /an underscored name/],
  ])('%s that is proxied is an error', (_what, record, kind) => {
    const found = lint([record]);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^z\.yaml:4:5 records\[0\]\.proxied: \S+ CNAME is /);
    expect(found[0]).toMatch(kind);
    expect(found[0]).toMatch(/developers\.cloudflare\.com\/dns\/proxy-status\/\); set proxied: false \[PROXIED_UNDERSCORE\]$/);
  });

  it('a proxied default reaches the record: still an error; DNS-only validation names and proxied web names are fine', () => {
    expect(lint(['{ name: s1._domainkey, type: CNAME, content: s1.dkim.example.net }'], 'defaults: { proxied: true }\n')).toHaveLength(1);
    expect(
      lint([
        '{ name: s1._domainkey, type: CNAME, content: s1.dkim.example.net }',
        '{ name: www, type: CNAME, content: web.example.net, proxied: true }',
        '{ name: "@", type: A, content: 192.0.2.1, proxied: true }',
      ]),
    ).toEqual([]);
  });

  it('an MX or SRV target in the zone that is proxied is an error; a DNS-only or out-of-zone target is not', () => {
    const found = lint([
      '{ name: mail, type: A, content: 192.0.2.25, proxied: true }',
      '{ name: "@", type: MX, content: mail.example.com, priority: 10 }',
      '{ name: _sip._tcp, type: SRV, data: { priority: 1, weight: 1, port: 5060, target: mail.example.com } }',
      '{ name: sip, type: A, content: 192.0.2.26 }',
      '{ name: _xmpp._tcp, type: SRV, data: { priority: 1, weight: 1, port: 5222, target: sip.example.com } }',
      '{ name: "@", type: MX, content: mx.example.net, priority: 20 }',
    ]);
    expect(found).toEqual([
      expect.stringMatching(
        /^z\.yaml:5:5 records\[1\]\.content: the MX target mail\.example\.com is proxied: .*only HTTP\(S\), so mail never reaches.*\[PROXIED_TARGET\]$/,
      ),
      expect.stringMatching(
        /^z\.yaml:6:5 records\[2\]\.data\.target: the SRV target mail\.example\.com is proxied: .*so the service never reaches.*\[PROXIED_TARGET\]$/,
      ),
    ]);
  });
});
