/**
 * scripts/github-drift-issues.mjs, the nightly job's issue logic (issue 30, item 4), against a
 * local fake of the GitHub REST API (issues and comments as the docs describe them; no network)
 * over four nights of real drift reports made by the real CLI from the emulator: one issue per
 * drifted zone, found by its hidden marker, updated in place, closed with a comment when the
 * zone is back in sync, reopened when the drift returns; never a second issue for a zone.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDrift, openDriftWorld, type DriftWorld } from '../support/drift-world.js';
import { runProcess, type ProcessResult } from '../support/run-process.js';
import { FakeGitHub, type Issue } from './fake-github.js';

const SCRIPT = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'scripts', 'github-drift-issues.mjs');
const TOKEN = 'ghs_fake_issue_token';

function runScript(report: string, apiUrl: string, env: Record<string, string> = {}): Promise<ProcessResult> {
  return runProcess(process.execPath, [SCRIPT, report], {
    env: {
      PATH: process.env.PATH,
      GH_TOKEN: TOKEN,
      GITHUB_REPOSITORY: 'acme/dns',
      GITHUB_API_URL: apiUrl,
      GITHUB_SERVER_URL: 'https://github.example',
      GITHUB_RUN_ID: '77',
      ...env,
    },
  });
}

describe('one GitHub issue per drifted zone (scripts/github-drift-issues.mjs)', () => {
  let world: DriftWorld;
  const github = new FakeGitHub(TOKEN);
  beforeAll(async () => {
    world = await openDriftWorld();
    await github.start();
  }, 120_000);
  afterAll(async () => {
    github.close();
    await world?.close();
  });

  const night = async (n: number): Promise<string[]> => {
    const drift = await world.cli(['drift', 'zones/', '--format', 'text', '--out', `night${n}.json`]);
    expect([0, 2], drift.stderr).toContain(drift.code);
    const summary = join(world.dir, `summary${n}.md`);
    writeFileSync(summary, '');
    const r = await runScript(join(world.dir, `night${n}.json`), github.url, { GITHUB_STEP_SUMMARY: summary });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(summary, 'utf8')).toContain(r.stdout.trim() === '' ? 'No drift issue' : '#### Drift issues');
    return r.stdout.trim() === '' ? [] : r.stdout.trim().split('\n');
  };
  const zoneIssue = (zone: string): Issue[] => github.issues.filter((i) => i.title === `DNS drift: ${zone}`);

  it('opens, updates in place, closes with a comment, reopens; never a second issue for a zone', async () => {
    // Already there: an issue of the label without a marker, and a pull request that quotes a marker.
    github.issues.push(
      { number: 1, title: 'DNS drift detected', body: 'old, by hand', state: 'open', labels: [{ name: 'dns-drift' }], comments: [] },
      {
        number: 2,
        title: 'docs',
        body: '<!-- zonectl-drift-zone: shop.example -->',
        state: 'open',
        labels: [{ name: 'dns-drift' }],
        pull_request: {},
        comments: [],
      },
    );
    // Night 0: every zone in sync: nothing to do.
    expect(await night(0)).toEqual([]);

    await makeDrift(world);
    expect(await night(1)).toEqual(['#3 mail.example: opened', '#4 shop.example: opened']);
    const shop = zoneIssue('shop.example')[0]!;
    expect(shop.body.split('\n')[0]).toBe('<!-- zonectl-drift-zone: shop.example -->');
    expect(shop.body).toContain('as of [run 77](https://github.example/acme/dns/actions/runs/77)');
    // What happened at the service, the live value first, who made it, and the two ways out (issue 42, item 1).
    const rows = shop.body.split('\n').filter((l) => l.startsWith('| ') && !l.startsWith('| what'));
    expect(rows[0]).toMatch(
      /^\| changed at the service \(` the zone apex `\) \| ` shop\.example ` \| ` A ` \| ` value ` \| ` 192\.0\.2\.99 ` \| ` 192\.0\.2\.10 ` \| ` admin@example\.com \(API, [^`]+\) ` \| revert: ` zonectl apply zones\/shop\.example\.yaml `<br>adopt: ` zonectl drift zones\/shop\.example\.yaml --adopt d2:[0-9a-f]{24} ` \|$/,
    );
    expect(shop.body).toContain(
      '| added at the service | ` promo.shop.example ` | ` TXT ` | ` record ` | ` "<img src=x onerror=alert(2)>"  [ttl auto] ` | — | ` admin@example.com (API, ',
    );
    expect(shop.body).toContain('| removed at the service | ` api.shop.example ` | ` A ` | ` record ` | — | ` 192.0.2.20  [ttl auto] ` |');
    expect(shop.labels).toEqual([{ name: 'dns-drift' }]);

    // Night 2: the same drift: the same two issues, updated in place.
    const posts = (): number => github.requests.filter((r) => r === 'POST /repos/acme/dns/issues').length;
    expect(posts()).toBe(2);
    expect(await night(2)).toEqual(['#3 mail.example: updated', '#4 shop.example: updated']);
    expect(posts()).toBe(2);

    // Night 3: mail.example repaired: its issue is commented and closed; shop.example still drifts.
    const mailId = await world.zoneId('mail.example');
    expect((await world.api('PATCH', `/zones/${mailId}/dns_settings`, { flatten_all_cnames: false })).success).toBe(true);
    expect(await night(3)).toEqual(['#3 mail.example: closed (in sync)', '#4 shop.example: updated']);
    const mail = zoneIssue('mail.example')[0]!;
    expect(mail).toMatchObject({ state: 'closed', state_reason: 'completed' });
    expect(mail.comments).toEqual(['Back in sync with its file ([run 77](https://github.example/acme/dns/actions/runs/77)): closing.']);

    // Night 4: the drift is back: the same issue reopened, with a comment.
    expect((await world.api('PATCH', `/zones/${mailId}/dns_settings`, { flatten_all_cnames: true })).success).toBe(true);
    expect(await night(4)).toEqual(['#3 mail.example: reopened', '#4 shop.example: updated']);
    expect(mail.state).toBe('open');
    expect(mail.comments.at(-1)).toMatch(/^The drift is back/);

    // Over four nights: two issues made, the hand-made issue and the pull request untouched.
    expect(posts()).toBe(2);
    expect(zoneIssue('mail.example')).toHaveLength(1);
    expect(zoneIssue('shop.example')).toHaveLength(1);
    expect(github.issues[0]).toMatchObject({ state: 'open', body: 'old, by hand', comments: [] });
    expect(github.issues[1]).toMatchObject({ state: 'open', comments: [] });
    expect(github.requests.some((r) => /PATCH \/repos\/acme\/dns\/issues\/[12]$/.test(r))).toBe(false);
  }, 180_000);

  it('a refused call is one error line without the token, exit 1', async () => {
    writeFileSync(join(world.dir, 'tiny.json'), JSON.stringify({ format_version: 1, zones: [] }));
    const r = await runScript(join(world.dir, 'tiny.json'), github.url, { GH_TOKEN: 'ghs_wrong_token' });
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^github-drift-issues: error: GET \/issues\?labels=dns-drift&state=all&per_page=100&page=1 answered 401/);
    expect(r.stderr).not.toContain('ghs_wrong_token');
    expect(r.stderr.split('\n').filter((l) => l !== '')).toHaveLength(1);
  });
});
