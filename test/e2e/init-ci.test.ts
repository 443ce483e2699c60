/**
 * `zonectl init --ci` through the real CLI (issue 44 item 1): what it prints (each file, the
 * secrets to create), the diff and the one OUTPUT_EXISTS error of a second run that would change
 * a file (exit 1, nothing written), `--force`, and the flags it refuses.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

function repository(): string {
  const dir = tempDir('init-ci-cli');
  mkdirSync(join(dir, '.git'));
  mkdirSync(join(dir, 'zones'));
  writeFileSync(
    join(dir, 'zones', 'example.com.yaml'),
    'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.10 }\n',
  );
  return dir;
}

describe('zonectl init --ci (the CLI)', () => {
  it('writes, says what to set up; a change is a diff, exit 1 and nothing written, until --force', async () => {
    const dir = repository();
    const first = await runCli(['init', '--ci', 'github', '--action', 'my-org/zonectl@0123456789abcdef0123456789abcdef01234567'], {}, dir);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout.split('\n').slice(0, 4)).toEqual([
      'created .github/workflows/zonectl-plan.yml',
      'created .github/workflows/zonectl-apply.yml',
      'created .github/workflows/zonectl-drift.yml',
      'Set up (repository secrets):',
    ]);
    expect(first.stdout).toContain(
      '  CLOUDFLARE_API_TOKEN_READ: a READ-ONLY token (Zone Read + DNS Read) for plan and drift, the zones without `account:`',
    );
    expect(first.stdout).not.toContain('run again with --action');
    const plan = join(dir, '.github', 'workflows', 'zonectl-plan.yml');
    expect(readFileSync(plan, 'utf8')).toContain('uses: my-org/zonectl@0123456789abcdef0123456789abcdef01234567\n');
    const before = readFileSync(plan, 'utf8');

    // The default action: this release, and a line saying to pin the one reviewed.
    const changed = await runCli(['init', '--ci', 'github'], {}, dir);
    expect(changed.code).toBe(1);
    expect(changed.stdout).toContain(
      '-        uses: my-org/zonectl@0123456789abcdef0123456789abcdef01234567\n+        uses: OWNER/zonectl@v0.1.0',
    );
    expect(changed.stdout).toContain('differs .github/workflows/zonectl-plan.yml');
    expect(changed.stderr.trim().split('\n').at(-1)).toMatch(
      /^zonectl: error\[OUTPUT_EXISTS\]: .*nothing written; run it again with --force to write them$/,
    );
    expect(readFileSync(plan, 'utf8')).toBe(before);

    const forced = await runCli(['init', '--ci', 'github', '--force'], {}, dir);
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toContain('replaced .github/workflows/zonectl-plan.yml');
    expect(forced.stdout).toContain('the workflows use OWNER/zonectl@v0.1.0: run again with --action');
  });

  it('refuses what does not go together: --force without --ci, an --action that is no OWNER/NAME@REF, an unknown platform', async () => {
    const dir = repository();
    const force = await runCli(['init', '--force'], {}, dir);
    expect(force.code).toBe(1);
    expect(force.stderr).toContain('--paths, --tarball and --force go with --ci github|gitlab');
    const adoptAlone = await runCli(['init', '--adopt-pr'], {}, dir);
    expect(adoptAlone.code).toBe(1);
    expect(adoptAlone.stderr).toContain('--adopt-pr with --ci github');
    const adoptGitLab = await runCli(['init', '--ci', 'gitlab', '--adopt-pr'], {}, dir);
    expect(adoptGitLab.code).toBe(1);
    expect(adoptGitLab.stderr).toContain('error: --adopt-pr goes with --ci github');
    const action = await runCli(['init', '--ci', 'github', '--action', 'zonectl@main'], {}, dir);
    expect(action.code).toBe(1);
    expect(action.stderr).toContain('expected OWNER/NAME@REF');
    const platform = await runCli(['init', '--ci', 'jenkins'], {}, dir);
    expect(platform.code).toBe(1);
    expect(platform.stderr).toMatch(/jenkins/);
  });
});
