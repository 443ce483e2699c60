import { MockAgent } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { CloudflareClient } from '../../src/api/client.js';
import { listAll } from '../../src/api/paging.js';
import { ApiResponseError } from '../../src/api/errors.js';

const ORIGIN = 'https://api.example.test';
const ok = (result: unknown, extra: Record<string, unknown> = {}) => ({ success: true, errors: [], messages: [], result, ...extra });
let agent: MockAgent | undefined;
afterEach(async () => {
  await agent?.close();
  agent = undefined;
});
function setup() {
  agent = new MockAgent();
  agent.disableNetConnect();
  const client = new CloudflareClient({
    baseUrl: `${ORIGIN}/client/v4`,
    credentials: { kind: 'token', token: 't' },
    dispatcher: agent,
    limiter: null,
  });
  return { client, pool: agent.get(ORIGIN) };
}

describe('listAll edge cases', () => {
  it('without total_pages, asks page after page until an empty page', async () => {
    const { client, pool } = setup();
    const seen: string[] = [];
    const page = (n: number, items: unknown[]) =>
      pool.intercept({ path: (p) => p.includes(`page=${n}&`) || p.endsWith(`page=${n}`), method: 'GET' }).reply((o) => {
        seen.push(String(o.path));
        return { statusCode: 200, data: ok(items, { result_info: { page: n, per_page: 2 } }) };
      });
    page(1, [{ id: 'a' }, { id: 'b' }]);
    page(2, [{ id: 'c' }, { id: 'd' }]);
    page(3, []);
    const items = await listAll<{ id: string }>(client, '/user/tokens', { name: 'x' }, { perPage: 2 });
    expect(items.map((i) => i.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(seen).toEqual([
      '/client/v4/user/tokens?name=x&page=1&per_page=2',
      '/client/v4/user/tokens?name=x&page=2&per_page=2',
      '/client/v4/user/tokens?name=x&page=3&per_page=2',
    ]);
  });

  it('drops an item seen twice when the list shifted between pages', async () => {
    const { client, pool } = setup();
    pool
      .intercept({ path: (p) => p.includes('page=1&'), method: 'GET' })
      .reply(200, ok([{ id: 'a' }, { id: 'b' }], { result_info: { total_pages: 2 } }));
    pool
      .intercept({ path: (p) => p.includes('page=2&'), method: 'GET' })
      .reply(200, ok([{ id: 'b' }, { id: 'c' }], { result_info: { total_pages: 2 } }));
    expect((await listAll<{ id: string }>(client, '/x', {}, { perPage: 2 })).map((i) => i.id)).toEqual(['a', 'b', 'c']);
  });

  it('rejects a result that is not a list', async () => {
    const { client, pool } = setup();
    pool.intercept({ path: (p) => p.startsWith('/client/v4/x?'), method: 'GET' }).reply(200, ok({ not: 'a list' }));
    await expect(listAll(client, '/x')).rejects.toBeInstanceOf(ApiResponseError);
  });
});
