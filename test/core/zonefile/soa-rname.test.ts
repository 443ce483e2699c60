import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../../src/core/yaml/index.js';
import { HEADER, errors, expectProblem, expectValid, load } from './helpers.js';

// HEADER is lines 1-2; `settings:` is line 3, `soa:` line 4, its members from line 5.
const soa = (...members: string[]) => `${HEADER}settings:\n  soa:\n${members.map((m) => `    ${m}`).join('\n')}\n`;

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
