/**
 * Attack family 4 (injection through output): a pull request names its files. A file name may
 * hold a newline followed by a workflow command, terminal escape sequences, HTML, a mention or a
 * backtick run; zonectl prints file names in errors, GitHub annotations (`file=`), the plan's
 * markdown (the pull request comment and the step summary) and the HTML and Slack reports. None
 * of it may become a workflow command, drive the terminal, render as markup or ping anyone.
 * (test/e2e/output-injection.test.ts does the same for names and values inside the files.)
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli } from '../support/run-cli.js';
import { expectSafeText, md, outsideCode, RAW_CONTROL } from '../support/safe-output.js';
import { makeRepo, type PrRepo } from './pr-repo.js';

const TOKEN = 'file-names-token-2c4e6a8b0d1f';
const MARKUP = '`` <img src=x> @octocat <details> |';
const FILES = {
  command: 'zones/x\n::error::from-a-file-name\r\n::add-mask::y.yaml',
  escapes: 'zones/e\u001b]0;title\u0007\u001b[2J\u009b31m.yaml',
  markup: `zones/m${MARKUP}.yaml`,
};

function expectSafeMarkdown(markdown: string, what: string): void {
  const html = outsideCode(md.render(markdown));
  expect(html, what).not.toMatch(/<img/i);
  expect(html, what).not.toMatch(/@octocat/);
  // zonectl's own <details> blocks are balanced: the file name opened none.
  expect((html.match(/<details>/g) ?? []).length, what).toBe((html.match(/<\/details>/g) ?? []).length);
}

describe('hostile file names in every output', () => {
  let emu: RunningEmulator;
  let repo: PrRepo;
  const env = (): Record<string, string> => ({
    CLOUDFLARE_BASE_URL: emu.baseUrl,
    CLOUDFLARE_API_TOKEN: TOKEN,
    GITHUB_ACTIONS: 'true',
    GITHUB_STEP_SUMMARY: join(repo.root, 'summary.md'),
  });

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN });
    repo = makeRepo('zonectl-sec-names-');
  });
  afterAll(async () => {
    await emu.close();
    repo.remove();
  });

  it('validate: each problem names the file escaped; annotations stay one encoded line', async () => {
    for (const path of Object.values(FILES))
      repo.write(path, 'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 999.0.2.1 }\n');
    const r = await runCli(['validate', 'zones/'], env(), repo.root);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(/zones\/x\\n::error::from-a-file-name\\r\\n::add-mask::y\.yaml:4:\d+ records\[0\]\.content/);
    expect((r.stdout + r.stderr).match(/^::error file=/gm)?.length).toBe(3);
    expectSafeText(r, 'validate');
    const lint = await runCli(['lint', 'zones/'], env(), repo.root);
    expectSafeText(lint, 'lint');
  });

  it('plan (markdown, step summary, HTML and Slack reports): the file names render as text', async () => {
    // Zones the token cannot see: the failure names each file (with its account hint) in every report.
    let n = 0;
    for (const path of Object.values(FILES)) {
      n += 1;
      repo.write(path, `version: 1\nzone: notmine${n}.example\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n`);
    }
    writeFileSync(join(repo.root, 'summary.md'), '');
    const html = join(repo.root, 'report.html');
    const slack = join(repo.root, 'report.slack.json');
    const r = await runCli(
      ['plan', 'zones/', '--format', 'markdown', '--report', `html=${html}`, '--report', `slack=${slack}`],
      env(),
      repo.root,
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toMatch(/notmine3\.example` failed/);
    expect(r.stdout).toContain('&lt;img src=x&gt;');
    expectSafeText(r, 'plan');
    expectSafeMarkdown(r.stdout, 'plan markdown');
    expectSafeMarkdown(readFileSync(join(repo.root, 'summary.md'), 'utf8'), 'step summary');
    const page = readFileSync(html, 'utf8');
    expect(page).toContain('&lt;img src=x&gt;');
    expect(page).not.toMatch(/<img src=x/);
    expect(RAW_CONTROL.exec(page)?.[0]).toBeUndefined();
    const body = readFileSync(slack, 'utf8');
    // Slack mrkdwn: <...> is a link or a mention (<!channel>); the name's < and > arrive as &lt; &gt;.
    expect(JSON.stringify(JSON.parse(body))).not.toMatch(/<img|<!|<@/);
  });
});
