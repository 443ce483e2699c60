/**
 * A loopback HTTP proxy that holds every request `delayMs` before forwarding it (a stand-in for
 * the network between a CI runner and the API) and counts requests by method and path, with
 * ids replaced by `{id}` (so `GET /zones/{id}/dns_records` counts every records read).
 */
import { createServer, request as httpRequest, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LatencyProxy {
  /** `http://127.0.0.1:PORT` (add the API prefix, e.g. `/client/v4`). */
  readonly origin: string;
  /** Requests seen since the last `reset`, by `METHOD /path/{id}`. */
  counts(): ReadonlyMap<string, number>;
  total(): number;
  reset(): void;
  close(): Promise<void>;
}

/** `METHOD /path` with hex ids (32 characters: zones, records, tokens) replaced by `{id}`, no query. */
export function requestKey(method: string, url: string): string {
  const path = url
    .split('?')[0]!
    .replace(/\/client\/v4/, '')
    .replace(/\/[0-9a-f]{32}(?=\/|$)/g, '/{id}');
  return `${method} ${path}`;
}

export async function startLatencyProxy(target: string, delayMs: number): Promise<LatencyProxy> {
  const to = new URL(target);
  let counts = new Map<string, number>();
  const forward = (req: IncomingMessage, res: ServerResponse): void => {
    const key = requestKey(req.method ?? 'GET', req.url ?? '/');
    counts.set(key, (counts.get(key) ?? 0) + 1);
    setTimeout(() => {
      const upstream = httpRequest(
        { host: to.hostname, port: to.port, method: req.method, path: req.url, headers: { ...req.headers, host: to.host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers);
          answer.pipe(res);
        },
      );
      upstream.on('error', (err) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`proxy: ${err.message}`);
      });
      req.pipe(upstream);
    }, delayMs);
  };
  const server = createServer(forward);
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    counts: () => counts,
    total: () => [...counts.values()].reduce((a, b) => a + b, 0),
    reset: () => {
      counts = new Map();
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** `GET /zones/{id}/dns_records 1, POST ... 3` for a report line. */
export function describeCounts(counts: ReadonlyMap<string, number>): string {
  return [...counts].map(([k, n]) => `${k} ${n}`).join(', ');
}
