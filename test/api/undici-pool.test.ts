/**
 * api/undici-pool.ts loads undici's Pool without undici's index: the pool's `request` must be
 * undici's own request API (what the index puts on the dispatcher prototype), and it must work.
 */
import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { Pool, poolConnector } from '../../src/api/undici-pool.js';

const require = createRequire(import.meta.url);

describe('undici-pool', () => {
  it("gives the pool undici's own request method, without loading undici's index", () => {
    // A process of its own: here, other tests' imports may have loaded the whole library.
    const script = [
      "const { createRequire } = await import('node:module');",
      'const require = createRequire(process.cwd() + "/");',
      "const { Pool } = await import('./src/api/undici-pool.ts');",
      'console.log(JSON.stringify({',
      '  request: typeof Pool.prototype.request,',
      "  undicis: Pool.prototype.request === require('undici/lib/api/api-request.js'),",
      "  index: Object.keys(require.cache).some((k) => k.endsWith('/node_modules/undici/index.js')),",
      '}));',
    ].join('\n');
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { encoding: 'utf8' });
    expect(JSON.parse(out)).toEqual({ request: 'function', undicis: true, index: false });
    expect(Pool).toBe(require('undici').Pool);
    expect(Pool.prototype.request).toBe(require('undici/lib/api/api-request.js'));
    expect(Pool.prototype.request).toBe(require('undici').Dispatcher.prototype.request);
  });

  it('makes a request', async () => {
    const server = createServer((req, res) => res.end(`${req.method} ${req.url}`));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const pool = new Pool(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    try {
      const res = await pool.request({ method: 'GET', path: '/zones?name=a' });
      expect(res.statusCode).toBe(200);
      expect(await res.body.text()).toBe('GET /zones?name=a');
    } finally {
      await pool.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it("connects through poolConnector as through undici's own connector, a refused connection included", async () => {
    const server = createServer((req, res) => res.end(`${req.method} ${req.url}`));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    // A port nothing listens on: the first connection fails, the next ones to the server succeed.
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const closedPort = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const refused = new Pool(`http://127.0.0.1:${closedPort}`, { connect: poolConnector() });
    const pool = new Pool(`http://127.0.0.1:${port}`, { connect: poolConnector(), connections: 2 });
    try {
      await expect(refused.request({ method: 'GET', path: '/' })).rejects.toMatchObject({ code: 'ECONNREFUSED' });
      const answers = await Promise.all(
        ['/a', '/b', '/c'].map(async (path) => {
          const res = await pool.request({ method: 'GET', path });
          return `${res.statusCode} ${await res.body.text()}`;
        }),
      );
      expect(answers).toEqual(['200 GET /a', '200 GET /b', '200 GET /c']);
    } finally {
      await refused.close();
      await pool.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
