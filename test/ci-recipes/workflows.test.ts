/**
 * The CI recipes in examples/ci (issue 20, items 3 and 5): every GitHub workflow parses with
 * GitHub's own parser (@actions/workflow-parser) and its jobs run as the runner runs them
 * (run-workflow.ts: this repository's action from a copy of its checkout, `run:` steps with bash
 * -e, the stand-in of GitHub's API, fake-github.ts) against the emulator, in the order a repository
 * lives them: plan on a pull request (one comment found by its marker and updated by id; nothing
 * for a fork), apply on merge, a nightly drift that finds nothing. Then the GitLab pipeline:
 * zonectl installed from the vendored tarball checked against its SHA-256, each job's script run in
 * one shell as GitLab does, the plan posted as a merge request note (to the stand-in of GitLab's
 * notes API, fake-gitlab.ts), drift allowed to exit 2. The recipes are what `zonectl init --ci`
 * writes (recipes-from-init.test.ts).
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { SMALL_ZONE } from '../fixtures/small-zone.js';
import { isolatedNpmEnv, packTarball } from '../install/installed-cli.js';
import { bash, makeActionCheckout, type ActionContext } from './run-action.js';
import { loadWorkflow, runJob } from './run-workflow.js';
import { FakeGitHub } from './fake-github.js';
import { FakeGitLab } from './fake-gitlab.js';
import { runGitLabJob } from './run-gitlab-job.js';
import { tempDir } from '../support/temp-dir.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const githubDir = join(root, 'examples', 'ci', 'github');
const TOKEN = 'ci-recipes-token-8e2f4a6c1b3d';
const MARKER = '<!-- zonectl plan -->';

describe('CI recipes', () => {
  let emulator: RunningEmulator;
  let action: ActionContext & { shims: string };
  const github = {
    'github.token': 'ghs_fake',
    'github.repository': 'acme/dns',
    'github.event.pull_request.number': '7',
    'github.event.pull_request.head.repo.full_name': 'acme/dns',
  };

  const fakeGitHub = new FakeGitHub('ghs_fake');

  beforeAll(async () => {
    await fakeGitHub.start();
    emulator = await startEmulator({ port: 0, zones: ['example.com', 'example.org'], token: TOKEN });
    const base = tempDir('ci');
    action = makeActionCheckout(root, base, {
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: base,
      NO_COLOR: '1',
      CLOUDFLARE_BASE_URL: emulator.baseUrl,
      // The nightly job's issue script talks to the local fake of GitHub's API, never to GitHub.
      GITHUB_API_URL: fakeGitHub.url,
    });
    // The bundle the job's first action step builds (the action reuses it; action.test.ts builds it through the action).
    await bash('node scripts/bundle.mjs', action.actionPath, { PATH: action.env.PATH });
    mkdirSync(join(action.workspace, 'zones', 'org'), { recursive: true });
    writeFileSync(join(action.workspace, 'zones', 'example.com.yaml'), SMALL_ZONE);
    // The recipes name the directory: zone files at any depth under zones/ are planned.
    writeFileSync(
      join(action.workspace, 'zones', 'org', 'example.org.yml'),
      SMALL_ZONE.replace('zone: example.com', 'zone: example.org').replace('content: example.com', 'content: example.org'),
    );
  }, 180_000);
  afterAll(async () => {
    fakeGitHub.close();
    await emulator.close();
  });

  /** The plan job's comments on pull request 7. */
  const prComments = () => fakeGitHub.comments.filter((c) => c.issue === 7);

  it('every GitHub workflow parses with GitHub’s parser, has the triggers it promises, and pins what it uses', async () => {
    expect(readdirSync(githubDir).sort()).toEqual(['zonectl-apply.yml', 'zonectl-drift.yml', 'zonectl-plan.yml']);
    const expected: Record<string, string[]> = {
      'zonectl-plan.yml': ['pull_request'],
      'zonectl-apply.yml': ['push'],
      'zonectl-drift.yml': ['schedule', 'workflow_dispatch'],
    };
    for (const [file, events] of Object.entries(expected)) {
      const { errors, events: got, workflow } = await loadWorkflow(join(githubDir, file));
      expect(errors, file).toEqual([]);
      expect(got.sort(), file).toEqual(events);
      const text = readFileSync(join(githubDir, file), 'utf8');
      expect(text, file).not.toMatch(/npm install (-g|--global) zonectl\b/);
      for (const job of Object.values(workflow.jobs)) {
        for (const uses of job.steps.flatMap((s) => (s.uses === undefined ? [] : [s.uses])))
          expect(uses, file).toMatch(
            /^(actions\/checkout@v6|actions\/cache\/(restore|save)@v6|actions\/upload-artifact@v7|OWNER\/zonectl@v\d+\.\d+\.\d+)$/,
          );
      }
    }
    expect((await loadWorkflow(join(githubDir, 'zonectl-apply.yml'))).workflow.jobs.apply.environment).toBe('dns-production');
  });

  it('a pull request plans and updates the marked comment by id; merge applies; the nightly drift finds nothing', async () => {
    const plan = (await loadWorkflow(join(githubDir, 'zonectl-plan.yml'))).workflow;
    const secrets = { 'secrets.CLOUDFLARE_API_TOKEN_READ': TOKEN, 'secrets.CLOUDFLARE_API_TOKEN_WRITE': TOKEN };
    const pr = await runJob(plan, 'plan', { ...github, ...secrets }, action);
    expect(pr.code, pr.stderr).toBe(0);
    expect(pr.ran).toEqual(['Validate (no API call)', 'Lint (no API call)', 'Plan', 'One comment with the findings and the plan']);
    expect(pr.outputs.plan.changes).toBe('true');
    expect(pr.outputs.plan.markdown).toContain('| `example.com` | 4 |');
    expect(pr.outputs.plan.markdown).toContain('| `example.org` | 4 |');
    // No marked comment yet: a new one, the findings above the plan.
    expect(prComments()).toHaveLength(1);
    const posted = prComments()[0]!;
    expect(posted.body).toMatch(/^<!-- zonectl plan -->\n### zonectl validate and lint\n[\s\S]*\n### zonectl plan/);
    expect(posted.body).toContain('No finding: every file validates and lint finds nothing.');
    // A rerun edits that comment by id (PATCH), never a second one; a comment someone else marked is left alone.
    fakeGitHub.comments.push({ id: 1, issue: 7, body: `${MARKER}\nforged`, user: { login: 'mallory' } });
    const again = await runJob(plan, 'plan', { ...github, ...secrets }, action);
    expect(again.code, again.stderr).toBe(0);
    expect(fakeGitHub.requests.at(-1)).toBe(`PATCH /repos/acme/dns/issues/comments/${posted.id}`);
    expect(prComments().map((c) => c.body.split('\n')[1])).toEqual(['### zonectl validate and lint', 'forged']);
    fakeGitHub.comments.splice(
      fakeGitHub.comments.findIndex((c) => c.id === 1),
      1,
    );

    const apply = await runJob(
      (await loadWorkflow(join(githubDir, 'zonectl-apply.yml'))).workflow,
      'apply',
      { ...github, ...secrets },
      action,
    );
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.ran).toEqual([
      'Plan (saved, so the apply is exactly what was shown)',
      'Apply (refused when live state changed since the plan)',
    ]);
    expect(readdirSync(action.workspace).sort()).toEqual(['zones']);

    const before = fakeGitHub.requests.length;
    const drift = await runJob(
      (await loadWorkflow(join(githubDir, 'zonectl-drift.yml'))).workflow,
      'drift',
      { ...github, ...secrets, 'github.run_id': '100' },
      action,
    );
    expect(drift.code, drift.stderr).toBe(0);
    expect(drift.ran).toEqual([
      "Last night's report (the baseline)",
      'First night without a baseline (everything is new)',
      'Drift',
      'One issue per drifted zone (updated in place, closed when back in sync)',
      "Tonight's report is tomorrow's baseline",
      'actions/cache/save@v6',
    ]);
    expect(drift.outputs.drift.changes).toBe('false');
    // In sync: the issue script only looked for the zones' issues.
    expect(fakeGitHub.requests.slice(before)).toEqual(['GET /repos/acme/dns/issues?labels=dns-drift&state=all&per_page=100&page=1']);
  });

  it('the nightly drift with drift: one issue per zone (never a second), the Slack post, the job summary, new drift against the baseline', async () => {
    const zoneId = (
      (await (await fetch(`${emulator.baseUrl}/zones?name=example.com`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as {
        result: Array<{ id: string }>;
      }
    ).result[0]!.id;
    const added = await fetch(`${emulator.baseUrl}/zones/${zoneId}/dns_records`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'TXT', name: 'promo.example.com', content: 'a & b <c>', ttl: 1 }),
    });
    expect(added.ok).toBe(true);
    const slack: string[] = [];
    const slackServer: Server = createServer((req, res) => {
      let body = '';
      req.on('data', (d: Buffer) => (body += d.toString()));
      req.on('end', () => {
        slack.push(body);
        res.end('ok');
      });
    });
    await new Promise<void>((resolve) => slackServer.listen(0, '127.0.0.1', resolve));
    const secrets = {
      'secrets.CLOUDFLARE_API_TOKEN_READ': TOKEN,
      'secrets.SLACK_WEBHOOK_URL': `http://127.0.0.1:${(slackServer.address() as AddressInfo).port}/services/T0/B0/x`,
    };
    try {
      const workflow = (await loadWorkflow(join(githubDir, 'zonectl-drift.yml'))).workflow;
      const summary = join(action.runnerTemp, 'summary.md');
      writeFileSync(summary, '');
      action.env.GITHUB_STEP_SUMMARY = summary;
      const first = await runJob(workflow, 'drift', { ...github, ...secrets, 'github.run_id': '101' }, action);
      expect(first.code, first.stderr).toBe(0);
      expect(first.ran).toEqual([
        "Last night's report (the baseline)",
        'First night without a baseline (everything is new)',
        'Drift',
        'One issue per drifted zone (updated in place, closed when back in sync)',
        'Post the report to Slack',
        "Tonight's report is tomorrow's baseline",
        'actions/cache/save@v6',
      ]);
      expect(first.outputs.drift.changes).toBe('true');
      expect(readFileSync(first.outputs.drift['html-file'], 'utf8')).toContain('promo.example.com');
      const issues = fakeGitHub.issues.filter((i) => i.title === 'DNS drift: example.com');
      expect(issues).toHaveLength(1);
      expect(issues[0]!.body).toMatch(/^<!-- zonectl-drift-zone: example.com -->/);
      // The baseline of the night before listed no drift: this item is new.
      expect(issues[0]!.body).toContain('| **new** added at the service | ` promo.example.com ` | ` TXT ` |');
      const posted = JSON.parse(slack[0]!) as { blocks: Array<{ text?: { text: string } }> };
      expect(posted.blocks.map((b) => b.text?.text ?? '').join('\n')).toContain('a &amp; b &lt;c&gt;');
      // The job summary: zonectl's report (the action's step, action.test.ts) and the issues touched.
      expect(readFileSync(summary, 'utf8')).toMatch(/#### Drift issues\n\n- #\d+ example\.com: opened\n/);

      // The next night: the same drift, still present (not new), the same issue updated in place.
      const second = await runJob(workflow, 'drift', { ...github, ...secrets, 'github.run_id': '102' }, action);
      expect(second.code, second.stderr).toBe(0);
      expect(fakeGitHub.issues.filter((i) => i.title === 'DNS drift: example.com')).toHaveLength(1);
      expect(fakeGitHub.issues[0]!.body).toContain('| added at the service | ` promo.example.com ` | ` TXT ` |');
      expect(fakeGitHub.requests.filter((r) => r === 'POST /repos/acme/dns/issues')).toHaveLength(1);
      expect(slack).toHaveLength(2);
    } finally {
      slackServer.close();
      delete action.env.GITHUB_STEP_SUMMARY;
    }
  });

  it('a pull request from a fork (no secrets): validate and lint run, no plan, no comment', async () => {
    const before = fakeGitHub.requests.length;
    const fork = await runJob(
      (await loadWorkflow(join(githubDir, 'zonectl-plan.yml'))).workflow,
      'plan',
      { ...github, 'github.event.pull_request.head.repo.full_name': 'mallory/dns', 'secrets.CLOUDFLARE_API_TOKEN_READ': '' },
      action,
    );
    expect(fork.code, fork.stderr).toBe(0);
    expect(fork.ran).toEqual(['Validate (no API call)', 'Lint (no API call)']);
    expect(fork.outcomes.plan).toBe('skipped');
    expect(fakeGitHub.requests.length).toBe(before);
  });

  /** A zone file for a zone the emulator does not hold yet, in its account: apply creates it. */
  const newZone = (zone: string): string =>
    `version: 1\nzone: ${zone}\naccount_id: ${emulator.accountId}\nrecords:\n  - { name: www, type: A, content: 192.0.2.30 }\n  - { name: "@", type: MX, content: mx.${zone}, priority: 10 }\n  - { name: mx, type: A, content: 192.0.2.31 }\n`;

  it('a pull request that adds a zone: the plan shows it; on merge the apply job creates it from its saved plan; a second plan is empty', async () => {
    const secrets = { 'secrets.CLOUDFLARE_API_TOKEN_READ': TOKEN, 'secrets.CLOUDFLARE_API_TOKEN_WRITE': TOKEN };
    const file = join(action.workspace, 'zones', 'acme-new.org.yaml');
    writeFileSync(file, newZone('acme-new.org'));
    try {
      const pr = await runJob(
        (await loadWorkflow(join(githubDir, 'zonectl-plan.yml'))).workflow,
        'plan',
        { ...github, ...secrets },
        action,
      );
      expect(pr.code, pr.stderr).toBe(0);
      expect(pr.outputs.plan.markdown).toContain('acme-new.org');
      const merged = await runJob(
        (await loadWorkflow(join(githubDir, 'zonectl-apply.yml'))).workflow,
        'apply',
        { ...github, ...secrets },
        action,
      );
      expect(merged.code, merged.stderr).toBe(0);
      expect(merged.ran).toEqual([
        'Plan (saved, so the apply is exactly what was shown)',
        'Apply (refused when live state changed since the plan)',
      ]);
      expect(merged.stderr).not.toMatch(/no plan saved|PLAN_FILE/);
      const again = await runJob(
        (await loadWorkflow(join(githubDir, 'zonectl-plan.yml'))).workflow,
        'plan',
        { ...github, ...secrets },
        action,
      );
      expect(again.code, again.stderr).toBe(0);
      expect(again.outputs.plan.changes, again.outputs.plan.markdown).toBe('false');
    } finally {
      rmSync(file);
    }
  });

  it('the GitLab pipeline: install from the vendored tarball, plan with a merge request note, apply, drift allowed to exit 2', async () => {
    type Job = {
      script?: string[];
      before_script?: string[];
      after_script?: string[];
      stage?: string;
      variables?: Record<string, string>;
      allow_failure?: { exit_codes: number[] };
      environment?: { name: string };
      artifacts?: { paths?: string[]; reports?: Record<string, string> };
    };
    const ci = parseYaml(readFileSync(join(root, 'examples', 'ci', 'gitlab', '.gitlab-ci.yml'), 'utf8')) as Record<string, Job> & {
      default: { image: string; before_script: string[] };
    };
    expect(
      Object.keys(ci)
        .filter((k) => ci[k].stage !== undefined)
        .sort(),
    ).toEqual(['apply', 'drift', 'plan']);
    expect(ci.drift.allow_failure).toEqual({ exit_codes: [2] });
    expect(ci.apply.environment?.name).toBe('dns-production');
    expect(ci.default.image).toMatch(/^node:\d+$/);
    // The project: zone files, and the tarball `npm pack` made, in vendor/ as the recipe says.
    const project = tempDir('gitlab');
    mkdirSync(join(project, 'zones'));
    mkdirSync(join(project, 'vendor'));
    writeFileSync(join(project, 'zones', 'example.com.yaml'), SMALL_ZONE.replace('192.0.2.10', '192.0.2.11'));
    const tarball = packTarball();
    copyFileSync(tarball, join(project, 'vendor', 'zonectl-0.1.0.tgz'));
    // GitLab's notes API: the job's own note (id 99), and one with the marker that someone else wrote.
    const gitlab = new FakeGitLab('glpat-fake');
    await gitlab.start();
    gitlab.notes.push(
      { id: 97, system: false, body: `${MARKER}\nforged`, author: { username: 'mallory' } },
      { id: 98, system: false, body: 'LGTM', author: { username: 'reviewer' } },
      { id: 99, system: false, body: `${MARKER}\nold plan`, author: { username: gitlab.username } },
    );
    const prefix = join(tempDir('gitlab-prefix'), 'npm');
    const env: Record<string, string> = {
      ...(isolatedNpmEnv(tempDir('gitlab-npm')) as Record<string, string>),
      PATH: `${join(prefix, 'bin')}:${dirname(process.execPath)}:/usr/bin:/bin`,
      npm_config_prefix: prefix,
      NO_COLOR: '1',
      CLOUDFLARE_BASE_URL: emulator.baseUrl,
      CLOUDFLARE_API_TOKEN_READ: TOKEN,
      CLOUDFLARE_API_TOKEN_WRITE: TOKEN,
      GITLAB_NOTE_TOKEN: 'glpat-fake',
      CI_API_V4_URL: gitlab.apiUrl,
      CI_PROJECT_ID: '12',
      CI_MERGE_REQUEST_IID: '3',
      CI_JOB_ID: '555',
      // The tarball's SHA-256, as the project pins it (a CI/CD variable over the recipe's placeholder).
      VENDORED_ZONECTL_SHA256: createHash('sha256').update(readFileSync(tarball)).digest('hex'),
    };
    try {
      const runJobScript = (job: string): Promise<{ code: number; stderr: string }> => runGitLabJob(ci, job, project, env);
      const plan = await runJobScript('plan');
      expect(plan.code, plan.stderr).toBe(0);
      expect(readFileSync(join(project, 'zonectl-report', 'plan.md'), 'utf8')).toMatch(/^### zonectl plan/);
      expect(gitlab.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
        'GET /api/v4/user',
        'GET /api/v4/projects/12/merge_requests/3/notes?per_page=100&sort=asc',
        'PUT /api/v4/projects/12/merge_requests/3/notes/99',
      ]);
      expect(gitlab.requests.every((r) => r.token === 'glpat-fake')).toBe(true);
      const report = (name: string): string => readFileSync(join(project, 'zonectl-report', name), 'utf8');
      expect(gitlab.notes.find((n) => n.id === 99)?.body).toBe(`${MARKER}\n${report('findings.md')}\n${report('plan.md')}`);
      expect(gitlab.notes.find((n) => n.id === 97)?.body).toBe(`${MARKER}\nforged`);

      const apply = await runJobScript('apply');
      expect(apply.code, apply.stderr).toBe(0);
      expect(existsSync('/tmp/zonectl-555')).toBe(false);
      expect(readdirSync(project).sort()).toEqual(['vendor', 'zonectl-report', 'zones']);
      // A merge request that adds a zone (issue 33 item 2): the apply job's saved plan creates it.
      writeFileSync(join(project, 'zones', 'acme-new.net.yaml'), newZone('acme-new.net'));
      const created = await runJobScript('apply');
      expect(created.code, created.stderr).toBe(0);
      const second = await bash('CLOUDFLARE_API_TOKEN="$CLOUDFLARE_API_TOKEN_READ" zonectl plan zones/ --detailed-exitcode', project, env);
      expect(second.code, second.stderr).toBe(0);

      rmSync(join(project, 'zonectl-report'), { recursive: true });
      expect((await runJobScript('drift')).code).toBe(0);
      rmSync(join(project, 'zonectl-report'), { recursive: true });
      // A change not applied yet: drift exits 2, which the job allows (a warning, not a failure).
      writeFileSync(join(project, 'zones', 'example.com.yaml'), SMALL_ZONE.replace('192.0.2.10', '192.0.2.12'));
      const drift = await runJobScript('drift');
      expect(drift.code).toBe(2);
      expect(ci.drift.allow_failure?.exit_codes).toContain(drift.code);
      // The JUnit report GitLab reads (artifacts:reports:junit) and the HTML page, both artifacts.
      expect(ci.drift.artifacts).toMatchObject({
        reports: { junit: 'zonectl-report/drift-junit.xml' },
        paths: ['zonectl-report/drift-report.html', 'zonectl-report/drift.md'],
      });
      expect(readFileSync(join(project, 'zonectl-report', 'drift-junit.xml'), 'utf8')).toMatch(
        /<testcase name="example.com" classname="zonectl.drift" time="0">\s*<failure message="example.com \(zones\/example.com.yaml\): 1 drift&#10;example.com A value changed at the service: live 192.0.2.11, file 192.0.2.12&#10;/,
      );
      expect(readFileSync(join(project, 'zonectl-report', 'drift-report.html'), 'utf8')).toMatch(/^<!DOCTYPE html>/);
    } finally {
      gitlab.close();
    }
  });
});
