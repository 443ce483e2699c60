/**
 * src/core/ci: the CI files `zonectl init --ci` writes, from data (issue 44 item 1). GitHub's
 * workflows are read by GitHub's own parser (@actions/workflow-parser); GitLab's pipeline is checked
 * against GitLab's own schema of `.gitlab-ci.yml` (test/fixtures/gitlab-ci, SOURCE.md). For one
 * account and for two: each credential variable read from its `_READ` secret in plan and drift and
 * its `_WRITE` secret in apply, the `ZONECTL_*` variables passed, the path triggers, the action as
 * given, and no `${{ }}` in a script.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Ajv } from 'ajv';
import { convertWorkflowTemplate, NoOperationTraceWriter, parseWorkflow } from '@actions/workflow-parser';
import { parse as parseYaml } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  type CiRepository,
  gitHubPaths,
  gitHubWorkflows,
  gitLabChanges,
  gitLabPipeline,
  unwritablePath,
} from '../../../src/core/ci/index.js';

const schema = JSON.parse(readFileSync(join(import.meta.dirname, '..', '..', 'fixtures', 'gitlab-ci', 'ci.schema.json'), 'utf8')) as object;
const validateGitLab = new Ajv({ strict: false, allErrors: true, validateFormats: false }).compile(schema);

const base: CiRepository = {
  version: '0.1.0',
  paths: ['zones/'],
  dependencies: ['shared/mail.yaml', 'zonectl.yaml', 'zones/example.com.yaml', 'zones/org/example.org.yaml'],
  repositoryConfig: 'zonectl.yaml',
  credentials: [{ tokenEnv: 'CLOUDFLARE_API_TOKEN', accounts: [] }],
  variables: [],
  branch: 'main',
  action: 'my-org/zonectl@0123456789abcdef0123456789abcdef01234567',
  tarball: { path: 'vendor/zonectl-0.1.0.tgz', sha256: 'a'.repeat(64) },
};
const twoAccounts: CiRepository = {
  ...base,
  credentials: [
    { tokenEnv: 'CLOUDFLARE_TOKEN', accounts: ['main'] },
    { tokenEnv: 'CF_SHOP_TOKEN', accounts: ['shop', 'shop-eu'] },
  ],
  variables: ['ZONECTL_MAIN_ACCOUNT_ID'],
};

async function gitHubErrors(text: string): Promise<string[]> {
  const parsed = parseWorkflow({ name: 'w.yml', content: text }, new NoOperationTraceWriter());
  const errors = parsed.context.errors.getErrors().map((e) => e.message);
  const template = await convertWorkflowTemplate(parsed.context, parsed.value!);
  return [...errors, ...(template.errors ?? []).map((e) => e.Message)];
}

type Job = { env?: Record<string, string>; steps?: Array<{ uses?: string; run?: string; if?: string; with?: Record<string, string> }> };

describe('the GitHub workflows', () => {
  it.each([
    ['one account', base],
    ['two accounts', twoAccounts],
  ] as const)('%s: GitHub’s parser reads them; each job reads each variable from its own secret', async (_name, repo) => {
    const files = gitHubWorkflows(repo);
    expect(files.map((f) => f.path)).toEqual([
      '.github/workflows/zonectl-plan.yml',
      '.github/workflows/zonectl-apply.yml',
      '.github/workflows/zonectl-drift.yml',
    ]);
    for (const f of files) expect(await gitHubErrors(f.text), f.path).toEqual([]);
    const [plan, apply, drift] = files.map((f) => parseYaml(f.text) as { on: Record<string, unknown>; jobs: Record<string, Job> });
    const env = (suffix: string): Record<string, string> => ({
      ...Object.fromEntries(repo.credentials.map((c) => [c.tokenEnv, `\${{ secrets.${c.tokenEnv}_${suffix} }}`])),
      ...Object.fromEntries(repo.variables.map((v) => [v, `\${{ vars.${v} }}`])),
    });
    expect(plan!.jobs.plan!.env).toEqual(env('READ'));
    expect(drift!.jobs.drift!.env).toEqual(env('READ'));
    expect(apply!.jobs.apply!.env).toEqual(env('WRITE'));
    expect(plan!.on).toEqual({ pull_request: { paths: ['shared/**', 'zones/**', 'zonectl.yaml'] } });
    expect(apply!.on).toEqual({ push: { branches: ['main'], paths: ['shared/**', 'zones/**', 'zonectl.yaml'] } });
    const steps = [plan!, apply!, drift!].flatMap((w) => Object.values(w.jobs).flatMap((j) => j.steps ?? []));
    for (const s of steps.filter((s) => s.uses?.includes('zonectl'))) expect(s.uses).toBe(repo.action);
    for (const s of steps) expect(s.run ?? '').not.toContain('${{');
    // The plan runs when any account has a token (a fork's job has none).
    expect(plan!.jobs.plan!.steps!.find((s) => s.with?.command === 'plan')?.if).toBe(
      repo.credentials.map((c) => `env.${c.tokenEnv} != ''`).join(' || '),
    );
  });
});

describe('--adopt-pr: the nightly drift workflow with the adopt job', () => {
  const driftOf = (repo: CiRepository): string => gitHubWorkflows(repo).find((f) => f.path.endsWith('zonectl-drift.yml'))!.text;

  it.each([
    ['one account', base],
    ['two accounts', twoAccounts],
  ] as const)('%s: GitHub’s parser reads it; only the adopt job writes; nothing of the default workflow changes', async (_name, repo) => {
    const text = driftOf({ ...repo, adoptPr: true });
    expect(await gitHubErrors(text)).toEqual([]);
    const wf = parseYaml(text) as {
      permissions: Record<string, string>;
      jobs: Record<string, Job & { needs?: string; if?: string; permissions?: Record<string, string>; outputs?: Record<string, string> }>;
    };
    expect(wf.permissions).toEqual({ contents: 'read', issues: 'write' });
    expect(wf.jobs.drift!.permissions).toBeUndefined();
    expect(wf.jobs.drift!.outputs).toEqual({ changes: '${{ steps.drift.outputs.changes }}' });
    expect(wf.jobs.adopt).toMatchObject({ needs: 'drift', if: "needs.drift.outputs.changes == 'true'" });
    expect(wf.jobs.adopt!.permissions).toEqual({ contents: 'write', 'pull-requests': 'write', issues: 'write' });
    // The adopt job reads each account's READ-ONLY token, as the drift job does; never a write token.
    expect(wf.jobs.adopt!.env).toEqual(wf.jobs.drift!.env);
    expect(text).not.toContain('_WRITE');
    const steps = wf.jobs.adopt!.steps!;
    expect(steps[0]).toMatchObject({ uses: 'actions/checkout@v6', with: { 'persist-credentials': false } });
    expect(steps[1]).toMatchObject({ uses: repo.action, with: { command: 'adopt', paths: 'zones/' } });
    expect(steps[2]!.run).toBe('node "$ACTION_PATH/scripts/github-adopt-pr.mjs"');
    for (const step of steps) expect(step.run ?? '').not.toContain('${{');
    // Without the flag: the default workflow, whose lines all stay, in order, in the one with it.
    const plain = driftOf(repo).split('\n');
    expect(driftOf({ ...repo, adoptPr: false }).split('\n')).toEqual(plain);
    const withAdopt = text.split('\n');
    let at = 0;
    for (const line of plain) {
      at = withAdopt.indexOf(line, at);
      expect(at, line).toBeGreaterThanOrEqual(0);
      at += 1;
    }
    expect(plain.join('\n')).not.toMatch(/adopt/);
  });
});

describe('the GitLab pipeline', () => {
  it.each([
    ['one account', base],
    ['two accounts', twoAccounts],
    ['no tarball found yet (the docs)', { ...base, tarball: { path: 'vendor/zonectl-0.1.0.tgz' } }],
  ] as ReadonlyArray<readonly [string, CiRepository]>)(
    '%s: valid against GitLab’s schema; each job sets each variable from its own',
    (_name, repo) => {
      const file = gitLabPipeline(repo);
      expect(file.path).toBe('.gitlab-ci.yml');
      const ci = parseYaml(file.text) as Record<string, { script?: string[] }> & { variables: Record<string, string> };
      expect(validateGitLab(ci), JSON.stringify(validateGitLab.errors)).toBe(true);
      expect(ci.variables.VENDORED_ZONECTL_SHA256).toBe(
        repo.tarball.sha256 ?? 'the SHA-256 of the tarball (zonectl init --ci gitlab writes it)',
      );
      const plan = ci.plan!.script!.join('\n');
      const drift = ci.drift!.script!.join('\n');
      const apply = ci.apply!.script!.join('\n');
      for (const c of repo.credentials) {
        expect(plan).toContain(`${c.tokenEnv}="$${c.tokenEnv}_READ"`);
        expect(drift).toContain(`${c.tokenEnv}="$${c.tokenEnv}_READ"`);
        expect(apply).toContain(`${c.tokenEnv}="$${c.tokenEnv}_WRITE"`);
      }
      expect((ci as unknown as Record<string, unknown>)['.zone-dependencies']).toEqual(['shared/**/*', 'zones/**/*', 'zonectl.yaml']);
    },
  );

  it('the schema catches what GitLab refuses (a misspelt key), so the check above can fail', () => {
    const ci = parseYaml(gitLabPipeline(base).text) as Record<string, Record<string, unknown>>;
    ci.plan!.rulez = ci.plan!.rules;
    expect(validateGitLab(ci)).toBe(false);
  });
});

describe('path triggers and the paths written', () => {
  it('the folders of the zone files and fragments, zonectl.yaml by name; a folder inside another left out; a root file named', () => {
    const repo = {
      paths: ['zones/', 'dns/extra.yaml'],
      dependencies: ['zones/a.yaml', 'zones/org/b.yaml', 'shared/mail/x.yaml', 'root-zone.yaml', 'zonectl.yaml'],
      repositoryConfig: 'zonectl.yaml',
    };
    expect(gitHubPaths(repo)).toEqual(['dns/**', 'shared/mail/**', 'zones/**', 'root-zone.yaml', 'zonectl.yaml']);
    expect(gitLabChanges(repo)).toEqual(['dns/**/*', 'shared/mail/**/*', 'zones/**/*', 'root-zone.yaml', 'zonectl.yaml']);
  });

  it.each(['zones/', 'dns/zones.d/a_b+c@d=1,2~x.yaml', '.zonectl/x.yaml'])('%s is written', (path) => {
    expect(unwritablePath(path)).toBeUndefined();
  });

  it.each(['zones/my zone/', 'zones/${{ secrets.X }}/', 'zones/$HOME/', 'zones/*.yaml', "zones/'a'", '-x/', '@x', 'zones/../x', 'a\nb'])(
    '%j is refused by name',
    (path) => {
      expect(unwritablePath(path)).toContain(JSON.stringify(path));
    },
  );
});
