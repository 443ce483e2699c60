/**
 * A long records page is rendered while it is written (src/emulator/rendered-list.ts). Its JSON
 * is the JSON of the rendered array, and the answer is the list as it was when the request was
 * handled, even when a write lands while the answer is still going out.
 */
import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { RenderedList } from '../../src/emulator/rendered-list.js';
import { recordsPath, startTestEmulator } from './helpers.js';

describe('RenderedList', () => {
  it('stringifies and slices as the rendered array', () => {
    const rows = Array.from({ length: 7 }, (_, k) => ({ k }));
    const render = (row: { k: number }) => ({ id: `r${row.k}`, twice: row.k * 2, nothing: undefined });
    const list = new RenderedList(rows, render);
    expect(list.length).toBe(7);
    expect(JSON.stringify({ result: list, success: true })).toBe(JSON.stringify({ result: rows.map(render), success: true }));
    expect(list.slice(5, 100)).toEqual(rows.slice(5).map(render));
  });

  it('a write during a long answer does not show in it', async () => {
    // 14,000 records: more than a Pro zone's quota of 3,500.
    const emu = await startTestEmulator({ zonePlan: 'pro', recordQuota: 20_000 });
    const total = 14_000;
    for (let done = 0; done < total; done += 3500) {
      const posts = Array.from({ length: 3500 }, (_, i) => ({
        type: 'TXT',
        name: `t${done + i}`,
        content: `"${'v'.repeat(300)} ${done + i}"`,
      }));
      expect((await emu.call('POST', recordsPath(emu, '/batch'), { posts })).status).toBe(200);
    }
    const last = (await emu.call('GET', recordsPath(emu, `?name=t${total - 1}.example.com`))).body.result[0];
    const res = await request(`${emu.baseUrl}${recordsPath(emu, '?per_page=5000000')}`, {
      headers: { authorization: 'Bearer test-token-value' },
    });
    const chunks: Buffer[] = [];
    const reader = res.body[Symbol.asyncIterator]();
    chunks.push((await reader.next()).value as Buffer); // the answer has begun
    const patched = await emu.call('PATCH', recordsPath(emu, `/${last.id}`), { content: '"changed"' });
    expect(patched.status).toBe(200);
    for (let next = await reader.next(); !next.done; next = await reader.next()) chunks.push(next.value as Buffer);
    const answer = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { result: Array<{ id: string; content: string }> };
    expect(answer.result).toHaveLength(total);
    expect(answer.result.find((r) => r.id === last.id)?.content).toBe(last.content);
    const after = await emu.call('GET', recordsPath(emu, `/${last.id}`));
    expect(after.body.result.content).toBe('"changed"');
  }, 180_000);
});
