/**
 * Tokens no file lists, through the CLI: a plan prints one counting line (not one ~400-character
 * line per token), `drift --tokens` and `--verbose` list them, JSON keeps the full list, the
 * credential zonectl runs with is never among them, and `manage.tokens: ignore` turns the check off.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const DNS_WRITE = '4755a26eedb94da69e1066d98aa820be';
const OTHERS = ['ci-old', 'laptop', 'terraform'];

describe('tokens no file lists, through the CLI', () => {
  let h: Harness;
  let dir: string;
  let env: Record<string, string>;
  let inUseId: string;
  const write = (name: string, text: string): string => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const res = await fetch(`${h.emulator.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json()) as { success: boolean; result: T };
    expect(json.success).toBe(true);
    return json.result;
  };

  beforeAll(async () => {
    h = await startHarness();
    dir = tempDir('tokrep');
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    for (const name of OTHERS) {
      await api('POST', '/user/tokens', {
        name,
        policies: [
          { effect: 'allow', permission_groups: [{ id: DNS_WRITE }], resources: { [`com.cloudflare.api.account.zone.${h.zoneId}`]: '*' } },
        ],
      });
    }
    inUseId = (await api<{ id: string }>('GET', '/user/tokens/verify')).id;
  });
  afterAll(async () => {
    await h.close();
  });

  const zone = (extra = ''): string =>
    write(
      `zone${extra === '' ? '' : '-ignore'}.yaml`,
      `version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n${extra}`,
    );

  it('plan prints one line counting them, without the credential in use; text and markdown alike', async () => {
    const file = zone();
    const text = await runCli(['plan', file], env);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('\n  3 API tokens are not listed in any file; drift --tokens lists them\n');
    for (const name of OTHERS) expect(text.stdout).not.toContain(name);
    expect(text.stdout).not.toContain(inUseId);
    const md = await runCli(['plan', file, '--format', 'markdown'], env);
    expect(md.stdout).toContain('> 3 API tokens are not listed in any file; drift --tokens lists them');
    expect(md.stdout).not.toContain('laptop');
  });

  it('drift --tokens and --verbose list each of them; JSON keeps the full list', async () => {
    const file = zone();
    for (const args of [
      ['drift', file, '--tokens'],
      ['--verbose', 'plan', file],
    ]) {
      const r = await runCli(args, env);
      expect(r.stdout).toContain('unmanaged tokens (no file lists them):');
      const listed = r.stdout
        .split('\n')
        .filter((l) => /^ {4}"/.test(l))
        .map((l) => /^ {4}"([^"]+)"/.exec(l)?.[1]);
      expect(listed).toEqual(OTHERS);
      expect(r.stdout).not.toContain(inUseId);
      expect(r.stdout).not.toContain('API tokens are not listed');
    }
    const json = await runCli(['plan', file, '--format', 'json'], env);
    const doc = JSON.parse(json.stdout) as { zones: Array<{ unmanaged_tokens: Array<{ id: string; name: string; policies: string }> }> };
    const tokens = doc.zones[0].unmanaged_tokens;
    expect(tokens.map((t) => t.name)).toEqual(OTHERS);
    expect(tokens.map((t) => t.id)).not.toContain(inUseId);
    expect(tokens[0].policies).toMatch(/^allow DNS Write on zone [0-9a-f]{32}$/);
  });

  it('manage.tokens: ignore turns the check off (no line, no list, not in JSON)', async () => {
    const file = zone('manage: { tokens: ignore }\n');
    expect((await runCli(['validate', file], env)).code).toBe(0);
    const r = await runCli(['plan', file, '--format', 'json'], env);
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as { zones: Array<{ unmanaged_tokens?: unknown[] }> };
    expect(doc.zones[0].unmanaged_tokens ?? []).toEqual([]);
    const text = await runCli(['--verbose', 'plan', file], env);
    expect(text.code).toBe(0);
    expect(text.stdout).not.toMatch(/API tokens? (is|are) not listed|unmanaged tokens/);
  });
});
