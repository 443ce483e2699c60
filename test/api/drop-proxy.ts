/** A loopback proxy in front of the emulator that can lose a request or its answer (tests). */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { request } from 'undici';

/**
 * `hold`: the request waits in the proxy (not yet forwarded) until `release()`; `held()` resolves
 * once a request is waiting. A test uses it to keep a call in flight for as long as it needs.
 */
export type DropRule = (method: string, path: string) => 'pass' | 'drop-before' | 'drop-after' | 'hold';

export interface DropProxy {
  baseUrl: string;
  /** Requests that reached the upstream, as "METHOD path". */
  forwarded: string[];
  /** The credential headers of every request that reached the proxy (`authorization`, else `x-auth-key`; '' for none), in order. */
  credentials: string[];
  setRule(rule: DropRule): void;
  /** Sees every request before it is forwarded, with its body (a test that checks what a client sends). */
  setRequestObserver(observer: ((method: string, path: string, body: string) => void) | undefined): void;
  /** Sees every answer the upstream gave (dropped or not), e.g. to learn a secret a test must not find in output. */
  setObserver(observer: ((method: string, path: string, body: string) => void) | undefined): void;
  /** Resolves with "METHOD path" once a request is held by a `hold` rule. */
  held(): Promise<string>;
  /** Forwards every held request. */
  release(): void;
  /** Rewrites an answer's body before the client gets it (a hostile or broken service); undefined keeps it. */
  setRewrite(rewrite: ((method: string, path: string, body: string) => string | undefined) | undefined): void;
  close(): Promise<void>;
}

export async function startDropProxy(upstreamBaseUrl: string): Promise<DropProxy> {
  const upstream = new URL(upstreamBaseUrl);
  let rule: DropRule = () => 'pass';
  let observer: ((method: string, path: string, body: string) => void) | undefined;
  let requestObserver: ((method: string, path: string, body: string) => void) | undefined;
  let rewrite: ((method: string, path: string, body: string) => string | undefined) | undefined;
  const forwarded: string[] = [];
  const credentials: string[] = [];
  const holding: Array<() => void> = [];
  const heldWaiters: Array<(what: string) => void> = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      (async () => {
        const method = req.method ?? 'GET';
        const path = req.url ?? '/';
        const credential = req.headers.authorization ?? req.headers['x-auth-key'];
        credentials.push(typeof credential === 'string' ? credential : '');
        const decision = rule(method, path);
        if (decision === 'drop-before') {
          req.socket.destroy();
          return;
        }
        if (decision === 'hold') {
          await new Promise<void>((release) => {
            holding.push(release);
            for (const w of heldWaiters.splice(0)) w(`${method} ${path}`);
          });
        }
        const headers: Record<string, string> = {};
        for (const [k, v] of Object.entries(req.headers)) {
          if (typeof v === 'string' && k !== 'host' && k !== 'connection' && k !== 'content-length') headers[k] = v;
        }
        const body = chunks.length ? Buffer.concat(chunks) : undefined;
        requestObserver?.(method, path, body?.toString('utf8') ?? '');
        const up = await request(`${upstream.origin}${path}`, { method: method as 'GET', headers, body });
        const upText = await up.body.text();
        const text = rewrite?.(method, path, upText) ?? upText;
        forwarded.push(`${method} ${path}`);
        observer?.(method, path, upText);
        if (decision === 'drop-after') {
          req.socket.destroy();
          return;
        }
        const out: Record<string, string> = { 'content-type': 'application/json' };
        const retryAfter = up.headers['retry-after'];
        if (typeof retryAfter === 'string') out['retry-after'] = retryAfter;
        res.writeHead(up.statusCode, out);
        res.end(text);
      })().catch(() => {
        // The upstream went away (a test ended while a call was held): the client sees its connection drop.
        req.socket.destroy();
      });
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}${upstream.pathname}`,
    forwarded,
    credentials,
    setRule: (r) => {
      rule = r;
    },
    setObserver: (o) => {
      observer = o;
    },
    setRequestObserver: (o) => {
      requestObserver = o;
    },
    held: () => new Promise<string>((resolve) => heldWaiters.push(resolve)),
    release: () => {
      for (const r of holding.splice(0)) r();
    },
    setRewrite: (r) => {
      rewrite = r;
    },
    close: () =>
      new Promise<void>((r) => {
        for (const release of holding.splice(0)) release();
        server.close(() => r());
        server.closeAllConnections();
      }),
  };
}
