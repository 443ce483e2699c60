/**
 * Issue 39 item 10: invisible characters in names and values. A pull request's comment (or a
 * live record's, written by another team) holding U+200B, U+2060, U+FEFF, U+061C, U+00AD, a tag
 * character (U+E0041), U+0085 or a bidirectional control (U+202E, U+2066) must not reach a report
 * as it is: a change that looks like none, or text that reads backwards, would pass review. One
 * rule for every output (src/core/text/printable.ts): each such character is shown as a visible
 * escape (`\u200b`). Checked through the real CLI in every format (text, markdown, JSON, HTML,
 * JUnit, Slack, SARIF, the step summary) and in the nightly job's issue bodies
 * (scripts/github-drift-issues.mjs).
 *
 * The oracle is the list of the issue's characters, written here, not the rule under test.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGitHub } from '../ci-recipes/fake-github.js';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { runProcess } from '../support/run-process.js';
import { tempDir } from '../support/temp-dir.js';

/** The characters of the issue, each with the escape a reader must see instead. */
const INVISIBLE: ReadonlyArray<readonly [string, string]> = [
  ['\u200b', '\\u200b'], // ZERO WIDTH SPACE
  ['\u2060', '\\u2060'], // WORD JOINER
  ['\ufeff', '\\ufeff'], // ZERO WIDTH NO-BREAK SPACE (BOM)
  ['\u061c', '\\u061c'], // ARABIC LETTER MARK
  ['\u00ad', '\\u00ad'], // SOFT HYPHEN
  ['\u{e0041}', '\\udb40\\udc41'], // TAG LATIN CAPITAL LETTER A
  ['\u0085', '\\u0085'], // NEXT LINE
  ['\u202e', '\\u202e'], // RIGHT-TO-LEFT OVERRIDE
  ['\u2066', '\\u2066'], // LEFT-TO-RIGHT ISOLATE
  ['\u200d', '\\u200d'], // ZERO WIDTH JOINER
];
const RAW = new RegExp(`[${INVISIBLE.map(([c]) => c).join('')}]`, 'u');
/** A comment that reads `approved` with every invisible character between its letters. */
const HIDDEN = `ap${INVISIBLE.map(([c]) => c).join('')}proved`;
const HIDDEN_TAG = `owner:team${INVISIBLE.map(([c]) => c).join('')}x`;

/** Each invisible character of `text` (none expected), with where it is. */
function rawCharacters(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(new RegExp(RAW.source, 'gu')))
    found.push(
      `U+${m[0].codePointAt(0)!.toString(16).toUpperCase()} at ${m.index}: …${JSON.stringify(text.slice(Math.max(0, m.index - 30), m.index + 30))}…`,
    );
  return found;
}

function expectNoRaw(text: string, what: string): void {
  expect(rawCharacters(text), what).toEqual([]);
}

/** Every character shown as its escape, in order (the comment as a reader sees it). */
function expectEscaped(text: string, what: string): void {
  expect(text, what).toContain(`ap${INVISIBLE.map(([, e]) => e).join('')}proved`);
}

/** Every string of a JSON document, joined: what a program that reads it (Slack, code scanning) shows. */
function stringsOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.map(stringsOf).join('\n');
  if (typeof value === 'object' && value !== null) return Object.values(value).map(stringsOf).join('\n');
  return '';
}

const ZONE = `version: 1
zone: example.com
records:
  - { name: www, type: A, content: 192.0.2.1, comment: ${JSON.stringify(HIDDEN)}, tags: [${JSON.stringify(HIDDEN_TAG)}] }
`;

describe('invisible characters in every output (issue 39 item 10)', () => {
  let h: Harness;
  let dir: string;
  let env: Record<string, string>;
  const github = new FakeGitHub('ghs_invisible_issue_token');

  beforeAll(async () => {
    h = await startHarness({ zonePlan: 'enterprise' });
    await github.start();
    dir = tempDir('sec-invisible');
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    const post = async (body: unknown): Promise<void> => {
      const res = await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, await res.text()).toBe(200);
    };
    // The live side, written out of band (another team): a record the file does not list, and
    // `www` with a plain comment, which the file changes to one that looks the same.
    await post({ name: 'c.example.com', type: 'A', content: '192.0.2.9', ttl: 300, comment: HIDDEN, tags: [HIDDEN_TAG] });
    await post({ name: 'www.example.com', type: 'A', content: '192.0.2.1', ttl: 300, comment: 'approved', tags: ['owner:teamx'] });
    writeFileSync(join(dir, 'zone.yaml'), ZONE);
  });
  afterAll(async () => {
    github.close();
    await h.close();
  });

  const reports = (prefix: string): Array<[string, string]> =>
    (['text', 'markdown', 'json', 'html', 'junit', 'slack'] as const).map((f) => [f, join(dir, `${prefix}.${f}`)]);

  it('plan and drift: text, markdown, JSON, HTML, JUnit, Slack and the step summary show each character escaped', async () => {
    for (const verb of ['plan', 'drift'] as const) {
      const files = reports(verb);
      const summary = join(dir, `${verb}-summary.md`);
      writeFileSync(summary, '');
      for (const format of ['text', 'markdown', 'json'] as const) {
        const r = await runCli(
          [
            verb,
            join(dir, 'zone.yaml'),
            '--format',
            format,
            ...(format === 'text' ? files.flatMap(([f, p]) => ['--report', `${f}=${p}`]) : []),
          ],
          { ...env, ...(format === 'markdown' ? { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary } : {}) },
          dir,
        );
        expect([0, 2], r.stderr).toContain(r.code);
        expectNoRaw(r.stdout, `${verb} --format ${format} stdout`);
        expectNoRaw(r.stderr, `${verb} --format ${format} stderr`);
        if (format === 'json') {
          // JSON keeps the exact value, written with JSON's own escapes.
          expect(r.stdout).toContain('\\u200b');
          expect(JSON.stringify(JSON.parse(r.stdout))).toContain(HIDDEN);
        } else expectEscaped(r.stdout, `${verb} --format ${format}`);
      }
      for (const [format, path] of files) {
        const text = readFileSync(path, 'utf8');
        expectNoRaw(text, `${verb} --report ${format}`);
        if (format === 'json') expect(JSON.stringify(JSON.parse(text))).toContain(HIDDEN);
        else if (format === 'slack') {
          // What Slack shows: the strings of the payload.
          expectNoRaw(stringsOf(JSON.parse(text)), `${verb} --report slack, its strings`);
          expectEscaped(stringsOf(JSON.parse(text)), `${verb} --report slack, its strings`);
        } else expectEscaped(text, `${verb} --report ${format}`);
      }
      const md = readFileSync(summary, 'utf8');
      expectNoRaw(md, `${verb} step summary`);
      expectEscaped(md, `${verb} step summary`);
    }
  });

  it('validate --format sarif and text: a key holding invisible characters is named escaped', async () => {
    const file = join(dir, 'bad.yaml');
    writeFileSync(
      file,
      `version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1, ${JSON.stringify(HIDDEN)}: 1 }\n`,
    );
    for (const format of ['sarif', 'text', 'json'] as const) {
      const r = await runCli(['validate', file, '--format', format], env, dir);
      expect(r.code, r.stderr).toBe(1);
      expectNoRaw(r.stdout + r.stderr, `validate --format ${format}`);
      if (format === 'sarif') {
        const log = JSON.parse(r.stdout) as { runs: Array<{ results: Array<{ message: { text: string } }> }> };
        const messages = log.runs[0]!.results.map((x) => x.message.text).join('\n');
        // The message a code scanning alert shows: the escape itself, not a character it decodes to.
        expectNoRaw(messages, 'SARIF message text');
        expectEscaped(messages, 'SARIF message text');
      }
    }
  });

  it("the nightly job's issue (scripts/github-drift-issues.mjs): title and body show each character escaped", async () => {
    const report = join(dir, 'issues.json');
    const drift = await runCli(['drift', join(dir, 'zone.yaml'), '--out', report], env, dir);
    expect(drift.code, drift.stderr).toBe(2);
    const script = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'scripts', 'github-drift-issues.mjs');
    const r = await runProcess(process.execPath, [script, report], {
      env: { PATH: process.env.PATH, GH_TOKEN: 'ghs_invisible_issue_token', GITHUB_REPOSITORY: 'acme/dns', GITHUB_API_URL: github.url },
    });
    expect(r.code, r.stderr).toBe(0);
    expect(github.issues).toHaveLength(1);
    const issue = github.issues[0]!;
    expectNoRaw(issue.title, 'issue title');
    expectNoRaw(issue.body, 'issue body');
    expectEscaped(issue.body, 'issue body');
  });
});
