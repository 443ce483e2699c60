/**
 * A long records list is written by the emulator while it is serialized (chunked transfer, no
 * Content-Length) and read by the client as it arrives. The bytes are those JSON.stringify gives
 * for the whole answer, the content is the same as read page by page, and a reader that leaves
 * in the middle does not stop the emulator.
 */
import { request } from 'undici';
import { afterEach, describe, expect, it } from 'vitest';
import { CloudflareClient } from '../../src/api/client.js';
import { readLiveRecords } from '../../src/api/live.js';
import { STREAMED_LIST_FROM } from '../../src/emulator/http.js';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';

const TOKEN = 'streamed-list-token-4f1e2d3c';
const ZONE = 'streamed.example';
const COUNT = STREAMED_LIST_FROM + 700;

let emu: RunningEmulator | undefined;
let client: CloudflareClient | undefined;
afterEach(async () => {
  await client?.close();
  await emu?.close();
  client = undefined;
  emu = undefined;
});

async function filledEmulator(): Promise<{ emu: RunningEmulator; zoneId: string }> {
  emu = await startEmulator({ zones: [ZONE], token: TOKEN, zonePlan: 'pro' });
  const zoneId = emu.zones[0]!.id;
  const posts = Array.from({ length: COUNT }, (_, k) =>
    k % 3 === 0
      ? { type: 'TXT', name: `t${k}`, content: `"v=spf1 -all \\" x\\195\\169 ${k}"`, ttl: 300, comment: `é ${k}` }
      : {
          type: 'A',
          name: `h${k}`,
          content: `192.0.${(k >> 8) & 255}.${k & 255}`,
          ttl: 300,
          tags: [`n:${k}`],
          comment: k % 2 ? 'x' : null,
        },
  );
  const res = await get(`/zones/${zoneId}/dns_records/batch`, 'POST', JSON.stringify({ posts }));
  expect(res.status, res.text.slice(0, 300)).toBe(200);
  return { emu, zoneId };
}

async function get(path: string, method: 'GET' | 'POST' = 'GET', body?: string) {
  const res = await request(`${emu!.baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body } : {}),
  });
  return { status: res.statusCode, headers: res.headers, text: await res.body.text() };
}

describe('a long records list, streamed', () => {
  it('is the bytes of JSON.stringify of the answer, chunked, with the records of a paged read', async () => {
    const { zoneId } = await filledEmulator();
    const whole = await get(`/zones/${zoneId}/dns_records?per_page=5000000`);
    expect(whole.status).toBe(200);
    expect(whole.headers['transfer-encoding']).toBe('chunked');
    expect(whole.headers['content-length']).toBeUndefined();
    expect(whole.headers['content-type']).toBe('application/json; charset=utf-8');
    const answer = JSON.parse(whole.text) as { result: unknown[]; result_info: unknown };
    expect(whole.text).toBe(JSON.stringify(answer));
    expect(Object.keys(answer)).toEqual(['result', 'success', 'errors', 'messages', 'result_info']);
    expect(answer.result_info).toEqual({ page: 1, per_page: 5000000, count: COUNT, total_count: COUNT, total_pages: 1 });

    // Short pages still go out whole, with Content-Length, and hold the same records.
    const paged: unknown[] = [];
    for (let page = 1; page <= Math.ceil(COUNT / 1000); page++) {
      const part = await get(`/zones/${zoneId}/dns_records?per_page=1000&page=${page}`);
      expect(part.headers['content-length']).toBe(String(Buffer.byteLength(part.text)));
      paged.push(...(JSON.parse(part.text) as { result: unknown[] }).result);
    }
    expect(answer.result).toEqual(paged);
  });

  it('is read whole by readLiveRecords', async () => {
    const { emu: running, zoneId } = await filledEmulator();
    client = new CloudflareClient({ baseUrl: running.baseUrl, credentials: { kind: 'token', token: TOKEN }, limiter: null });
    const live = await readLiveRecords(client, zoneId, ZONE);
    expect(live.unknownTypes).toEqual([]);
    expect(live.records).toHaveLength(COUNT);
    expect(new Set(live.records.map((r) => r.id)).size).toBe(COUNT);
    const txt = live.records.find((r) => r.name === `t3.${ZONE}`);
    expect(txt?.type).toBe('TXT');
  });

  it('keeps serving when a reader leaves in the middle of the answer', async () => {
    const { zoneId } = await filledEmulator();
    const res = await request(`${emu!.baseUrl}/zones/${zoneId}/dns_records?per_page=5000000`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    for await (const chunk of res.body) {
      expect((chunk as Buffer).length).toBeGreaterThan(0);
      break; // leaves after the first chunk: the body is destroyed
    }
    const again = await get(`/zones/${zoneId}/dns_records?per_page=5000000`);
    expect(again.status).toBe(200);
    expect((JSON.parse(again.text) as { result: unknown[] }).result).toHaveLength(COUNT);
  });
});
