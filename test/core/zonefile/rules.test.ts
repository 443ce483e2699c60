import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../../src/core/yaml/index.js';
import { HEADER, errors, expectProblem, load, warnings, withRecords } from './helpers.js';

// withRecords(): line 1 version, 2 zone, 3 `records:`, 4 the first record, 5 the second, ...

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

  it('warns (only) on underscores and digit-first labels', () => {
    const { problems, config } = load(
      withRecords('{ name: my_host, type: A, content: 192.0.2.1 }', '{ name: 1st, type: A, content: 192.0.2.2 }'),
    );
    expectProblem(problems, { line: 4, severity: 'warning', message: /label `my_host` contains an underscore/ });
    expectProblem(problems, { line: 5, severity: 'warning', message: /label `1st` starts with a digit/ });
    expect(errors(problems)).toEqual([]);
    expect(config?.records).toHaveLength(2);
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

describe('A/AAAA content', () => {
  it('rejects an invalid IPv4 address, naming it', () => {
    const { problems } = load(withRecords('{ name: "@", type: A, content: 192.0.2.1 }', '{ name: www, type: A, content: 300.1.1.1 }'));
    const p = expectProblem(problems, { line: 5, message: /"300\.1\.1\.1" is not an IPv4 address/, path: 'records[1].content' });
    expect(formatProblem(p)).toBe('zone.yaml:5:36 records[1].content: "300.1.1.1" is not an IPv4 address');
  });

  it('rejects an IPv6 address in an A record with a hint, and an IPv4 address in AAAA', () => {
    const { problems } = load(withRecords('{ name: a, type: A, content: "2001:db8::1" }', '{ name: b, type: AAAA, content: 192.0.2.1 }'));
    expectProblem(problems, { line: 4, message: /not an IPv4 address \(an IPv6 address belongs in an AAAA record\)/ });
    expectProblem(problems, { line: 5, message: /not an IPv6 address \(an IPv4 address belongs in an A record\)/ });
  });

  it('rejects addresses of the service network (IPv4 and IPv6)', () => {
    const { problems } = load(withRecords('{ name: a, type: A, content: 104.16.1.1 }', '{ name: b, type: AAAA, content: "2606:4700::1" }'));
    expectProblem(problems, { line: 4, message: /104\.16\.1\.1 belongs to the service's own network/ });
    expectProblem(problems, { line: 5, message: /2606:4700::1 belongs to the service's own network/ });
  });

  it('rejects proxying a private, loopback or CGNAT address; documentation ranges are proxiable', () => {
    const { problems } = load(
      withRecords(
        '{ name: a, type: A, content: 10.1.2.3, proxied: true }',
        '{ name: b, type: A, content: 127.0.0.1, proxied: true }',
        '{ name: c, type: A, content: 100.64.0.1, proxied: true }',
        '{ name: d, type: A, content: 192.0.2.1, proxied: true }',
        '{ name: e, type: A, content: 10.1.2.3 }',
      ),
    );
    expectProblem(problems, { line: 4, message: /10\.1\.2\.3 is a private.*cannot be proxied/, path: 'records[0].proxied' });
    expectProblem(problems, { line: 5, message: /127\.0\.0\.1 .*cannot be proxied/ });
    expectProblem(problems, { line: 6, message: /100\.64\.0\.1 .*cannot be proxied/ });
    expect(errors(problems)).toHaveLength(3);
  });
});

describe('proxied and TTL', () => {
  it('only A, AAAA and CNAME can be proxied', () => {
    const { problems } = load(
      withRecords('{ name: "@", type: A, content: 192.0.2.1 }', '{ name: x, type: TXT, content: hi, proxied: true }'),
    );
    expectProblem(problems, { line: 5, message: /TXT records cannot be proxied \(only A, AAAA and CNAME\)/, path: 'records[1].proxied' });
  });

  it('an explicit TTL on a proxied record is an error with a hint', () => {
    const { problems } = load(withRecords('{ name: "@", type: A, content: 192.0.2.1, proxied: true, ttl: 300 }'));
    expectProblem(problems, {
      line: 4,
      message: /proxied record cannot have ttl 300; remove ttl: proxied records always use auto/,
      path: 'records[0].ttl',
    });
  });

  it('ttl auto (or 1) on a proxied record is fine', () => {
    const { problems } = load(
      withRecords(
        '{ name: "@", type: A, content: 192.0.2.1, proxied: true, ttl: auto }',
        '{ name: w, type: A, content: 192.0.2.1, proxied: true, ttl: 1 }',
      ),
    );
    expect(problems).toEqual([]);
  });

  it('TTL must be auto or 60..86400 (records and defaults); below 30 is an error', () => {
    const text = `${HEADER}defaults: { ttl: 29 }\nrecords:\n  - { name: "@", type: A, content: 192.0.2.1, ttl: 0 }\n  - { name: a, type: A, content: 192.0.2.2, ttl: 86401 }\n  - { name: b, type: A, content: 192.0.2.3, ttl: 86400 }\n`;
    const { problems } = load(text);
    expectProblem(problems, { line: 3, message: /ttl 29 is out of range: use auto \(1\) or 60\.\.86400/, path: 'defaults.ttl' });
    expectProblem(problems, { line: 5, message: /ttl 0 is out of range/ });
    expectProblem(problems, { line: 6, message: /ttl 86401 is out of range/ });
    expect(errors(problems)).toHaveLength(3);
  });

  it('TTL 30..59 is accepted on DNS-only records with a warning that it needs an Enterprise zone', () => {
    const text = `${HEADER}defaults: { ttl: 30 }\nrecords:\n  - { name: "@", type: A, content: 192.0.2.1, ttl: 59 }\n  - { name: a, type: A, content: 192.0.2.2 }\n  - { name: b, type: A, content: 192.0.2.3, ttl: 30, proxied: true }\n`;
    const { problems } = load(text);
    expectProblem(problems, {
      line: 3,
      severity: 'warning',
      message: /ttl 30 is below 60: only Enterprise zones accept 30\.\.59 seconds .*plan refuses it on other plans/,
      path: 'defaults.ttl',
    });
    expectProblem(problems, { line: 5, severity: 'warning', message: /ttl 59 is below 60: only Enterprise zones/, path: 'records[0].ttl' });
    // A proxied record's TTL is auto: an explicit one is the usual error, not the Enterprise warning.
    expectProblem(problems, { line: 7, message: /proxied record cannot have ttl 30/ });
    expect(errors(problems)).toHaveLength(1);
    expect(warnings(problems).map((p) => p.line)).toEqual([3, 5]);
  });

  it('a TTL that is neither auto nor a number is a schema error', () => {
    const { problems } = load(withRecords('{ name: "@", type: A, content: 192.0.2.1, ttl: fast }'));
    expectProblem(problems, { line: 4, message: /must be `auto` or a whole number of seconds/ });
  });
});

describe('TXT quotation', () => {
  it('rejects inconsistent quotation', () => {
    const { problems } = load(
      withRecords(
        '{ name: "@", type: A, content: 192.0.2.1 }',
        `{ name: t, type: TXT, content: '"abc" def' }`,
        `{ name: u, type: TXT, content: 'abc"' }`,
        `{ name: v, type: TXT, content: '"abc' }`,
      ),
    );
    expectProblem(problems, { line: 5, message: /inconsistent quotation in TXT content: text outside quotes/ });
    expectProblem(problems, { line: 6, message: /inconsistent quotation in TXT content: ends with a double quote/ });
    expectProblem(problems, { line: 7, message: /inconsistent quotation in TXT content: a quoted string is not closed/ });
  });

  it('accepts unquoted text and several quoted strings', () => {
    const { problems } = load(
      withRecords(
        '{ name: "@", type: A, content: 192.0.2.1 }',
        `{ name: t, type: TXT, content: 'v=spf1 -all' }`,
        `{ name: u, type: TXT, content: '"part one" "part two"' }`,
      ),
    );
    expect(problems).toEqual([]);
  });
});

describe('CNAME', () => {
  it('content must be a host name, not an address', () => {
    const { problems } = load(
      withRecords(
        '{ name: "@", type: A, content: 192.0.2.1 }',
        '{ name: a, type: CNAME, content: 192.0.2.9 }',
        '{ name: b, type: CNAME, content: "x..example.net" }',
      ),
    );
    expectProblem(problems, { line: 5, message: /CNAME target must be a host name, not an address/ });
    expectProblem(problems, { line: 6, message: /CNAME target "x\.\.example\.net" has an empty label/ });
  });

  it('a CNAME may not share its name with an A, at any name; beside TXT it is only a warning when not flattened', () => {
    const { problems } = load(
      withRecords(
        '{ name: "@", type: A, content: 192.0.2.1 }',
        '{ name: www, type: CNAME, content: example.net }',
        '{ name: WWW.example.com., type: TXT, content: hello }',
        '{ name: www, type: A, content: 192.0.2.2 }',
      ),
    );
    expectProblem(problems, {
      line: 5,
      message: /a CNAME cannot share its name www\.example\.com with A at records\[3\] \(line 7\): the service refuses/,
    });
    expectProblem(problems, {
      line: 5,
      severity: 'warning',
      message: /the CNAME at www\.example\.com stands beside TXT at records\[2\] \(line 6\): the service accepts it/,
    });
  });

  it('two different CNAMEs at one name are an error', () => {
    const { problems } = load(
      withRecords(
        '{ name: "@", type: A, content: 192.0.2.1 }',
        '{ name: w, type: CNAME, content: a.example.net }',
        '{ name: w, type: CNAME, content: b.example.net }',
      ),
    );
    expect(errors(problems).filter((p) => p.code === 'cname.exclusive')).toHaveLength(2);
  });
});

describe('targets', () => {
  it('accept `_` labels and the root `.` (null MX, SRV "no service", HTTPS target)', () => {
    const { problems } = load(
      withRecords(
        '{ name: "@", type: A, content: 192.0.2.1 }',
        '{ name: a, type: CNAME, content: _x._domainkey.example.net }',
        '{ name: "@", type: MX, content: ., priority: 0 }',
        '{ name: _sip._udp, type: SRV, data: { priority: 0, weight: 0, port: 0, target: . } }',
        '{ name: "@", type: HTTPS, data: { priority: 1, target: ., value: "alpn=h2" } }',
        '{ name: n, type: NS, content: ns1._internal.example.net }',
      ),
    );
    expect(problems.map(formatProblem)).toEqual([]);
  });

  it('reject malformed targets in MX content and SRV data', () => {
    const { problems } = load(
      withRecords(
        '{ name: "@", type: A, content: 192.0.2.1 }',
        '{ name: "@", type: MX, content: "mail server.example.net", priority: 10 }',
        '{ name: _sip._tcp, type: SRV, data: { priority: 1, weight: 1, port: 5060, target: "sip..example.com" } }',
      ),
    );
    expectProblem(problems, { line: 5, message: /mail server "mail server\.example\.net" has a label with characters other than/ });
    expectProblem(problems, { line: 6, message: /SRV target "sip\.\.example\.com" has an empty label/, path: 'records[2].data.target' });
  });
});

describe('SRV retired data fields', () => {
  it('rejects data.service/proto/name naming the replacement', () => {
    const { problems } = load(
      withRecords(
        '{ name: "@", type: A, content: 192.0.2.1 }',
        '{ name: "@", type: SRV, data: { priority: 1, weight: 1, port: 5060, target: sip.example.com, service: _sip, proto: _tcp, name: example.com } }',
      ),
    );
    expectProblem(problems, {
      line: 5,
      message: /SRV `data\.service` is retired.*top-level name, e\.g\. `name: _sip\._tcp`/,
      path: 'records[1].data.service',
    });
    expectProblem(problems, { line: 5, message: /SRV `data\.proto` is retired/ });
    expectProblem(problems, { line: 5, message: /SRV `data\.name` is retired/ });
  });
});

describe('duplicates', () => {
  it('the same record written two ways is an error naming both lines', () => {
    const { problems } = load(
      withRecords(
        '{ name: www, type: A, content: 192.0.2.1 }',
        '{ name: "@", type: A, content: 192.0.2.1 }',
        '{ name: WWW.example.com., type: A, content: 192.0.2.1, ttl: 300 }',
      ),
    );
    expectProblem(problems, {
      line: 6,
      message: /duplicate record: A www\.example\.com with the same value is already at records\[0\] \(line 4\)/,
    });
  });

  it('identity includes priority and data', () => {
    const { problems } = load(
      withRecords(
        '{ name: "@", type: A, content: 192.0.2.1 }',
        '{ name: "@", type: MX, content: mx.example.net, priority: 10 }',
        '{ name: "@", type: MX, content: MX.example.net., priority: 20 }',
        '{ name: "@", type: CAA, data: { flags: 0, tag: issue, value: a.example } }',
        '{ name: "@", type: CAA, data: { flags: 0, tag: issue, value: b.example } }',
        '{ name: "@", type: CAA, data: { flags: 0, tag: ISSUE, value: b.example } }',
      ),
    );
    expect(errors(problems).map((p) => p.line)).toEqual([9]);
  });

  it('IPv6 forms are compared compressed', () => {
    const { problems } = load(
      withRecords('{ name: v6, type: AAAA, content: "2001:db8::1" }', '{ name: v6, type: AAAA, content: "2001:0DB8:0:0:0:0:0:1" }'),
    );
    expectProblem(problems, { line: 5, message: /duplicate record: AAAA v6\.example\.com/ });
  });
});

describe('zone-level rules', () => {
  it('a zone without A or AAAA (mail-only, delegation-only) gets no problem at all', () => {
    const mail = load(
      withRecords('{ name: "@", type: MX, content: mx.example.net, priority: 10 }', '{ name: "@", type: TXT, content: "v=spf1 -all" }'),
    );
    expect(mail.problems).toEqual([]);
    expect(mail.config).toBeDefined();
    const delegation = load(withRecords('{ name: sub, type: NS, content: ns1.example.net }'));
    expect(delegation.problems).toEqual([]);
  });
});

describe('SOA bounds', () => {
  const soa = (s: string) => `${HEADER}settings:\n  soa: ${s}\n`;
  it('checks each bound', () => {
    const { problems } = load(soa('{ refresh: 500, retry: 599, expire: 86399, min_ttl: 59, ttl: 1799 }'));
    for (const [field, range] of [
      ['refresh', '600..86400'],
      ['retry', '600..3600'],
      ['expire', '86400..2419200'],
      ['min_ttl', '60..86400'],
      ['ttl', '1800..3600'],
    ]) {
      expectProblem(problems, {
        line: 4,
        message: new RegExp(`SOA ${field} \\d+ is out of range: ${range.replace(/\./g, '\\.')}`),
        path: `settings.soa.${field}`,
      });
    }
  });

  it('retry <= refresh and expire >= refresh', () => {
    const { problems } = load(
      `${HEADER}settings:\n  soa:\n    refresh: 3000\n    retry: 3600\n    expire: 2419200\n  flatten_all_cnames: true\n`,
    );
    expectProblem(problems, { line: 6, message: /SOA retry 3600 must not exceed refresh 3000/ });
    const second = load(`${HEADER}settings:\n  soa:\n    refresh: 86400\n    expire: 86400\n    retry: 3600\n`);
    expect(errors(second.problems)).toEqual([]);
    const third = load(`${HEADER}settings:\n  soa: { refresh: 86400 }\n`);
    expect(errors(third.problems)).toEqual([]);
    const fourth = load(`${HEADER}settings:\n  soa:\n    refresh: 90000\n    expire: 86400\n`);
    expectProblem(fourth.problems, { line: 6, message: /SOA expire 86400 must not be smaller than refresh 90000/ });
  });
});

describe('tokens', () => {
  const token = (body: string) =>
    `${HEADER}tokens:\n  - name: ci\n    policies:\n      - effect: allow\n        permission_groups: [{ name: DNS Write }]\n        resources: { "com.cloudflare.api.account.zone.{zone_id}": "*" }\n${body}`;
  // token(): line 4 `- name: ci`, 8 resources, 9 the first line of body

  it('a bare address in a condition gets a /32 or /128 hint', () => {
    const { problems } = load(token('    condition: { request.ip: { in: [192.0.2.1, "2001:db8::/32"], not_in: ["2001:db8::1"] } }\n'));
    expectProblem(problems, {
      line: 9,
      message: /192\.0\.2\.1 is a single address, not a CIDR range; add \/32/,
      path: 'tokens[0].condition["request.ip"].in[0]',
    });
    expectProblem(problems, { line: 9, message: /2001:db8::1 is a single address, not a CIDR range; add \/128/ });
    expect(errors(problems)).toHaveLength(2);
  });

  it('a range with host bits set is a warning naming the network it means', () => {
    const { problems } = load(token('    condition: { request.ip: { in: [10.1.2.3/8, "2001:db8::1/32", 192.0.2.0/24] } }\n'));
    expectProblem(problems, {
      line: 9,
      severity: 'warning',
      message: /10\.1\.2\.3\/8 has host bits set: the range is 10\.0\.0\.0\/8/,
      path: 'tokens[0].condition["request.ip"].in[0]',
    });
    expectProblem(problems, { line: 9, severity: 'warning', message: /the range is 2001:db8::\/32/ });
    expect(errors(problems)).toEqual([]);
    expect(problems.filter((p) => p.severity === 'warning' && p.code === 'token.cidr-host-bits')).toHaveLength(2);
  });

  it('an invalid CIDR and the request_ip spelling', () => {
    const { problems } = load(token('    condition:\n      request_ip:\n        in: [192.0.2.0/33]\n'));
    expectProblem(problems, { line: 11, message: /"192\.0\.2\.0\/33" is not a CIDR range/ });
  });

  it('timestamps must be exactly YYYY-MM-DDThh:mm:ssZ', () => {
    const { problems } = load(token('    not_before: "2026-01-01 00:00:00"\n    expires_on: 2026-02-30T00:00:00Z\n'));
    expectProblem(problems, {
      line: 9,
      message: /not_before "2026-01-01 00:00:00" must be a UTC time written exactly YYYY-MM-DDThh:mm:ssZ/,
    });
    expectProblem(problems, { line: 10, message: /expires_on "2026-02-30T00:00:00Z" must be a UTC time/ });
  });

  it('not_before must be before expires_on', () => {
    const { problems } = load(token('    not_before: 2027-01-01T00:00:00Z\n    expires_on: 2026-01-01T00:00:00Z\n'));
    expectProblem(problems, { line: 10, message: /expires_on 2026-01-01T00:00:00Z must be after not_before 2027-01-01T00:00:00Z/ });
  });

  it('policy effect is allow or deny', () => {
    const { problems } = load(
      `${HEADER}tokens:\n  - name: ci\n    policies:\n      - effect: permit\n        permission_groups: [{ id: abc }]\n        resources: { "com.cloudflare.api.account.zone.*": "*" }\n`,
    );
    expectProblem(problems, { line: 6, message: /must be one of allow, deny, not the string "permit"/ });
  });

  it('resource keys must have one of the service forms', () => {
    const id = '0123456789abcdef0123456789abcdef';
    const ok = load(
      `${HEADER}tokens:\n  - name: ci\n    policies:\n      - effect: allow\n        permission_groups: [{ id: abc }]\n        resources:\n          "com.cloudflare.api.account.${id}": "*"\n          "com.cloudflare.api.account.*": "*"\n          "com.cloudflare.api.account.zone.${id}": "*"\n          "com.cloudflare.api.account.zone.*": "*"\n          "com.cloudflare.api.user.${id}": "*"\n      - effect: deny\n        permission_groups: [{ id: abc }]\n        resources:\n          "com.cloudflare.api.account.{account_id}": { "com.cloudflare.api.account.zone.*": "*" }\n`,
    );
    expect(errors(ok.problems)).toEqual([]);
    const bad = load(
      `${HEADER}tokens:\n  - name: ci\n    policies:\n      - effect: allow\n        permission_groups: [{ id: abc }]\n        resources:\n          "com.cloudflare.api.zone.${id}": "*"\n          "com.cloudflare.api.account.zone.*": { "x": "*" }\n          "com.cloudflare.api.account.${id}": "read"\n`,
    );
    expectProblem(bad.problems, {
      line: 9,
      message: /resource key `com\.cloudflare\.api\.zone\.0123.*` is not one of the service's forms/,
    });
    expectProblem(bad.problems, { line: 10, message: /cannot hold nested zones/ });
    expectProblem(bad.problems, { line: 11, message: /resource value must be "\*", not "read"/ });
  });

  it('duplicate token names are an error naming the first', () => {
    const { problems } = load(
      `${HEADER}tokens:\n  - name: ci\n    policies: [{ effect: allow, permission_groups: [{ id: a }], resources: { "com.cloudflare.api.account.zone.*": "*" } }]\n  - name: ci\n    policies: [{ effect: allow, permission_groups: [{ id: a }], resources: { "com.cloudflare.api.account.zone.*": "*" } }]\n`,
    );
    expectProblem(problems, { line: 6, message: /token name "ci" is already used at tokens\[0\] \(line 4\)/ });
  });

  it('token name at most 120 characters', () => {
    const { problems } = load(
      `${HEADER}tokens:\n  - name: ${'n'.repeat(121)}\n    policies: [{ effect: allow, permission_groups: [{ id: a }], resources: { "com.cloudflare.api.account.zone.*": "*" } }]\n`,
    );
    expectProblem(problems, { line: 4, message: /is too long: 121 characters, at most 120/ });
  });
});

describe('deprecation lint', () => {
  it('warns on retired record fields (locked, zone_id, zone_name)', () => {
    const { problems, config } = load(
      withRecords('{ name: "@", type: A, content: 192.0.2.1, locked: false, zone_id: abc, zone_name: example.com }'),
    );
    expectProblem(problems, { line: 4, severity: 'warning', message: /`locked` is retired/ });
    expectProblem(problems, { line: 4, severity: 'warning', message: /`zone_id` on a record is retired/ });
    expectProblem(problems, { line: 4, severity: 'warning', message: /`zone_name` on a record is retired/ });
    expect(config).toBeDefined();
  });

  it('warns on retired settings and maps them to their replacements', () => {
    const { problems, config } = load(
      `${HEADER}settings:\n  cname_flattening: "on"\n  use_apex_ns: true\n  default_nameservers: custom.tenant\n  use_account_custom_ns_by_default: false\nrecords:\n  - { name: "@", type: A, content: 192.0.2.1 }\n`,
    );
    expectProblem(problems, {
      line: 4,
      severity: 'warning',
      message: /`cname_flattening` is retired \(2025-03-21\): write `flatten_all_cnames: true`/,
    });
    expectProblem(problems, { line: 5, severity: 'warning', message: /`use_apex_ns` is retired.*multi_provider: true/ });
    expectProblem(problems, {
      line: 6,
      severity: 'warning',
      message: /`default_nameservers` is retired.*nameservers: \{ type: custom\.tenant \}/,
    });
    expectProblem(problems, { line: 7, severity: 'warning', message: /`use_account_custom_ns_by_default` is retired/ });
    expect(config?.settings).toEqual({ flatten_all_cnames: true, multi_provider: true, nameservers: { type: 'custom.tenant' } });
  });

  it('cname_flattening off and apex both mean flatten_all_cnames false; a contradiction is an error', () => {
    for (const v of ['off', 'apex']) {
      const { config } = load(`${HEADER}settings: { cname_flattening: ${v} }\nrecords: [{ name: "@", type: A, content: 192.0.2.1 }]\n`);
      expect(config?.settings).toEqual({ flatten_all_cnames: false });
    }
    const { problems } = load(`${HEADER}settings: { cname_flattening: "on", flatten_all_cnames: false }\n`);
    expectProblem(problems, { line: 3, message: /contradicts flatten_all_cnames: false/ });
  });
});

describe('all problems at once', () => {
  it('reports every problem of a file with several, sorted by line', () => {
    const { problems, config } = load(`version: 1
zone: example.com
defaults: { ttl: 5 }
records:
  - { name: www, type: A, contnet: 192.0.2.1 }
  - { name: a, type: A, content: 300.1.1.1 }
  - { name: b, type: TXT, content: x, proxied: true }
  - { name: c, type: A, content: 192.0.2.1, proxied: true, ttl: 600 }
  - { name: d, type: AA, content: x }
tokens:
  - name: t
    policies: [{ effect: allow, permission_groups: [{ id: a }], resources: { "com.cloudflare.api.account.zone.*": "*" } }]
    condition: { request.ip: { in: [192.0.2.1] } }
`);
    expect(config).toBeUndefined();
    expect(errors(problems).map((p) => p.line)).toEqual([3, 5, 6, 7, 8, 9, 13]);
    expect(warnings(problems)).toEqual([]);
  });
});
