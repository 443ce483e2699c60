/**
 * The record-name rules (src/core/zonefile/rules/names.ts, with hostname-checks.ts).
 */
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../../../src/core/yaml/index.js';
import { parseZoneFile } from '../../../../src/core/zonefile/index.js';
import { errors, expectProblem, load, warnings, withRecords, expectValid } from '../helpers.js';

// withRecords(): line 1 version, 2 zone, 3 `records:`, 4 the first record, 5 the second, ...

const APEX_A = '{ name: "@", type: A, content: 192.0.2.1 }';

describe('record names (A/AAAA/CNAME host name rules)', () => {
  it('rejects a label longer than 63 characters', () => {
    const long = 'a'.repeat(64);
    const { problems } = load(withRecords('{ name: ok, type: A, content: 192.0.2.1 }', `{ name: ${long}, type: A, content: 192.0.2.1 }`));
    expectProblem(problems, { line: 5, message: /label `a{20}\.\.\.` is 64 characters long; at most 63/, path: 'records[1].name' });
  });

  it('rejects a whole name longer than 253 characters', () => {
    const name = Array.from({ length: 5 }, () => 'b'.repeat(60)).join('.');
    const { problems } = load(withRecords(`{ name: ${name}, type: A, content: 192.0.2.1 }`));
    expectProblem(problems, { line: 4, message: /full name is 3\d\d characters long; at most 253/ });
  });

  it('rejects characters other than letters, digits and hyphens', () => {
    const { problems } = load(withRecords('{ name: "a+b", type: CNAME, content: example.net }'));
    expectProblem(problems, { line: 4, message: /label `a\+b` of a CNAME record may contain only letters, digits and hyphens/ });
  });

  it('rejects a label ending with a hyphen and one starting with a hyphen', () => {
    const { problems } = load(
      withRecords('{ name: web-, type: A, content: 192.0.2.1 }', '{ name: "-web", type: AAAA, content: "2001:db8::1" }'),
    );
    expectProblem(problems, { line: 4, message: /label `web-` of an A record must end with a letter or digit/ });
    expectProblem(problems, { line: 5, message: /label `-web` of an AAAA record must start with a letter/ });
  });

  it('warns (only) on underscores; a label may start with a digit (RFC 1123 §2.1), with no warning (issue 43, item 9)', () => {
    const { problems, config } = load(
      withRecords(
        '{ name: my_host, type: A, content: 192.0.2.1 }',
        '{ name: 1st, type: A, content: 192.0.2.2 }',
        '{ name: 3d.web, type: CNAME, content: cdn.example.net }',
        '{ name: "2001", type: AAAA, content: "2001:db8::1" }',
      ),
    );
    expectProblem(problems, { line: 4, severity: 'warning', message: /label `my_host` contains an underscore/ });
    expect(problems.filter((p) => p.line !== 4)).toEqual([]);
    expect(errors(problems)).toEqual([]);
    expect(config?.records).toHaveLength(4);
  });

  it('does not warn of standard underscored names (RFC 8552 registry, ACM, SRV service labels), and still of others (issue 33)', () => {
    const { problems } = load(
      withRecords(
        '{ name: s1._domainkey, type: CNAME, content: s1.dkim.example.net }',
        '{ name: _acme-challenge.www, type: CNAME, content: www.acme.example.net }',
        '{ name: _0123456789abcdef0123456789abcdef.www, type: CNAME, content: _x.acm-validations.aws }',
        '{ name: _cf-custom-hostname.shop, type: CNAME, content: v.example.net }',
        '{ name: _mta-sts, type: CNAME, content: sts.example.net }',
        '{ name: _sip._tcp, type: CNAME, content: sip.example.net }',
        '{ name: _dmarc, type: CNAME, content: dmarc.example.net }',
        '{ name: _my_thing, type: CNAME, content: t.example.net }',
      ),
    );
    const underscore = warnings(problems).filter((p) => p.code === 'name.underscore');
    expect(underscore.map((p) => [p.line, p.message])).toEqual([
      [11, expect.stringMatching(/label `_my_thing` contains an underscore and is not a standard underscored name \(RFC 8552\)/)],
    ]);
  });

  it('accepts a leading wildcard label, warns of a `*` elsewhere (the service stores it as a literal asterisk)', () => {
    const { problems } = load(
      withRecords('{ name: "*.dev", type: A, content: 192.0.2.1 }', '{ name: "a.*.dev", type: A, content: 192.0.2.1 }'),
    );
    expect(problems.filter((p) => p.line === 4)).toEqual([]);
    expectProblem(problems, { line: 5, severity: 'warning', message: /wildcard `\*` is the whole leftmost label/ });
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  });

  it('does not apply the host name character rules to other types (TXT _dmarc, SRV _sip._tcp)', () => {
    const { problems } = load(
      withRecords(
        '{ name: "@", type: A, content: 192.0.2.1 }',
        '{ name: _dmarc, type: TXT, content: "v=DMARC1; p=none" }',
        '{ name: _sip._tcp, type: SRV, data: { priority: 1, weight: 1, port: 5060, target: sip.example.com } }',
      ),
    );
    expect(problems).toEqual([]);
  });

  it('rejects names outside the zone', () => {
    const { problems } = load(withRecords('{ name: www.example.org., type: A, content: 192.0.2.1 }'));
    expectProblem(problems, { line: 4, message: /`www\.example\.org\.` is not inside the zone example\.com/ });
  });
});

describe('record names of every type', () => {
  it.each(['a|b', 'a!b', 'a"b', 'a b.c', 'x/y'])('%j is refused on a TXT record too (the service answers 9000)', (name) => {
    const { problems } = load(withRecords(APEX_A, `{ name: ${JSON.stringify(name)}, type: TXT, content: hi }`));
    const bad = errors(problems).filter((p) => p.path === 'records[1].name');
    expect(bad, problems.map(formatProblem).join('\n')).toHaveLength(1);
    expect(bad[0].line).toBe(5);
  });

  it('names the character and the service error', () => {
    const { problems } = load(withRecords(APEX_A, '{ name: "a|b", type: MX, content: mx.example.net, priority: 1 }'));
    expectProblem(problems, {
      line: 5,
      message:
        /label `a\|b` may contain only letters, digits, hyphens and underscores, not "\|" \(the service refuses the name with error 9000\)/,
    });
  });

  // The service stores such a `*` as a literal asterisk: it holds the record, so zonectl warns and does not refuse (issue 28).
  it.each(['x.*.y', '**', 'a*', '*a.b'])('%j: a `*` that is not the whole first label warns, saying why (any type)', (name) => {
    const { problems } = load(withRecords(APEX_A, `{ name: ${JSON.stringify(name)}, type: TXT, content: hi }`));
    expectProblem(problems, {
      line: 5,
      severity: 'warning',
      message: /wildcard `\*` is the whole leftmost label .* stores it as a literal asterisk/,
    });
    expect(errors(problems).map(formatProblem)).toEqual([]);
  });

  it('a leading `*` label and underscores stay fine on other types', () => {
    expectValid(
      withRecords(
        APEX_A,
        '{ name: "*.dev", type: TXT, content: hi }',
        '{ name: _acme-challenge, type: TXT, content: tok }',
        '{ name: "*._tcp", type: SRV, data: { priority: 1, weight: 1, port: 1, target: s.example.com } }',
      ),
    );
  });

  it('a relative name with dots is a name of the zone, whatever its last label: no guess that it meant another domain (issue 43, item 9)', () => {
    const { problems, config } = load(
      withRecords(
        APEX_A,
        '{ name: docs.ai, type: CNAME, content: docs.example.net }',
        '{ name: www.example.org, type: A, content: 192.0.2.9 }',
        '{ name: "www.example.org.example.com.", type: TXT, content: hi }',
      ),
    );
    expect(problems).toEqual([]);
    expect(config?.records.map((d) => d.record.name)).toEqual([
      'example.com',
      'docs.ai.example.com',
      'www.example.org.example.com',
      'www.example.org.example.com',
    ]);
  });
});

describe('names zonectl keeps for itself', () => {
  it('a record named _zonectl* is refused: plans never see such records', () => {
    const { problems } = parseZoneFile(
      { path: 'zone.yaml', text: 'version: 1\nzone: example.com\nrecords:\n  - { name: _zonectl-lock, type: TXT, content: x }\n' },
      {},
    );
    expect(problems.filter((p) => p.severity === 'error').map((p) => `${p.line}:${p.col} ${p.path}: ${p.message}`)).toEqual([
      "4:13 records[0].name: names starting with `_zonectl` are zonectl's own (the apply lock); choose another name",
    ]);
  });
});
