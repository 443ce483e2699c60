/**
 * Issue 20, item 4: `npm run build:binary` (scripts/build-binary.mjs) makes one file that runs
 * without Node installed. The test builds one into a temporary directory and runs it with an
 * EMPTY environment (no PATH, so no `node` to find): version, its own emulator, and validate,
 * plan, apply, plan (empty) against that emulator.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headCommit, importTfFiles, root, runFile, startCliEmulator, validatePlanApplyPlan, type CliEmulator } from './installed-cli.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'binary-test-token-8a6c4e2f0b';

describe('the single executable (npm run build:binary)', () => {
  let dir: string;
  let bin: string;
  let emulator: CliEmulator | undefined;

  beforeAll(() => {
    dir = tempDir('binary');
    bin = join(dir, 'zonectl');
    execFileSync(process.execPath, [join(root, 'scripts', 'build-binary.mjs'), bin], { cwd: root, stdio: 'pipe' });
  }, 180_000);
  afterAll(async () => {
    await emulator?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('prints its version and commit with no PATH at all (no node to find), and nothing else', async () => {
    const r = await runFile(bin, ['version'], {}, dir);
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(new RegExp(`^zonectl 0\\.1\\.0 \\(commit ${headCommit()}(-dirty)?\\)\\n$`));
  });

  it('runs its own emulator and validate, plan, apply, plan (empty) against it', async () => {
    emulator = await startCliEmulator(bin, ['--zone', 'example.com', '--token', TOKEN], {});
    const r = await validatePlanApplyPlan(bin, emulator.baseUrl, TOKEN, {});
    expect(r.validate.code, r.validate.stderr).toBe(0);
    expect(r.validate.stdout).toContain('valid (4 records)');
    expect(r.plan.code, r.plan.stderr).toBe(2);
    expect(r.apply.code, r.apply.stderr).toBe(0);
    expect(r.apply.stdout).toContain('verified: a new plan is empty');
    expect(r.replan.code, r.replan.stdout + r.replan.stderr).toBe(0);
  });

  it('imports Terraform .tf files with the HCL parser it carries as an asset; its licence lies beside it', async () => {
    const r = await importTfFiles(bin, {});
    expect(r.good.code, r.good.stderr).toBe(0);
    expect(r.zoneFile).toContain('{ name: www, type: A, content: 192.0.2.10, proxied: true }');
    expect(r.bad.code).toBe(1);
    expect(r.bad.stderr).toMatch(/bad\.tf:2: not valid HCL/);
    expect(r.badWrote).toBe(false);
    expect(readFileSync(join(dir, 'zonectl-third-party', 'hcl2json', 'LICENSE'), 'utf8')).toContain('Mozilla Public License Version 2.0');
  });

  it('a bad zone file is an error naming file and line, exit 1, no stack trace', async () => {
    const r = await runFile(bin, ['validate', join(root, 'test', 'install', 'no-such-file.yaml')], {}, dir);
    expect(r.code).toBe(1);
    // validate prints its problem lines on stdout, as linters do.
    expect(r.stdout).toMatch(/no-such-file\.yaml:1:1: file not found/);
    expect(r.stdout + r.stderr).not.toMatch(/\n\s+at /);
  });
});
