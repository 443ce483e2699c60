import { describe, expect, it } from 'vitest';
import type { Problem } from '../../../src/core/yaml/index.js';
import { HEADER, errors, expectProblem, expectValid, load, warnings } from './helpers.js';

const cnameWarnings = (problems: readonly Problem[]): Problem[] => warnings(problems).filter((p) => p.code.startsWith('cname.'));

describe('manage.tokens', () => {
  it('defaults to keep, with no prefix', () => {
    const c = expectValid(`${HEADER}records: []\n`);
    expect(c.manage.tokens).toBe('keep');
    expect(c.manage.tokens_prefix).toBeUndefined();
  });

  it('delete without tokens_prefix is an error at manage.tokens', () => {
    const r = load(`${HEADER}records: []\nmanage:\n  tokens: delete\n`);
    expectProblem(r.problems, { line: 5, path: 'manage.tokens', message: /"delete" needs manage\.tokens_prefix/ });
  });

  it('delete with a prefix is valid; an empty prefix is refused by the schema', () => {
    expect(expectValid(`${HEADER}records: []\nmanage: { tokens: delete, tokens_prefix: zonectl- }\n`).manage.tokens_prefix).toBe(
      'zonectl-',
    );
    expect(errors(load(`${HEADER}records: []\nmanage: { tokens: delete, tokens_prefix: "" }\n`).problems)).not.toHaveLength(0);
  });
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
