/**
 * A local stand-in for the part of GitLab's REST API the recipes' plan job uses: the notes of one
 * merge request (https://docs.gitlab.com/api/notes/#merge-requests: list with `per_page` and
 * `sort`, create, update by id) and the token's own user (https://docs.gitlab.com/api/users/#get-the-current-user:
 * the note token's bot), in memory, on loopback. Every request is recorded with the
 * `PRIVATE-TOKEN` it carried; a request without the expected token is answered 401 as GitLab does.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Note {
  id: number;
  body: string;
  system: boolean;
  author: { username: string };
}

export interface NoteRequest {
  readonly method: string;
  readonly url: string;
  readonly token: string;
  readonly body: string;
}

/** GitLab's notes API for project `project`, merge request `iid`; `notes` may be seeded. */
export class FakeGitLab {
  constructor(
    private readonly token: string,
    readonly project = '12',
    readonly iid = '3',
  ) {}

  /** The user of the note token (a project access token's bot). */
  readonly username = 'project_12_bot';
  readonly notes: Note[] = [];
  readonly requests: NoteRequest[] = [];
  private server: Server | undefined;
  /** `CI_API_V4_URL` of the stand-in. */
  apiUrl = '';

  async start(): Promise<void> {
    this.server = createServer((req, res) => {
      let raw = '';
      req.on('data', (d: Buffer) => (raw += d.toString()));
      req.on('end', () => {
        const token = String(req.headers['private-token'] ?? '');
        this.requests.push({ method: req.method ?? '', url: req.url ?? '', token, body: raw });
        const send = (status: number, body: unknown): void => {
          res.writeHead(status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (token !== this.token) return send(401, { message: '401 Unauthorized' });
        const url = new URL(req.url ?? '/', 'http://fake');
        if (req.method === 'GET' && url.pathname === '/api/v4/user') return send(200, { id: 77, username: this.username });
        const m = new RegExp(`^/api/v4/projects/${this.project}/merge_requests/${this.iid}/notes(?:/(\\d+))?$`).exec(url.pathname);
        if (m === null) return send(404, { message: '404 Not Found' });
        if (req.method === 'GET' && m[1] === undefined) {
          const per = Number(url.searchParams.get('per_page') ?? '20');
          const sorted = [...this.notes].sort((a, b) => (url.searchParams.get('sort') === 'asc' ? a.id - b.id : b.id - a.id));
          return send(200, sorted.slice(0, per));
        }
        const body = raw === '' ? {} : (JSON.parse(raw) as { body?: unknown });
        if (req.method === 'POST' && m[1] === undefined) {
          const note: Note = {
            id: 100 + this.notes.length,
            body: String(body.body),
            system: false,
            author: { username: 'project_12_bot' },
          };
          this.notes.push(note);
          return send(201, note);
        }
        const note = this.notes.find((n) => n.id === Number(m[1]));
        if (req.method === 'PUT' && note !== undefined) {
          if (note.author.username !== this.username) return send(403, { message: '403 Forbidden' });
          note.body = String(body.body);
          return send(200, note);
        }
        return send(404, { message: '404 Not Found' });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.apiUrl = `http://127.0.0.1:${(this.server!.address() as AddressInfo).port}/api/v4`;
  }

  close(): void {
    this.server?.close();
  }
}
