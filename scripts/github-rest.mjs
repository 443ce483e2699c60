/**
 * The GitHub REST call the workflow scripts share (github-plan-comment.mjs, github-drift-issues.mjs,
 * github-adopt-pr.mjs): one repository's endpoints, the token as a bearer, the API version pinned
 * (https://docs.github.com/en/rest/about-the-rest-api/api-versions), JSON in and out. An answer
 * that is not 2xx throws, naming the method, the path and the status, with the start of its body as
 * printable text (never the token). The action ships it beside them: the workflows run the scripts
 * from the action's checkout (action.yml, output `action-path`). No dependency: Node's fetch.
 */
import { printable } from './printable.mjs';

export class GitHubRest {
  /** `api`: GITHUB_API_URL (https://api.github.com); `repo`: owner/name. */
  constructor(api, repo, token) {
    this.base = `${api.replace(/\/$/, '')}/repos/${repo}`;
    this.token = token;
  }

  /** `path` under the repository; `allow404`: a 404 answers undefined instead of throwing. A 204 answers undefined. */
  async call(method, path, body, { allow404 = false } = {}) {
    const res = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        accept: 'application/vnd.github+json',
        authorization: `Bearer ${this.token}`,
        'x-github-api-version': '2022-11-28',
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    if (allow404 && res.status === 404) return undefined;
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${printable((await res.text()).slice(0, 300))}`);
    return res.status === 204 ? undefined : res.json();
  }
}
