/** One table per check: a zone that trips it (with the RFC it comes from in the message) and one that does not. */
import { generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { lintZone } from '../../../src/core/lint/index.js';
import { formatProblem } from '../../../src/core/yaml/index.js';
import { parseZoneFile } from '../../../src/core/zonefile/index.js';
import { runCli } from '../../support/run-cli.js';

function lint(records: string, extra = ''): string[] {
  const text = `version: 1\nzone: example.com\nrecords:\n${records}\n${extra}`;
  const { config, problems } = parseZoneFile({ path: 'z.yaml', text }, {});
  expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  return lintZone(config!).map(formatProblem);
}

const key = (bits: number): string =>
  generateKeyPairSync('rsa', { modulusLength: bits }).publicKey.export({ format: 'der', type: 'spki' }).toString('base64');
const KEY_2048 = key(2048);
const KEY_1024 = key(1024);

const table: ReadonlyArray<{ check: string; records: string; expect: RegExp[] }> = [
  {
    check: 'SPF syntax',
    records: '  - { name: "@", type: TXT, content: "v=spf1 include: -all" }',
    // An error (permerror for every receiver, RFC 7208 §4.6): no `warning:` before the message.
    expect: [/records\[0\]\.content: SPF syntax: "include:" needs a domain.*\[SPF_SYNTAX\]$/],
  },
  {
    check: 'SPF unknown mechanism',
    records: '  - { name: "@", type: TXT, content: "v=spf1 ipv4:192.0.2.1 -all" }',
    expect: [/"ipv4:192.0.2.1" is not an SPF mechanism or modifier \(RFC 7208 §5\); correct the term \[SPF_SYNTAX\]/],
  },
  {
    check: 'two SPF records',
    records: '  - { name: "@", type: TXT, content: "v=spf1 -all" }\n  - { name: "@", type: TXT, content: "v=spf1 mx -all" }',
    // An error (RFC 7208 §4.5: permerror for every receiver).
    expect: [/z\.yaml:5:5 records\[1\]\.content: example\.com has 2 SPF records.*RFC 7208 §4\.5.*\[SPF_MULTIPLE\]/],
  },
  {
    check: '+all',
    records: '  - { name: "@", type: TXT, content: "v=spf1 mx +all" }',
    expect: [/"\+all" lets any server send mail.*end with "-all" or "~all" \[SPF_PERMISSIVE_ALL\]/],
  },
  {
    check: '?all',
    records: '  - { name: "@", type: TXT, content: "v=spf1 mx ?all" }',
    expect: [/"\?all" lets any server.*\[SPF_PERMISSIVE_ALL\]/],
  },
  {
    check: 'ptr',
    records: '  - { name: "@", type: TXT, content: "v=spf1 ptr -all" }',
    expect: [/ptr mechanism .*RFC 7208 §5\.5.*\[SPF_PTR\]/],
  },
  {
    check: '10-lookup limit through an in-zone include, naming out-of-zone includes',
    records: [
      '  - { name: "@", type: TXT, content: "v=spf1 include:_spf.example.com include:spf.protection.outlook.com a mx -all" }',
      '  - { name: _spf, type: TXT, content: "v=spf1 include:_spf2.example.com a:a1.example.com a:a2.example.com a:a3.example.com ~all" }',
      '  - { name: _spf2, type: TXT, content: "v=spf1 exists:%{i}.x.example.com mx:m1.example.com mx:m2.example.com ~all" }',
    ].join('\n'),
    expect: [
      /SPF for example\.com needs 11 DNS lookups, over the limit of 10 \(RFC 7208 §4\.6\.4\); out-of-zone includes counted as one lookup each, at least: spf\.protection\.outlook\.com; .*\[SPF_LOOKUPS\]/,
    ],
  },
  {
    check: 'DMARC without p=',
    records: '  - { name: _dmarc, type: TXT, content: "v=DMARC1; rua=mailto:d@example.com" }',
    expect: [/has no p= policy \(RFC 7489 §6\.3\).*\[DMARC_POLICY\]/],
  },
  {
    check: 'DMARC bad policy and URI',
    records: '  - { name: _dmarc, type: TXT, content: "v=DMARC1; p=block; rua=mailto:nobody" }',
    expect: [
      /p=block is not none, quarantine or reject.*\[DMARC_POLICY\]/,
      /rua has URIs that are not well-formed: mailto:nobody.*\[DMARC_URI\]/,
    ],
  },
  {
    check: 'not DMARC at _dmarc',
    records: '  - { name: _dmarc, type: TXT, content: "p=reject" }',
    expect: [/does not start with "v=DMARC1".*\[DMARC_NOT_DMARC\]/],
  },
  {
    check: 'DKIM weak key',
    records: `  - { name: s1._domainkey, type: TXT, content: "v=DKIM1; k=rsa; p=${KEY_1024}" }`,
    expect: [/the RSA key is 1024 bits: signers SHOULD use at least 2048 \(RFC 8301 §3\.2\).*\[DKIM_WEAK_KEY\]/],
  },
  {
    check: 'DKIM revoked',
    records: '  - { name: s1._domainkey, type: TXT, content: "v=DKIM1; p=" }',
    expect: [/is revoked \(empty p=\).*\[DKIM_REVOKED\]/],
  },
  {
    check: 'DKIM not base64',
    records: '  - { name: s1._domainkey, type: TXT, content: "v=DKIM1; p=not*base64" }',
    expect: [/p= is not base64.*\[DKIM_KEY\]/],
  },
  {
    check: 'DKIM v= not first',
    records: `  - { name: s1._domainkey, type: TXT, content: "k=rsa; v=DKIM1; p=${KEY_2048}" }`,
    expect: [/v= must be the first tag.*\[DKIM_SYNTAX\]/],
  },
  {
    check: 'MX -> CNAME',
    records:
      '  - { name: "@", type: MX, content: mail.example.com, priority: 10 }\n  - { name: mail, type: CNAME, content: mx.example.net }',
    expect: [/the MX target mail\.example\.com is a CNAME.*RFC 2181 §10\.3.*\[TARGET_IS_CNAME\]/],
  },
  {
    check: 'in-zone MX target missing',
    records: '  - { name: "@", type: MX, content: mx1.example.com, priority: 10 }',
    expect: [/the MX target mx1\.example\.com is in this zone but has no records in this file.*\[TARGET_MISSING\]/],
  },
  {
    check: 'in-zone SRV target missing',
    records: '  - { name: _sip._tcp, type: SRV, data: { priority: 1, weight: 1, port: 5060, target: sip.example.com } }',
    expect: [/records\[0\]\.data\.target: warning: the SRV target sip\.example\.com.*\[TARGET_MISSING\]/],
  },
  {
    check: 'dangling CNAME',
    records: '  - { name: www, type: CNAME, content: web.example.com }',
    expect: [/the CNAME target web\.example\.com is in this zone but has no records in this file: it answers NODATA.*\[CNAME_DANGLING\]/],
  },
  {
    check: 'CAA unknown tag',
    records: '  - { name: "@", type: CAA, data: { flags: 0, tag: isue, value: letsencrypt.org } }',
    expect: [/"isue" is not a known CAA property.*\[CAA_TAG\]/],
  },
  {
    check: 'CAA bad issuer and iodef',
    records:
      '  - { name: "@", type: CAA, data: { flags: 0, tag: issue, value: "lets encrypt" } }\n  - { name: "@", type: CAA, data: { flags: 0, tag: iodef, value: "security@example.com" } }',
    expect: [
      /issue value: "lets encrypt" is not a CA domain name.*\[CAA_VALUE\]/,
      /iodef value "security@example\.com" is not a mailto: or http\(s\) URL.*\[CAA_VALUE\]/,
    ],
  },
  {
    check: 'CAA flags',
    records: '  - { name: "@", type: CAA, data: { flags: 1, tag: issue, value: letsencrypt.org } }',
    expect: [/flags 1: only 0 and 128.*\[CAA_FLAGS\]/],
  },
  {
    check: 'apex wildcard',
    records: '  - { name: "*", type: A, content: 192.0.2.1 }',
    expect: [/the wildcard \*\.example\.com answers for every undefined name.*\[WILDCARD_APEX\]/],
  },
  {
    check: 'occluded records under a delegation (glue excepted)',
    records:
      '  - { name: dev, type: NS, content: ns1.dev.example.com }\n  - { name: ns1.dev, type: A, content: 192.0.2.53 }\n  - { name: www.dev, type: A, content: 192.0.2.80 }',
    expect: [/records\[2\]\.name: warning: www\.dev\.example\.com A is under the delegation of dev\.example\.com.*\[OCCLUDED\]/],
  },
  {
    check: 'TTLs within an RRset',
    records: '  - { name: www, type: A, content: 192.0.2.1, ttl: 300 }\n  - { name: www, type: A, content: 192.0.2.2, ttl: 3600 }',
    expect: [/www\.example\.com A has records with different TTLs \(300, 3600\).*RFC 2181 §5\.2.*\[RRSET_TTL\]/],
  },
];

describe('zonectl lint checks', () => {
  it.each(table)('$check', ({ records, expect: patterns }) => {
    const found = lint(records);
    expect(found).toHaveLength(patterns.length);
    patterns.forEach((p, i) => {
      expect(found[i]).toMatch(p);
    });
  });

  it('what breaks mail for every receiver is an error without --strict; the rest are warnings (issue 33)', () => {
    const severities = (records: string): string[] => {
      const text = `version: 1\nzone: example.com\nrecords:\n${records}\n`;
      const { config } = parseZoneFile({ path: 'z.yaml', text }, {});
      return lintZone(config!).map((p) => `${p.code} ${p.severity}`);
    };
    expect(
      severities('  - { name: "@", type: TXT, content: "v=spf1 -all" }\n  - { name: "@", type: TXT, content: "v=spf1 mx -all" }'),
    ).toEqual(['lint.spf-multiple error']);
    expect(severities('  - { name: "@", type: TXT, content: "v=spf1 ipv4:192.0.2.1 -all" }')).toEqual(['lint.spf-syntax error']);
    expect(severities('  - { name: s1._domainkey, type: TXT, content: "v=DKIM1; p=not*base64" }')).toEqual(['lint.dkim-key error']);
    expect(severities('  - { name: "@", type: TXT, content: "v=spf1 ptr -all" }')).toEqual(['lint.spf-ptr warning']);
    expect(severities('  - { name: s1._domainkey, type: TXT, content: "v=DKIM1; p=" }')).toEqual(['lint.dkim-revoked warning']);
  });

  it('a sound mail and web setup has no findings', () => {
    const found = lint(
      [
        '  - { name: "@", type: A, content: 192.0.2.10 }',
        '  - { name: www, type: CNAME, content: example.com }',
        '  - { name: "@", type: MX, content: mx1.example.com, priority: 10 }',
        '  - { name: mx1, type: A, content: 192.0.2.25 }',
        '  - { name: "@", type: TXT, content: "v=spf1 mx include:_spf.example.net -all" }',
        '  - { name: _dmarc, type: TXT, content: "v=DMARC1; p=reject; rua=mailto:dmarc@example.com,mailto:agg@example.net!10m; adkim=s; pct=100" }',
        `  - { name: s1._domainkey, type: TXT, content: "v=DKIM1; k=rsa; p=${KEY_2048}" }`,
        '  - { name: "@", type: CAA, data: { flags: 0, tag: issue, value: "letsencrypt.org; validationmethods=dns-01" } }',
        '  - { name: "@", type: CAA, data: { flags: 128, tag: iodef, value: "mailto:security@example.com" } }',
        '  - { name: "*.apps", type: A, content: 198.51.100.7 }',
        '  - { name: dev, type: NS, content: ns1.dev.example.com }',
        '  - { name: ns1.dev, type: A, content: 192.0.2.53 }',
      ].join('\n'),
    );
    expect(found).toEqual([]);
  });

  it('the example zone has no findings', () => {
    const { config } = parseZoneFile({ path: 'examples/zone.yaml', text: readFileSync('examples/zone.yaml', 'utf8') }, {});
    expect(lintZone(config!).map(formatProblem)).toEqual([]);
  });

  it('CLI: findings are warnings, --strict makes them errors (exit 1)', async () => {
    const file = 'test/core/lint/fixtures/mail-broken.yaml';
    const plain = await runCli(['lint', file]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(
      /^test\/core\/lint\/fixtures\/mail-broken\.yaml:6:5 records\[0\]\.content: warning: .*\[SPF_PERMISSIVE_ALL\]$/m,
    );
    // The summary counts what it printed, by severity (issue 33).
    expect(plain.stdout).toMatch(/mail-broken\.yaml: 0 errors, 2 warnings/);
    const strict = await runCli(['lint', file, '--strict']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).not.toMatch(/warning:/);
  });

  it('validate runs the lint checks as warnings, and --strict makes them errors', async () => {
    const file = 'test/core/lint/fixtures/mail-broken.yaml';
    const plain = await runCli(['validate', file]);
    expect(plain.code).toBe(0);
    expect(plain.stdout).toMatch(/mail-broken\.yaml:6:5 records\[0\]\.content: warning: .*\[SPF_PERMISSIVE_ALL\]/);
    expect(plain.stdout).toMatch(/mail-broken\.yaml: valid \(3 records, 3 warnings\)/);
    const strict = await runCli(['validate', '--strict', file]);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toMatch(/mail-broken\.yaml: 2 errors, 1 warning/);
  });
});
