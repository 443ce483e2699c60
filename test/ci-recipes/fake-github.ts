/**
 * A local fake of the part of the GitHub REST API the recipes' scripts use: the nightly drift
 * job's issues (https://docs.github.com/en/rest/issues/issues: list with labels, state and pages;
 * create; update) and the comments of issues and pull requests
 * (https://docs.github.com/en/rest/issues/comments: list with pages, create, update by id: the
 * plan job's one comment), in memory, on loopback, for `acme/dns`. The workflow's token writes as
 * `github-actions[bot]`; `pullRequests` are the numbers that take comments besides the issues.
 * Every request is recorded; a wrong token is answered 401 as GitHub does.
 * For the adopt pull request (scripts/github-adopt-pr.mjs): the Git database's commits, trees
 * (content-addressed: the same files, the same tree sha, as git's) and branch refs
 * (https://docs.github.com/en/rest/git), and pull requests (list by head, create, update:
 * https://docs.github.com/en/rest/pulls/pulls), numbered with the issues as GitHub numbers them.
 */
import { createHash } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Issue {
  number: number;
  title: string;
  body: string;
  state: 'open' | 'closed';
  state_reason?: string;
  labels: Array<{ name: string }>;
  pull_request?: object;
  comments: string[];
}

/** A comment of an issue or a pull request. */
export interface Comment {
  id: number;
  issue: number;
  body: string;
  user: { login: string };
}

/** A pull request of the fake: its issue (number, title, body, comments) and its branches. */
export interface Pull extends Issue {
  head: string;
  base: string;
}

const sha1 = (text: string): string => createHash('sha1').update(text).digest('hex');

/** The part of the GitHub REST API the scripts use, in memory; every request recorded. */
export class FakeGitHub {
  constructor(
    private readonly token: string,
    readonly pullRequests: readonly number[] = [7],
  ) {}

  readonly issues: Issue[] = [];
  readonly comments: Comment[] = [];
  readonly requests: string[] = [];
  /** Trees by sha: every file path and its content. */
  readonly trees = new Map<string, Map<string, string>>();
  /** Commits by sha. */
  readonly commits = new Map<string, { tree: string; parents: string[]; message: string }>();
  /** Branch refs: name -> commit sha. */
  readonly refs = new Map<string, string>();
  readonly pulls: Pull[] = [];

  /** A commit holding these files (the repository's default branch head), its sha. */
  seedCommit(files: Record<string, string>): string {
    const tree = this.tree(new Map(Object.entries(files)));
    const sha = sha1(`commit ${tree} seed ${this.commits.size}`);
    this.commits.set(sha, { tree, parents: [], message: 'seed' });
    return sha;
  }
  /** The files of a branch's head commit. */
  filesOf(branch: string): Map<string, string> | undefined {
    const sha = this.refs.get(branch);
    return sha === undefined ? undefined : this.trees.get(this.commits.get(sha)!.tree);
  }
  private tree(files: Map<string, string>): string {
    const sha = sha1(JSON.stringify([...files].sort(([a], [b]) => (a < b ? -1 : 1))));
    this.trees.set(sha, files);
    return sha;
  }
  /** The Git database and pull request endpoints; undefined when the path is not one of them. */
  private gitAndPulls(method: string, url: URL, body: Record<string, unknown>): [number, unknown] | undefined {
    const path = url.pathname.replace(/^\/repos\/acme\/dns/, '');
    let m = /^\/git\/commits\/([0-9a-f]+)$/.exec(path);
    if (m !== null && method === 'GET') {
      const c = this.commits.get(m[1]!);
      return c === undefined
        ? [404, { message: 'Not Found' }]
        : [200, { sha: m[1], tree: { sha: c.tree }, parents: c.parents.map((sha) => ({ sha })) }];
    }
    if (path === '/git/trees' && method === 'POST') {
      const base = this.trees.get(String(body.base_tree));
      if (base === undefined) return [422, { message: 'base_tree not found' }];
      const files = new Map(base);
      for (const e of body.tree as Array<{ path: string; content?: string; sha?: null }>)
        if (e.sha === null) files.delete(e.path);
        else files.set(e.path, String(e.content));
      return [201, { sha: this.tree(files) }];
    }
    if (path === '/git/commits' && method === 'POST') {
      if (!this.trees.has(String(body.tree))) return [422, { message: 'tree not found' }];
      const parents = (body.parents as string[]).map(String);
      if (parents.some((p) => !this.commits.has(p))) return [422, { message: 'parent not found' }];
      const sha = sha1(`commit ${String(body.tree)} ${parents.join(' ')} ${String(body.message)} ${this.commits.size}`);
      this.commits.set(sha, { tree: String(body.tree), parents, message: String(body.message) });
      return [201, { sha, tree: { sha: body.tree } }];
    }
    m = /^\/git\/refs?\/heads\/(.+)$/.exec(path);
    if (m !== null) {
      const branch = m[1]!;
      if (method === 'GET' && path.startsWith('/git/ref/')) {
        const sha = this.refs.get(branch);
        return sha === undefined
          ? [404, { message: 'Not Found' }]
          : [200, { ref: `refs/heads/${branch}`, object: { sha, type: 'commit' } }];
      }
      if (method === 'PATCH' && path.startsWith('/git/refs/')) {
        if (!this.refs.has(branch)) return [422, { message: 'Reference does not exist' }];
        if (!this.commits.has(String(body.sha))) return [422, { message: 'Object does not exist' }];
        this.refs.set(branch, String(body.sha));
        return [200, { ref: `refs/heads/${branch}`, object: { sha: body.sha } }];
      }
      return [405, { message: 'Method Not Allowed' }];
    }
    if (path === '/git/refs' && method === 'POST') {
      const ref = /^refs\/heads\/(.+)$/.exec(String(body.ref));
      if (ref === null || this.refs.has(ref[1]!)) return [422, { message: 'Reference already exists' }];
      if (!this.commits.has(String(body.sha))) return [422, { message: 'Object does not exist' }];
      this.refs.set(ref[1]!, String(body.sha));
      return [201, { ref: body.ref, object: { sha: body.sha } }];
    }
    if (path === '/pulls' && method === 'GET') {
      const head = url.searchParams.get('head');
      const state = url.searchParams.get('state') ?? 'open';
      return [200, this.pulls.filter((p) => (head === null || `acme:${p.head}` === head) && (state === 'all' || p.state === state))];
    }
    if (path === '/pulls' && method === 'POST') {
      if (!this.refs.has(String(body.head))) return [422, { message: 'Validation Failed: head' }];
      if (this.pulls.some((p) => p.state === 'open' && p.head === body.head && p.base === body.base))
        return [422, { message: `A pull request already exists for acme:${String(body.head)}.` }];
      const made: Pull = {
        number: this.issues.length + 1,
        title: String(body.title),
        body: String(body.body),
        state: 'open',
        labels: [],
        pull_request: {},
        comments: [],
        head: String(body.head),
        base: String(body.base),
      };
      this.issues.push(made);
      this.pulls.push(made);
      return [201, made];
    }
    m = /^\/pulls\/(\d+)$/.exec(path);
    if (m !== null && method === 'PATCH') {
      const pull = this.pulls.find((p) => p.number === Number(m![1]));
      if (pull === undefined) return [404, { message: 'Not Found' }];
      Object.assign(pull, body);
      return [200, pull];
    }
    return undefined;
  }

  private server: Server | undefined;
  url = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (d: Buffer) => (raw += d.toString()));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://fake');
        this.requests.push(`${req.method} ${url.pathname}${url.search}`);
        const send = (status: number, body: unknown): void => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (req.headers.authorization !== `Bearer ${this.token}`) return send(401, { message: 'Bad credentials' });
        const body = raw === '' ? {} : (JSON.parse(raw) as Record<string, unknown>);
        const git = this.gitAndPulls(req.method ?? 'GET', url, body);
        if (git !== undefined) return send(git[0], git[1]);
        const byId = /^\/repos\/acme\/dns\/issues\/comments\/(\d+)$/.exec(url.pathname);
        if (byId !== null) {
          const comment = this.comments.find((c) => c.id === Number(byId[1]));
          if (comment === undefined) return send(404, { message: 'Not Found' });
          if (req.method !== 'PATCH') return send(405, { message: 'Method Not Allowed' });
          if (comment.user.login !== 'github-actions[bot]') return send(403, { message: 'Resource not accessible by integration' });
          comment.body = String(body.body);
          return send(200, comment);
        }
        const m = /^\/repos\/acme\/dns\/issues(?:\/(\d+))?(\/comments)?$/.exec(url.pathname);
        if (m?.[1] !== undefined && m[2] !== undefined && this.pullRequests.includes(Number(m[1]))) {
          const issue = Number(m[1]);
          if (req.method === 'GET') {
            const page = Number(url.searchParams.get('page') ?? '1');
            const per = Number(url.searchParams.get('per_page') ?? '30');
            return send(200, this.comments.filter((c) => c.issue === issue).slice((page - 1) * per, page * per));
          }
          if (req.method === 'POST') {
            const made: Comment = {
              id: 9000 + this.comments.length,
              issue,
              body: String(body.body),
              user: { login: 'github-actions[bot]' },
            };
            this.comments.push(made);
            return send(201, made);
          }
          return send(405, { message: 'Method Not Allowed' });
        }
        if (m === null) return send(404, { message: 'Not Found' });
        const issue = m[1] !== undefined ? this.issues.find((i) => i.number === Number(m[1])) : undefined;
        if (m[1] !== undefined && issue === undefined) return send(404, { message: 'Not Found' });
        if (req.method === 'GET' && m[1] === undefined) {
          const label = url.searchParams.get('labels');
          const page = Number(url.searchParams.get('page') ?? '1');
          const per = Number(url.searchParams.get('per_page') ?? '30');
          const all = this.issues
            .filter((i) => label === null || i.labels.some((l) => l.name === label))
            .sort((a, b) => b.number - a.number);
          return send(200, all.slice((page - 1) * per, page * per));
        }
        if (req.method === 'POST' && m[1] === undefined) {
          const made: Issue = {
            number: this.issues.length + 1,
            title: String(body.title),
            body: String(body.body),
            state: 'open',
            labels: ((body.labels as string[]) ?? []).map((name) => ({ name })),
            comments: [],
          };
          this.issues.push(made);
          return send(201, made);
        }
        if (req.method === 'PATCH' && issue !== undefined && m[2] === undefined) {
          Object.assign(issue, body);
          return send(200, issue);
        }
        if (req.method === 'POST' && issue !== undefined && m[2] !== undefined) {
          issue.comments.push(String(body.body));
          return send(201, { id: issue.comments.length });
        }
        return send(405, { message: 'Method Not Allowed' });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}`;
  }
  close(): void {
    this.server?.close();
  }
}
