/**
 * Issue 20, item 2: the README runs as written. Every shell block marked `<!-- runnable -->` (the
 * line before its opening fence) is run with bash -e -o pipefail in the repository root, after
 * what `npm install` does for `npx zonectl` (the prepare script), with a fresh HOME, npm
 * cache and TMPDIR. The one change made to a block: the emulator's port 8787 becomes a free one,
 * so that parallel runs on one machine do not collide. The emulator a block starts in the
 * background is stopped when the block ends, even when it fails.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { root, runFile, type Run } from './installed-cli.js';
import { tempDir } from '../support/temp-dir.js';

function runnableBlocks(markdown: string): string[] {
  return [...markdown.matchAll(/^<!-- runnable -->\n```sh\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer();
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** The block under bash as a CI shell runs it; background jobs it leaves are killed on the way out. */
function runBlock(script: string, env: Record<string, string>): Promise<Run> {
  return runFile(
    'bash',
    ['--noprofile', '--norc', '-e', '-o', 'pipefail', '-c', `trap 'kill $(jobs -p) 2>/dev/null || true' EXIT\n${script}`],
    env,
    root,
  );
}

describe('README.md runs as written', () => {
  const blocks = runnableBlocks(readFileSync(join(root, 'README.md'), 'utf8'));

  beforeAll(() => {
    // What `npm install` / `npm ci` run last (the prepare script): the bundle, node_modules/.bin/zonectl.
    execFileSync(process.execPath, [join(root, 'scripts', 'prepare.mjs')], { cwd: root, stdio: 'pipe' });
  }, 180_000);

  it('has runnable blocks, and its first lines are the ones CI relies on', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(1);
    expect(readFileSync(join(root, 'README.md'), 'utf8')).toMatch(/^# zonectl\n\n```sh\nnpm install && npm run demo .*\nnpm test /);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(pkg.scripts.prepare).toBe('node scripts/prepare.mjs');
  });

  it('"Try it by hand against the emulator": validate, plan, apply, plan (empty) with npx zonectl', async () => {
    const home = tempDir('readme');
    const port = await freePort();
    const script = blocks[0].replaceAll('8787', String(port));
    const r = await runBlock(script, {
      PATH: process.env.PATH ?? '',
      HOME: home,
      TMPDIR: home,
      NO_COLOR: '1',
      npm_config_cache: join(home, 'npm-cache'),
      npm_config_update_notifier: 'false',
      npm_config_fund: 'false',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(r.stdout).toContain('examples/zone.yaml: valid');
    expect(r.stdout).toMatch(/Plan: \d+ to create/);
    expect(r.stdout).toMatch(/verified: a new plan is empty/);
    expect(r.stdout.trimEnd()).toMatch(/No changes\.[^\n]*$/);
    const tokens = join(home, 'zonectl-tokens.json');
    expect(existsSync(tokens)).toBe(true);
    expect(statSync(tokens).mode & 0o777).toBe(0o600);
    expect(existsSync(join(root, 'tokens.json'))).toBe(false);
  });
});
