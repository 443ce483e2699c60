/**
 * `zonectl lint` and `zonectl validate` through the CLI over a repository of zones and a shared
 * fragment (issue 33 items 4 and 5): a zone's defaults never change a fragment's records; lint
 * flags proxied validation names and targets as errors while validate accepts the files; two SPF
 * records are an error without --strict; a fragment's finding is reported once, at its line, and
 * the same when the fragment is linted alone (and by validate, in every format); the summary counts what it printed; checks are
 * silenced by id in a zone file or zonectl.yaml, and the output says how.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { TOKEN, startHarness } from '../scenario/harness.js';
import { makeRepo, type PrRepo } from '../security/pr-repo.js';
import { runCliInProcess as runCli } from '../support/run-cli-in-process.js';

const repos: PrRepo[] = [];
afterAll(() => {
  for (const r of repos) r.remove();
});

/** A repository in a temp directory (`.git` marks its root); the CLI runs in it. */
function repo(files: Record<string, string>): string {
  const r = makeRepo('zonectl-lint-repo-', { git: false });
  repos.push(r);
  for (const [name, text] of Object.entries(files)) r.write(name, text);
  return r.root;
}

// Line 4: the DKIM CNAME; lines 5 and 6: two SPF records at the apex (the second is reported).
const MAIL = [
  'version: 1',
  'defaults: { ttl: 3600 }',
  'records:',
  '  - { name: s1._domainkey, type: CNAME, content: s1.dkim.example.net }',
  '  - { name: "@", type: TXT, content: "v=spf1 include:example.net -all" }',
  '  - { name: "@", type: TXT, content: "v=spf1 mx -all" }',
  '',
].join('\n');

const zone = (name: string, extra = ''): string =>
  [
    'version: 1',
    `zone: ${name}`,
    'defaults: { proxied: true }',
    'include: [../shared/mail.yaml]',
    'records:',
    '  - { name: www, type: A, content: 192.0.2.1 }',
    extra,
  ].join('\n');

/** A zone file of `name`: `head` lines after `zone:`, then each record on its own line (line 4 + head.length onwards). */
const zoneFile = (name: string, records: readonly string[], head: readonly string[] = []): string =>
  ['version: 1', `zone: ${name}`, ...head, 'records:', ...records.map((r) => `  - ${r}`), ''].join('\n');

/** `FILE:LINE:COL PATH CODE` of each finding line of a text run, relative to the repository. */
function findings(stdout: string): string[] {
  return stdout
    .split('\n')
    .filter((l) => / \[[A-Z0-9_]+\]$/.test(l))
    .map((l) => {
      const m = /^(\S+) (\S+): .*\[([A-Z0-9_]+)\]$/.exec(l);
      return m ? `${m[1]} ${m[2]} ${m[3]}` : l;
    });
}

describe('zonectl lint over a repository with a shared fragment (issue 33)', () => {
  it("a zone's proxied default does not proxy the fragment's DKIM CNAME; a proxied validation name is a lint error, not a validate refusal", async () => {
    const root = repo({
      'shared/mail.yaml': MAIL.replace(/ {2}- \{ name: "@", type: TXT, content: "v=spf1 mx -all" \}\n/, ''),
      'zones/a.com.yaml': zone(
        'a.com',
        '  - { name: _acme-challenge.www, type: CNAME, content: www.a.com.acme.example.net, proxied: true }\n',
      ),
    });
    const lint = await runCli(['lint', 'zones/'], {}, root);
    expect(lint.stderr).toBe('');
    expect(findings(lint.stdout)).toEqual(['zones/a.com.yaml:7:5 records[1].proxied PROXIED_UNDERSCORE']);
    expect(lint.stdout).toMatch(
      /_acme-challenge\.www\.a\.com CNAME is an ACME .* proxied.*developers\.cloudflare\.com\/dns\/proxy-status\/.*set proxied: false/,
    );
    expect(lint.code).toBe(1);
    const validate = await runCli(['validate', 'zones/'], {}, root);
    expect(validate.code).toBe(0);
    expect(validate.stdout).toMatch(/zones\/a\.com\.yaml:7:5 records\[1\]\.proxied: warning: .*\[PROXIED_UNDERSCORE\]/);
    // The standard underscored names draw no underscore warning.
    expect(validate.stdout).not.toMatch(/contains an underscore/);
    // The fragment's CNAME stays DNS-only in the plan's view of the zone.
    const json = await runCli(['resolve', 'zones/a.com.yaml', 's1._domainkey', 'CNAME'], {}, root);
    expect(json.stdout).toMatch(/s1\.dkim\.example\.net/);
  });

  it('an SRV target that is proxied is a lint error', async () => {
    const root = repo({
      'zones/a.com.yaml': zoneFile('a.com', [
        '{ name: sip, type: A, content: 192.0.2.5, proxied: true }',
        '{ name: _sip._tcp, type: SRV, data: { priority: 1, weight: 1, port: 5060, target: sip.a.com } }',
      ]),
    });
    const lint = await runCli(['lint', 'zones/a.com.yaml'], {}, root);
    expect(findings(lint.stdout)).toEqual(['zones/a.com.yaml:5:5 records[1].data.target PROXIED_TARGET']);
    expect(lint.code).toBe(1);
  });

  it("two SPF records in a fragment: one error at the fragment's line, whichever zones include it, and the same when the fragment is linted alone", async () => {
    const root = repo({ 'shared/mail.yaml': MAIL, 'zones/a.com.yaml': zone('a.com'), 'zones/b.org.yaml': zone('b.org') });
    const lint = await runCli(['lint', 'zones/'], {}, root);
    expect(lint.stderr).toBe('');
    expect(findings(lint.stdout)).toEqual(['shared/mail.yaml:6:5 records[2].content SPF_MULTIPLE']);
    expect(lint.stdout).toMatch(
      /SPF records: receivers treat that as a permanent error .*in each of the 2 zones that include it: a\.com, b\.org/,
    );
    // An error without --strict: the recipes (lint without --strict) fail on it.
    expect(lint.code).toBe(1);
    expect(lint.stdout).toMatch(/^zones\/a\.com\.yaml: no findings$/m);
    expect(lint.stdout).toMatch(/^shared\/mail\.yaml: 1 error, 0 warnings$/m);

    const alone = await runCli(['lint', 'shared/mail.yaml'], {}, root);
    expect(findings(alone.stdout)).toEqual(findings(lint.stdout));
    expect(alone.stdout).toMatch(/<zone> has 2 SPF records/);
    expect(alone.code).toBe(1);

    // validate still accepts the files (lint never refuses what the service holds).
    const validate = await runCli(['validate', 'zones/'], {}, root);
    expect(validate.code).toBe(0);
  });

  it("validate: a fragment's finding once, at the fragment's line, in text, JSON and SARIF alike", async () => {
    const root = repo({ 'shared/mail.yaml': MAIL, 'zones/a.com.yaml': zone('a.com'), 'zones/b.org.yaml': zone('b.org') });
    const text = await runCli(['validate', 'zones/'], {}, root);
    expect(text.code, text.stderr).toBe(0);
    expect(findings(text.stdout)).toEqual(['shared/mail.yaml:6:5 records[2].content SPF_MULTIPLE']);
    expect(text.stdout).toMatch(/: warning: .*in each of the 2 zones that include it: a\.com, b\.org\) \[SPF_MULTIPLE\]$/m);
    // The finding is counted once: in the first zone that found it (the fragment was not given).
    expect(text.stdout).toMatch(/^zones\/a\.com\.yaml: valid \(.*, 1 warning\)$/m);
    expect(text.stdout).toMatch(/^zones\/b\.org\.yaml: valid \([^,]*, [^,]*\)$/m);

    type Doc = {
      files: Array<{ file: string; problems: Array<{ file: string; line: number; code: string }> }>;
      summary: { warnings: number };
    };
    const json = await runCli(['validate', 'zones/', '--format', 'json'], {}, root);
    expect(json.code, json.stderr).toBe(0);
    const doc = JSON.parse(json.stdout) as Doc;
    const spf = doc.files.flatMap((f) => f.problems.filter((p) => p.code === 'lint.spf-multiple').map((p) => [f.file, p.file, p.line]));
    expect(spf).toEqual([['zones/a.com.yaml', 'shared/mail.yaml', 6]]);
    expect(doc.summary.warnings).toBe(1);

    type Sarif = {
      runs: Array<{
        results: Array<{
          ruleId: string;
          locations: Array<{ physicalLocation: { artifactLocation: { uri: string }; region: { startLine: number } } }>;
        }>;
      }>;
    };
    const sarif = await runCli(['validate', 'zones/', '--format', 'sarif'], {}, root);
    expect(sarif.code, sarif.stderr).toBe(0);
    const results = (JSON.parse(sarif.stdout) as Sarif).runs[0]!.results.filter((r) => r.ruleId === 'lint.spf-multiple');
    expect(
      results.map((r) => [r.locations[0]!.physicalLocation.artifactLocation.uri, r.locations[0]!.physicalLocation.region.startLine]),
    ).toEqual([['shared/mail.yaml', 6]]);

    // The fragment given too: the finding is on the fragment's own entry, once; --strict makes it an error.
    const given = await runCli(['validate', 'zones/', 'shared/mail.yaml', '--strict', '--format', 'json'], {}, root);
    expect(given.code).toBe(1);
    const strict = JSON.parse(given.stdout) as Doc;
    expect(
      strict.files.flatMap((f) => f.problems.filter((p) => p.code === 'lint.spf-multiple').map((p) => [f.file, p.file, p.line])),
    ).toEqual([['shared/mail.yaml', 'shared/mail.yaml', 6]]);
  });

  it('the summary counts the warnings and errors it printed, and says how to silence them', async () => {
    const root = repo({
      'zones/a.com.yaml': zoneFile('a.com', [
        '{ name: "@", type: TXT, content: "v=spf1 ptr -all" }',
        '{ name: "*", type: A, content: 192.0.2.1 }',
      ]),
    });
    const lint = await runCli(['lint', 'zones/'], {}, root);
    expect(findings(lint.stdout)).toEqual([
      'zones/a.com.yaml:4:5 records[0].content SPF_PTR',
      'zones/a.com.yaml:5:5 records[1].name WILDCARD_APEX',
    ]);
    expect(lint.stdout).toMatch(/^zones\/a\.com\.yaml: 0 errors, 2 warnings$/m);
    expect(lint.stdout).toMatch(
      /^silence a check where the team decides with lint: \{ ignore: \[lint\.spf-ptr, lint\.wildcard-apex\] \} in the zone file or zonectl\.yaml$/m,
    );
    expect(lint.code).toBe(0);
  });

  it('lint.ignore in a zone file and in zonectl.yaml silences checks by id; an id that is no lint check is a warning at its line; a validate error is never silenced', async () => {
    const root = repo({
      'zonectl.yaml': 'version: 1\nlint: { ignore: [lint.wildcard-apex, lint.no-such-check] }\n',
      'zones/a.com.yaml': zoneFile(
        'a.com',
        ['{ name: "@", type: TXT, content: "v=spf1 ptr -all" }', '{ name: "*", type: A, content: 192.0.2.1 }'],
        ['lint:', '  ignore: [lint.spf-ptr, record.duplicate]'],
      ),
      'zones/b.org.yaml': zoneFile(
        'b.org',
        ['{ name: x, type: A, content: 192.0.2.1 }', '{ name: x, type: A, content: 192.0.2.1 }'],
        ['lint: { ignore: [lint.spf-multiple] }'],
      ),
    });
    const lint = await runCli(['lint', 'zones/'], {}, root);
    // zonectl.yaml is named as found (upwards from the paths: an absolute path), as validate names it.
    expect(findings(lint.stdout).map((l) => l.replace(`${root}/`, ''))).toEqual([
      'zones/a.com.yaml:4:26 lint.ignore[1] IGNORE_UNKNOWN',
      'zonectl.yaml:2:38 lint.ignore[1] IGNORE_UNKNOWN',
    ]);
    expect(lint.stdout).toMatch(/"lint\.no-such-check" is not a lint check id/);
    expect(lint.stdout).toMatch(/"record\.duplicate" is a zone-file rule, not a lint check: .*a validate error is never silenced/);
    // The duplicate record is still the validate error it was: b.org is not linted, and lint fails.
    expect(lint.stdout).toMatch(/zones\/b\.org\.yaml:6:5 records\[1\]: .*\n?/);
    expect(lint.stdout).toMatch(/^zones\/b\.org\.yaml: 1 error \(not linted\)$/m);
    expect(lint.code).toBe(1);
    // validate honours both lists too (and still refuses the duplicate record).
    const validate = await runCli(['validate', 'zones/'], {}, root);
    expect(validate.stdout).not.toMatch(/\[(SPF_PTR|WILDCARD_APEX)\]/);
    expect(validate.stdout).toMatch(/zones\/a\.com\.yaml:4:26 lint\.ignore\[1\]: warning: .*\[IGNORE_UNKNOWN\]/);
    expect(validate.code).toBe(1);
    const strict = await runCli(['lint', 'zones/a.com.yaml', '--strict'], {}, root);
    expect(findings(strict.stdout).filter((l) => !l.includes('IGNORE_UNKNOWN'))).toEqual([]);
  });

  it("plan's summary table counts the warnings it printed: the zone files' (and their fragments') with the plan's own", async () => {
    const root = repo({
      'shared/hosts.yaml': 'version: 1\nrecords:\n  - { name: host_2, type: A, content: 192.0.2.2 }\n',
      'zones/a.com.yaml': zoneFile('a.com', ['{ name: my_host, type: A, content: 192.0.2.1 }'], ['include: [../shared/hosts.yaml]']),
      'zones/b.org.yaml': zoneFile('b.org', ['{ name: www, type: A, content: 192.0.2.3 }']),
    });
    const h = await startHarness({ zones: ['a.com', 'b.org'] });
    try {
      const r = await runCli(['plan', 'zones/'], { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN }, root);
      expect(r.code).toBe(0);
      const printed = r.stderr.split('\n').filter((l) => /: warning: /.test(l));
      expect(printed).toEqual([
        expect.stringMatching(/^zones\/a\.com\.yaml:5:13 records\[0\]\.name: warning: label `my_host` contains an underscore/),
        expect.stringMatching(/^shared\/hosts\.yaml:3:13 records\[0\]\.name: warning: label `host_2` contains an underscore/),
      ]);
      expect(r.stdout).toMatch(/^a\.com +2 +0 +0 +0 +2 +changes$/m);
      expect(r.stdout).toMatch(/^b\.org +1 +0 +0 +0 +0 +changes$/m);
    } finally {
      await h.close();
    }
  });

  it("a zone's proxied default leaves the fragment's DKIM CNAME DNS-only through plan and apply; a second plan is empty", async () => {
    const mail = 'version: 1\ndefaults: { ttl: 3600 }\nrecords:\n  - { name: s1._domainkey, type: CNAME, content: s1.dkim.example.net }\n';
    const root = repo({ 'shared/mail.yaml': mail, 'zones/a.com.yaml': zone('a.com') });
    const h = await startHarness({ zones: ['a.com'] });
    try {
      const env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
      const plan = await runCli(['plan', 'zones/'], env, root);
      expect(plan.stdout).toMatch(
        /^ {2}\+ s1\._domainkey\.a\.com CNAME s1\.dkim\.example\.net {2}\[ttl 3600\] \(from shared\/mail\.yaml\)$/m,
      );
      expect(plan.stdout).toMatch(/^ {2}\+ www\.a\.com A 192\.0\.2\.1 {2}\[proxied\]$/m);
      expect((await runCli(['apply', 'zones/', '--yes'], env, root)).code).toBe(0);
      expect((await runCli(['plan', 'zones/', '--detailed-exitcode'], env, root)).code).toBe(0);
    } finally {
      await h.close();
    }
  });
});
