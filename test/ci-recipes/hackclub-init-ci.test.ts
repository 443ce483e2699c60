/**
 * Issue 44, "Done when": on the imported hackclub/dns repository with a second account,
 * `zonectl init --ci github` gives workflows whose plan job posts ONE comment holding the lint
 * findings and the plan, and whose apply job applies a fragment change to the two zones that
 * include it.
 *
 * The repository is built here from test/fixtures/real-zones/octodns-hackclub (the team's real
 * zones, converted by test/support/octodns-zone.ts, not by `import`, whose layout is not this
 * test's subject): one zone file per zone in zones/, a zonectl.yaml with the team's two accounts
 * (hackclub.com in `main`, whose variable octoDNS named CLOUDFLARE_TOKEN; the other zones in
 * `shop`, CF_SHOP_TOKEN), and a fragment, shared/mta-sts.yaml, included by hackclub.com and
 * hack.club (one zone of each account). Then, as the repository lives it, against the emulator
 * (two accounts, each its own user) and the stand-in of GitHub's API: init writes the workflows
 * (GitHub's parser reads them), the apply job brings the zones live (the merge of the import), a
 * pull request changes the fragment and the plan job posts one comment (the lint findings the
 * team's real DKIM records give, above the plan of the two zones) and fails the check after it,
 * the apply job with the write tokens applies the change to both zones, and a second plan is empty.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { octodnsToZoneFile } from '../support/octodns-zone.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';
import { FakeGitHub } from './fake-github.js';
import { bash, makeActionCheckout, type ActionContext } from './run-action.js';
import { loadWorkflow, runJob } from './run-workflow.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const FIXTURES = join(root, 'test', 'fixtures', 'real-zones', 'octodns-hackclub');
/** config/production.yaml's YamlProvider default_ttl. */
const DEFAULT_TTL = 600;
const MAIN_ZONES = ['hackclub.com'];
const SHOP_ZONES = [
  'hack.club',
  'hackclub.community',
  'hackclub.io',
  'hackclub.org',
  'hackedu.us',
  'hackfoundation.org',
  'cpu.land',
  'nonprofit.new',
  'bulckcah.com',
];
const MAIN = 'hackclub-main-0123456789abcdef0123456789';
const SHOP = 'hackclub-shop-0123456789abcdef0123456789';
const DNS_READ = '82e64a83756745bbbb1c9c2701bf816b';
const ZONE_READ = 'c8fed203ed3043cba015a93ad1616f1f';
const MARKER = '<!-- zonectl plan -->';
/** The fragment both zones include: their MTA-STS policy id (RFC 8461 §3.1). */
const fragment = (id: string): string => `version: 1\nrecords:\n  - { name: _mta-sts, type: TXT, content: "v=STSv1; id=${id}" }\n`;
const INCLUDERS = ['hackclub.com', 'hack.club'];

describe('issue 44, done when: init --ci github on the imported hackclub/dns with a second account', () => {
  let emulator: RunningEmulator;
  let action: ActionContext;
  const gitHub = new FakeGitHub('ghs_fake');
  const readTokens: Record<'main' | 'shop', string> = { main: '', shop: '' };
  const context = {
    'github.token': 'ghs_fake',
    'github.repository': 'acme/dns',
    'github.event.pull_request.number': '7',
    'github.event.pull_request.head.repo.full_name': 'acme/dns',
  };

  const api = async (token: string, method: string, path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${emulator.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    expect(res.ok, `${method} ${path}: ${res.status}`).toBe(true);
    return ((await res.json()) as { result: unknown }).result;
  };
  const txtAt = async (token: string, zone: string, name: string): Promise<string[]> => {
    const [z] = (await api(token, 'GET', `/zones?name=${zone}`)) as Array<{ id: string }>;
    const records = (await api(token, 'GET', `/zones/${z!.id}/dns_records?type=TXT&name=${name}`)) as Array<{ content: string }>;
    return records.map((r) => r.content);
  };

  beforeAll(async () => {
    await gitHub.start();
    emulator = await startEmulator({
      port: 0,
      zones: MAIN_ZONES,
      token: MAIN,
      zonePlan: 'pro',
      accounts: [{ token: SHOP, zones: SHOP_ZONES }],
    });
    const base = tempDir('hackclub-ci');
    action = makeActionCheckout(root, base, {
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: base,
      NO_COLOR: '1',
      CLOUDFLARE_BASE_URL: emulator.baseUrl,
      GITHUB_API_URL: gitHub.url,
    });
    // The bundle the job's first action step builds (the action reuses it; action.test.ts builds it through the action).
    await bash('node scripts/bundle.mjs', action.actionPath, { PATH: action.env.PATH });
    // Each account's user makes its own read-only token (Zone Read + DNS Read on its account).
    const ids = { main: emulator.accountId, shop: emulator.accounts[0]!.accountId };
    for (const [name, admin] of [
      ['main', MAIN],
      ['shop', SHOP],
    ] as const) {
      const made = (await api(admin, 'POST', '/user/tokens', {
        name: `zonectl plan (${name})`,
        policies: [
          {
            effect: 'allow',
            permission_groups: [{ id: DNS_READ }, { id: ZONE_READ }],
            resources: { [`com.cloudflare.api.account.${ids[name]}`]: { 'com.cloudflare.api.account.zone.*': '*' } },
          },
        ],
      })) as { value: string };
      readTokens[name] = made.value;
    }
    // The repository: the team's zones as zone files, two accounts, a fragment two zones include.
    const ws = action.workspace;
    mkdirSync(join(ws, '.git'));
    mkdirSync(join(ws, 'zones'));
    mkdirSync(join(ws, 'shared'));
    writeFileSync(
      join(ws, 'zonectl.yaml'),
      `version: 1\naccounts:\n  main:\n    credentials: { token_env: CLOUDFLARE_TOKEN }\n  shop:\n    credentials: { token_env: CF_SHOP_TOKEN }\n`,
    );
    writeFileSync(join(ws, 'shared', 'mta-sts.yaml'), fragment('20260801'));
    for (const zone of [...MAIN_ZONES, ...SHOP_ZONES]) {
      const converted = octodnsToZoneFile(readFileSync(join(FIXTURES, `${zone}.yaml`), 'utf8'), zone, DEFAULT_TTL).text;
      const account = MAIN_ZONES.includes(zone) ? 'main' : 'shop';
      const include = INCLUDERS.includes(zone) ? 'include: [../shared/mta-sts.yaml]\n' : '';
      const text = converted.replace(/^zone: .*\n/m, (line) => `${line}account: ${account}\n${include}`);
      expect(text, zone).toContain(`account: ${account}\n`);
      writeFileSync(join(ws, 'zones', `${zone}.yaml`), text);
    }
  }, 180_000);
  afterAll(async () => {
    gitHub.close();
    await emulator.close();
  });

  it('init --ci github writes the three workflows for both accounts; the plan job posts one comment with the lint findings and the plan; the apply job applies the fragment to the two zones', async () => {
    const init = await runCli(['init', '--ci', 'github'], {}, action.workspace);
    expect(init.code, init.stderr).toBe(0);
    expect(init.stdout).toMatch(/created \.github\/workflows\/zonectl-plan\.yml/);
    expect(init.stdout).toContain('CLOUDFLARE_TOKEN_READ');
    expect(init.stdout).toContain('CF_SHOP_TOKEN_WRITE');
    const dir = join(action.workspace, '.github', 'workflows');
    const plan = await loadWorkflow(join(dir, 'zonectl-plan.yml'));
    const apply = await loadWorkflow(join(dir, 'zonectl-apply.yml'));
    const drift = await loadWorkflow(join(dir, 'zonectl-drift.yml'));
    expect([...plan.errors, ...apply.errors, ...drift.errors]).toEqual([]);
    expect(plan.workflow.jobs.plan.env).toEqual({
      CLOUDFLARE_TOKEN: '${{ secrets.CLOUDFLARE_TOKEN_READ }}',
      CF_SHOP_TOKEN: '${{ secrets.CF_SHOP_TOKEN_READ }}',
    });
    expect(apply.workflow.jobs.apply.env).toEqual({
      CLOUDFLARE_TOKEN: '${{ secrets.CLOUDFLARE_TOKEN_WRITE }}',
      CF_SHOP_TOKEN: '${{ secrets.CF_SHOP_TOKEN_WRITE }}',
    });
    expect(drift.workflow.jobs.drift.env).toEqual(plan.workflow.jobs.plan.env);
    const write = { 'secrets.CLOUDFLARE_TOKEN_WRITE': MAIN, 'secrets.CF_SHOP_TOKEN_WRITE': SHOP };
    const read = { 'secrets.CLOUDFLARE_TOKEN_READ': readTokens.main, 'secrets.CF_SHOP_TOKEN_READ': readTokens.shop };

    // The import merged: the apply job brings every zone live as its file says.
    const imported = await runJob(apply.workflow, 'apply', { ...context, ...write }, action);
    expect(imported.code, imported.stderr).toBe(0);
    for (const zone of INCLUDERS)
      expect(await txtAt(zone === 'hackclub.com' ? MAIN : SHOP, zone, `_mta-sts.${zone}`)).toEqual(['"v=STSv1; id=20260801"']);

    // A pull request changes the fragment: one comment, the lint findings above the plan of both zones.
    writeFileSync(join(action.workspace, 'shared', 'mta-sts.yaml'), fragment('20260901'));
    const pr = await runJob(plan.workflow, 'plan', { ...context, ...read }, action);
    expect(pr.outcomes).toMatchObject({ validate: 'success', lint: 'failure', plan: 'success' });
    expect(pr.ran).toEqual([
      'Validate (no API call)',
      'Lint (no API call)',
      'Plan',
      'One comment with the findings and the plan',
      'Fail the check when validate, lint or the plan failed (after the comment)',
    ]);
    // The check fails, after the comment.
    expect(pr.code).toBe(1);
    const comments = gitHub.comments.filter((c) => c.issue === 7);
    expect(comments).toHaveLength(1);
    const body = comments[0]!.body;
    expect(body.startsWith(`${MARKER}\n### zonectl validate and lint\n`)).toBe(true);
    const findings = body.slice(0, body.indexOf('### zonectl plan'));
    const planned = body.slice(body.indexOf('### zonectl plan'));
    expect(findings).toMatch(/\| :x: lint error \| `zones\/hack(club\.com|\.club)\.yaml` \| \d+ \|/);
    for (const zone of INCLUDERS) expect(planned).toContain(`_mta-sts.${zone}`);
    expect(planned).toContain('id=20260901');
    expect(body.length).toBeLessThan(65_536);

    // Merged: the apply job applies the fragment's change to the two zones that include it.
    const merged = await runJob(apply.workflow, 'apply', { ...context, ...write }, action);
    expect(merged.code, merged.stderr).toBe(0);
    expect(await txtAt(MAIN, 'hackclub.com', '_mta-sts.hackclub.com')).toEqual(['"v=STSv1; id=20260901"']);
    expect(await txtAt(SHOP, 'hack.club', '_mta-sts.hack.club')).toEqual(['"v=STSv1; id=20260901"']);

    // A second plan is empty; the comment is updated in place, never a second one.
    const again = await runJob(plan.workflow, 'plan', { ...context, ...read }, action);
    expect(again.outcomes.plan).toBe('success');
    expect(again.outputs.plan!.changes, again.outputs.plan!.markdown).toBe('false');
    expect(gitHub.comments.filter((c) => c.issue === 7)).toHaveLength(1);
  }, 300_000);
});
