/**
 * SOA bounds and rname (src/core/zonefile/rules/soa.ts).
 */
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../../../src/core/yaml/index.js';
import { HEADER, errors, expectProblem, load, expectValid } from '../helpers.js';

// HEADER is lines 1-2; `settings:` is line 3, `soa:` line 4, its members from line 5.
const soa = (...members: string[]) => `${HEADER}settings:\n  soa:\n${members.map((m) => `    ${m}`).join('\n')}\n`;

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

describe('settings.soa.rname is a mailbox in DNS form', () => {
  it('rejects an e-mail address with the DNS form as hint, at file:line', () => {
    const { problems, config } = load(soa('mname: ns1.example.com', 'rname: hostmaster@example.com'));
    const p = expectProblem(problems, {
      line: 6,
      path: 'settings.soa.rname',
      message:
        /SOA rname "hostmaster@example\.com" must be a mailbox in DNS form, not an e-mail address: write hostmaster\.example\.com, not hostmaster@example\.com/,
    });
    expect(formatProblem(p)).toMatch(/^zone\.yaml:6:\d+ settings\.soa\.rname: SOA rname/);
    expect(config).toBeUndefined();
  });

  it('escapes dots of the local part in the hint', () => {
    const { problems } = load(soa('rname: john.doe@example.com'));
    expectProblem(problems, { line: 5, message: /write john\\\.doe\.example\.com, not john\.doe@example\.com/ });
  });

  it('accepts the DNS form in any case, with or without a trailing dot', () => {
    expectValid(soa('rname: Hostmaster.Example.org.'));
    expectValid(soa('rname: dns.example.com'));
    expect(errors(load(soa('mname: NS1.Example.com.', 'rname: hostmaster.example.com')).problems)).toEqual([]);
  });
});
