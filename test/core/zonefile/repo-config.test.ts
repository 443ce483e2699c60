/**
 * zonectl.yaml's schema errors, translated by the translator zone files use
 * (src/core/schema/translate-errors.ts): each at its place, none repeating a value.
 */
import { describe, expect, it } from 'vitest';
import { formatProblem } from '../../../src/core/yaml/index.js';
import { parseRepoConfig } from '../../../src/core/zonefile/index.js';

const problems = (text: string): string[] =>
  parseRepoConfig({ path: 'zonectl.yaml', text }, {}).problems.map((p) => `${formatProblem(p)} [${p.code}]`);

describe('zonectl.yaml problems', () => {
  it('an account name the pattern refuses is one problem at the name', () => {
    expect(problems('version: 1\naccounts:\n  "bad name!":\n    credentials: { token_env: CF_TOKEN }\n')).toEqual([
      'zonectl.yaml:3:3 accounts["bad name!"]: account names are letters, digits, `_`, `.` and `-` (at most 64), starting with a letter or digit [config.schema]',
    ]);
  });

  it('a variable name that is not one is named alone when the form of credentials is right', () => {
    expect(problems('version: 1\naccounts:\n  main:\n    credentials: { token_env: "1x" }\n')).toEqual([
      'zonectl.yaml:4:31 accounts.main.credentials.token_env: must be the name of an environment variable (letters, digits and `_`, not starting with a digit) [config.schema]',
    ]);
  });

  it('a wrong form of credentials is one message at credentials', () => {
    const forms = ['{ token_env: A, key_env: K }', '{ email_env: A }', '{ tokn_env: A }', '"CF"', '[]'];
    for (const form of forms)
      expect(problems(`version: 1\naccounts:\n  main:\n    credentials: ${form}\n`), form).toEqual([
        'zonectl.yaml:4:18 accounts.main.credentials: credentials are { token_env: VAR } (an API token) or { email_env: VAR, key_env: VAR } (email and Global API Key) [config.schema]',
      ]);
  });

  it('repeats no value: a wrong version, account id or type is described, not quoted', () => {
    const found = [
      ...problems('version: 2\n'),
      ...problems('version: 1\naccounts:\n  main:\n    account_id: nope1234\n    credentials: { token_env: A }\n'),
      ...problems('version: 1\naccounts: [secret1234]\n'),
    ];
    expect(found).toEqual([
      'zonectl.yaml:1:10 version: must be 1 [config.schema]',
      'zonectl.yaml:4:17 accounts.main.account_id: must be an account id of 32 hexadecimal characters, or ${VAR} [config.schema]',
      'zonectl.yaml:2:11 accounts: must be a mapping [config.schema]',
    ]);
    expect(found.join('\n')).not.toMatch(/nope1234|secret1234/);
  });

  it('a credential written in credentials is named as such, with no other problem there', () => {
    const token = `A1b2C3d4E5f6G7h8I9j0K1l2M3n4O5p6Q7r8S9t0`;
    const found = problems(`version: 1\naccounts:\n  main:\n    credentials: { token_env: ${token}, key_env: K }\n`);
    expect(found).toHaveLength(1);
    expect(found[0]).toMatch(/^zonectl\.yaml:4:31 accounts\.main\.credentials\.token_env: this looks like a credential/);
    expect(found[0]).not.toContain(token);
  });

  it('unknown fields: each one, with the nearest known field', () => {
    expect(problems('version: 1\nacounts: {}\nbar: 1\n')).toEqual([
      'zonectl.yaml:2:1 acounts: unknown field `acounts`; did you mean `accounts`? [config.schema]',
      'zonectl.yaml:3:1 bar: unknown field `bar` [config.schema]',
    ]);
  });
});

describe('zonectl.yaml owners: (team scopes)', () => {
  it('reads each team: its names per zone (zone names canonical), files and code owners, in the file order', () => {
    const { config, problems: found } = parseRepoConfig(
      {
        path: 'zonectl.yaml',
        text: 'version: 1\nowners:\n  web:\n    zones: { Example.COM.: [www, "@"] }\n    files: ["zones/example.com.yaml"]\n    codeowners: ["@acme/web"]\n  payments:\n    zones: { example.com: [pay, "*.pay"] }\n',
      },
      {},
    );
    expect(found).toEqual([]);
    expect(config?.owners).toEqual([
      { name: 'web', codeowners: ['@acme/web'], files: ['zones/example.com.yaml'], zones: { 'example.com': ['www', '@'] } },
      { name: 'payments', codeowners: [], files: [], zones: { 'example.com': ['pay', '*.pay'] } },
    ]);
  });

  it('refuses a file glob that climbs out or is absolute, a code owner of no known form, an empty team', () => {
    expect(problems('version: 1\nowners:\n  web:\n    files: ["../other/*.yaml"]\n')).toEqual([
      "zonectl.yaml:4:13 owners.web.files[0]: must be a glob relative to zonectl.yaml's directory, without spaces or `..` [config.schema]",
    ]);
    expect(problems('version: 1\nowners:\n  web:\n    files: ["/etc/*.yaml"]\n')).toHaveLength(1);
    expect(problems('version: 1\nowners:\n  web:\n    codeowners: ["acme web"]\n')).toEqual([
      'zonectl.yaml:4:18 owners.web.codeowners[0]: must be @user, @org/team or an e-mail address [config.schema]',
    ]);
    expect(problems('version: 1\nowners:\n  web: {}\n')).toHaveLength(1);
  });
});
