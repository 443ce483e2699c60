/**
 * Retired fields and settings (src/core/zonefile/rules/deprecations.ts).
 */
import { describe, expect, it } from 'vitest';
import { HEADER, expectProblem, load, withRecords } from '../helpers.js';

// withRecords(): line 1 version, 2 zone, 3 `records:`, 4 the first record, 5 the second, ...

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
