/**
 * Per-record settings every type has (src/core/zonefile/rules/record-settings.ts).
 */
import { describe, expect, it } from 'vitest';
import { expectProblem, expectValid, load, withRecords } from '../helpers.js';

// withRecords(): line 1 version, 2 zone, 3 `records:`, 4 the first record, 5 the second, ...

const APEX_A = '{ name: "@", type: A, content: 192.0.2.1 }';

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
