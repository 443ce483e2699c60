/**
 * Validator rules that follow facts about the real service (each rule file names its source).
 * withRecords(): line 1 version, 2 zone, 3 `records:`, 4 the first record, 5 the second, ...
 */
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../../src/core/yaml/index.js';
import { parseZoneFile } from '../../../src/core/zonefile/index.js';
import { HEADER, errors, expectProblem, expectValid, load, warnings, withRecords } from './helpers.js';

const APEX_A = '{ name: "@", type: A, content: 192.0.2.1 }';

describe('CNAME beside other records, and the delegation rule', () => {
  it('an apex CNAME may stand beside MX, TXT, CAA and NS', () => {
    const config = expectValid(
      withRecords(
        '{ name: "@", type: CNAME, content: target.example.net }',
        '{ name: "@", type: MX, content: mx.example.net, priority: 10 }',
        '{ name: "@", type: TXT, content: "v=spf1 -all" }',
        '{ name: "@", type: CAA, data: { flags: 0, tag: issue, value: letsencrypt.org } }',
        '{ name: w, type: A, content: 192.0.2.1 }',
      ),
    );
    expect(config.records.map((r) => r.record.type)).toEqual(['CNAME', 'MX', 'TXT', 'CAA', 'A']);
  });

  // developers.cloudflare.com/dns/manage-dns-records/troubleshooting/records-with-same-name/ and
  // the official SDK's notes refuse only A/AAAA/CNAME beside a CNAME (issue 19, item 6).
  it('a CNAME conflicts with A, AAAA and another CNAME, at the apex as below it', () => {
    for (const at of ['"@"', 'www']) {
      const { problems } = load(
        withRecords(
          `{ name: ${at}, type: CNAME, content: target.example.net }`,
          at === 'www' ? APEX_A : '{ name: other, type: A, content: 192.0.2.9 }',
          `{ name: ${at}, type: A, content: 192.0.2.1 }`,
          `{ name: ${at}, type: AAAA, content: "2001:db8::1" }`,
          `{ name: ${at}, type: MX, content: mx.example.net, priority: 10 }`,
        ),
      );
      const p = expectProblem(problems, {
        line: 4,
        message: /cannot share its name .* with A at records\[2\] \(line 6\), AAAA at records\[3\] \(line 7\): the service refuses/,
      });
      expect(p.message).not.toMatch(/MX at/);
    }
  });

  it('below the apex a CNAME beside MX is accepted (the service exports such a pair); unflattened, it is a warning', () => {
    const pair = ['{ name: www, type: MX, content: mx.example.net, priority: 10 }'];
    const { problems } = load(withRecords(APEX_A, '{ name: www, type: CNAME, content: target.example.net }', ...pair));
    expect(errors(problems)).toEqual([]);
    expectProblem(problems, {
      line: 5,
      severity: 'warning',
      message: /stands beside MX at records\[2\] \(line 6\): the service accepts it, but unless it flattens/,
    });
    const flattened = load(
      withRecords(APEX_A, '{ name: www, type: CNAME, content: target.example.net, settings: { flatten_cname: true } }', ...pair),
    );
    expect(flattened.problems.filter((p) => p.code.startsWith('cname.'))).toEqual([]);
    const zoneWide = load(
      `${HEADER}settings: { flatten_all_cnames: true }\nrecords:\n  - ${APEX_A}\n  - { name: www, type: CNAME, content: target.example.net }\n  - ${pair[0]}\n`,
    );
    expect(zoneWide.problems.filter((p) => p.code.startsWith('cname.'))).toEqual([]);
  });

  // The official SDK's notes: "NS records cannot exist on the same name as any other record type"; 81056 (issue 19, item 5).
  it('a record beside a delegation (but DS) is kept by the service, shadowed: a warning with its line, no error', () => {
    const { problems } = load(
      withRecords(
        APEX_A,
        '{ name: sub, type: NS, content: ns1.example.net }',
        '{ name: sub, type: A, content: 192.0.2.7 }',
        '{ name: sub, type: DS, data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: 1F987CC6583E92DF0890718C42AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA } }',
        '{ name: "@", type: NS, content: ns2.example.net }',
      ),
    );
    expectProblem(problems, {
      line: 6,
      severity: 'warning',
      message:
        /sub\.example\.com has NS records \(a delegation, records\[1\] \(line 5\)\): the service keeps this A record beside them, but it is shadowed/,
    });
    expect(errors(problems).map(formatProblem)).toEqual([]);
  });
});

describe('per-record settings', () => {
  it('are read from the file and kept on the canonical record only when set', () => {
    const config = expectValid(
      withRecords(
        APEX_A,
        '{ name: p, type: A, content: 192.0.2.2, proxied: true, settings: { ipv4_only: true } }',
        '{ name: c, type: CNAME, content: t.example.net, settings: { flatten_cname: true } }',
        '{ name: e, type: A, content: 192.0.2.3, settings: {} }',
      ),
    );
    expect(config.records.map((r) => r.record.settings)).toEqual([undefined, { ipv4_only: true }, { flatten_cname: true }, undefined]);
  });

  it('a flag may come from the environment (a whole-value ${VAR} becomes a boolean)', () => {
    const config = expectValid(
      withRecords(APEX_A, '{ name: c, type: CNAME, content: t.example.net, settings: { flatten_cname: "${ZONECTL_FLATTEN}" } }'),
      { ZONECTL_FLATTEN: 'true' },
    );
    expect(config.records[1].record.settings).toEqual({ flatten_cname: true });
  });

  it('flatten_cname with proxied (also through defaults.proxied) is an error', () => {
    const { problems } = load(
      `${HEADER}defaults: { proxied: true }\nrecords:\n  - ${APEX_A}\n  - { name: c, type: CNAME, content: t.example.net, proxied: true, settings: { flatten_cname: true } }\n  - { name: d, type: CNAME, content: t.example.net, settings: { flatten_cname: true } }\n`,
    );
    expectProblem(problems, {
      line: 6,
      message: /^flatten_cname cannot be used with proxied: true: a proxied CNAME is always flattened, the service ignores the flag/,
      path: 'records[1].settings.flatten_cname',
    });
    expectProblem(problems, { line: 7, message: /flatten_cname cannot be used with proxied: true \(proxied through defaults\.proxied\)/ });
  });

  it('flatten_cname exists on CNAME records only', () => {
    const { problems } = load(withRecords('{ name: "@", type: A, content: 192.0.2.1, settings: { flatten_cname: true } }'));
    expectProblem(problems, {
      line: 4,
      message: /`flatten_cname` applies only to CNAME records, not A/,
      path: 'records[0].settings.flatten_cname',
    });
  });

  it('ipv4_only/ipv6_only: error on types that cannot be proxied, warning on DNS-only, warning when both', () => {
    const { problems } = load(
      withRecords(
        APEX_A,
        '{ name: "@", type: MX, content: mx.example.net, priority: 1, settings: { ipv6_only: true } }',
        '{ name: d, type: A, content: 192.0.2.2, settings: { ipv4_only: true } }',
        '{ name: b, type: AAAA, content: "2001:db8::2", proxied: true, settings: { ipv4_only: true, ipv6_only: true } }',
        '{ name: s, type: A, content: 192.0.2.3, settings: { ipv4_only: yes } }',
      ),
    );
    expectProblem(problems, { line: 5, message: /ipv6_only applies only to proxied records, and MX records cannot be proxied/ });
    expectProblem(problems, {
      line: 6,
      severity: 'warning',
      message: /ipv4_only applies only to proxied records; it has no effect while this record is DNS-only/,
    });
    expectProblem(problems, { line: 7, severity: 'warning', message: /ipv4_only and ipv6_only are both true/ });
    expectProblem(problems, { line: 8, message: /must be true or false, not the string "yes"/ });
  });

  it('an unknown settings flag names the nearest one', () => {
    const { problems } = load(withRecords('{ name: "@", type: CNAME, content: t.example.net, settings: { flatten_cnam: true } }'));
    expectProblem(problems, { line: 4, message: /unknown field `flatten_cnam`; did you mean `flatten_cname`\?/ });
  });
});

describe('TXT content: printable ASCII, RFC 1035 escapes', () => {
  it('non-ASCII text is an error naming the \\DDD form to write instead', () => {
    const { problems } = load(withRecords(APEX_A, '{ name: t, type: TXT, content: "café" }'));
    const p = expectProblem(problems, {
      line: 5,
      message: /TXT content may contain only printable ASCII \(the service refuses other characters with error 9051\)/,
    });
    expect(p.message).toContain('`é` must be written as the RFC 1035 decimal escape \\195\\169 inside a quoted string');
  });

  it('a control character (tab) is refused too', () => {
    const { problems } = load(withRecords(APEX_A, '{ name: t, type: TXT, content: "a\\tb" }'));
    expectProblem(problems, { line: 5, message: /only printable ASCII .* U\+0009 must be written as the RFC 1035 decimal escape \\009/ });
  });

  it('accepts \\DDD and \\X escapes in quoted strings; refuses \\DDD above 255 and short ones', () => {
    const { problems } = load(
      withRecords(
        APEX_A,
        `{ name: a, type: TXT, content: '"caf\\195\\169 \\"q\\" \\\\ \\;"' }`,
        `{ name: b, type: TXT, content: '"x\\256"' }`,
        `{ name: c, type: TXT, content: '"x\\12y"' }`,
      ),
    );
    expect(problems.filter((p) => p.line === 5).map(formatProblem)).toEqual([]);
    expectProblem(problems, { line: 6, message: /`\\256` is not a byte \(\\DDD is 000\.\.255\)/ });
    expectProblem(problems, { line: 7, message: /`\\12y` is not a \\DDD escape \(exactly three decimal digits\)/ });
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

  it('a relative name that ends like another domain warns that it becomes a name in this zone', () => {
    const { problems, config } = load(
      withRecords(
        APEX_A,
        '{ name: www.example.org, type: A, content: 192.0.2.9 }',
        '{ name: www.dev, type: A, content: 192.0.2.8 }',
        '{ name: "www.example.org.example.com.", type: A, content: 192.0.2.7 }',
      ),
    );
    expectProblem(problems, {
      line: 5,
      severity: 'warning',
      message:
        /`www\.example\.org` looks like a name in another domain, .*becomes www\.example\.org\.example\.com; write `www\.example\.org\.example\.com\.` if that is meant/,
    });
    expect(warnings(problems).filter((p) => p.line !== 5)).toEqual([]);
    expect(config?.records).toHaveLength(4);
  });
});

describe('targets', () => {
  it('a single-label target warns that it likely means a name in the zone (CNAME, MX, NS, PTR, SRV, HTTPS)', () => {
    const { problems, config } = load(
      withRecords(
        APEX_A,
        '{ name: a, type: CNAME, content: c3 }',
        '{ name: "@", type: MX, content: mail, priority: 10 }',
        '{ name: sub, type: NS, content: ns1 }',
        '{ name: _sip._tcp, type: SRV, data: { priority: 1, weight: 1, port: 5060, target: sip } }',
        '{ name: "@", type: HTTPS, data: { priority: 1, target: svc, value: "alpn=h2" } }',
        '{ name: m2, type: MX, content: ., priority: 0 }',
      ),
    );
    expectProblem(problems, {
      line: 5,
      severity: 'warning',
      message: /CNAME target `c3` is a single label: .*did you mean c3\.example\.com\?/,
    });
    expectProblem(problems, { line: 6, severity: 'warning', message: /mail server `mail` is a single label.*mail\.example\.com/ });
    expectProblem(problems, { line: 7, severity: 'warning', message: /name server `ns1` is a single label/ });
    expectProblem(problems, { line: 8, severity: 'warning', message: /SRV target `sip` is a single label/ });
    expectProblem(problems, { line: 9, severity: 'warning', message: /HTTPS target `svc` is a single label/ });
    expect(problems.filter((p) => p.line === 10)).toEqual([]);
    expect(config).toBeDefined();
  });
});

describe('DS needs a delegation (NS at the same name)', () => {
  const ds =
    '{ name: sub, type: DS, data: { key_tag: 2371, algorithm: 13, digest_type: 2, digest: AABBCCDDEEFF00112233445566778899AABBCCDDEEFF00112233445566778899 } }';

  it('with the NS in the file: fine', () => {
    expectValid(withRecords(APEX_A, '{ name: sub, type: NS, content: ns1.example.net }', ds));
  });

  it('without it, manage.unmanaged: keep: a warning (the NS may live outside the file)', () => {
    const { problems } = load(`${HEADER}manage: { unmanaged: keep }\nrecords:\n  - ${APEX_A}\n  - ${ds}\n`);
    expectProblem(problems, {
      line: 6,
      severity: 'warning',
      message: /DS record needs NS records at the same name \(sub\.example\.com\); the file has none/,
    });
  });

  it('without it, manage.unmanaged: delete: an error, unless manage.ignore keeps NS there', () => {
    const del = load(`${HEADER}manage: { unmanaged: delete }\nrecords:\n  - ${APEX_A}\n  - ${ds}\n`);
    expectProblem(del.problems, {
      line: 6,
      message: /the service refuses a DS without a delegation, and with manage\.unmanaged: delete no NS there is kept/,
    });
    const ignored = load(`${HEADER}manage: { unmanaged: delete, ignore: [{ name: sub, type: NS }] }\nrecords:\n  - ${APEX_A}\n  - ${ds}\n`);
    expect(errors(ignored.problems)).toEqual([]);
    expectProblem(ignored.problems, { line: 6, severity: 'warning', message: /DS record needs NS records/ });
  });
});

describe('zone names', () => {
  it.each([
    ['*.x.example.com', /wildcard label `\*`/],
    ['-bad-.example.com', /starts or ends with a hyphen: `-bad-`/],
    ['under_score.com', /characters other than letters, digits and hyphens/],
    ['com', /needs at least two labels/],
    ['a..com', /empty label/],
  ])('%j is refused', (zone, message) => {
    const { problems, config } = load(`version: 1\nzone: "${zone}"\nrecords: [${APEX_A}]\n`);
    expectProblem(problems, { line: 2, message, path: 'zone' });
    expect(config).toBeUndefined();
  });

  it('an IDN zone name is fine (punycode)', () => {
    expect(expectValid(`version: 1\nzone: bücher.example\nrecords: [${APEX_A}]\n`).zone).toBe('xn--bcher-kva.example');
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
