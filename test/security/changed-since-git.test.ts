/**
 * Issue 27 item 2: `plan --changed-since` must not let the files of the checkout choose git's
 * configuration. The attack, with a real git: the pull request commits a bare repository into
 * dns/ (HEAD, objects/, refs/ with an `origin/main`, and a `config` with `core.worktree = .`,
 * `core.fsmonitor` and `diff.external` set to commands) and the job runs
 * `cd dns && zonectl plan . --changed-since origin/main` (the action's `working-directory: dns`).
 * Left to discover its repository, git takes dns/ and runs the commands in the job that holds
 * the token. Each command would create a marker file: none may exist afterwards.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli } from '../support/run-cli.js';
import { makeRepo, type PrRepo } from './pr-repo.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'git-attack-token-3c5e7a9b1d2f4e6a8c0b';

describe('--changed-since and a repository planted in the checkout', () => {
  let emu: RunningEmulator;
  let repo: PrRepo;
  let markers: string;

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN });
    repo = makeRepo('zonectl-sec-git-');
    markers = tempDir('sec-markers');
    repo.write('dns/README.md', 'zones\n');
    repo.commit('base');
    repo.git('update-ref', 'refs/remotes/origin/main', 'HEAD');

    // The pull request: a bare repository whose origin/main is the base commit, committed as plain files in dns/.
    const bare = tempDir('sec-bare');
    execFileSync('git', ['init', '-q', '--bare', '-b', 'main', bare]);
    execFileSync('git', ['-C', bare, 'fetch', '-q', repo.root, 'main:refs/remotes/origin/main']);
    execFileSync('git', ['-C', bare, 'update-ref', 'refs/heads/main', 'refs/remotes/origin/main']);
    execFileSync('git', ['-C', bare, 'config', 'core.bare', 'false']);
    execFileSync('git', ['-C', bare, 'config', 'core.worktree', '.']);
    execFileSync('git', ['-C', bare, 'config', 'core.fsmonitor', `touch ${join(markers, 'fsmonitor')}; false`]);
    execFileSync('git', ['-C', bare, 'config', 'diff.external', `touch ${join(markers, 'external-diff')}; false`]);
    execFileSync('git', ['-C', bare, 'config', 'core.hooksPath', join(markers, 'hooks')]);
    cpSync(bare, join(repo.root, 'dns'), { recursive: true });
    rmSync(bare, { recursive: true, force: true });
    repo.write('dns/example.com.yaml', 'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n');
    repo.commit('pull request');
  });
  afterAll(async () => {
    await emu.close();
    repo.remove();
    rmSync(markers, { recursive: true, force: true });
  });

  it('the checkout is the bare repository git would discover from dns/ (the fixture holds)', () => {
    const discovered = execFileSync('git', ['rev-parse', '--git-dir'], { cwd: join(repo.root, 'dns'), encoding: 'utf8' }).trim();
    expect(discovered).toBe('.');
  });

  it('cd dns && zonectl plan . --changed-since origin/main runs none of its commands, and plans what changed in the real repository', async () => {
    const r = await runCli(
      ['plan', '.', '--changed-since', 'origin/main', '--format', 'json'],
      { CLOUDFLARE_BASE_URL: emu.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN },
      join(repo.root, 'dns'),
    );
    expect(existsSync(join(markers, 'fsmonitor'))).toBe(false);
    expect(existsSync(join(markers, 'external-diff'))).toBe(false);
    expect(r.stderr).toMatch(/example\.com: planned, zone file changed since origin\/main/);
    expect(r.code, r.stderr).toBe(0);
    const doc = JSON.parse(r.stdout) as { changed_since: { planned: Array<{ zone: string }> } };
    expect(doc.changed_since.planned.map((p) => p.zone)).toEqual(['example.com']);
  });

  it('outside any git work tree, --changed-since says so and runs nothing', async () => {
    const outside = tempDir('sec-nogit');
    try {
      cpSync(join(repo.root, 'dns'), outside, { recursive: true });
      const r = await runCli(
        ['plan', '.', '--changed-since', 'origin/main'],
        { CLOUDFLARE_BASE_URL: emu.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN },
        outside,
      );
      expect(r.code).toBe(1);
      expect(r.stderr).toMatch(/error\[BAD_FLAG\]: --changed-since needs a git repository: no \.git at or above/);
      expect(existsSync(join(markers, 'fsmonitor'))).toBe(false);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });
});
