#!/usr/bin/env node
/**
 * The nightly drift job's adopt pull request (`zonectl init --ci github --adopt-pr`, issue 42 item
 * 2): after `zonectl drift --adopt` ran in the checkout (the action's command `adopt`), ONE pull
 * request with the adopted change, never a new one per night:
 *
 *   node scripts/github-adopt-pr.mjs
 *
 * - The files the adoption changed (`git status`) are committed on top of BASE_SHA through the Git
 *   database API (a tree with their contents, a commit), so no git credential is ever on the runner;
 *   the branch ADOPT_BRANCH is created, or moved to that commit (force) unless its tree is already
 *   the same (nothing new: nothing done).
 * - The branch's open pull request is updated in place (title, body), or one is opened.
 * - Its body links the open drift issues (found by the markers of scripts/github-drift-issues.mjs)
 *   and shows the adoption's log: what was adopted and what was not (with the reason).
 * - A refused adoption (ADOPT_OUTCOME failure: EDIT_REFUSED, a bad file, ...) is said, with its
 *   log, on each open drift issue and on the open pull request, and the script exits 1: never
 *   silent.
 * Every text from outside (the log, zone and file names) reaches GitHub as printable text inside a
 * code block or code span, where no markup, HTML or @mention works.
 *
 * Environment: GITHUB_REPOSITORY, GH_TOKEN or GITHUB_TOKEN, GITHUB_API_URL (default
 * https://api.github.com), GITHUB_SERVER_URL and GITHUB_RUN_ID (the run linked), ADOPT_OUTCOME
 * (success or failure), ADOPT_LOG (the adoption's output), ADOPT_BRANCH, BASE_BRANCH, BASE_SHA,
 * ZONECTL_ISSUE_LABEL (default dns-drift), GITHUB_STEP_SUMMARY.
 * GitHub REST API: https://docs.github.com/en/rest/git/commits#get-a-commit-object,
 * https://docs.github.com/en/rest/git/trees#create-a-tree (base_tree; `sha: null` deletes),
 * https://docs.github.com/en/rest/git/commits#create-a-commit,
 * https://docs.github.com/en/rest/git/refs (get, create, update with force),
 * https://docs.github.com/en/rest/pulls/pulls (list with head=OWNER:BRANCH, create, update),
 * https://docs.github.com/en/rest/issues/comments#create-an-issue-comment. Bodies are at most
 * 65,536 characters. No dependency: Node's fetch.
 * The workflow's token may open pull requests only where "Allow GitHub Actions to create and
 * approve pull requests" is on (off by default since 2022:
 * https://github.blog/changelog/2022-05-03-github-actions-prevent-github-actions-from-creating-and-approving-pull-requests);
 * otherwise GitHub refuses the POST /pulls, and its answer is this script's one error line.
 */
import { execFileSync } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { markerOf } from './github-drift-issues.mjs';
import { GitHubRest } from './github-rest.mjs';
import { printable } from './printable.mjs';

const BODY_LIMIT = 60_000;
const env = process.env;
const MARKER = /<!-- zonectl-drift-zone: ([^\s>]+) -->/;
export const PR_MARKER = '<!-- zonectl adopt -->';
export const PR_TITLE = 'Adopt DNS drift into the zone files';

/** A fenced code block no line inside can close (CommonMark 4.5): each line printable, the fence longer than any backtick run. */
export function codeBlock(text) {
  const lines = String(text).replace(/\n$/, '').split('\n').map(printable);
  const longest = Math.max(2, ...lines.flatMap((l) => (l.match(/`+/g) ?? []).map((r) => r.length)));
  const fence = '`'.repeat(longest + 1);
  return [fence, ...lines, fence].join('\n');
}

/** Inline code that no backtick inside can close; one line, printable. */
function code(text) {
  const value = printable(text);
  const longest = Math.max(0, ...(value.match(/`+/g) ?? []).map((r) => r.length));
  const fence = '`'.repeat(longest + 1);
  return `${fence} ${value} ${fence}`;
}

function runLink() {
  if (!env.GITHUB_SERVER_URL || !env.GITHUB_RUN_ID || !env.GITHUB_REPOSITORY) return 'the nightly drift job';
  return `[run ${env.GITHUB_RUN_ID}](${env.GITHUB_SERVER_URL}/${env.GITHUB_REPOSITORY}/actions/runs/${env.GITHUB_RUN_ID})`;
}

/** The log, cut to fit a body: its last lines are the outcome. */
function logText(log) {
  const text = log.length > BODY_LIMIT / 2 ? `…\n${log.slice(-BODY_LIMIT / 2)}` : log;
  return codeBlock(text.trim() === '' ? '(no output)' : text);
}

/** The files `drift --adopt` changed in the checkout: modified, added or deleted, relative to the root. */
export function changedFiles(cwd = process.cwd()) {
  const out = execFileSync('git', ['status', '--porcelain=v1', '-z', '--untracked-files=all'], { cwd, encoding: 'utf8' });
  const files = [];
  const entries = out.split('\0').filter((e) => e !== '');
  for (let i = 0; i < entries.length; i += 1) {
    const status = entries[i].slice(0, 2);
    files.push(entries[i].slice(3));
    if (status.startsWith('R') || status.startsWith('C')) i += 1; // the source of a rename or copy follows
  }
  return files;
}

export function pullBody({ issues, files, log }) {
  return [
    PR_MARKER,
    `The live zones differ from their files: this pull request takes the live values into the files (\`zonectl drift --adopt\`), as of ${runLink()}.`,
    "Merging it means the live values become the zone files' values; close it to keep the files (then `zonectl apply` reverts the drift).",
    'It is updated in place each night while drift remains.',
    '',
    issues.length > 0
      ? `Drift issues: ${issues.map((i) => `#${i.number} (${code(i.zone)})`).join(', ')}.`
      : 'No open drift issue was found.',
    '',
    `Files changed: ${files.map(code).join(', ')}.`,
    '',
    'What was adopted, and what was not (with the reason):',
    '',
    logText(log),
    '',
  ].join('\n');
}

export function refusalBody(log) {
  return [
    `\`zonectl drift --adopt\` refused to take this drift into the files (${runLink()}); nothing was written, no pull request changed:`,
    '',
    logText(log),
    '',
    'Adopt the items one by one (`zonectl drift FILE --adopt ID`), edit the file by hand, or revert with `zonectl apply`.',
  ].join('\n');
}

export class GitHub extends GitHubRest {
  constructor(api, repo, token) {
    super(api, repo, token);
    this.owner = repo.split('/')[0];
  }
  /** The open drift issues (the drift job's, by their markers), oldest first. */
  async driftIssues(label) {
    const found = [];
    for (let page = 1; ; page += 1) {
      const batch = await this.call('GET', `/issues?labels=${encodeURIComponent(label)}&state=open&per_page=100&page=${page}`);
      for (const issue of batch) {
        if (issue.pull_request !== undefined || issue.state !== 'open') continue;
        const m = MARKER.exec(issue.body ?? '');
        if (m === null) continue;
        const zone = decodeURIComponent(m[1]);
        if ((issue.body ?? '').startsWith(markerOf(zone))) found.push({ number: issue.number, zone });
      }
      if (batch.length < 100) return found.sort((a, b) => a.number - b.number);
    }
  }
  async openPull(branch) {
    const list = await this.call('GET', `/pulls?head=${encodeURIComponent(`${this.owner}:${branch}`)}&state=open&per_page=100`);
    return list.find((p) => (p.body ?? '').startsWith(PR_MARKER));
  }
}

/** Commits the files on BASE_SHA as the branch (when its tree differs) and opens or updates its pull request. */
export async function adoptPullRequest(github, { files, read, log, branch, baseBranch, baseSha, label }) {
  const issues = await github.driftIssues(label);
  const baseCommit = await github.call('GET', `/git/commits/${baseSha}`);
  const tree = await github.call('POST', '/git/trees', {
    base_tree: baseCommit.tree.sha,
    tree: files.map((path) => {
      const content = read(path);
      return content === undefined ? { path, mode: '100644', type: 'blob', sha: null } : { path, mode: '100644', type: 'blob', content };
    }),
  });
  const ref = await github.call('GET', `/git/ref/heads/${branch}`, undefined, { allow404: true });
  const done = [];
  let sameTree = false;
  if (ref !== undefined) sameTree = (await github.call('GET', `/git/commits/${ref.object.sha}`)).tree.sha === tree.sha;
  if (!sameTree) {
    const commit = await github.call('POST', '/git/commits', {
      message: `Adopt DNS drift into the zone files\n\nzonectl drift --adopt, nightly run ${env.GITHUB_RUN_ID ?? ''}`.trim(),
      tree: tree.sha,
      parents: [baseSha],
    });
    if (ref === undefined) await github.call('POST', '/git/refs', { ref: `refs/heads/${branch}`, sha: commit.sha });
    else await github.call('PATCH', `/git/refs/heads/${branch}`, { sha: commit.sha, force: true });
    done.push(`branch ${branch}: ${ref === undefined ? 'created' : 'moved'} to the adopted change`);
  } else done.push(`branch ${branch}: already holds this change`);
  const body = pullBody({ issues, files, log });
  const pull = await github.openPull(branch);
  if (pull === undefined) {
    const made = await github.call('POST', '/pulls', { title: PR_TITLE, head: branch, base: baseBranch, body });
    done.push(`pull request #${made.number}: opened`);
  } else {
    await github.call('PATCH', `/pulls/${pull.number}`, { title: PR_TITLE, body });
    done.push(`pull request #${pull.number}: updated`);
  }
  return done;
}

/** A refused adoption: said on each open drift issue and on the open pull request. */
export async function reportRefusal(github, { log, branch, label }) {
  const body = refusalBody(log);
  const targets = [...(await github.driftIssues(label)).map((i) => i.number)];
  const pull = await github.openPull(branch);
  if (pull !== undefined) targets.push(pull.number);
  for (const n of targets) await github.call('POST', `/issues/${n}/comments`, { body });
  return targets.map((n) => `#${n}: the refusal commented`);
}

async function main() {
  const token = env.GH_TOKEN || env.GITHUB_TOKEN;
  if (!token) throw new Error('GH_TOKEN (or GITHUB_TOKEN) is not set');
  for (const name of ['GITHUB_REPOSITORY', 'ADOPT_BRANCH', 'BASE_BRANCH', 'BASE_SHA', 'ADOPT_OUTCOME'])
    if (!env[name]) throw new Error(`${name} is not set`);
  const log = env.ADOPT_LOG && existsSync(env.ADOPT_LOG) ? readFileSync(env.ADOPT_LOG, 'utf8') : '';
  const github = new GitHub(env.GITHUB_API_URL || 'https://api.github.com', env.GITHUB_REPOSITORY, token);
  const label = env.ZONECTL_ISSUE_LABEL || 'dns-drift';
  let done;
  let failed = false;
  if (env.ADOPT_OUTCOME !== 'success') {
    done = await reportRefusal(github, { log, branch: env.ADOPT_BRANCH, label });
    failed = true;
  } else {
    const files = changedFiles();
    done =
      files.length === 0
        ? ['drift --adopt changed no file (nothing it could adopt): no pull request']
        : await adoptPullRequest(github, {
            files,
            read: (path) => (existsSync(path) ? readFileSync(path, 'utf8') : undefined),
            log,
            branch: env.ADOPT_BRANCH,
            baseBranch: env.BASE_BRANCH,
            baseSha: env.BASE_SHA,
            label,
          });
  }
  for (const line of done) console.log(printable(line));
  if (env.GITHUB_STEP_SUMMARY)
    appendFileSync(env.GITHUB_STEP_SUMMARY, `\n#### Adopt pull request\n\n${done.map((l) => `- ${printable(l)}`).join('\n')}\n`);
  if (failed) {
    console.error('github-adopt-pr: error: zonectl drift --adopt failed (its log above, and on the drift issues): no pull request changed');
    process.exit(1);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    // The message only: never the token (it is in no message), never a stack trace.
    console.error(`github-adopt-pr: error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
