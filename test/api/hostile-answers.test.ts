/**
 * A hostile or broken endpoint cannot hang or crash a run (issue 18, item 6): every exchange has
 * a deadline, answers are capped in bytes and elements, and `result_info.total_count` must agree
 * with what arrived. The real client against a loopback server that answers badly; the caps are
 * set small here (the defaults fit the largest real zones: src/api/response-limits.ts).
 */
import type { ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { CloudflareClient, listAll, type ClientOptions } from '../../src/api/index.js';
import { drip, startHostileServer, stream, type HostileServer } from './hostile-server.js';

const ZONE = 'a'.repeat(32);
const json = (res: ServerResponse): void => {
  res.writeHead(200, { 'content-type': 'application/json' });
};
const record = (i: number): string =>
  JSON.stringify({
    id: i.toString(16).padStart(32, '0'),
    name: `h${i}.example.com`,
    type: 'A',
    content: '192.0.2.1',
    ttl: 1,
    proxied: false,
  });

let server: HostileServer | undefined;
let client: CloudflareClient | undefined;
afterEach(async () => {
  await client?.close();
  await server?.close();
  client = undefined;
  server = undefined;
});

async function against(handle: Parameters<typeof startHostileServer>[0], options: Partial<ClientOptions> = {}): Promise<CloudflareClient> {
  server = await startHostileServer(handle);
  client = new CloudflareClient({
    baseUrl: server.baseUrl,
    credentials: { kind: 'token', token: 'hostile-test-token' },
    limiter: null,
    retry: { baseDelayMs: 1, maxDelayMs: 1 },
    ...options,
  });
  return client;
}

describe('a deadline for every exchange', () => {
  it('a GET answered one byte every 200 ms fails at the deadline, named, and is not retried', async () => {
    const c = await against((_req, res) => drip(res), { requestTimeoutMs: 1_000 });
    await expect(c.request('GET', `/zones/${ZONE}/dns_settings`)).rejects.toMatchObject({
      code: 'API_TIMEOUT',
      message: expect.stringMatching(/^GET \/zones\/a{32}\/dns_settings: no complete answer within 1 s \(--request-timeout\)/),
    });
    expect(server!.requests).toHaveLength(1);
  });

  it('a write past the deadline has an unknown outcome (re-read before re-sending), never a blind retry', async () => {
    const c = await against((_req, res) => drip(res), { requestTimeoutMs: 1_000 });
    await expect(c.request('POST', `/zones/${ZONE}/dns_records`, { body: { type: 'A' } })).rejects.toMatchObject({
      code: 'OUTCOME_UNKNOWN',
      message: expect.stringContaining('no complete answer within 1 s (--request-timeout)'),
    });
    expect(server!.requests).toHaveLength(1);
  });

  it('a list that trickles its records stops at the deadline too', async () => {
    let i = 0;
    const c = await against(
      (_req, res) => {
        json(res);
        res.write('{"success":true,"errors":[],"result":[');
        const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(`${i++ ? ',' : ''}${record(i)}`)), 100);
        res.on('close', () => clearInterval(timer));
      },
      { requestTimeoutMs: 1_000 },
    );
    await expect(listAll(c, `/zones/${ZONE}/dns_records`)).rejects.toMatchObject({ code: 'API_TIMEOUT' });
  });
});

describe('caps on what an answer may hold', () => {
  it('an endless body stops at the cap with a clear error', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const c = await against(
      (_req, res) => {
        json(res);
        stream(res, () => chunk);
      },
      { limits: { maxBodyBytes: 1024 * 1024 } },
    );
    await expect(c.request('GET', `/zones/${ZONE}/dns_settings`)).rejects.toMatchObject({
      code: 'API_TOO_LARGE',
      message: `GET /zones/${ZONE}/dns_settings: the answer is larger than 1 MiB; stopped reading`,
    });
  });

  it('an endless list stops at the element cap', async () => {
    let i = 0;
    const c = await against(
      (_req, res) => {
        json(res);
        res.write('{"success":true,"errors":[],"result":[');
        stream(res, () => `${i++ ? ',' : ''}${record(i)}`);
      },
      { limits: { maxListItems: 1_000 } },
    );
    await expect(listAll(c, `/zones/${ZONE}/dns_records`)).rejects.toMatchObject({
      code: 'API_TOO_LARGE',
      message: expect.stringContaining('the list has more than 1,000 elements'),
    });
  });

  it('pages that never end (no page count, every page full) stop at the element cap over all pages', async () => {
    let next = 0;
    const c = await against(
      (_req, res) => {
        json(res);
        const items = Array.from({ length: 50 }, () => record(++next));
        res.end(`{"success":true,"errors":[],"result":[${items.join(',')}],"result_info":{"per_page":50}}`);
      },
      { limits: { maxListItems: 120 } },
    );
    await expect(listAll(c, '/zones', {}, { perPage: 50 })).rejects.toMatchObject({
      code: 'API_TOO_LARGE',
      message: expect.stringContaining('more than 120 elements'),
    });
    expect(server!.requests).toHaveLength(3);
  });

  it('an endless list of whitespace stops at the byte cap', async () => {
    const chunk = Buffer.alloc(64 * 1024, 0x20);
    const c = await against(
      (_req, res) => {
        json(res);
        res.write('{"success":true,"errors":[],"result":[');
        stream(res, () => chunk);
      },
      { limits: { maxListBytes: 4 * 1024 * 1024 } },
    );
    await expect(listAll(c, `/zones/${ZONE}/dns_records`)).rejects.toMatchObject({
      code: 'API_TOO_LARGE',
      message: expect.stringContaining('the list is larger than 4 MiB'),
    });
  });

  it('one endless element stops at the element size cap', async () => {
    const chunk = 'x'.repeat(64 * 1024);
    const c = await against(
      (_req, res) => {
        json(res);
        res.write('{"success":true,"errors":[],"result":[{"id":"');
        stream(res, () => chunk);
      },
      { limits: { maxElementBytes: 256 * 1024 } },
    );
    await expect(listAll(c, `/zones/${ZONE}/dns_records`)).rejects.toMatchObject({
      code: 'API_TOO_LARGE',
      message: expect.stringContaining('an element of the list (or the answer around it) is larger than 262,144 bytes'),
    });
  });
});

describe('result_info.total_count is checked against what arrived', () => {
  const page = (items: string[], info: Record<string, number>): string =>
    `{"success":true,"errors":[],"result":[${items.join(',')}],"result_info":${JSON.stringify(info)}}`;

  it('a total_count that says more than arrived is an error', async () => {
    const c = await against((_req, res) => {
      json(res);
      res.end(page([record(1), record(2), record(3)], { page: 1, per_page: 50, count: 3, total_count: 5, total_pages: 1 }));
    });
    await expect(listAll(c, '/zones')).rejects.toMatchObject({
      code: 'API_BAD_RESPONSE',
      message:
        'GET /zones: 200 result_info.total_count said 5 elements but 3 arrived; the list changed while it was read, or the answer cannot be trusted (run again)',
    });
  });

  it('a total_count above the cap is refused after the first page, before any other', async () => {
    const c = await against((_req, res) => {
      json(res);
      res.end(page([record(1)], { page: 1, per_page: 1, count: 1, total_count: 10_000_000, total_pages: 10_000_000 }));
    });
    await expect(listAll(c, '/zones')).rejects.toMatchObject({
      code: 'API_TOO_LARGE',
      message: expect.stringContaining('holds 10,000,000 elements (result_info.total_count), more than zonectl reads (2,000,000)'),
    });
    expect(server!.requests).toHaveLength(1);
  });

  it('a total_pages that total_count does not need is refused before any other page is asked for', async () => {
    const c = await against((_req, res) => {
      json(res);
      res.end(page([record(1)], { page: 1, per_page: 1, count: 1, total_count: 3, total_pages: 100_000 }));
    });
    await expect(listAll(c, '/zones')).rejects.toMatchObject({
      code: 'API_BAD_RESPONSE',
      message: expect.stringContaining('result_info says 100000 pages for 3 elements of 1 a page'),
    });
    expect(server!.requests).toHaveLength(1);
  });

  it('an honest paged list still reads', async () => {
    const c = await against((req, res) => {
      const p = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page'));
      json(res);
      res.end(
        page(p === 1 ? [record(1), record(2)] : [record(3)], {
          page: p,
          per_page: 2,
          count: p === 1 ? 2 : 1,
          total_count: 3,
          total_pages: 2,
        }),
      );
    });
    expect((await listAll<{ id: string }>(c, '/zones')).map((z) => z.id)).toEqual([1, 2, 3].map((i) => i.toString(16).padStart(32, '0')));
  });
});
