import { afterEach, describe, expect, it } from 'vitest';
import { fixture } from './fixtures.js';
import { REPLAY_TOKEN, startReplay, type Replay } from './replay-harness.js';

let replay: Replay | undefined;
afterEach(async () => {
  await replay?.close();
  replay = undefined;
});

const call = (r: Replay, method: string, path: string, token = REPLAY_TOKEN) =>
  fetch(`${r.server.baseUrl}${path}`, { method, headers: { authorization: `Bearer ${token}` } }).then(async (res) => ({
    status: res.status,
    body: (await res.json()) as Record<string, unknown>,
  }));

describe('replay server', () => {
  it('serves the recorded page bodies exactly, by page number', async () => {
    const f = fixture('libcloud pages 1-2');
    replay = await startReplay(f);
    const pages = f.zone.records.kind === 'pages' ? f.zone.records.pages : [];
    expect((await call(replay, 'GET', '/zones/00000000000000000000000000001234/dns_records?page=1&per_page=5000')).body).toEqual(pages[0]);
    expect((await call(replay, 'GET', '/zones/00000000000000000000000000001234/dns_records?page=2&per_page=5000')).body).toEqual(pages[1]);
  });

  it('pages bare recorded records as the API does', async () => {
    replay = await startReplay(fixture('caddyserver/caddy#7301 listing'));
    const { body } = await call(replay, 'GET', '/zones/c0ddf1e0c0ddf1e0c0ddf1e0c0ddf1e0/dns_records?page=1&per_page=5');
    expect((body.result as unknown[]).length).toBe(2);
    expect(body.result_info).toEqual({ page: 1, per_page: 5, count: 2, total_count: 2, total_pages: 1 });
  });

  it('refuses writes, filters it would not apply, unknown routes and a wrong token', async () => {
    replay = await startReplay(fixture('libcloud pages 1-2'));
    expect((await call(replay, 'POST', '/zones/00000000000000000000000000001234/dns_records')).status).toBe(405);
    expect((await call(replay, 'GET', '/zones/00000000000000000000000000001234/dns_records?type=A')).status).toBe(400);
    expect((await call(replay, 'GET', '/zones/9999/dns_records')).status).toBe(404);
    expect((await call(replay, 'GET', '/accounts')).status).toBe(404);
    expect((await call(replay, 'GET', '/zones?name=example.com', 'wrong')).status).toBe(400);
  });
});
