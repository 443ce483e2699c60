/**
 * `apply --token-output`: a new token's secret is shown once, so the file must be writable before
 * anything changes, and a write that fails after the create says which tokens to roll.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDropProxy, type DropProxy } from '../api/drop-proxy.js';
import { TOKEN, listRecords, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const withToken = (tokenName: string, host: string) => `version: 1
zone: example.com
records:
  - { name: ${host}, type: A, content: 192.0.2.50 }
tokens:
  - name: ${tokenName}
    policies:
      - effect: allow
        permission_groups: [{ name: DNS Write }]
        resources: { "com.cloudflare.api.account.zone.{zone_id}": "*" }
`;

interface ListedToken {
  id: string;
  name: string;
}

describe('apply --token-output', () => {
  let h: Harness;
  let proxy: DropProxy;
  let dir: string;
  let env: Record<string, string>;

  beforeAll(async () => {
    h = await startHarness();
    proxy = await startDropProxy(h.emulator.baseUrl);
    dir = tempDir('token-output');
    env = { CLOUDFLARE_BASE_URL: proxy.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await proxy.close();
    await h.close();
  });

  const tokens = async (): Promise<ListedToken[]> => {
    const res = await fetch(`${h.emulator.baseUrl}/user/tokens?per_page=50`, { headers: { authorization: `Bearer ${TOKEN}` } });
    return ((await res.json()) as { result: ListedToken[] }).result;
  };
  const zoneFile = (name: string, text: string): string => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };

  it('refuses before any change when the file cannot be written (missing directory)', async () => {
    proxy.forwarded.length = 0;
    const zone = zoneFile('nodir.yaml', withToken('ci-nodir', 'nodir'));
    const target = join(dir, 'nodir', 'tok.json');
    const r = await runCli(['apply', '--yes', '--token-output', target, zone], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /--token-output .*nodir\/tok\.json cannot be written \(the directory .*nodir does not exist\).*nothing was changed/,
    );
    expect(r.stderr).not.toMatch(/at .*\.[cm]?[jt]s:\d+|ENOENT/);
    expect(proxy.forwarded.filter((f) => !f.startsWith('GET '))).toEqual([]); // only reads were made
    expect((await tokens()).map((t) => t.name)).not.toContain('ci-nodir');
    expect((await listRecords(h)).map((r) => r.name)).not.toContain('nodir.example.com');
    expect(existsSync(join(dir, 'nodir'))).toBe(false);
  });

  it("refuses before any change when the file exists and is not zonectl's token JSON (it would be clobbered)", async () => {
    const zone = zoneFile('notjson.yaml', withToken('ci-notjson', 'notjson'));
    const target = join(dir, 'notes.txt');
    writeFileSync(target, 'my precious notes\n');
    const r = await runCli(['apply', '--yes', '--token-output', target, zone], env);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/notes\.txt exists but is not JSON; refusing to overwrite it.*nothing was changed/);
    expect(r.stderr).not.toContain('precious');
    expect(readFileSync(target, 'utf8')).toBe('my precious notes\n');
    expect((await tokens()).map((t) => t.name)).not.toContain('ci-notjson');
  });

  it('a write that fails after the create names the token and says to roll it, without any secret', async () => {
    const outDir = join(dir, 'vanishing');
    mkdirSync(outDir);
    const target = join(outDir, 'tok.json');
    const zone = zoneFile('vanish.yaml', withToken('ci-vanish', 'vanish'));
    let secret: string | undefined;
    // The directory disappears while the token is being created: after the check, before the write.
    proxy.setRule((method, path) => {
      if (method === 'POST' && path.endsWith('/user/tokens')) rmSync(outDir, { recursive: true, force: true });
      return 'pass';
    });
    proxy.setObserver((method, path, body) => {
      if (method === 'POST' && path.endsWith('/user/tokens')) secret = (JSON.parse(body) as { result: { value: string } }).result.value;
    });
    try {
      const r = await runCli(['apply', '--yes', '--token-output', target, zone], env);
      const created = (await tokens()).find((t) => t.name === 'ci-vanish');
      expect(created).toBeDefined();
      expect(secret).toMatch(/^[A-Za-z0-9_-]{40}$/);
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/could not write the new token secrets to .*vanishing\/tok\.json: the directory .*vanishing does not exist/);
      expect(r.stderr).toContain(`"ci-vanish" (id ${created!.id})`);
      expect(r.stderr).toMatch(/secret is shown only once and is now lost/);
      expect(r.stderr).toContain('PUT /user/tokens/{id}/value');
      for (const text of [r.stdout, r.stderr]) {
        expect(text).not.toContain(secret!);
        expect(text).not.toContain(TOKEN);
      }
      // The zone itself was applied and verified; only the secret is lost.
      expect(r.stdout).toContain('verified: a new plan is empty');
    } finally {
      proxy.setRule(() => 'pass');
      proxy.setObserver(undefined);
    }
  });

  it('writes the secret to a new file of mode 0600, merged with what the file held', async () => {
    const target = join(dir, 'tokens.json');
    writeFileSync(target, `${JSON.stringify({ earlier: 'kept-value' })}\n`);
    const zone = zoneFile('ok.yaml', withToken('ci-ok', 'ok'));
    const r = await runCli(['apply', '--yes', '--token-output', target, zone], env);
    expect(r.stderr).not.toMatch(/error/);
    expect(r.code).toBe(0);
    expect(statSync(target).mode & 0o777).toBe(0o600);
    const saved = JSON.parse(readFileSync(target, 'utf8')) as Record<string, string>;
    expect(saved.earlier).toBe('kept-value');
    expect(saved['ci-ok']).toMatch(/^[A-Za-z0-9_-]{40}$/);
    expect(r.stdout + r.stderr).not.toContain(saved['ci-ok']);
    expect(readFileSync(join(dir, 'ok.yaml'), 'utf8')).not.toContain(saved['ci-ok']);
    const verify = await fetch(`${h.emulator.baseUrl}/user/tokens/verify`, { headers: { authorization: `Bearer ${saved['ci-ok']}` } });
    expect(verify.status).toBe(200);
  });
});
