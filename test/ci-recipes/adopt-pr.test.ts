/**
 * Issue 42 item 2, its last part: `zonectl init --ci github --adopt-pr` adds to the nightly drift
 * workflow a job that takes the drift into the zone files (`drift --adopt`, the action's command
 * `adopt`) and keeps ONE pull request with the change (scripts/github-adopt-pr.mjs), linking the
 * drift issue. The workflow init writes parses with GitHub's parser; its jobs run as the runner
 * runs them (run-workflow.ts) against the emulator and the stand-in of GitHub's API
 * (fake-github.ts: issues, the Git database, pull requests), night after night:
 * 1. live drift (a record added whose value holds an @mention, backticks and HTML; a priority
 *    changed) -> one issue, one pull request from one branch whose tree holds the adopted file
 *    (comments kept), and a plan of that tree is empty;
 * 2. the same drift the next night (the pull request not merged) -> no second pull request, no new
 *    commit: the same one updated in place;
 * 3. drift the editor refuses (EDIT_REFUSED: a value other records take through an alias) -> said
 *    on the drift issue and on the pull request, the job fails, the branch is left as it was.
 * No token reaches any output.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli } from '../support/run-cli.js';
import { runProcess } from '../support/run-process.js';
import { tempDir } from '../support/temp-dir.js';
import { FakeGitHub } from './fake-github.js';
import { bash, condition, makeActionCheckout, type ActionContext } from './run-action.js';
import { loadWorkflow, runJob } from './run-workflow.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TOKEN = 'adopt-pr-cf-token-5b7d9e1f3a2c';
const GH_TOKEN = 'ghs_adopt_pr_fake_token';
const ZONE_FILE = 'zones/example.com.yaml';
const ZONE = `version: 1
zone: example.com
records:
  # The apex and origin share one address.
  - { name: "@", type: A, content: &origin 192.0.2.10 }
  - { name: origin, type: A, content: *origin }
  - { name: www, type: CNAME, content: example.com, proxied: true }
  # Mail.
  - { name: "@", type: MX, content: mx1.example.net, priority: 10 }
`;

describe('init --ci github --adopt-pr: the nightly adopt pull request', () => {
  let emulator: RunningEmulator;
  let action: ActionContext;
  const github = new FakeGitHub(GH_TOKEN, []);
  let baseSha = '';
  let zoneId = '';

  const git = (...args: string[]): string =>
    execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd: action.workspace, encoding: 'utf8' });
  const cf = async (method: string, path: string, body?: unknown): Promise<{ success: boolean; result: unknown }> =>
    (await (
      await fetch(`${emulator.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      })
    ).json()) as { success: boolean; result: unknown };
  const cli = (...args: string[]) => runCli(args, { CLOUDFLARE_API_TOKEN: TOKEN, CLOUDFLARE_BASE_URL: emulator.baseUrl }, action.workspace);

  beforeAll(async () => {
    await github.start();
    emulator = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN });
    const base = tempDir('adopt-pr');
    action = makeActionCheckout(root, base, {
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: base,
      NO_COLOR: '1',
      CLOUDFLARE_BASE_URL: emulator.baseUrl,
      GITHUB_API_URL: github.url,
      GITHUB_SERVER_URL: 'https://github.example',
    });
    await bash('node scripts/bundle.mjs', action.actionPath, { PATH: action.env.PATH ?? '' });
    mkdirSync(join(action.workspace, 'zones'), { recursive: true });
    writeFileSync(join(action.workspace, ZONE_FILE), ZONE);
    // The repository: init writes its workflows, the checkout is its default branch's head (a commit the stand-in holds too).
    git('init', '-q', '-b', 'main');
    const init = await cli('init', '--ci', 'github', '--adopt-pr');
    expect(init.code, init.stderr).toBe(0);
    git('add', '-A');
    git('commit', '-q', '-m', 'zones');
    baseSha = github.seedCommit({ [ZONE_FILE]: ZONE });
    const applied = await cli('apply', 'zones/', '--yes');
    expect(applied.code, applied.stderr).toBe(0);
    zoneId = ((await cf('GET', '/zones?name=example.com')).result as Array<{ id: string }>)[0]!.id;
  }, 240_000);
  afterAll(async () => {
    github.close();
    await emulator?.close();
  });

  const secrets = { 'secrets.CLOUDFLARE_API_TOKEN_READ': TOKEN, 'secrets.SLACK_WEBHOOK_URL': '' };
  const context = (run: number): Record<string, string> => ({
    ...secrets,
    'github.token': GH_TOKEN,
    'github.repository': 'acme/dns',
    'github.run_id': String(run),
    'github.ref_name': 'main',
    'github.sha': baseSha,
  });
  const workflowFile = (): string => join(action.workspace, '.github', 'workflows', 'zonectl-drift.yml');

  /** One night: the drift job, then the adopt job when the drift job's output says so (its `if:`), in a fresh checkout of main. */
  async function night(run: number) {
    git('checkout', '-q', '--', '.');
    git('clean', '-qfd');
    const { errors, workflow } = await loadWorkflow(workflowFile());
    expect(errors).toEqual([]);
    const drift = await runJob(workflow, 'drift', context(run), action);
    expect(drift.code, drift.stderr).toBe(0);
    const adoptJob = workflow.jobs.adopt as unknown as { if: string; needs: string; permissions: Record<string, string> };
    if (!condition(adoptJob.if, { 'needs.drift.outputs.changes': drift.outputs.drift?.changes ?? '' })) return { drift, adopt: undefined };
    const adopt = await runJob(workflow, 'adopt', context(run), action);
    for (const out of [drift.stderr, adopt.stderr]) {
      expect(out).not.toContain(TOKEN);
      expect(out).not.toContain(GH_TOKEN);
    }
    return { drift, adopt };
  }

  it('the drift workflow init writes: GitHub parses it; only the adopt job may write, after the drift job, only with drift', async () => {
    const { errors, workflow } = await loadWorkflow(workflowFile());
    expect(errors).toEqual([]);
    const jobs = workflow.jobs as unknown as Record<string, { if?: string; needs?: string; permissions?: Record<string, string> }>;
    expect(Object.keys(jobs)).toEqual(['drift', 'adopt']);
    expect(jobs.drift!.permissions).toBeUndefined();
    expect(jobs.adopt).toMatchObject({ needs: 'drift', if: "needs.drift.outputs.changes == 'true'" });
    expect(jobs.adopt!.permissions).toEqual({ contents: 'write', 'pull-requests': 'write', issues: 'write' });
    expect((workflow as unknown as { permissions: Record<string, string> }).permissions).toEqual({ contents: 'read', issues: 'write' });
  });

  it('night 1: one issue, one pull request with the adopted file; a plan of its tree is empty', async () => {
    expect(
      (
        await cf('POST', `/zones/${zoneId}/dns_records`, {
          type: 'TXT',
          name: 'promo.example.com',
          content: 'hi @octocat ```<b>x</b>',
          ttl: 1,
        })
      ).success,
    ).toBe(true);
    const mx = ((await cf('GET', `/zones/${zoneId}/dns_records?type=MX`)).result as Array<{ id: string }>)[0]!;
    expect((await cf('PATCH', `/zones/${zoneId}/dns_records/${mx.id}`, { priority: 20 })).success).toBe(true);

    const { drift, adopt } = await night(101);
    expect(drift.outputs.drift!.changes).toBe('true');
    expect(adopt, 'the adopt job ran').toBeDefined();
    expect(adopt!.code, adopt!.stderr).toBe(0);
    expect(adopt!.ran).toEqual([
      'Adopt the drift into the zone files (drift --adopt)',
      'One pull request with the adopted change (updated in place; a refusal said on the drift issues)',
    ]);
    const issue = github.issues.find((i) => i.title === 'DNS drift: example.com')!;
    expect(github.pulls).toHaveLength(1);
    const pull = github.pulls[0]!;
    expect(pull).toMatchObject({ state: 'open', head: 'zonectl/adopt-drift', base: 'main', title: 'Adopt DNS drift into the zone files' });
    expect(pull.body).toContain(`Drift issues: #${issue.number} (\` example.com \`).`);
    expect(pull.body).toContain('Files changed: ` zones/example.com.yaml `.');
    // The log, in a code block no line can close: the @mention and the HTML are inert text.
    const fence = /\n(`{3,})\n([\s\S]*?)\n\1\n/.exec(pull.body)!;
    expect(fence[1]!.length).toBeGreaterThan(3);
    expect(fence[2]).toContain('example.com: 2 item(s) adopted');
    expect(pull.body.replace(fence[0], '')).not.toMatch(/@octocat|<b>/);

    // The branch: one commit on main's head, holding the adopted file, comments kept.
    const files = github.filesOf('zonectl/adopt-drift')!;
    const adopted = files.get(ZONE_FILE)!;
    expect(adopted).toContain('# The apex and origin share one address.');
    expect(adopted).toContain('# Mail.');
    expect(adopted).toContain('promo');
    expect(adopted).toMatch(/priority: 20/);
    expect(github.commits.get(github.refs.get('zonectl/adopt-drift')!)!.parents).toEqual([baseSha]);
    // A plan of the pull request's tree is empty.
    git('checkout', '-q', '--', '.');
    for (const [path, text] of files) writeFileSync(join(action.workspace, path), text);
    const plan = await cli('plan', 'zones/', '--detailed-exitcode');
    expect(plan.code, plan.stdout + plan.stderr).toBe(0);
    expect(readFileSync(join(action.workspace, ZONE_FILE), 'utf8')).toBe(adopted);
  }, 180_000);

  it('night 2, the same drift: no second pull request, no new commit; the one pull request updated in place', async () => {
    const head = github.refs.get('zonectl/adopt-drift');
    const { adopt } = await night(102);
    expect(adopt!.code, adopt!.stderr).toBe(0);
    expect(github.pulls).toHaveLength(1);
    expect(github.requests.filter((r) => r === 'POST /repos/acme/dns/pulls')).toHaveLength(1);
    expect(github.requests.filter((r) => r.startsWith('POST /repos/acme/dns/git/commits'))).toHaveLength(1);
    expect(github.refs.get('zonectl/adopt-drift')).toBe(head);
    expect(github.requests.at(-1)).toBe(`PATCH /repos/acme/dns/pulls/${github.pulls[0]!.number}`);
    expect(github.pulls[0]!.body).toContain('[run 102](https://github.example/acme/dns/actions/runs/102)');
  }, 180_000);

  it('night 3, drift the editor refuses (EDIT_REFUSED): said on the issue and the pull request, the job fails, the branch left alone', async () => {
    const apex = ((await cf('GET', `/zones/${zoneId}/dns_records?type=A&name=example.com`)).result as Array<{ id: string }>)[0]!;
    expect((await cf('PATCH', `/zones/${zoneId}/dns_records/${apex.id}`, { content: '192.0.2.99' })).success).toBe(true);
    const head = github.refs.get('zonectl/adopt-drift');
    const { adopt } = await night(103);
    expect(adopt!.outcomes.adopt).toBe('failure');
    expect(adopt!.code).toBe(1);
    expect(adopt!.stderr).toContain('github-adopt-pr: error: zonectl drift --adopt failed');
    const issue = github.issues.find((i) => i.title === 'DNS drift: example.com')!;
    const said = issue.comments.at(-1)!;
    expect(said).toMatch(/^`zonectl drift --adopt` refused to take this drift into the files/);
    expect(said).toMatch(/error\[EDIT_REFUSED\]: .*zones\/example\.com\.yaml:\d+: /);
    expect(github.pulls[0]!.comments.at(-1)).toBe(said);
    expect(github.refs.get('zonectl/adopt-drift')).toBe(head);
    expect(github.pulls).toHaveLength(1);
  }, 180_000);

  it('the script: a refused call is one error line without the token, exit 1; no changed file, no call', async () => {
    const script = join(root, 'scripts', 'github-adopt-pr.mjs');
    const run = (env: Record<string, string>) =>
      runProcess(process.execPath, [script], {
        cwd: action.workspace,
        env: {
          PATH: process.env.PATH,
          GITHUB_REPOSITORY: 'acme/dns',
          GITHUB_API_URL: github.url,
          ADOPT_OUTCOME: 'success',
          ADOPT_BRANCH: 'zonectl/adopt-drift',
          BASE_BRANCH: 'main',
          BASE_SHA: baseSha,
          ...env,
        },
      });
    git('checkout', '-q', '--', '.');
    const before = github.requests.length;
    const clean = await run({ GH_TOKEN });
    expect(clean.code, clean.stderr).toBe(0);
    expect(clean.stdout).toBe('drift --adopt changed no file (nothing it could adopt): no pull request\n');
    expect(github.requests.length).toBe(before);
    writeFileSync(join(action.workspace, ZONE_FILE), `${ZONE}# changed\n`);
    const refused = await run({ GH_TOKEN: 'ghs_wrong_adopt_token' });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^github-adopt-pr: error: GET \/issues\?labels=dns-drift&state=open&per_page=100&page=1 answered 401/);
    expect(refused.stderr.split('\n').filter((l) => l !== '')).toHaveLength(1);
    expect(refused.stdout + refused.stderr).not.toContain('ghs_wrong_adopt_token');
    git('checkout', '-q', '--', '.');
  });
});
