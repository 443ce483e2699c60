/**
 * Issue 20, item 1: the npm tarball installs globally and runs. `npm pack` of the package as it
 * is published, `npm install -g --prefix TMP ./zonectl-X.Y.Z.tgz --offline` (offline with an empty
 * cache: it only works because nothing is a dependency any more), then the installed `zonectl`,
 * with no access to the repository's node_modules, runs its own emulator and the main job
 * against it: validate, plan, apply, plan (empty).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  headCommit,
  importTfFiles,
  installGlobally,
  packTarball,
  runFile,
  startCliEmulator,
  validatePlanApplyPlan,
  type CliEmulator,
} from './installed-cli.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'pack-install-token-5d7f9b1c3e';

describe('npm pack, npm install -g, zonectl', () => {
  let tarball: string;
  let prefix: string;
  let bin: string;
  let env: Record<string, string>;
  let emulator: CliEmulator | undefined;

  beforeAll(() => {
    tarball = packTarball();
    prefix = join(tempDir('prefix'), 'prefix');
    bin = installGlobally(tarball, prefix);
    // Node itself, and nothing of the repository: no NODE_PATH, and the cwd is a temporary directory.
    env = { PATH: `${join(prefix, 'bin')}:${dirname(process.execPath)}`, HOME: dirname(prefix) };
  }, 120_000);
  afterAll(() => emulator?.stop());

  it('the tarball holds the bundle, the schema and the README, no source maps, and declares no dependencies', () => {
    const files = execFileSync('tar', ['-tzf', tarball], { encoding: 'utf8' })
      .split('\n')
      .filter((f) => f !== '');
    expect(files).toContain('package/dist/bundle/zonectl.js');
    expect(files).toContain('package/schemas/zone.schema.json');
    expect(files).toContain('package/README.md');
    expect(files.filter((f) => f.endsWith('.map'))).toEqual([]);
    // HashiCorp's HCL parser for .tf files, with its licence beside it (scripts/hcl-parser-files.mjs).
    for (const f of ['main.wasm.gz', 'LICENSE', 'LICENSE-go', 'NOTICE.md'])
      expect(files).toContain(`package/dist/bundle/chunks/hcl2json/${f}`);
    expect(files.filter((f) => !/^package\/(dist\/bundle\/|schemas\/|README\.md$|package\.json$)/.test(f))).toEqual([]);
    const pkg = JSON.parse(execFileSync('tar', ['-xzOf', tarball, 'package/package.json'], { encoding: 'utf8' })) as Record<
      string,
      unknown
    >;
    expect(pkg.dependencies).toBeUndefined();
    expect(pkg.optionalDependencies).toBeUndefined();
    expect(pkg.peerDependencies).toBeUndefined();
  });

  it('installs the package alone (no node_modules under it) and `zonectl version` names the version and the commit', async () => {
    expect(existsSync(bin)).toBe(true);
    expect(readdirSync(join(prefix, 'lib', 'node_modules'))).toEqual(['zonectl']);
    expect(existsSync(join(prefix, 'lib', 'node_modules', 'zonectl', 'node_modules'))).toBe(false);
    const r = await runFile('zonectl', ['version'], env, dirname(prefix));
    expect(r.stderr).toBe('');
    expect(r.stdout).toMatch(new RegExp(`^zonectl 0\\.1\\.0 \\(commit ${headCommit()}(-dirty)?\\)\\n$`));
    expect((await runFile('zonectl', ['--version'], env, dirname(prefix))).stdout).toBe('0.1.0\n');
  });

  it('imports Terraform .tf files with the HCL parser it carries; HCL that does not parse is an error at its line', async () => {
    const r = await importTfFiles(bin, env);
    expect(r.good.code, r.good.stderr).toBe(0);
    expect(r.zoneFile).toContain('{ name: www, type: A, content: 192.0.2.10, proxied: true }');
    expect(r.bad.code).toBe(1);
    expect(r.bad.stderr).toMatch(/bad\.tf:2: not valid HCL/);
    expect(r.bad.stderr).not.toMatch(/\n\s+at /);
    expect(r.badWrote).toBe(false);
  });

  it('runs its own emulator and validate, plan, apply, plan (empty) against it', async () => {
    emulator = await startCliEmulator(bin, ['--zone', 'example.com', '--token', TOKEN], env);
    const r = await validatePlanApplyPlan(bin, emulator.baseUrl, TOKEN, env);
    expect(r.validate.code, r.validate.stderr).toBe(0);
    expect(r.plan.code, r.plan.stderr).toBe(2);
    expect(r.plan.stdout).toContain('example.com');
    expect(r.apply.code, r.apply.stderr).toBe(0);
    expect(r.replan.code, r.replan.stdout + r.replan.stderr).toBe(0);
  });
});
