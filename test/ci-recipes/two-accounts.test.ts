/**
 * Issue 33 item 3 (the recipe), issue 44 (written by `zonectl init --ci` for the two-account
 * repository, recipes-from-init.test.ts): examples/ci/github-two-accounts, run as the runner runs
 * it (run-workflow.ts) against an emulator serving two accounts, each with its own user. The
 * repository's zonectl.yaml is the README's (test/fixtures/ci-repos/two-accounts, the account ids
 * put in so that a new zone can be created); each
 * account gets a read-only token (Zone Read + DNS Read, made through the API) for the plan job
 * and its own write token for the apply job, each passed as that account's `token_env` through
 * `env:`. The pull request changes a fragment both accounts' zones include and adds a zone to the
 * second account: the plan runs with the read-only tokens (which cannot apply: the apply job given
 * them is refused before writing), the apply job creates the zone and applies every change with
 * the write tokens, and a second plan is empty.
 */
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { isolatedNpmEnv, packTarball } from '../install/installed-cli.js';
import { bash, makeActionCheckout, type ActionContext } from './run-action.js';
import { type GitLabPipeline, runGitLabJob } from './run-gitlab-job.js';
import { loadWorkflow, runJob } from './run-workflow.js';
import { FakeGitHub } from './fake-github.js';
import { tempDir } from '../support/temp-dir.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const PLAN_RECIPE = join(root, 'examples', 'ci', 'github-two-accounts', 'zonectl-plan.yml');
const APPLY_RECIPE = join(root, 'examples', 'ci', 'github-two-accounts', 'zonectl-apply.yml');
const CONFIG = readFileSync(join(root, 'test', 'fixtures', 'ci-repos', 'two-accounts', 'zonectl.yaml'), 'utf8');
const GITLAB_RECIPE = join(root, 'examples', 'ci', 'gitlab', 'two-accounts.gitlab-ci.yml');
const MAIN = 'two-accounts-main-0123456789abcdef0123';
const SHOP = 'two-accounts-shop-0123456789abcdef0123';
const DNS_READ = '82e64a83756745bbbb1c9c2701bf816b';
const ZONE_READ = 'c8fed203ed3043cba015a93ad1616f1f';

describe('the two-account recipe', () => {
  let emulator: RunningEmulator;
  let action: ActionContext;
  const github = {
    'github.repository': 'acme/dns',
    'github.event_name': 'pull_request',
    'github.token': 'ghs_fake',
    'github.event.pull_request.number': '7',
    'github.event.pull_request.head.repo.full_name': 'acme/dns',
  };
  const fakeGitHub = new FakeGitHub('ghs_fake');
  const readTokens: Record<string, string> = {};
  let ids: { main: string; shop: string };
  /** The repository's zonectl.yaml with the emulator's account ids (a new zone is created in its account). */
  const withIds = (config: string): string =>
    config.replace('  main:\n', `  main:\n    account_id: ${ids.main}\n`).replace('  shop:\n', `  shop:\n    account_id: ${ids.shop}\n`);
  const zone = (name: string, account: string, ip: string): string =>
    `version: 1\nzone: ${name}\naccount: ${account}\ninclude: [../shared/mail.yaml]\nrecords:\n  - { name: www, type: A, content: ${ip} }\n`;
  const MAIL = 'version: 1\nrecords:\n  - { name: "@", type: MX, content: mx1.example.net, priority: 10 }\n';

  const api = async (token: string, method: string, path: string, body?: unknown): Promise<{ result: unknown }> => {
    const res = await fetch(`${emulator.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
    return (await res.json()) as { result: unknown };
  };
  const zoneNamed = async (token: string, name: string): Promise<{ id: string; account: { id: string } } | undefined> =>
    ((await api(token, 'GET', `/zones?name=${name}`)).result as Array<{ id: string; account: { id: string } }>)[0];
  const recordsOf = async (token: string, name: string): Promise<string[]> => {
    const zone = await zoneNamed(token, name);
    const records = (await api(token, 'GET', `/zones/${zone!.id}/dns_records`)).result as Array<{
      name: string;
      type: string;
      content: string;
    }>;
    return records.map((r) => `${r.name} ${r.type} ${r.content}`).sort();
  };

  beforeAll(async () => {
    await fakeGitHub.start();
    emulator = await startEmulator({ port: 0, zones: ['example.com'], token: MAIN, accounts: [{ token: SHOP, zones: ['shop.example'] }] });
    const base = tempDir('two-accounts');
    action = makeActionCheckout(root, base, {
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: base,
      NO_COLOR: '1',
      CLOUDFLARE_BASE_URL: emulator.baseUrl,
      GITHUB_API_URL: fakeGitHub.url,
    });
    // The bundle the job's first action step builds (the action reuses it; action.test.ts builds it through the action).
    await bash('node scripts/bundle.mjs', action.actionPath, { PATH: action.env.PATH });
    ids = { main: emulator.accountId, shop: emulator.accounts[0]!.accountId };
    // Each account's user makes its own read-only token (Zone Read + DNS Read on its account).
    for (const [name, admin] of [
      ['main', MAIN],
      ['shop', SHOP],
    ] as const) {
      const made = await api(admin, 'POST', '/user/tokens', {
        name: `zonectl plan (${name})`,
        policies: [
          {
            effect: 'allow',
            permission_groups: [{ id: DNS_READ }, { id: ZONE_READ }],
            resources: { [`com.cloudflare.api.account.${ids[name]}`]: { 'com.cloudflare.api.account.zone.*': '*' } },
          },
        ],
      });
      readTokens[name] = (made.result as { value: string }).value;
    }
    const config = CONFIG;
    expect(config).toMatch(/token_env: CF_MAIN_TOKEN[\s\S]*token_env: CF_SHOP_TOKEN/);
    const ws = action.workspace;
    mkdirSync(join(ws, 'zones'), { recursive: true });
    mkdirSync(join(ws, 'shared'), { recursive: true });
    writeFileSync(join(ws, 'zonectl.yaml'), withIds(config));
    writeFileSync(join(ws, 'shared', 'mail.yaml'), MAIL);
    writeFileSync(join(ws, 'zones', 'example.com.yaml'), zone('example.com', 'main', '192.0.2.40'));
    writeFileSync(join(ws, 'zones', 'shop.example.yaml'), zone('shop.example', 'shop', '192.0.2.40'));
    writeFileSync(join(ws, 'zones', 'new-shop.example.yaml'), zone('new-shop.example', 'shop', '192.0.2.40'));
  }, 180_000);
  afterAll(async () => {
    fakeGitHub.close();
    await emulator.close();
  });

  it('each job passes each account its own secret through env: read-only for plan, write for apply', async () => {
    const plan = await loadWorkflow(PLAN_RECIPE);
    const apply = await loadWorkflow(APPLY_RECIPE);
    expect([...plan.errors, ...apply.errors]).toEqual([]);
    expect([...plan.events, ...apply.events].sort()).toEqual(['pull_request', 'push']);
    expect(plan.workflow.jobs.plan.env).toEqual({
      CF_MAIN_TOKEN: '${{ secrets.CF_MAIN_TOKEN_READ }}',
      CF_SHOP_TOKEN: '${{ secrets.CF_SHOP_TOKEN_READ }}',
    });
    expect(apply.workflow.jobs.apply.env).toEqual({
      CF_MAIN_TOKEN: '${{ secrets.CF_MAIN_TOKEN_WRITE }}',
      CF_SHOP_TOKEN: '${{ secrets.CF_SHOP_TOKEN_WRITE }}',
    });
    expect(apply.workflow.jobs.apply.environment).toBe('dns-production');
  });

  it('plans with read-only tokens; those cannot apply; the write tokens apply every change (a new zone too); a second plan is empty', async () => {
    const { workflow } = await loadWorkflow(PLAN_RECIPE);
    const { workflow: applyWorkflow } = await loadWorkflow(APPLY_RECIPE);
    const read = { 'secrets.CF_MAIN_TOKEN_READ': readTokens.main!, 'secrets.CF_SHOP_TOKEN_READ': readTokens.shop! };
    const pr = await runJob(workflow, 'plan', { ...github, ...read }, action);
    expect(pr.code, pr.stderr).toBe(0);
    expect(pr.ran).toEqual(['Validate (no API call)', 'Lint (no API call)', 'Plan', 'One comment with the findings and the plan']);
    expect(pr.outputs.plan.changes).toBe('true');
    for (const zone of ['example.com', 'shop.example', 'new-shop.example']) expect(pr.outputs.plan.markdown).toContain(`\`${zone}\``);

    // The read-only tokens in the apply job: refused before anything is written.
    const push = { ...github, 'github.event_name': 'push' };
    const refused = await runJob(
      applyWorkflow,
      'apply',
      { ...push, 'secrets.CF_MAIN_TOKEN_WRITE': readTokens.main!, 'secrets.CF_SHOP_TOKEN_WRITE': readTokens.shop! },
      action,
    );
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/MISSING_PERMISSION|403/);
    expect(await zoneNamed(SHOP, 'new-shop.example')).toBeUndefined();
    expect(await recordsOf(MAIN, 'example.com')).not.toContain('example.com MX mx1.example.net');

    const merged = await runJob(
      applyWorkflow,
      'apply',
      { ...push, 'secrets.CF_MAIN_TOKEN_WRITE': MAIN, 'secrets.CF_SHOP_TOKEN_WRITE': SHOP },
      action,
    );
    expect(merged.code, merged.stderr).toBe(0);
    expect(merged.ran).toEqual([
      'Plan (saved, so the apply is exactly what was shown)',
      'Apply (refused when live state changed since the plan)',
    ]);
    expect((await zoneNamed(SHOP, 'new-shop.example'))?.account.id).toBe(emulator.accounts[0]!.accountId);
    for (const [token, zone] of [
      [MAIN, 'example.com'],
      [SHOP, 'shop.example'],
      [SHOP, 'new-shop.example'],
    ] as const)
      expect(await recordsOf(token, zone)).toEqual(expect.arrayContaining([`${zone} MX mx1.example.net`, `www.${zone} A 192.0.2.40`]));

    const again = await runJob(workflow, 'plan', { ...github, ...read }, action);
    expect(again.code, again.stderr).toBe(0);
    expect(again.outputs.plan.changes, again.outputs.plan.markdown).toBe('false');
  });
  it("the GitLab variant: plan with each account's read-only variable, apply with its write variable, a new zone created; a second plan is empty", async () => {
    const ci = parseYaml(readFileSync(GITLAB_RECIPE, 'utf8')) as GitLabPipeline &
      Record<string, unknown> & { apply: { environment?: { name: string } } };
    expect(ci.apply.environment?.name).toBe('dns-production');
    const project = tempDir('two-accounts-gitlab');
    for (const d of ['zones', 'shared', 'vendor']) mkdirSync(join(project, d));
    writeFileSync(join(project, 'zonectl.yaml'), withIds(CONFIG));
    writeFileSync(join(project, 'shared', 'mail.yaml'), MAIL);
    writeFileSync(join(project, 'zones', 'example.com.yaml'), zone('example.com', 'main', '192.0.2.41'));
    writeFileSync(join(project, 'zones', 'shop.example.yaml'), zone('shop.example', 'shop', '192.0.2.41'));
    writeFileSync(join(project, 'zones', 'gl-new.example.yaml'), zone('gl-new.example', 'shop', '192.0.2.41'));
    const tarball = packTarball();
    copyFileSync(tarball, join(project, 'vendor', 'zonectl-0.1.0.tgz'));
    const prefix = join(tempDir('two-accounts-prefix'), 'npm');
    const jobDir = join(tempDir('two-accounts-job'), 'zonectl-7331');
    const env: Record<string, string> = {
      ...(isolatedNpmEnv(tempDir('two-accounts-npm')) as Record<string, string>),
      PATH: `${join(prefix, 'bin')}:${dirname(process.execPath)}:/usr/bin:/bin`,
      npm_config_prefix: prefix,
      NO_COLOR: '1',
      CLOUDFLARE_BASE_URL: emulator.baseUrl,
      CI_JOB_ID: '7331',
      // The recipe's job directory (/tmp/zonectl-$CI_JOB_ID) set as a runner's project variable
      // would: under this test's own temporary directory, so that two runs at once never meet.
      JOB_DIR: jobDir,
      VENDORED_ZONECTL_SHA256: createHash('sha256').update(readFileSync(tarball)).digest('hex'),
    };
    const read = { CF_MAIN_TOKEN_READ: readTokens.main!, CF_SHOP_TOKEN_READ: readTokens.shop! };
    const runJobScript = (job: string, variables: Record<string, string>): Promise<{ code: number; stderr: string }> =>
      runGitLabJob(ci, job, project, { ...env, ...variables });
    const plan = await runJobScript('plan', read);
    expect(plan.code, plan.stderr).toBe(0);
    const report = readFileSync(join(project, 'zonectl-report', 'plan.md'), 'utf8');
    for (const z of ['example.com', 'shop.example', 'gl-new.example']) expect(report).toContain(`\`${z}\``);
    // The read-only variables in place of the write ones: refused before anything is written.
    const refused = await runJobScript('apply', { CF_MAIN_TOKEN_WRITE: readTokens.main!, CF_SHOP_TOKEN_WRITE: readTokens.shop! });
    expect(refused.code).not.toBe(0);
    expect(await zoneNamed(SHOP, 'gl-new.example')).toBeUndefined();
    const applied = await runJobScript('apply', { CF_MAIN_TOKEN_WRITE: MAIN, CF_SHOP_TOKEN_WRITE: SHOP });
    expect(applied.code, applied.stderr).toBe(0);
    expect(existsSync(jobDir)).toBe(false);
    for (const [token, z] of [
      [MAIN, 'example.com'],
      [SHOP, 'shop.example'],
      [SHOP, 'gl-new.example'],
    ] as const)
      expect(await recordsOf(token, z)).toEqual(expect.arrayContaining([`${z} MX mx1.example.net`, `www.${z} A 192.0.2.41`]));
    const again = await bash(
      'CF_MAIN_TOKEN="$CF_MAIN_TOKEN_READ" CF_SHOP_TOKEN="$CF_SHOP_TOKEN_READ" zonectl plan zones/ --detailed-exitcode',
      project,
      {
        ...env,
        ...read,
      },
    );
    expect(again.code, again.stderr).toBe(0);
  }, 180_000);
});
