/** `zonectl token roll NAME`: the new secret works, the old one stops, and no secret is printed unasked. */
import { mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDropProxy } from '../api/drop-proxy.js';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { spawnCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';
import { createUserToken, verifySecret } from '../support/user-tokens.js';

describe('zonectl token roll', () => {
  let h: Harness;
  let env: Record<string, string>;
  let dir: string;
  let original: string;

  const verify = (secret: string): Promise<number> => verifySecret(h.emulator.baseUrl, secret);
  const create = (name: string): Promise<string> => createUserToken(h.emulator.baseUrl, h.zoneId, name);

  beforeAll(async () => {
    h = await startHarness();
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    dir = tempDir('roll');
    original = await create('ci-deploy');
    await create('twin');
    await create('twin');
  });
  afterAll(async () => {
    await h.close();
  });

  it('refuses without a place for the secret, before rolling anything', async () => {
    const res = await runCli(['token', 'roll', 'ci-deploy'], env);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/shown only once: give --token-output FILE or --show-token-values/);
    expect(await verify(original)).toBe(200);
  });

  it('rolls by name: the new secret is written with mode 0600 and works, the old one no longer does', async () => {
    const file = join(dir, 'tokens.json');
    const res = await runCli(['token', 'roll', 'ci-deploy', '--token-output', file], env);
    expect(res.code).toBe(0);
    const secret = (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)['ci-deploy'];
    expect(secret).toMatch(/\S{20,}/);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(res.stdout + res.stderr).not.toContain(secret);
    expect(res.stderr).toMatch(/Rolled token "ci-deploy" \(id [0-9a-f]+\); its new secret was written to/);
    expect(await verify(secret)).toBe(200);
    expect(await verify(original)).not.toBe(200);
  });

  it('names what is wrong: an unknown name (with a near miss) or two tokens of one name', async () => {
    const missing = await runCli(['token', 'roll', 'CI-DEPLOY', '--show-token-values'], env);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toMatch(/no token named "CI-DEPLOY" \(did you mean "ci-deploy"\?\)/);
    const twins = await runCli(['token', 'roll', 'twin', '--show-token-values'], env);
    expect(twins.code).toBe(1);
    expect(twins.stderr).toMatch(/2 tokens are named "twin" \(ids [0-9a-f]+, [0-9a-f]+\); rename one, then roll it/);
  });

  it('opens --token-output before rolling: a directory that cannot hold it fails before any roll call', async () => {
    const before = await create('ci-nodir');
    const res = await runCli(['token', 'roll', 'ci-nodir', '--token-output', join(dir, 'missing', 'tokens.json')], env);
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/error\[TOKEN_OUTPUT\]: the directory .*missing does not exist/);
    expect(await verify(before)).toBe(200);
  });

  it('never loses the new secret: when the file cannot be put in place after the roll, the secret is kept and named', async () => {
    await create('ci-late');
    const sub = join(dir, 'late');
    mkdirSync(sub);
    const file = join(sub, 'tokens.json');
    const proxy = await startDropProxy(h.emulator.baseUrl);
    let secret = '';
    // After the service rolled the token (and before zonectl sees the answer), a directory takes the file's place.
    proxy.setObserver((method, path, body) => {
      if (method === 'PUT' && path.endsWith('/value')) {
        secret = (JSON.parse(body) as { result: string }).result;
        mkdirSync(join(file, 'in-the-way'), { recursive: true });
      }
    });
    try {
      const res = await runCli(['token', 'roll', 'ci-late', '--token-output', file], { ...env, CLOUDFLARE_BASE_URL: proxy.baseUrl });
      expect(res.code).toBe(1);
      expect(secret).toMatch(/\S{20,}/);
      expect(res.stdout + res.stderr).not.toContain(secret);
      const kept = /the new secret is kept in (\S+) \(mode 0600\): move it to/.exec(res.stderr)?.[1];
      expect(kept).toBeDefined();
      expect(readdirSync(sub).sort()).toEqual([kept!.slice(sub.length + 1), 'tokens.json'].sort());
      expect((JSON.parse(readFileSync(kept!, 'utf8')) as Record<string, string>)['ci-late']).toBe(secret);
      expect(statSync(kept!).mode & 0o777).toBe(0o600);
      expect(await verify(secret)).toBe(200);
    } finally {
      await proxy.close();
    }
  });
  // Ctrl-C or SIGTERM while the roll call is on its way: the call may already have rolled the
  // secret, so zonectl waits for its answer (src/app/token/session.ts); a second signal gives up.
  it('SIGINT, then a second one, while the roll call is unanswered: the call is abandoned, the temporary file removed, exit 130', async () => {
    await create('ci-interrupted');
    const sub = join(dir, 'interrupted');
    mkdirSync(sub);
    const proxy = await startDropProxy(h.emulator.baseUrl);
    // The roll call waits in the proxy until zonectl has given up on it, however slow the machine.
    proxy.setRule((method, path) => (method === 'PUT' && path.endsWith('/value') ? 'hold' : 'pass'));
    const held = proxy.held();
    try {
      const roll = spawnCli(['token', 'roll', 'ci-interrupted', '--token-output', join(sub, 'tokens.json')], {
        ...env,
        CLOUDFLARE_BASE_URL: proxy.baseUrl,
      });
      expect(await Promise.race([held, roll.done.then((r) => `ended with ${r.code}: ${r.stderr}`)])).toMatch(/^PUT /);
      expect(readdirSync(sub)).toHaveLength(1); // the file opened before the roll, under its temporary name
      roll.child.kill('SIGINT');
      await roll.waitForStderr(/SIGINT: waiting up to \d+ s for the answer of the roll call/);
      roll.child.kill('SIGINT');
      const res = await roll.done;
      expect(res.code).toBe(130);
      expect(readdirSync(sub)).toEqual([]);
      expect(res.stderr).toMatch(
        /interrupted by SIGINT while rolling token "ci-interrupted" \(id [0-9a-f]+\): the token may have been rolled and its new secret was not received; roll it again/,
      );
      expect(res.stdout).toBe('');
    } finally {
      await proxy.close();
    }
  });

  it('SIGINT while the roll call is on its way, then its answer: the new secret is saved, nothing is left beside the file, exit 130', async () => {
    const before = await create('ci-answered');
    const sub = join(dir, 'answered');
    mkdirSync(sub);
    const file = join(sub, 'tokens.json');
    const proxy = await startDropProxy(h.emulator.baseUrl);
    proxy.setRule((method, path) => (method === 'PUT' && path.endsWith('/value') ? 'hold' : 'pass'));
    let secret = '';
    proxy.setObserver((method, path, body) => {
      if (method === 'PUT' && path.endsWith('/value')) secret = (JSON.parse(body) as { result: string }).result;
    });
    const held = proxy.held();
    try {
      const roll = spawnCli(['token', 'roll', 'ci-answered', '--token-output', file], { ...env, CLOUDFLARE_BASE_URL: proxy.baseUrl });
      expect(await Promise.race([held, roll.done.then((r) => `ended with ${r.code}: ${r.stderr}`)])).toMatch(/^PUT /);
      roll.child.kill('SIGINT');
      // zonectl says it waits for the answer; only then does the call go on to the service.
      await roll.waitForStderr(/SIGINT: waiting up to \d+ s for the answer of the roll call/);
      proxy.release();
      const res = await roll.done;
      expect(res.code).toBe(130);
      expect(secret).toMatch(/\S{20,}/);
      expect(readdirSync(sub)).toEqual(['tokens.json']);
      expect((JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>)['ci-answered']).toBe(secret);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(res.stdout + res.stderr).not.toContain(secret);
      expect(res.stderr).toMatch(/its new secret was written to .*tokens\.json \(mode 0600\)/);
      expect(res.stderr).toMatch(/interrupted by SIGINT after the new secret of token "ci-answered" was saved/);
      expect(await verify(secret)).toBe(200);
      expect(await verify(before)).not.toBe(200);
    } finally {
      await proxy.close();
    }
  });
});
