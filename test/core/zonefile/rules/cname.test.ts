/**
 * Where a CNAME may stand beside other records (src/core/zonefile/rules/cname.ts).
 */
import { describe, expect, it } from 'vitest';
import type { Problem } from '../../../../src/core/yaml/index.js';
import { HEADER, errors, expectProblem, load, warnings, withRecords, expectValid } from '../helpers.js';

// withRecords(): line 1 version, 2 zone, 3 `records:`, 4 the first record, 5 the second, ...

const APEX_A = '{ name: "@", type: A, content: 192.0.2.1 }';

const cnameWarnings = (problems: readonly Problem[]): Problem[] => warnings(problems).filter((p) => p.code.startsWith('cname.'));

describe('CNAME', () => {
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
});

describe('validate: a CNAME over records the file does not list', () => {
  it('warns when manage.ignore keeps a conflicting type at the CNAME name', () => {
    const r = load(
      `${HEADER}records:\n  - { name: www, type: CNAME, content: example.net }\nmanage:\n  ignore: [{ name: www, type: A }, { name: www, type: TXT }]\n`,
    );
    expect(errors(r.problems)).toEqual([]);
    expectProblem(r.problems, {
      line: 4,
      severity: 'warning',
      path: 'records[0].name',
      message: /manage\.ignore\[0\] keeps A records at www\.example\.com.*refuses the CNAME/,
    });
    // A TXT beside a CNAME is accepted by the service (issue 19, item 6): no warning for ignore[1].
    expect(r.problems.filter((p) => /ignore\[1\]/.test(p.message))).toEqual([]);
  });

  it('does not warn for an ignore rule elsewhere, or for apex types that may stand beside a flattened CNAME', () => {
    const r = load(
      `${HEADER}records:\n  - { name: www, type: CNAME, content: example.net }\n  - { name: "@", type: CNAME, content: example.net }\n` +
        `manage:\n  ignore: [{ name: "_acme-challenge*", type: TXT }, { name: "@", type: MX }]\n`,
    );
    expect(cnameWarnings(r.problems)).toEqual([]);
  });

  it('warns once in keep mode that a CNAME still replaces live A/AAAA records at its name', () => {
    const r = load(
      `${HEADER}records:\n  - { name: www, type: CNAME, content: example.net }\n  - { name: mail, type: CNAME, content: example.net }\nmanage: { unmanaged: keep }\n`,
    );
    const p = expectProblem(r.problems, { line: 6, severity: 'warning', path: 'manage.unmanaged', message: /destructive replacement/ });
    expect(p.message).toContain('www.example.com, mail.example.com');
    // The default (delete) says nothing: deleting what the file does not list is expected there.
    expect(cnameWarnings(load(`${HEADER}records:\n  - { name: www, type: CNAME, content: example.net }\n`).problems)).toEqual([]);
  });
});
