#!/usr/bin/env node
/**
 * The nightly drift job's issues (examples/ci/github/zonectl-drift.yml): ONE GitHub issue per
 * drifted zone, found again each night by a hidden marker in its body, never a new one per night.
 *
 *   node scripts/github-drift-issues.mjs drift.json
 *
 * reads the JSON report of `zonectl drift` (docs/drift-report.md) and, for each zone it lists:
 * - drift (items that count): the zone's issue is updated in place (title and body), reopened
 *   with a comment when it was closed, or created when the zone has none;
 * - in sync: its open issue gets a comment and is closed (completed).
 * Zones the report does not list (failed, or in another shard) are left alone.
 *
 * Environment: GITHUB_REPOSITORY (owner/name), GH_TOKEN or GITHUB_TOKEN, GITHUB_API_URL (default
 * https://api.github.com), GITHUB_SERVER_URL and GITHUB_RUN_ID (the run linked from the issues),
 * ZONECTL_ISSUE_LABEL (default dns-drift), GITHUB_STEP_SUMMARY (a line per issue touched).
 * GitHub REST API: https://docs.github.com/en/rest/issues/issues (list, create, update),
 * https://docs.github.com/en/rest/issues/comments#create-an-issue-comment. Issue bodies are at
 * most 65,536 characters. No dependency: Node's fetch.
 */
import { appendFileSync, readFileSync } from 'node:fs';
import { GitHubRest } from './github-rest.mjs';
import { printable } from './printable.mjs';

/** The text rule, exported for test/core/text/printable.test.ts (which checks it against src/core/text). */
export { printable };

const BODY_LIMIT = 60_000;
const env = process.env;

/** The marker of a zone's issue: the zone name percent-encoded, so that it can never close the comment. */
export function markerOf(zone) {
  return `<!-- zonectl-drift-zone: ${encodeURIComponent(zone)} -->`;
}

const MARKER = /<!-- zonectl-drift-zone: ([^\s>]+) -->/;

/** Inline code that no backtick inside can close (CommonMark 6.1); one line, every invisible character escaped. */
function code(text) {
  const value = printable(text);
  const longest = Math.max(0, ...(value.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence} ${value} ${fence}`;
}

/** A table cell: code, with `|` escaped so that the cell stays one (GFM tables). */
const cell = (text) => (text === null || text === undefined ? '—' : code(text).replace(/\|/g, '\\|'));

function runLink() {
  if (!env.GITHUB_SERVER_URL || !env.GITHUB_RUN_ID || !env.GITHUB_REPOSITORY) return 'the nightly drift job';
  return `[run ${env.GITHUB_RUN_ID}](${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID})`;
}

/** What happened at the service (docs/drift-report.md): the report's `happened`, or (an older report) its kind in those words. */
const HAPPENED = { changed: 'changed', settings: 'changed', added: 'added', deleted: 'removed', zone: 'missing', token: 'changed' };
const KNOWN = new Set(['added', 'changed', 'removed', 'missing']);
const happenedOf = (i) => (KNOWN.has(i.happened) ? i.happened : (HAPPENED[i.kind] ?? 'changed'));

/** Who made it, from the audit log (the report's `who`): `alice@example.com (dashboard, 2026-05-01T10:00:00Z)`. */
function whoCell(i) {
  if (i.who === undefined || i.who === null) return '—';
  const via = i.who.interface ?? i.who.context ?? '';
  return cell(`${i.who.actor} (${via !== '' ? `${via}, ` : ''}${i.who.time})`);
}

/** The item's two ways out (the report's `ways_out`): revert with apply, adopt with drift --adopt. */
function waysCell(i) {
  const ways = i.ways_out ?? {};
  const parts = [
    ...(ways.revert ? [`revert: ${code(ways.revert.command)}`] : []),
    ...(ways.adopt ? [`adopt: ${code(ways.adopt.command)}`] : []),
  ];
  return parts.length > 0 ? parts.join('<br>').replace(/\|/g, '\\|') : '—';
}

export function issueBody(zone, report = {}) {
  const items = zone.items.filter((i) => i.counted !== false);
  const lines = [
    markerOf(zone.zone),
    `The live zone ${code(zone.zone)} differs from its file (${items.length} item${items.length === 1 ? '' : 's'}), as of ${runLink()}.`,
    'This issue is updated in place each night and closed when the zone is back in sync.',
    'Each item says what happened at the service, the live value first. Its two ways out: **revert** (apply the file again) or **adopt** (take the live value into the file).',
    ...(report.audit_log?.notes ?? []).map((n) => `> audit log: ${code(n)}`),
    '',
    '| what happened | name | type | field | live | file | who | ways out |',
    '|---|---|---|---|---|---|---|---|',
  ];
  // Most important first: the report's impact rank (the apex, NS, MX, ...), new drift first within a rank.
  const ranked = items
    .map((i, n) => ({ i, n }))
    .sort((a, b) => (a.i.impact?.rank ?? 4) - (b.i.impact?.rank ?? 4) || a.n - b.n)
    .map(({ i }) => i);
  let shown = 0;
  for (const i of ranked) {
    const impact = i.impact?.reason ? ` (${code(i.impact.reason).replace(/\|/g, '\\|')})` : '';
    const row = `| ${i.baseline === 'new' ? '**new** ' : ''}${happenedOf(i)} at the service${impact} | ${cell(i.name)} | ${cell(i.type)} | ${cell(i.field)} | ${cell(i.live)} | ${cell(i.file)} | ${whoCell(i)} | ${waysCell(i)} |`;
    if (lines.join('\n').length + row.length > BODY_LIMIT) break;
    lines.push(row);
    shown += 1;
  }
  if (shown < items.length) lines.push('', `${items.length - shown} more not shown: see the HTML report of the run.`);
  return `${lines.join('\n')}\n`;
}

class GitHub extends GitHubRest {
  /** Every issue (not pull request) with the label, open or closed: the zone's marker -> its newest issue. */
  async issuesByZone(label) {
    const found = new Map();
    for (let page = 1; ; page += 1) {
      const batch = await this.call('GET', `/issues?labels=${encodeURIComponent(label)}&state=all&per_page=100&page=${page}`);
      for (const issue of batch) {
        if (issue.pull_request !== undefined) continue;
        const m = MARKER.exec(issue.body ?? '');
        if (m === null) continue;
        const zone = decodeURIComponent(m[1]);
        const seen = found.get(zone);
        // Two issues for one zone (made by hand): the open one, else the newest.
        if (seen === undefined || (seen.state !== 'open' && (issue.state === 'open' || issue.number > seen.number))) found.set(zone, issue);
      }
      if (batch.length < 100) return found;
    }
  }
}

export async function syncDriftIssues(report, github, label) {
  const existing = await github.issuesByZone(label);
  const done = [];
  for (const zone of report.zones ?? []) {
    if (!Array.isArray(zone.items))
      throw new Error(`the report's zone ${zone.zone} has no items: make it with this zonectl's drift --format json / --out`);
    const issue = existing.get(zone.zone);
    const drifted = zone.items.some((i) => i.counted !== false);
    const title = `DNS drift: ${printable(zone.zone)}`;
    if (drifted) {
      const body = issueBody(zone, report);
      if (issue === undefined) {
        const made = await github.call('POST', '/issues', { title, body, labels: [label] });
        done.push(`#${made.number} ${zone.zone}: opened`);
      } else {
        const reopen = issue.state !== 'open';
        await github.call('PATCH', `/issues/${issue.number}`, { title, body, ...(reopen ? { state: 'open' } : {}) });
        if (reopen) await github.call('POST', `/issues/${issue.number}/comments`, { body: `The drift is back (${runLink()}): reopened.` });
        done.push(`#${issue.number} ${zone.zone}: ${reopen ? 'reopened' : 'updated'}`);
      }
    } else if (issue !== undefined && issue.state === 'open') {
      await github.call('POST', `/issues/${issue.number}/comments`, { body: `Back in sync with its file (${runLink()}): closing.` });
      await github.call('PATCH', `/issues/${issue.number}`, { state: 'closed', state_reason: 'completed' });
      done.push(`#${issue.number} ${zone.zone}: closed (in sync)`);
    }
  }
  return done;
}

async function main() {
  const file = process.argv[2];
  if (file === undefined) throw new Error('usage: github-drift-issues.mjs DRIFT.json (the JSON report of zonectl drift)');
  const token = env.GH_TOKEN || env.GITHUB_TOKEN;
  if (!token) throw new Error('GH_TOKEN (or GITHUB_TOKEN) is not set');
  if (!env.GITHUB_REPOSITORY) throw new Error('GITHUB_REPOSITORY (owner/name) is not set');
  const report = JSON.parse(readFileSync(file, 'utf8'));
  const github = new GitHub(env.GITHUB_API_URL || 'https://api.github.com', env.GITHUB_REPOSITORY, token);
  const done = await syncDriftIssues(report, github, env.ZONECTL_ISSUE_LABEL || 'dns-drift');
  for (const line of done) console.log(line);
  if (env.GITHUB_STEP_SUMMARY) {
    appendFileSync(
      env.GITHUB_STEP_SUMMARY,
      done.length > 0 ? `\n#### Drift issues\n\n${done.map((l) => `- ${l}`).join('\n')}\n` : '\nNo drift issue to open, update or close.\n',
    );
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    // The message only: never the token (it is in no message), never a stack trace.
    console.error(`github-drift-issues: error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
