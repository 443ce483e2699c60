/**
 * scripts/github-plan-comment.mjs, the plan job's one comment (issue 44 item 2), against the
 * stand-in of GitHub's API: the findings above the plan, always a body GitHub accepts (below
 * 65,536 characters: a plan too long to stand beside the findings is pointed to, never cut), and
 * only the workflow's own marked comment is updated, however many comments the pull request has.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeGitHub } from './fake-github.js';

interface Api {
  call(method: string, path: string, body?: unknown): Promise<unknown>;
}
/** The script's exports (plain JavaScript, loaded by URL). */
interface Script {
  readonly MARKER: string;
  commentBody(findings: string, plan: string, outcome: string): string;
  postPlanComment(github: Api, pr: string, body: string): Promise<string>;
  readonly GitHub: new (api: string, repo: string, token: string) => Api;
}
const script = (await import(pathToFileURL(join(import.meta.dirname, '..', '..', 'scripts', 'github-plan-comment.mjs')).href)) as Script;

describe('the plan comment (scripts/github-plan-comment.mjs)', () => {
  const gitHub = new FakeGitHub('ghs_fake', [7, 8]);
  let api: Api;

  beforeAll(async () => {
    await gitHub.start();
    api = new script.GitHub(gitHub.url, 'acme/dns', 'ghs_fake');
  });
  afterAll(() => gitHub.close());

  it('the findings above the plan; no plan: why', () => {
    expect(script.commentBody('### zonectl validate and lint\n\nF', '### zonectl plan\n\nP', 'success')).toBe(
      `${script.MARKER}\n### zonectl validate and lint\n\nF\n\n### zonectl plan\n\nP\n`,
    );
    expect(script.commentBody('F', '', 'failure')).toContain('No plan: zonectl could not plan');
    expect(script.commentBody('F', '', 'skipped')).toContain('Not run: the job has no token');
  });

  it('a plan too long to stand beside the findings is pointed to, the findings kept; the body stays below the limit', () => {
    const plan = `### zonectl plan\n\n${'x'.repeat(65_500)}`;
    const body = script.commentBody('### zonectl validate and lint\n\nF', plan, 'success');
    expect(body.length).toBeLessThan(65_536);
    expect(body).toContain('### zonectl validate and lint\n\nF');
    expect(body).toContain('does not fit in this comment beside the findings: it is in the job summary');
    expect(script.commentBody('', plan.slice(0, 60_000), 'success')).toContain('x'.repeat(59_000));
  });

  it('among 150 comments, the workflow’s own marked one is updated; one someone else marked is not', async () => {
    for (let i = 0; i < 150; i += 1) gitHub.comments.push({ id: i + 1, issue: 8, body: `comment ${i}`, user: { login: 'reviewer' } });
    gitHub.comments.push({ id: 500, issue: 8, body: `${script.MARKER}\nforged`, user: { login: 'mallory' } });
    gitHub.comments.push({ id: 501, issue: 8, body: `${script.MARKER}\nold`, user: { login: 'github-actions[bot]' } });
    expect(await script.postPlanComment(api, '8', `${script.MARKER}\nnew`)).toBe('updated comment 501');
    expect(gitHub.comments.find((c) => c.id === 501)?.body).toBe(`${script.MARKER}\nnew`);
    expect(gitHub.comments.find((c) => c.id === 500)?.body).toBe(`${script.MARKER}\nforged`);
    expect(gitHub.requests.filter((r) => r.startsWith('GET /repos/acme/dns/issues/8/comments'))).toEqual([
      'GET /repos/acme/dns/issues/8/comments?per_page=100&page=1',
      'GET /repos/acme/dns/issues/8/comments?per_page=100&page=2',
    ]);
    expect(await script.postPlanComment(api, '7', `${script.MARKER}\nfirst`)).toMatch(/^posted comment \d+$/);
  });
});
