#!/usr/bin/env node
/**
 * The plan job's ONE pull request comment (the workflow `zonectl init --ci github` writes): what
 * validate and lint found, above the plan, found again on every run by its marker and updated in
 * place (issue 44 item 2). It is posted whatever failed: a file that does not validate still gets
 * a comment saying why, with file and line; the workflow fails the check after this step.
 *
 *   node scripts/github-plan-comment.mjs
 *
 * Environment: GITHUB_REPOSITORY (owner/name), PR (the pull request's number), GH_TOKEN or
 * GITHUB_TOKEN, GITHUB_API_URL (default https://api.github.com); FINDINGS_FILE (`zonectl validate
 * --report markdown=FILE`), PLAN_FILE (`zonectl plan --report markdown=FILE`), PLAN_OUTCOME (the
 * plan step's outcome: success, failure, skipped); both files may be missing or empty. Only a
 * comment of `github-actions[bot]` (the workflow's GITHUB_TOKEN) whose body starts with the marker
 * is updated: a comment anyone else wrote with the marker is left alone.
 * GitHub REST API: https://docs.github.com/en/rest/issues/comments (list issue comments, create,
 * update). A body is at most 65,536 characters: the plan alone fills that much (zonectl keeps it
 * below), so with findings above a plan too long for both, the comment says where the plan is.
 * No dependency: Node's fetch.
 */
import { existsSync, readFileSync } from 'node:fs';
import { GitHubRest } from './github-rest.mjs';

export const MARKER = '<!-- zonectl plan -->';
/** GitHub refuses comment bodies of 65,536 characters or more. */
export const COMMENT_LIMIT = 65_535;
const BOT = 'github-actions[bot]';

const readIfAny = (file) => (file && existsSync(file) ? readFileSync(file, 'utf8').trim() : '');

/** Why there is no plan, when the plan step made none. */
function noPlan(outcome) {
  if (outcome === 'skipped') return '### zonectl plan\n\nNot run: the job has no token (a pull request from a fork?).';
  return '### zonectl plan\n\nNo plan: zonectl could not plan (the files above that do not validate, or the error in the job log).';
}

/** The comment: the marker, the findings, then the plan (or why there is none), below GitHub's limit. */
export function commentBody(findings, plan, outcome) {
  const head = findings === '' ? MARKER : `${MARKER}\n${findings}`;
  const tail = plan === '' ? noPlan(outcome) : plan;
  const whole = `${head}\n\n${tail}\n`;
  if (whole.length <= COMMENT_LIMIT) return whole;
  const pointer = `### zonectl plan\n\nThe plan (${plan.length.toLocaleString('en-US')} characters) does not fit in this comment beside the findings: it is in the job summary and the job log.`;
  const short = `${head}\n\n${pointer}\n`;
  if (short.length <= COMMENT_LIMIT) return short;
  // Not expected (zonectl keeps the findings short): cut them at a line, never mid-line.
  const room = COMMENT_LIMIT - pointer.length - 200;
  const cut = head.slice(0, head.lastIndexOf('\n', room));
  return `${cut}\n\n**The findings go on in the job log.**\n\n${pointer}\n`;
}

export class GitHub extends GitHubRest {
  /** The workflow's own comment on the pull request (the first whose body starts with the marker), if any. */
  async ownComment(pr) {
    for (let page = 1; ; page += 1) {
      const batch = await this.call('GET', `/issues/${pr}/comments?per_page=100&page=${page}`);
      const found = batch.find((c) => c.user?.login === BOT && typeof c.body === 'string' && c.body.startsWith(MARKER));
      if (found !== undefined) return found;
      if (batch.length < 100) return undefined;
    }
  }
}

/** Posts or updates the comment; returns what was done. */
export async function postPlanComment(github, pr, body) {
  const existing = await github.ownComment(pr);
  if (existing !== undefined) {
    await github.call('PATCH', `/issues/comments/${existing.id}`, { body });
    return `updated comment ${existing.id}`;
  }
  const made = await github.call('POST', `/issues/${pr}/comments`, { body });
  return `posted comment ${made.id}`;
}

async function main() {
  const env = process.env;
  const token = env.GH_TOKEN || env.GITHUB_TOKEN;
  if (!token) throw new Error('GH_TOKEN (or GITHUB_TOKEN) is not set');
  if (!env.GITHUB_REPOSITORY) throw new Error('GITHUB_REPOSITORY (owner/name) is not set');
  if (!/^[0-9]+$/.test(env.PR ?? '')) throw new Error('PR (the pull request number) is not set');
  const body = commentBody(readIfAny(env.FINDINGS_FILE), readIfAny(env.PLAN_FILE), env.PLAN_OUTCOME ?? '');
  const github = new GitHub(env.GITHUB_API_URL || 'https://api.github.com', env.GITHUB_REPOSITORY, token);
  console.log(`zonectl plan comment: ${await postPlanComment(github, env.PR, body)}`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((error) => {
    // The message only: never the token (it is in no message), never a stack trace.
    console.error(`github-plan-comment: error: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
