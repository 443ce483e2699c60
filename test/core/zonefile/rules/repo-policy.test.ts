/** The repository's policy (zonectl.yaml `policy:`) on a zone's records: min_ttl (issue 40 item 3). */
import { describe, expect, it } from 'vitest';
import { checkRepoPolicy, parseRepoConfig, parseZoneFile } from '../../../../src/core/zonefile/index.js';

const repo = (text: string) => {
  const r = parseRepoConfig({ path: 'zonectl.yaml', text }, {});
  expect(r.problems.filter((p) => p.severity === 'error')).toEqual([]);
  return r.config!;
};
const zone = (text: string) => {
  const z = parseZoneFile({ path: 'zones/example.com.yaml', text }, {});
  expect(z.problems.filter((p) => p.severity === 'error')).toEqual([]);
  return z.config!;
};

const ZONE = `version: 1
zone: example.com
account: main
records:
  - { name: low, type: A, content: 192.0.2.1, ttl: 60 }
  - { name: ok, type: A, content: 192.0.2.2, ttl: 120 }
  - { name: auto, type: A, content: 192.0.2.3 }
  - { name: cdn, type: A, content: 192.0.2.4, proxied: true }
`;

describe('policy.min_ttl', () => {
  it('refuses a record below it, at its line, naming where zonectl.yaml says it; automatic TTL and proxied records pass', () => {
    const config = repo('version: 1\npolicy:\n  min_ttl: 120\naccounts:\n  main:\n    credentials: { token_env: CF_MAIN }\n');
    const problems = checkRepoPolicy(zone(ZONE), config);
    expect(problems).toEqual([
      {
        severity: 'error',
        file: 'zones/example.com.yaml',
        line: 5,
        col: 5,
        path: 'records[0].ttl',
        message: "ttl 60 is below the repository's policy min_ttl 120 (zonectl.yaml:3): write 120 or more, or auto",
        code: 'policy.min-ttl',
      },
    ]);
  });

  it("an account's own policy wins for its zones", () => {
    const config = repo(
      'version: 1\npolicy: { min_ttl: 300 }\naccounts:\n  main:\n    credentials: { token_env: CF_MAIN }\n    policy: { min_ttl: 30 }\n',
    );
    expect(checkRepoPolicy(zone(ZONE), config)).toEqual([]);
    const other = repo('version: 1\npolicy: { min_ttl: 300 }\naccounts:\n  main:\n    credentials: { token_env: CF_MAIN }\n');
    expect(checkRepoPolicy(zone(ZONE), other).map((p) => p.path)).toEqual(['records[0].ttl', 'records[1].ttl']);
  });

  it('no policy: nothing to say; a policy out of range is a schema error of zonectl.yaml', () => {
    expect(checkRepoPolicy(zone(ZONE), repo('version: 1\naccounts:\n  main:\n    credentials: { token_env: CF_MAIN }\n'))).toEqual([]);
    const bad = parseRepoConfig({ path: 'zonectl.yaml', text: 'version: 1\npolicy: { min_ttl: 0 }\n' }, {});
    expect(bad.config).toBeUndefined();
    expect(bad.problems.map((p) => `${p.line} ${p.message}`)).toEqual(['2 0 is out of range (1..86400)']);
  });
});
