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
  it('checks each bound of the DNS settings API schema (an error)', () => {
    const { problems } = load(soa('{ refresh: 500, retry: 599, expire: 86399, min_ttl: 59, ttl: 299 }'));
    for (const [field, range] of [
      ['refresh', '600..86400'],
      ['retry', '600..86400'],
      ['expire', '86400..2419200'],
      ['min_ttl', '60..86400'],
      ['ttl', '300..86400'],
    ]) {
      expectProblem(problems, {
        line: 4,
        message: new RegExp(`SOA ${field} \\d+ is out of range: ${range.replace(/\./g, '\\.')}`),
        path: `settings.soa.${field}`,
      });
    }
  });

  it('above the API schema: an error', () => {
    const { problems } = load(soa('{ refresh: 86401, retry: 86401, expire: 2419201, min_ttl: 86401, ttl: 86401 }'));
    for (const field of ['refresh', 'retry', 'expire', 'min_ttl', 'ttl']) {
      expectProblem(problems, { line: 4, message: new RegExp(`SOA ${field} \\d+ is out of range`), path: `settings.soa.${field}` });
    }
    expect(errors(problems).filter((p) => p.code === 'soa.range')).toHaveLength(5);
  });

  it("inside the API schema but outside the record types page's older table: a warning, not an error", () => {
    const { problems, config } = load(soa('{ refresh: 86400, retry: 7200, expire: 604800, min_ttl: 1800, ttl: 300 }'));
    expect(errors(problems)).toEqual([]);
    expect(config).toBeDefined();
    const warned = problems.filter((p) => p.code === 'soa.documented-range');
    expect(warned.map((p) => [p.severity, p.path])).toEqual([
      ['warning', 'settings.soa.retry'],
      ['warning', 'settings.soa.ttl'],
    ]);
    expect(warned[0]?.message).toBe(
      "SOA retry 7200 is outside the record types page's table (600..3600 seconds); the DNS settings API accepts 600..86400",
    );
    // Inside both: nothing.
    expect(load(soa('{ refresh: 10000, retry: 2400, expire: 604800, min_ttl: 1800, ttl: 3600 }')).problems).toEqual([]);
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
