/**
 * Issue 44 item 2: the plan comment always arrives. Lint and validate findings go into the
 * comment above the plan; the check fails after the comment is posted; a file that does not
 * validate still gets a comment saying why, with file and line. Before, a failing Lint step (or an
 * invalid file) skipped the plan and the comment on every pull request.
 *
 * The workflows are what `zonectl init --ci` writes for a repository (run through the real CLI);
 * the GitHub plan job runs as the runner runs it (run-workflow.ts) against the emulator and the
 * stand-in of GitHub's API (fake-github.ts), the GitLab plan job as GitLab runs it
 * (run-gitlab-job.ts) against the stand-in of its notes API (fake-gitlab.ts), with zonectl
 * installed from the vendored tarball whose SHA-256 init wrote into the pipeline.
 */
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { isolatedNpmEnv, packTarball } from '../install/installed-cli.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';
import { FakeGitHub } from './fake-github.js';
import { FakeGitLab } from './fake-gitlab.js';
import { bash, makeActionCheckout, type ActionContext } from './run-action.js';
import { type GitLabPipeline, runGitLabJob } from './run-gitlab-job.js';
import { loadWorkflow, runJob } from './run-workflow.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TOKEN = 'plan-comment-token-4b8d2f6a1c3e';
const MARKER = '<!-- zonectl plan -->';

/** A valid zone; `lintError` adds a second SPF record (a permanent error for receivers: lint's error). */
const zone = (name: string, options: { lintError?: boolean } = {}): string =>
  `version: 1\nzone: ${name}\nrecords:\n  - { name: www, type: A, content: 192.0.2.50 }\n  - { name: "@", type: TXT, content: "v=spf1 -all" }\n${options.lintError ? '  - { name: "@", type: TXT, content: "v=spf1 include:_spf.example.net -all" }\n' : ''}`;
/** A zone file that does not validate: line 4 holds an address that is none. */
const INVALID = 'version: 1\nzone: example.org\nrecords:\n  - { name: www, type: A, content: 192.0.2.999 }\n';

describe('the plan comment always arrives (GitHub)', () => {
  let emulator: RunningEmulator;
  let action: ActionContext;
  const gitHub = new FakeGitHub('ghs_fake');
  const context = {
    'github.token': 'ghs_fake',
    'github.repository': 'acme/dns',
    'github.event.pull_request.number': '7',
    'github.event.pull_request.head.repo.full_name': 'acme/dns',
    'secrets.CLOUDFLARE_API_TOKEN_READ': TOKEN,
  };
  const comments = () => gitHub.comments.filter((c) => c.issue === 7);

  beforeAll(async () => {
    await gitHub.start();
    emulator = await startEmulator({ port: 0, zones: ['example.com', 'example.org'], token: TOKEN });
    const base = tempDir('plan-comment');
    action = makeActionCheckout(root, base, {
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: base,
      NO_COLOR: '1',
      CLOUDFLARE_BASE_URL: emulator.baseUrl,
      GITHUB_API_URL: gitHub.url,
    });
    // The bundle the job's first action step builds (the action reuses it; action.test.ts builds it through the action).
    await bash('node scripts/bundle.mjs', action.actionPath, { PATH: action.env.PATH });
    mkdirSync(join(action.workspace, '.git'));
    mkdirSync(join(action.workspace, 'zones'));
    writeFileSync(join(action.workspace, 'zones', 'example.com.yaml'), zone('example.com'));
    const init = await runCli(['init', '--ci', 'github'], {}, action.workspace);
    expect(init.code, init.stderr).toBe(0);
  }, 180_000);
  afterAll(async () => {
    gitHub.close();
    await emulator.close();
  });

  const planJob = async () => (await loadWorkflow(join(action.workspace, '.github', 'workflows', 'zonectl-plan.yml'))).workflow;

  it('a lint error: the comment holds the finding above the plan, then the check fails', async () => {
    writeFileSync(join(action.workspace, 'zones', 'example.com.yaml'), zone('example.com', { lintError: true }));
    const run = await runJob(await planJob(), 'plan', context, action);
    expect(run.outcomes).toMatchObject({ validate: 'success', lint: 'failure', plan: 'success' });
    expect(run.ran.slice(-2)).toEqual([
      'One comment with the findings and the plan',
      'Fail the check when validate, lint or the plan failed (after the comment)',
    ]);
    expect(run.code).toBe(1);
    expect(comments()).toHaveLength(1);
    const body = comments()[0]!.body;
    expect(body).toMatch(
      new RegExp(
        `^${MARKER}\\n### zonectl validate and lint\\n\\n1 file valid · \\*\\*1 lint error\\*\\*\\n[\\s\\S]*\\| :x: lint error \\| \`zones/example\\.com\\.yaml\` \\| 6 \\| \`records\\[2\\]\\.content\`: example\\.com has 2 SPF records`,
      ),
    );
    expect(body.indexOf('### zonectl plan')).toBeGreaterThan(body.indexOf('lint error'));
    expect(body).toContain('`example.com`');
  });

  it('a file that does not validate: the comment says why, with file and line, and no plan; the same comment is updated', async () => {
    const first = comments()[0]!;
    writeFileSync(join(action.workspace, 'zones', 'example.org.yaml'), INVALID);
    try {
      const run = await runJob(await planJob(), 'plan', context, action);
      expect(run.outcomes).toMatchObject({ validate: 'failure', plan: 'failure' });
      expect(run.code).toBe(1);
      expect(run.ran).toContain('One comment with the findings and the plan');
      expect(comments()).toHaveLength(1);
      expect(gitHub.requests).toContain(`PATCH /repos/acme/dns/issues/comments/${first.id}`);
      const body = comments()[0]!.body;
      expect(body).toContain('**1 file does not validate**');
      expect(body).toContain('| :x: error | `zones/example.org.yaml` | 4 | `records[0].content`: "192.0.2.999" is not an IPv4 address |');
      expect(body).toContain('### zonectl plan\n\nNo plan: zonectl could not plan');
    } finally {
      rmSync(join(action.workspace, 'zones', 'example.org.yaml'));
    }
  });
});

describe('the plan note always arrives (GitLab)', () => {
  let emulator: RunningEmulator;
  let project: string;
  let env: Record<string, string>;
  const gitlab = new FakeGitLab('glpat-plan-comment');

  beforeAll(async () => {
    await gitlab.start();
    emulator = await startEmulator({ port: 0, zones: ['example.com', 'example.org'], token: TOKEN });
    project = join(tempDir('plan-note'), 'project');
    mkdirSync(join(project, '.git'), { recursive: true });
    mkdirSync(join(project, 'zones'));
    mkdirSync(join(project, 'vendor'));
    writeFileSync(join(project, 'zones', 'example.com.yaml'), zone('example.com'));
    copyFileSync(packTarball(), join(project, 'vendor', 'zonectl-0.1.0.tgz'));
    // The SHA-256 is init's, in the pipeline: no CI/CD variable stands in for it here.
    const init = await runCli(['init', '--ci', 'gitlab'], {}, project);
    expect(init.code, init.stderr).toBe(0);
    const prefix = join(tempDir('plan-note-prefix'), 'npm');
    env = {
      ...(isolatedNpmEnv(tempDir('plan-note-npm')) as Record<string, string>),
      PATH: `${join(prefix, 'bin')}:${dirname(process.execPath)}:/usr/bin:/bin`,
      npm_config_prefix: prefix,
      NO_COLOR: '1',
      CLOUDFLARE_BASE_URL: emulator.baseUrl,
      CLOUDFLARE_API_TOKEN_READ: TOKEN,
      GITLAB_NOTE_TOKEN: 'glpat-plan-comment',
      CI_API_V4_URL: gitlab.apiUrl,
      CI_PROJECT_ID: gitlab.project,
      CI_MERGE_REQUEST_IID: gitlab.iid,
      CI_JOB_ID: '8801',
    };
  }, 180_000);
  afterAll(async () => {
    gitlab.close();
    await emulator.close();
  });

  const runPlan = async (): Promise<{ code: number; stderr: string }> => {
    rmSync(join(project, 'zonectl-report'), { recursive: true, force: true });
    const ci = parseYaml(readFileSync(join(project, '.gitlab-ci.yml'), 'utf8')) as GitLabPipeline & Record<string, unknown>;
    return runGitLabJob(ci, 'plan', project, env);
  };

  it('a lint error: the note holds the finding above the plan, then the job fails', async () => {
    writeFileSync(join(project, 'zones', 'example.com.yaml'), zone('example.com', { lintError: true }));
    const run = await runPlan();
    expect(run.code, run.stderr).toBe(1);
    expect(gitlab.notes).toHaveLength(1);
    const body = gitlab.notes[0]!.body;
    expect(body).toMatch(/^<!-- zonectl plan -->\n### zonectl validate and lint\n/);
    expect(body).toContain('| :x: lint error | `zones/example.com.yaml` | 6 |');
    expect(body.indexOf('### zonectl plan')).toBeGreaterThan(body.indexOf('lint error'));
    expect(body).toContain('`example.com`');
  });

  it('a file that does not validate: the note says why, with file and line; the same note is updated', async () => {
    writeFileSync(join(project, 'zones', 'example.org.yaml'), INVALID);
    const run = await runPlan();
    expect(run.code, run.stderr).toBe(1);
    expect(gitlab.notes).toHaveLength(1);
    expect(gitlab.requests.at(-1)?.method).toBe('PUT');
    const body = gitlab.notes[0]!.body;
    expect(body).toContain('| :x: error | `zones/example.org.yaml` | 4 | `records[0].content`: "192.0.2.999" is not an IPv4 address |');
    expect(body).toContain('### zonectl plan\n\nNo plan: zonectl could not plan');
  });
});
