/**
 * The zone's own name and zone-level rules (src/core/zonefile/rules/zone.ts).
 */
import { describe, expect, it } from 'vitest';
import { expectProblem, load, withRecords, expectValid } from '../helpers.js';

// withRecords(): line 1 version, 2 zone, 3 `records:`, 4 the first record, 5 the second, ...

const APEX_A = '{ name: "@", type: A, content: 192.0.2.1 }';

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
