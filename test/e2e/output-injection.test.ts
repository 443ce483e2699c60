/**
 * Output that another program interprets (issue 18 item 9). Names, comments, TXT and token names
 * chosen by whoever writes the zone, the live records or the API answers hold terminal escape
 * sequences, CR/LF, workflow commands, HTML and mentions; through the real CLI, none of it drives
 * the terminal, becomes a GitHub workflow command, or renders as HTML, a comment or a mention.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDropProxy, type DropProxy } from '../api/drop-proxy.js';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { expectSafeText, md, outsideCode, RAW_CONTROL } from '../support/safe-output.js';
import { tempDir } from '../support/temp-dir.js';

const ESCAPES = '\u001b]0;title\u0007\u001b[2J\u009b31m';
const MARKUP = '</details><img src=x> <!-- @someone';
/** A live record's name as a hostile endpoint answers it (the emulator refuses such a name, the proxy rewrites it). */
const HOSTILE_NAME = `c${ESCAPES}\r\n::add-mask::x\n${MARKUP}.example.com`;
const HOSTILE_GROUP = 'DNS Write\n::add-mask::group\r\n::error::group';
const TOKEN_NAME = `ci${ESCAPES}\n::error::owned`;
const LONG_TXT = `${MARKUP} ::add-mask::x ${'a'.repeat(70)}`;

const ZONE = `version: 1
zone: example.com
records:
  - { name: www, type: A, content: 192.0.2.1, comment: "\\e]0;title\\a\\e[2J ::add-mask::x ${MARKUP}" }
  - { name: t, type: TXT, content: "${LONG_TXT.replace('a'.repeat(70), 'b'.repeat(70))}" }
  - { name: "@", type: TXT, content: "\`\`\` ${MARKUP}" }
`;
/** A file whose problems quote a hostile key: validate's annotations must stay one encoded line. */
const BAD = `version: 1
zone: example.com
records:
  - { name: www, type: A, content: 192.0.2.1, "k\\e]0;t\\a\\r\\n::add-mask::key,x:y": 1 }
`;

function expectSafeMarkdown(markdown: string, what: string): void {
  const html = md.render(markdown);
  expect(html, what).not.toMatch(/<img|<!--/);
  expect(html.match(/<details>/g)?.length ?? 0, what).toBe(html.match(/<\/details>/g)?.length ?? 0);
  expect(outsideCode(html), what).not.toMatch(/@someone|<\/details><img/);
  expect(RAW_CONTROL.exec(markdown)?.[0], `${what}: raw control character`).toBeUndefined();
  // Still shown, as text.
  expect(html, what).toContain('&lt;/details&gt;&lt;img src=x&gt; &lt;!-- @someone');
}

describe('names and values that another program would interpret', () => {
  let h: Harness;
  let proxy: DropProxy;
  let dir: string;
  let env: Record<string, string>;
  const raw = async (path: string, body: unknown): Promise<void> => {
    const res = await fetch(`${h.emulator.baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(res.status, await res.text()).toBe(200);
  };

  beforeAll(async () => {
    h = await startHarness();
    proxy = await startDropProxy(h.emulator.baseUrl);
    dir = tempDir('inject');
    env = { CLOUDFLARE_BASE_URL: proxy.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    // Out of band, with the raw API: what the emulator (like the service) accepts.
    await raw(`/zones/${h.zoneId}/dns_records`, {
      name: 'c.example.com',
      type: 'A',
      content: '192.0.2.9',
      ttl: 300,
      comment: `${ESCAPES} ::add-mask::x ${MARKUP}`,
    });
    await raw(`/zones/${h.zoneId}/dns_records`, { name: 't.example.com', type: 'TXT', content: LONG_TXT, ttl: 300 });
    await raw('/user/tokens', {
      name: TOKEN_NAME,
      policies: [
        {
          effect: 'allow',
          permission_groups: [{ id: '4755a26eedb94da69e1066d98aa820be' }],
          resources: { [`com.cloudflare.api.account.zone.${h.zoneId}`]: '*' },
        },
      ],
    });
    // What only a hostile endpoint answers: a record name and a permission group name with line breaks.
    proxy.setRewrite((method, path, body) => {
      if (method !== 'GET') return undefined;
      if (path.includes('/dns_records')) return body.replace(/"c\.example\.com"/g, JSON.stringify(HOSTILE_NAME));
      if (/\/user\/tokens(\?|$)/.test(path)) return body.replace(/"DNS Write"/g, JSON.stringify(HOSTILE_GROUP));
      return undefined;
    });
    writeFileSync(join(dir, 'zone.yaml'), ZONE);
    writeFileSync(join(dir, 'bad.yaml'), BAD);
  });
  afterAll(async () => {
    await proxy.close();
    await h.close();
  });

  it('plan (text, markdown, json), drift and validate: no raw control character, no workflow command, nothing hidden', async () => {
    const file = join(dir, 'zone.yaml');
    const text = await runCli(['plan', file], env);
    expect(text.code, text.stderr).toBe(0);
    // The names and values are still there, escaped, each on its own line (names in lower case, as zonectl compares them).
    expect(text.stdout).toContain(
      '- c\\u001b]0;title\\u0007\\u001b[2j\\u009b31m\\r\\n::add-mask::x\\n</details><img src=x> <!-- @someone.example.com A 192.0.2.9',
    );
    expect(text.stdout).toContain('comment "\\u001b]0;title\\u0007\\u001b[2J ::add-mask::x </details><img src=x> <!-- @someone"');
    expectSafeText(text, 'plan');

    const markdown = await runCli(['plan', file, '--format', 'markdown'], env);
    expect(markdown.code, markdown.stderr).toBe(0);
    expectSafeText(markdown, 'plan --format markdown');
    expectSafeMarkdown(markdown.stdout, 'plan --format markdown');

    const json = await runCli(['plan', file, '--format', 'json'], env);
    expect(json.code, json.stderr).toBe(0);
    expectSafeText(json, 'plan --format json');
    const parsed = JSON.parse(json.stdout) as {
      zones: Array<{ changes: Array<{ before?: { name: string }; after?: { comment?: string } }> }>;
    };
    const changes = parsed.zones[0]!.changes;
    expect(changes.map((c) => c.before?.name)).toContain(HOSTILE_NAME.toLowerCase()); // JSON keeps the exact value
    expect(changes.map((c) => c.after?.comment)).toContain(`\u001b]0;title\u0007\u001b[2J ::add-mask::x ${MARKUP}`);

    const drift = await runCli(['drift', file, '--tokens'], env);
    expect(drift.code, drift.stderr).toBe(2);
    expect(drift.stdout).toContain('ci\\u001b]0;title\\u0007\\u001b[2J\\u009b31m\\n::error::owned');
    expect(drift.stdout).toContain('DNS Write\\n::add-mask::group\\r\\n::error::group');
    expectSafeText(drift, 'drift');

    const validate = await runCli(['validate', join(dir, 'bad.yaml'), file], env);
    expect(validate.code).toBe(1);
    expectSafeText(validate, 'validate');
  });

  it("with colour forced: zonectl's own colours only; every hostile ESC is escaped", async () => {
    const r = await runCli(['plan', join(dir, 'zone.yaml')], { ...env, NO_COLOR: '', FORCE_COLOR: '1' });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('\x1b[32m  + www.example.com A 192.0.2.1');
    const sequences = new Set(r.stdout.match(/\x1b[^a-zA-Z]*[a-zA-Z]?/g));
    expect([...sequences].sort()).toEqual(['\x1b[0m', '\x1b[1m', '\x1b[2m', '\x1b[31m', '\x1b[32m', '\x1b[33m']);
    expect(r.stdout).toContain('comment "\\u001b]0;title\\u0007\\u001b[2J ::add-mask::x');
  });

  it('on GitHub Actions: annotations are one encoded line each, the step summary renders names as text', async () => {
    const summary = join(dir, 'summary.md');
    writeFileSync(summary, '');
    const gh = { ...env, GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: summary };
    const validate = await runCli(['validate', join(dir, 'bad.yaml')], gh);
    expect(validate.code).toBe(1);
    expectSafeText(validate, 'validate on GitHub');
    const annotations = validate.stdout.split('\n').filter((l) => l.startsWith('::'));
    expect(annotations.length).toBeGreaterThan(0);
    for (const a of annotations) expect(a).toMatch(/k\\u001b\]0;t\\u0007%0D%0A::add-mask::key,x:y/);
    for (const args of [
      ['plan', join(dir, 'zone.yaml'), '--detailed-exitcode'],
      ['drift', join(dir, 'zone.yaml')],
    ]) {
      const r = await runCli(args, gh);
      expect(r.code, r.stderr).toBe(2);
      expectSafeText(r, `${args[0]} on GitHub`);
    }
    expectSafeMarkdown(readFileSync(summary, 'utf8'), 'step summary');
  });
});
