/** A loopback HTTP server that answers as a hostile or broken API would (tests of src/api/response-limits.ts). */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface HostileServer {
  /** `http://127.0.0.1:PORT/client/v4` */
  readonly baseUrl: string;
  /** Requests received, as "METHOD path". */
  readonly requests: string[];
  close(): Promise<void>;
}

/** Writes `next()` until it returns undefined or the client goes away, waiting for 'drain' (never buffers without bound). */
export function stream(res: ServerResponse, next: () => string | Buffer | undefined): void {
  const pump = (): void => {
    for (;;) {
      if (res.destroyed) return;
      const part = next();
      if (part === undefined) {
        res.end();
        return;
      }
      if (!res.write(part)) {
        res.once('drain', pump);
        return;
      }
    }
  };
  pump();
}

/** Headers at once, then one byte every 200 ms for ever (until the client goes away): only an overall deadline ends this. */
export function drip(res: ServerResponse): void {
  res.writeHead(200, { 'content-type': 'application/json' });
  res.write('{');
  const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(' ')), 200);
  res.on('close', () => clearInterval(timer));
}

export async function startHostileServer(handle: (req: IncomingMessage, res: ServerResponse) => void): Promise<HostileServer> {
  const requests: string[] = [];
  const server = createServer((req, res) => {
    requests.push(`${req.method} ${req.url}`);
    handle(req, res);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  const port = (server.address() as AddressInfo).port;
  return {
    baseUrl: `http://127.0.0.1:${port}/client/v4`,
    requests,
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
