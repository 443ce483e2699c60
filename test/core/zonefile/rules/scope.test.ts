/** rules/scope.ts: a record outside its file's scope (file, line, the scope), a file of two teams. */
import { describe, expect, it } from 'vitest';
import type { TeamOwner, TeamOwners } from '../../../../src/core/ownership/index.js';
import { formatProblem } from '../../../../src/core/yaml/index.js';
import { parseZoneFile } from '../../../../src/core/zonefile/index.js';
import type { IncludeReader } from '../../../../src/core/zonefile/fragments.js';

const OWNERS: TeamOwner[] = [
  { name: 'web', codeowners: ['@acme/web'], files: ['zones/*.yaml'], zones: { 'example.com': ['www', '@'] } },
  { name: 'payments', codeowners: ['@acme/pay'], files: ['shared/pay.yaml'], zones: { 'example.com': ['pay', '*.pay'] } },
];
const teams = (owners = OWNERS): TeamOwners => ({ owners, source: 'zonectl.yaml', pathOf: (f) => f });

const FRAGMENT =
  'version: 1\nrecords:\n  - { name: pay, type: A, content: 192.0.2.3 }\n  - { name: www, type: AAAA, content: "2001:db8::1" }\n';
const read: IncludeReader = (_from, entry) =>
  entry === 'shared/pay.yaml' ? { ok: true, path: entry, key: entry, text: FRAGMENT } : { ok: false, message: 'no such fragment' };

function load(text: string, t: TeamOwners | null = teams()) {
  const r = parseZoneFile({ path: 'zones/example.com.yaml', text }, {}, read, {}, t ?? undefined);
  return { config: r.config, problems: r.problems.map((p) => `${formatProblem(p)} [${p.code}]`) };
}

describe('team scopes in validate', () => {
  it("a record of the zone file outside its team's names, and a fragment's record outside the fragment's team's, each at its line", () => {
    const { problems } = load(
      'version: 1\nzone: example.com\ninclude: [shared/pay.yaml]\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n  - { name: api, type: A, content: 192.0.2.2 }\n',
    );
    expect(problems).toEqual([
      "zones/example.com.yaml:6:13 records[1].name: api is outside the scope of team web in example.com (www, @ in zonectl.yaml): it is in no team's scope [scope.outside]",
      "shared/pay.yaml:4:13 records[1].name: www is outside the scope of team payments in example.com (pay, *.pay in zonectl.yaml): it is team web's (www, @) (in fragment shared/pay.yaml, included by zones/example.com.yaml) [scope.outside]",
    ]);
  });

  it("inside the scopes: valid, and the zone's scope covers the teams of its files", () => {
    const { config, problems } = load('version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n');
    expect(problems).toEqual([]);
    expect(config?.scope).toEqual({
      teams: [
        { owner: 'web', names: ['www', '@'] },
        { owner: 'payments', names: ['pay', '*.pay'] },
      ],
      covers: ['web'],
      source: 'zonectl.yaml',
    });
  });

  it('a file of no team holds names of no team only; a file of two teams is refused', () => {
    const noTeam = parseZoneFile(
      { path: 'other/example.com.yaml', text: 'version: 1\nzone: example.com\nrecords:\n  - { name: pay, type: A, content: 192.0.2.3 }\n' },
      {},
      undefined,
      {},
      teams(),
    );
    expect(noTeam.problems.map((p) => p.code)).toEqual(['scope.outside']);
    expect(noTeam.problems[0]?.message).toContain('pay is team payments');
    const both: TeamOwner[] = [...OWNERS, { name: 'ops', codeowners: [], files: ['zones/**'], zones: {} }];
    const { problems } = load('version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n', teams(both));
    expect(problems).toEqual([
      'zones/example.com.yaml:2:7 zone: this zone file belongs to 2 teams in zonectl.yaml (web, ops): a file belongs to one team at most; narrow their owners.*.files globs [scope.two-teams]',
    ]);
  });

  it('without teams, nothing is checked', () => {
    expect(load('version: 1\nzone: example.com\nrecords:\n  - { name: api, type: A, content: 192.0.2.2 }\n', null).problems).toEqual([]);
  });
});
