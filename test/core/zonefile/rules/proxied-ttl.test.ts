/**
 * Proxy and TTL rules (src/core/zonefile/rules/proxied-ttl.ts).
 */
import { describe, expect, it } from 'vitest';
import { HEADER, errors, expectProblem, load, warnings, withRecords } from '../helpers.js';

// withRecords(): line 1 version, 2 zone, 3 `records:`, 4 the first record, 5 the second, ...

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
