/**
 * A local fake of the part of the GitHub REST API the recipes' scripts use: the nightly drift
 * job's issues (https://docs.github.com/en/rest/issues/issues: list with labels, state and pages;
 * create; update) and the comments of issues and pull requests
 * (https://docs.github.com/en/rest/issues/comments: list with pages, create, update by id: the
 * plan job's one comment), in memory, on loopback, for `acme/dns`. The workflow's token writes as
 * `github-actions[bot]`; `pullRequests` are the numbers that take comments besides the issues.
 * Every request is recorded; a wrong token is answered 401 as GitHub does.
 */
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

/** The part of the GitHub REST API the scripts use, in memory; every request recorded. */
export class FakeGitHub {
  constructor(
    private readonly token: string,
    readonly pullRequests: readonly number[] = [7],
  ) {}

  readonly issues: Issue[] = [];
  readonly comments: Comment[] = [];
  readonly requests: string[] = [];
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
