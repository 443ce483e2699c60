import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { CloudflareClient, type RequestLogEvent } from '../../src/api/client.js';
import { ApiNetworkError, ApiResponseError, CloudflareApiError, OutcomeUnknownError } from '../../src/api/errors.js';
import { RateLimiter, type Clock } from '../../src/api/rate-limiter.js';

const ORIGIN = 'https://api.example.test';
const BASE = `${ORIGIN}/client/v4`;
const TOKEN = 'tok_SECRET_9f8e7d6c5b4a';

function fakeClock(): Clock & { slept: number[] } {
  let t = 1_000_000;
  const slept: number[] = [];
  return {
    slept,
    now: () => t,
    sleep: async (ms) => {
      slept.push(ms);
      t += ms;
    },
  };
}

const ok = (result: unknown, extra: Record<string, unknown> = {}) => ({ success: true, errors: [], messages: [], result, ...extra });
const fail = (errors: unknown[]) => ({ success: false, errors, messages: [], result: null });

let agent: MockAgent | undefined;
function setup(extra: { log?: (e: RequestLogEvent) => void; limiter?: RateLimiter | null; clock?: ReturnType<typeof fakeClock> } = {}) {
  agent = new MockAgent();
  agent.disableNetConnect();
  const clock = extra.clock ?? fakeClock();
  const client = new CloudflareClient({
    baseUrl: BASE,
    credentials: { kind: 'token', token: TOKEN },
    dispatcher: agent,
    limiter: extra.limiter ?? null,
    clock,
    random: () => 0.5,
    ...(extra.log ? { log: extra.log } : {}),
  });
  return { client, clock, pool: agent.get(ORIGIN) };
}
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});

async function caught(p: Promise<unknown>): Promise<Error> {
  try {
    await p;
  } catch (e) {
    return e as Error;
  }
  throw new Error('expected a rejection');
}

describe('CloudflareClient envelope and errors (MockAgent)', () => {
  it('sends the bearer token and returns result and result_info', async () => {
    const { client, pool } = setup();
    pool
      .intercept({ path: '/client/v4/zones?name=example.com', method: 'GET', headers: { authorization: `Bearer ${TOKEN}` } })
      .reply(200, ok([{ id: 'z1', name: 'example.com' }], { result_info: { page: 1, total_pages: 1 } }));
    const res = await client.request<Array<{ id: string }>>('GET', '/zones', { query: { name: 'example.com' } });
    expect(res.status).toBe(200);
    expect(res.result[0]!.id).toBe('z1');
    expect(res.result_info?.total_pages).toBe(1);
  });

  it('reads the 1004 wrapper and the bare root cause the same', async () => {
    const { client, pool } = setup();
    const root = { code: 9005, message: 'Content for A record is invalid.' };
    pool
      .intercept({ path: '/client/v4/zones/z1/dns_records', method: 'POST' })
      .reply(400, fail([{ code: 1004, message: 'DNS Validation Error', error_chain: [root] }]));
    pool.intercept({ path: '/client/v4/zones/z1/dns_records', method: 'POST' }).reply(400, fail([root]));
    const a = (await caught(client.request('POST', '/zones/z1/dns_records', { body: {} }))) as CloudflareApiError;
    const b = (await caught(client.request('POST', '/zones/z1/dns_records', { body: {} }))) as CloudflareApiError;
    expect(a).toBeInstanceOf(CloudflareApiError);
    expect(a.errors).toEqual(b.errors);
    expect(a.message).toBe(b.message);
    expect(a.message).toBe('POST /zones/z1/dns_records: 400 9005 Content for A record is invalid.');
    expect(a.wrappers).toEqual([{ code: 1004, message: 'DNS Validation Error' }]);
    expect(a.status).toBe(400);
    expect(a.method).toBe('POST');
    expect(a.path).toBe('/zones/z1/dns_records');
  });

  it('treats success:false with a 200 as an error', async () => {
    const { client, pool } = setup();
    pool.intercept({ path: '/client/v4/zones/z1', method: 'GET' }).reply(200, fail([{ code: 7003, message: 'Could not route' }]));
    const e = (await caught(client.request('GET', '/zones/z1'))) as CloudflareApiError;
    expect(e.errors[0]!.code).toBe(7003);
  });

  it('turns a non-JSON body into a clear error (not retried when the status is final)', async () => {
    const { client, pool } = setup();
    pool
      .intercept({ path: '/client/v4/zones', method: 'GET' })
      .reply(200, '<html><body>Gateway login\n</body></html>', { headers: { 'content-type': 'text/html' } });
    const e = await caught(client.request('GET', '/zones'));
    expect(e).toBeInstanceOf(ApiResponseError);
    expect(e.message).toBe(
      `GET /zones: 200 body is not the API's JSON envelope: <html><body>Gateway login </body></html>; is ${client.baseUrl} the Cloudflare API v4? check CLOUDFLARE_BASE_URL (or --base-url; default https://api.cloudflare.com/client/v4)`,
    );
  });

  it('retries a GET on 502 with an HTML body, then succeeds', async () => {
    const { client, pool, clock } = setup();
    pool.intercept({ path: '/client/v4/zones', method: 'GET' }).reply(502, '<html>bad gateway</html>');
    pool.intercept({ path: '/client/v4/zones', method: 'GET' }).reply(200, ok([]));
    const res = await client.request<unknown[]>('GET', '/zones');
    expect(res.result).toEqual([]);
    expect(clock.slept).toEqual([125]); // full jitter: 0.5 * 250
  });

  it('honours Retry-After on 429 and pauses the shared limiter', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ limit: 1000, windowMs: 1000, clock });
    const paused: number[] = [];
    const pauseFor = limiter.pauseFor.bind(limiter);
    limiter.pauseFor = (ms: number) => {
      paused.push(ms);
      pauseFor(ms);
    };
    const { client, pool } = setup({ limiter, clock });
    pool
      .intercept({ path: '/client/v4/zones', method: 'GET' })
      .reply(429, fail([{ code: 10000, message: 'More than 1200 requests per 300 seconds reached' }]), { headers: { 'retry-after': '3' } });
    pool.intercept({ path: '/client/v4/zones', method: 'GET' }).reply(200, ok([1]));
    const res = await client.request<number[]>('GET', '/zones');
    expect(res.result).toEqual([1]);
    expect(paused).toEqual([3000]); // every other request of the process waits too
    expect(clock.slept).toEqual([3000]); // and this one waited once, not twice
  });

  it('retries a POST on 429 but reports a 500 on POST as an unknown outcome', async () => {
    const { client, pool, clock } = setup();
    pool
      .intercept({ path: '/client/v4/zones/z1/dns_records', method: 'POST' })
      .reply(429, fail([{ code: 971, message: 'slow down' }]), { headers: { 'retry-after': '2' } });
    pool.intercept({ path: '/client/v4/zones/z1/dns_records', method: 'POST' }).reply(200, ok({ id: 'r1' }));
    expect((await client.request<{ id: string }>('POST', '/zones/z1/dns_records', { body: {} })).result.id).toBe('r1');
    expect(clock.slept).toEqual([2000]);
    pool.intercept({ path: '/client/v4/zones/z1/dns_records', method: 'POST' }).reply(500, fail([{ code: 10001, message: 'internal' }]));
    const e = await caught(client.request('POST', '/zones/z1/dns_records', { body: {} }));
    expect(e).toBeInstanceOf(OutcomeUnknownError);
    expect(e.message).toMatch(/outcome unknown \(the service answered 500\)/);
  });

  it('gives up after maxAttempts with the last answer', async () => {
    const { client, pool, clock } = setup();
    pool
      .intercept({ path: '/client/v4/zones', method: 'GET' })
      .reply(503, fail([{ code: 10503, message: 'unavailable' }]))
      .times(5);
    const e = (await caught(client.request('GET', '/zones'))) as CloudflareApiError;
    expect(e).toBeInstanceOf(CloudflareApiError);
    expect(e.status).toBe(503);
    expect(e.attempts).toBe(5);
    expect(clock.slept).toEqual([125, 250, 500, 1000]);
  });

  it('retries a GET after a connection reset; a POST becomes an unknown outcome', async () => {
    const { client, pool } = setup();
    const reset = () => Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    pool.intercept({ path: '/client/v4/zones', method: 'GET' }).replyWithError(reset());
    pool.intercept({ path: '/client/v4/zones', method: 'GET' }).reply(200, ok(['z']));
    expect((await client.request('GET', '/zones')).result).toEqual(['z']);
    pool.intercept({ path: '/client/v4/zones/z1/dns_records/batch', method: 'POST' }).replyWithError(reset());
    expect(await caught(client.request('POST', '/zones/z1/dns_records/batch', { body: {} }))).toBeInstanceOf(OutcomeUnknownError);
  });

  it('never puts the token in an error message or a log line, even when the server echoes it', async () => {
    const lines: RequestLogEvent[] = [];
    const { client, pool } = setup({ log: (e) => lines.push(e) });
    pool
      .intercept({ path: '/client/v4/user/tokens/verify', method: 'GET' })
      .reply(403, fail([{ code: 9109, message: `Invalid access token ${TOKEN}` }]));
    pool.intercept({ path: '/client/v4/zones', method: 'GET' }).reply(200, `oops ${TOKEN}`);
    pool
      .intercept({ path: '/client/v4/zones/z', method: 'GET' })
      .replyWithError(Object.assign(new Error(`socket hang up ${TOKEN}`), { code: 'ECONNRESET' }))
      .times(5);
    const errors = [
      await caught(client.request('GET', '/user/tokens/verify')),
      await caught(client.request('GET', '/zones')),
      await caught(client.request('GET', '/zones/z')),
    ];
    expect(errors[2]).toBeInstanceOf(ApiNetworkError);
    for (const e of errors) {
      expect(e.message).not.toContain(TOKEN);
      expect(String(e)).not.toContain(TOKEN);
      expect(e.message).toContain('***');
    }
    expect(lines.length).toBeGreaterThan(5);
    expect(JSON.stringify(lines)).not.toContain(TOKEN);
  });
});

describe('CloudflareClient over a real socket that drops mid-response', () => {
  let server: Server | undefined;
  afterEach(async () => {
    await new Promise<void>((r) => (server ? server.close(() => r()) : r()));
    server = undefined;
  });

  async function start(handler: (n: number, method: string, destroy: () => void, send: (body: string) => void) => void) {
    let n = 0;
    server = createServer((req, res) => {
      n++;
      req.resume();
      req.on('end', () =>
        handler(
          n,
          req.method ?? '',
          () => {
            res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
            res.write('{"success":true,"result":[');
            setTimeout(() => res.socket?.destroy(), 5);
          },
          (body) => {
            res.writeHead(200, { 'content-type': 'application/json' });
            res.end(body);
          },
        ),
      );
    });
    await new Promise<void>((r) => server!.listen(0, '127.0.0.1', () => r()));
    const port = (server!.address() as AddressInfo).port;
    return { baseUrl: `http://127.0.0.1:${port}/client/v4`, count: () => n };
  }

  it('retries the GET and reports the POST as unknown', async () => {
    const srv = await start((n, method, destroy, send) => {
      if (method === 'GET' && n === 1) destroy();
      else if (method === 'POST') destroy();
      else send(JSON.stringify(ok(['fine'])));
    });
    const client = new CloudflareClient({
      baseUrl: srv.baseUrl,
      credentials: { kind: 'token', token: TOKEN },
      limiter: null,
      clock: fakeClock(),
    });
    try {
      expect((await client.request('GET', '/zones')).result).toEqual(['fine']);
      expect(srv.count()).toBe(2);
      const e = await caught(client.request('POST', '/zones/z1/dns_records', { body: { a: 1 } }));
      expect(e).toBeInstanceOf(OutcomeUnknownError);
      expect(srv.count()).toBe(3); // not re-sent
      expect(e.message).not.toContain(TOKEN);
    } finally {
      await client.close();
    }
  });

  it('reports a refused connection clearly after retrying', async () => {
    const probe = await start(() => undefined);
    await new Promise<void>((r) => server!.close(() => r()));
    server = undefined;
    const client = new CloudflareClient({
      baseUrl: probe.baseUrl,
      credentials: { kind: 'token', token: TOKEN },
      limiter: null,
      clock: fakeClock(),
      retry: { maxAttempts: 2 },
    });
    try {
      const e = await caught(client.request('POST', '/zones/z1/dns_records', { body: {} }));
      expect(e).toBeInstanceOf(ApiNetworkError);
      expect(e.message).toMatch(/ECONNREFUSED.*after 2 attempts/);
    } finally {
      await client.close();
    }
  });
});
