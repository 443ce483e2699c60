import { describe, expect, it } from 'vitest';
import { recordsPath, startTestEmulator } from './helpers.js';

describe('batch', () => {
  it('applies deletes, patches, puts, posts in that order in one transaction', async () => {
    const emu = await startTestEmulator();
    const a = (await emu.call('POST', recordsPath(emu), { type: 'A', name: 'a', content: '192.0.2.1' })).body.result;
    const b = (await emu.call('POST', recordsPath(emu), { type: 'A', name: 'b', content: '192.0.2.2' })).body.result;
    const c = (await emu.call('POST', recordsPath(emu), { type: 'A', name: 'c', content: '192.0.2.3' })).body.result;
    const res = await emu.call('POST', recordsPath(emu, '/batch'), {
      deletes: [{ id: a.id }],
      patches: [{ id: b.id, ttl: 600 }],
      puts: [{ id: c.id, type: 'A', name: 'c', content: '192.0.2.33' }],
      // The delete frees "a" for a CNAME in the same batch.
      posts: [{ type: 'CNAME', name: 'a', content: 'b.example.com', proxied: true }],
    });
    expect(res.status).toBe(200);
    expect(res.body.result.deletes[0].id).toBe(a.id);
    expect(res.body.result.patches[0]).toMatchObject({ id: b.id, ttl: 600 });
    expect(res.body.result.puts[0]).toMatchObject({ id: c.id, content: '192.0.2.33' });
    expect(res.body.result.posts[0]).toMatchObject({ type: 'CNAME', name: 'a.example.com', proxied: true });
    const list = await emu.call('GET', recordsPath(emu, '?order=name'));
    expect(list.body.result.map((r: { type: string; name: string }) => `${r.type} ${r.name}`)).toEqual([
      'CNAME a.example.com',
      'A b.example.com',
      'A c.example.com',
    ]);
  });

  it('applies nothing when any operation fails, and returns the first error', async () => {
    const emu = await startTestEmulator();
    const a = (await emu.call('POST', recordsPath(emu), { type: 'A', name: 'a', content: '192.0.2.1' })).body.result;
    const before = (await emu.call('GET', recordsPath(emu))).body.result;
    const res = await emu.call('POST', recordsPath(emu, '/batch'), {
      deletes: [{ id: a.id }],
      posts: [
        { type: 'A', name: 'new1', content: '192.0.2.10' },
        { type: 'A', name: 'new2', content: 'not-an-ip' },
        { type: 'TXT', name: 'new3', content: '"bad' },
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toHaveLength(1);
    expect(res.body.errors[0].code).toBe(9005);
    const after = (await emu.call('GET', recordsPath(emu))).body.result;
    expect(after).toEqual(before);
    const missing = await emu.call('POST', recordsPath(emu, '/batch'), {
      deletes: [{ id: 'nope' }],
      posts: [{ type: 'A', name: 'x', content: '192.0.2.1' }],
    });
    expect([missing.status, missing.body.errors[0].code]).toEqual([404, 81044]);
    expect((await emu.call('GET', recordsPath(emu, '?name=x'))).body.result).toEqual([]);
  });

  it('limits batch size: 200 on free, 3,500 on paid plans, --batch-limit overrides', async () => {
    const posts = (n: number) => Array.from({ length: n }, (_, i) => ({ type: 'A', name: `h${i}`, content: '192.0.2.1' }));
    const free = await startTestEmulator();
    const tooMany = await free.call('POST', recordsPath(free, '/batch'), {
      posts: posts(150),
      deletes: Array.from({ length: 51 }, () => ({ id: 'x' })),
    });
    expect([tooMany.status, tooMany.body.errors[0].code]).toEqual([400, 9108]);
    expect((await free.call('POST', recordsPath(free, '/batch'), { posts: posts(200) })).status).toBe(200);
    const pro = await startTestEmulator({ zonePlan: 'pro' });
    expect((await pro.call('POST', recordsPath(pro, '/batch'), { posts: posts(201) })).status).toBe(200);
    expect((await pro.call('POST', recordsPath(pro, '/batch'), { posts: posts(3501) })).status).toBe(400);
    const custom = await startTestEmulator({ batchLimit: 3 });
    expect((await custom.call('POST', recordsPath(custom, '/batch'), { posts: posts(4) })).body.errors[0].code).toBe(9108);
  });
});
