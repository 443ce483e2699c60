/**
 * Issue 39 items 4 and 5: the GitLab recipes' plan job (examples/ci/gitlab, run as the runner runs
 * it: run-gitlab-job.ts) in a merge request that controls every file of the checkout.
 *
 * - Item 4: the merge request commits `plan.md`, `zonectl-note.json` and the job's report directory
 *   as links to files outside the checkout (stand-ins for `~/.bashrc`, `~/.profile`, a directory of
 *   the runner): nothing is ever written through them. The job writes only into a directory it
 *   makes itself, and refuses a checkout that already holds its name.
 * - Item 5: the merge request replaces the vendored tarball with a package of its own: the job,
 *   which holds the read-only token and the note token, never runs it. The recipe installs only the
 *   tarball whose SHA-256 it names (set here as the project's CI/CD variable, which takes precedence
 *   over the YAML, https://docs.gitlab.com/ci/variables/#cicd-variable-precedence).
 */
import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { FakeGitLab } from '../ci-recipes/fake-gitlab.js';
import { type GitLabPipeline, runGitLabJob } from '../ci-recipes/run-gitlab-job.js';
import { bash } from '../ci-recipes/run-action.js';
import { SMALL_ZONE } from '../fixtures/small-zone.js';
import { isolatedNpmEnv, packTarball } from '../install/installed-cli.js';
import { tempDir } from '../support/temp-dir.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TOKEN = 'gitlab-recipe-files-token-5e1c9a7b3d2f';
const NOTE_TOKEN = 'glpat-recipe-files';
const BASHRC = '# the runner user\'s ~/.bashrc\nexport PATH="$HOME/bin:$PATH"\n';
const PROFILE = "# the runner user's ~/.profile\n";

/** Each GitLab pipeline of the docs: its file, and the read-only variables its plan job reads. */
const RECIPES = [
  { file: 'examples/ci/gitlab/.gitlab-ci.yml', read: { CLOUDFLARE_API_TOKEN_READ: TOKEN }, accounts: false },
  { file: 'examples/ci/gitlab/two-accounts.gitlab-ci.yml', read: { CF_MAIN_TOKEN_READ: TOKEN, CF_SHOP_TOKEN_READ: TOKEN }, accounts: true },
] as const;

const TWO_ACCOUNTS = `version: 1
accounts:
  main:
    credentials: { token_env: CF_MAIN_TOKEN }
  shop:
    credentials: { token_env: CF_SHOP_TOKEN }
`;

describe('the GitLab recipes’ plan job never writes through the checkout, never runs its files', () => {
  let emulator: RunningEmulator;
  let tarball: string;
  let sha256: string;
  const gitlab = new FakeGitLab(NOTE_TOKEN);

  beforeAll(async () => {
    await gitlab.start();
    emulator = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN });
    tarball = packTarball();
    sha256 = createHash('sha256').update(readFileSync(tarball)).digest('hex');
  }, 180_000);
  afterAll(async () => {
    gitlab.close();
    await emulator.close();
  });

  /** A merge request's checkout: a zone file, zonectl.yaml for the two-account recipe, the vendored tarball. */
  function checkout(accounts: boolean): string {
    const project = tempDir('mr-checkout');
    mkdirSync(join(project, 'zones'));
    mkdirSync(join(project, 'vendor'));
    const zone = SMALL_ZONE.replace('192.0.2.10', '192.0.2.11');
    writeFileSync(
      join(project, 'zones', 'example.com.yaml'),
      accounts ? zone.replace('zone: example.com\n', 'zone: example.com\naccount: main\n') : zone,
    );
    if (accounts) writeFileSync(join(project, 'zonectl.yaml'), TWO_ACCOUNTS);
    copyFileSync(tarball, join(project, 'vendor', 'zonectl-0.1.0.tgz'));
    return project;
  }

  /** The job's environment: the project's CI/CD variables (the tarball's SHA-256 among them), the merge request's predefined ones. */
  function jobEnv(read: Record<string, string>, jobId: string): Record<string, string> {
    const prefix = join(tempDir('mr-prefix'), 'npm');
    return {
      ...(isolatedNpmEnv(tempDir('mr-npm')) as Record<string, string>),
      PATH: `${join(prefix, 'bin')}:${dirname(process.execPath)}:/usr/bin:/bin`,
      npm_config_prefix: prefix,
      NO_COLOR: '1',
      CLOUDFLARE_BASE_URL: emulator.baseUrl,
      ...read,
      GITLAB_NOTE_TOKEN: NOTE_TOKEN,
      VENDORED_ZONECTL_SHA256: sha256,
      CI_API_V4_URL: gitlab.apiUrl,
      CI_PROJECT_ID: gitlab.project,
      CI_MERGE_REQUEST_IID: gitlab.iid,
      CI_PIPELINE_SOURCE: 'merge_request_event',
      CI_JOB_ID: jobId,
    };
  }

  const load = (file: string): GitLabPipeline & Record<string, unknown> =>
    parseYaml(readFileSync(join(root, file), 'utf8')) as GitLabPipeline & Record<string, unknown>;

  it.each(RECIPES)(
    '$file: plan.md and zonectl-note.json committed as links out of the checkout: nothing written through them',
    async (recipe) => {
      const outside = tempDir('runner-home');
      writeFileSync(join(outside, '.bashrc'), BASHRC);
      writeFileSync(join(outside, '.profile'), PROFILE);
      const project = checkout(recipe.accounts);
      symlinkSync(join(outside, '.bashrc'), join(project, 'plan.md'));
      symlinkSync(join(outside, '.profile'), join(project, 'zonectl-note.json'));
      const before = gitlab.requests.length;
      const run = await runGitLabJob(load(recipe.file), 'plan', project, jobEnv(recipe.read, '4401'));
      expect(readFileSync(join(outside, '.bashrc'), 'utf8')).toBe(BASHRC);
      expect(readFileSync(join(outside, '.profile'), 'utf8')).toBe(PROFILE);
      expect(readdirSync(outside).sort()).toEqual(['.bashrc', '.profile']);
      // The job did its work elsewhere: it planned, and the note holds the plan.
      expect(run.code, run.stderr).toBe(0);
      const posted = gitlab.requests.slice(before).filter((r) => r.method !== 'GET');
      expect((JSON.parse(posted.at(-1)!.body) as { body: string }).body).toMatch(/^<!-- zonectl plan -->\n[\s\S]*example\.com/);
    },
  );

  it.each(RECIPES)(
    "$file: the job's own report directory committed as a link: refused, nothing written, nothing posted",
    async (recipe) => {
      const outside = tempDir('runner-dir');
      const project = checkout(recipe.accounts);
      // Every directory name a job of the recipe writes into, committed as a link to the runner's directory.
      for (const dir of ['zonectl-report']) symlinkSync(outside, join(project, dir));
      const before = gitlab.requests.length;
      const run = await runGitLabJob(load(recipe.file), 'plan', project, jobEnv(recipe.read, '4402'));
      expect(readdirSync(outside)).toEqual([]);
      expect(run.code).not.toBe(0);
      expect(run.stderr).toMatch(/zonectl-report.*(exists|refused)/);
      expect(gitlab.requests.length).toBe(before);
    },
  );

  it.each(RECIPES)('$file: a vendored tarball the merge request replaced is never run, though the job holds the tokens', async (recipe) => {
    const marker = join(tempDir('ran'), 'ran-with.json');
    // A package named zonectl whose every command writes down the environment it got.
    const evil = tempDir('evil-package');
    mkdirSync(join(evil, 'package'));
    writeFileSync(
      join(evil, 'package', 'package.json'),
      JSON.stringify({ name: 'zonectl', version: '0.1.0', bin: { zonectl: 'zonectl.js' } }),
    );
    writeFileSync(
      join(evil, 'package', 'zonectl.js'),
      `#!/usr/bin/env node\nrequire('fs').writeFileSync(${JSON.stringify(marker)}, JSON.stringify(process.env));\n`,
    );
    chmodSync(join(evil, 'package', 'zonectl.js'), 0o755);
    const project = checkout(recipe.accounts);
    const made = await bash(`tar -czf vendor/zonectl-0.1.0.tgz -C ${JSON.stringify(evil)} package`, project, { PATH: '/usr/bin:/bin' });
    expect(made.code, made.stderr).toBe(0);
    const before = gitlab.requests.length;
    const run = await runGitLabJob(load(recipe.file), 'plan', project, jobEnv(recipe.read, '4403'));
    expect(existsSync(marker), 'the merge request’s zonectl ran in the job').toBe(false);
    expect(run.code).not.toBe(0);
    expect(run.stderr).toMatch(/SHA-256/);
    expect(gitlab.requests.length).toBe(before);
  });
});
