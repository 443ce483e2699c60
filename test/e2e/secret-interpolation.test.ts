/**
 * A pull request cannot read the job's secrets through a zone file (issue: `${VAR}` could read
 * the API token and publish it in the plan, the PR comment, a saved plan and DNS). Zone files
 * read only ZONECTL_* variables; and as a second wall, the credential's value is masked as ***
 * in every output should it ever get there (here: a live TXT record that holds it).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, listRecords, startHarness, type Harness } from '../scenario/harness.js';
import { runCli, type CliResult } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const API_KEY = '0123456789abcdef0123456789abcdef01234';

describe('zone files and the job secrets', () => {
  let h: Harness;
  let dir: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness();
    dir = tempDir('secret');
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN, OTHER_SECRET: 'aws-secret-value-1234567890' };
  });
  afterAll(async () => {
    await h.close();
  });

  it('${CLOUDFLARE_API_TOKEN}, ${CLOUDFLARE_API_KEY} or any non-ZONECTL_ variable is an error at its line; nothing leaks, nothing is sent', async () => {
    const file = join(dir, 'steal.yaml');
    writeFileSync(
      file,
      [
        'version: 1',
        'zone: example.com',
        'records:',
        '  - { name: "@", type: TXT, content: "t=${CLOUDFLARE_API_TOKEN}" }',
        '  - { name: www, type: A, content: 192.0.2.1, comment: "${CLOUDFLARE_API_KEY:-none}" }',
        '  - { name: x, type: TXT, content: "${OTHER_SECRET}" }',
        '',
      ].join('\n'),
    );
    const summary = join(dir, 'summary.md');
    const planFile = join(dir, 'steal-plan.json');
    const ghEnv = { ...env, CLOUDFLARE_API_KEY: API_KEY, GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary };
    const results: CliResult[] = [];
    for (const args of [
      ['validate', file],
      ['plan', file],
      ['plan', file, '--format', 'json'],
      ['plan', file, '--format', 'markdown', '--out', planFile],
      ['apply', file, '--yes'],
    ]) {
      const r = await runCli(args, ghEnv);
      results.push(r);
      expect(r.code, args.join(' ')).toBe(1);
    }
    const validate = results[0]!;
    expect(validate.stdout).toMatch(
      /steal\.yaml:4:\d+ records\[0\]\.content: `\$\{CLOUDFLARE_API_TOKEN\}`: a zone file reads only variables named ZONECTL_\*/,
    );
    expect(validate.stdout).toMatch(
      /steal\.yaml:5:\d+ records\[1\]\.comment: `\$\{CLOUDFLARE_API_KEY\}`: a zone file reads only variables named ZONECTL_\*/,
    );
    expect(validate.stdout).toMatch(
      /steal\.yaml:6:\d+ records\[2\]\.content: `\$\{OTHER_SECRET\}`: a zone file reads only variables named ZONECTL_\*/,
    );
    expect(results[1]!.stderr).toMatch(/error\[INVALID_ZONE_FILE\]/);
    const everything = [
      ...results.map((r) => r.stdout + r.stderr),
      existsSync(summary) ? readFileSync(summary, 'utf8') : '',
      existsSync(planFile) ? readFileSync(planFile, 'utf8') : '',
    ].join('\n');
    for (const secret of [TOKEN, API_KEY, 'aws-secret-value-1234567890']) expect(everything).not.toContain(secret);
    expect(await listRecords(h)).toEqual([]);
  });

  it('ZONECTL_* variables are read, with defaults', async () => {
    const file = join(dir, 'ok.yaml');
    writeFileSync(
      file,
      'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: "${ZONECTL_WEB_IP}", comment: "${ZONECTL_OWNER:-ops}" }\n',
    );
    const r = await runCli(['plan', file, '--format', 'json'], { ...env, ZONECTL_WEB_IP: '192.0.2.44' });
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { zones: { changes: { after: { content: string; comment: string } }[] }[] };
    expect(doc.zones[0]!.changes[0]!.after).toMatchObject({ content: '192.0.2.44', comment: 'ops' });
  });

  it('a credential that reaches an output anyway (a live record holding it) is printed and written as ***', async () => {
    // Someone put the token into a TXT record by hand; the file does not list it, so the plan shows its delete.
    const res = await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'TXT', name: 'leak.example.com', content: `"token=${TOKEN}"`, ttl: 300 }),
    });
    expect(res.status).toBe(200);
    const file = join(dir, 'clean.yaml');
    writeFileSync(file, 'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n');
    const summary = join(dir, 'summary2.md');
    const planFile = join(dir, 'plan.json');
    const exported = join(dir, 'exported.yaml');
    const ghEnv = { ...env, GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary };
    const runs = [
      await runCli(['plan', file], ghEnv),
      await runCli(['plan', file, '--format', 'json'], ghEnv),
      await runCli(['plan', file, '--format', 'markdown', '--out', planFile], ghEnv),
      await runCli(['drift', file, '--format', 'markdown'], ghEnv),
      await runCli(['export', '--zone', 'example.com', '--out', exported], ghEnv),
    ];
    const outputs = [
      ...runs.map((r) => r.stdout + r.stderr),
      readFileSync(summary, 'utf8'),
      readFileSync(planFile, 'utf8'),
      readFileSync(exported, 'utf8'),
    ];
    for (const text of outputs) expect(text).not.toContain(TOKEN);
    expect(runs[0]!.stdout).toContain('leak.example.com');
    expect(runs[0]!.stdout).toContain('token=***');
    expect(readFileSync(summary, 'utf8')).toContain('token=***');
  });
});
