/**
 * Shadow metadata on the emulator (issue 43, item 6), against the service's own examples
 * (https://developers.cloudflare.com/dns/manage-dns-records/reference/shadowed-records/): only with
 * `include_shadow_metadata=true`; `shadowed_by` (the NS ids), `is_glue`, `dead_glue`,
 * `shadowed_records_count` on the delegation's NS; lists and batches of more than 1,000 records
 * carry none.
 */
import { describe, expect, it } from 'vitest';
import { recordsPath, startTestEmulator, type TestEmulator } from './helpers.js';

type Listed = { id: string; name: string; type: string; meta: Record<string, unknown> };
const SHADOW_KEYS = ['shadowed_by', 'is_glue', 'dead_glue', 'shadowed_records_count'];
const shadowOf = (r: Listed) => Object.fromEntries(Object.entries(r.meta).filter(([k]) => SHADOW_KEYS.includes(k)));

async function post(emu: TestEmulator, body: Record<string, unknown>): Promise<Listed> {
  const res = await emu.call('POST', recordsPath(emu), body);
  expect(res.status, JSON.stringify(res.body.errors)).toBe(200);
  return res.body.result as Listed;
}

describe('include_shadow_metadata', () => {
  it("the docs' example: the delegation counts its records, the glue is glue, the other record is shadowed; apex records never are", async () => {
    const emu = await startTestEmulator();
    // The records first: the service refuses a record created where an NS exists (81056).
    const glue = await post(emu, { type: 'A', name: 'ns1.sub', content: '192.0.2.1' });
    const www = await post(emu, { type: 'A', name: 'www.sub', content: '192.0.2.2' });
    await post(emu, { type: 'A', name: '@', content: '192.0.2.3' });
    const ns = await post(emu, { type: 'NS', name: 'sub', content: 'ns1.sub.example.com' });
    const list = (await emu.call('GET', recordsPath(emu, '?include_shadow_metadata=true'))).body.result as Listed[];
    const by = new Map(list.map((r) => [`${r.name} ${r.type}`, shadowOf(r)]));
    expect(Object.fromEntries(by)).toEqual({
      'sub.example.com NS': { shadowed_records_count: 2 },
      'ns1.sub.example.com A': { shadowed_by: [ns.id], is_glue: true },
      'www.sub.example.com A': { shadowed_by: [ns.id] },
      'example.com A': {},
    });
    // Not asked: not given.
    const plain = (await emu.call('GET', recordsPath(emu))).body.result as Listed[];
    expect(plain.map(shadowOf)).toEqual([{}, {}, {}, {}]);
    // Single reads and writes give it too.
    expect(shadowOf((await emu.call('GET', recordsPath(emu, `/${www.id}?include_shadow_metadata=true`))).body.result)).toEqual({
      shadowed_by: [ns.id],
    });
    const patched = await emu.call('PATCH', recordsPath(emu, `/${glue.id}?include_shadow_metadata=true`), { ttl: 300 });
    expect(shadowOf(patched.body.result)).toEqual({ shadowed_by: [ns.id], is_glue: true });
  });

  it('unreachable glue: a shallower delegation takes its name (dead_glue), an NS below a delegation is shadowed by it', async () => {
    const emu = await startTestEmulator();
    await post(emu, { type: 'A', name: 'ns1.a.sub', content: '192.0.2.1' });
    const deep = await post(emu, { type: 'NS', name: 'a.sub', content: 'ns1.a.sub.example.com' });
    const shallow = await post(emu, { type: 'NS', name: 'sub', content: 'ns1.example.org' });
    const res = await emu.call('POST', recordsPath(emu, '/batch?include_shadow_metadata=true'), {
      patches: [{ id: deep.id, ttl: 600 }],
    });
    expect(shadowOf(res.body.result.patches[0])).toEqual({ shadowed_by: [shallow.id], shadowed_records_count: 1 });
    const list = (await emu.call('GET', recordsPath(emu, '?include_shadow_metadata=true'))).body.result as Listed[];
    expect(shadowOf(list.find((r) => r.name === 'ns1.a.sub.example.com')!)).toEqual({
      shadowed_by: [shallow.id, deep.id],
      is_glue: true,
      dead_glue: true,
    });
    expect(shadowOf(list.find((r) => r.id === shallow.id)!)).toEqual({ shadowed_records_count: 2 });
  });

  it('a page of more than 1,000 records carries none; a smaller page does', async () => {
    const emu = await startTestEmulator({ zonePlan: 'pro' });
    const posts = Array.from({ length: 1001 }, (_, i) => ({ type: 'TXT', name: `t${i}.sub`, content: `v${i}` }));
    expect((await emu.call('POST', recordsPath(emu, '/batch'), { posts })).status).toBe(200);
    await post(emu, { type: 'NS', name: 'sub', content: 'ns1.example.org' });
    const big = (await emu.call('GET', recordsPath(emu, '?include_shadow_metadata=true&per_page=2000'))).body.result as Listed[];
    expect(big).toHaveLength(1002);
    expect(big.filter((r) => Object.keys(shadowOf(r)).length > 0)).toEqual([]);
    const small = (await emu.call('GET', recordsPath(emu, '?include_shadow_metadata=true&per_page=10'))).body.result as Listed[];
    expect(small.filter((r) => r.type === 'TXT').every((r) => Array.isArray(shadowOf(r).shadowed_by))).toBe(true);
  });

  it('shadowed_by_name: the records at or below the name but its own NS, only with include_shadow_metadata; shadowing_name: the NS at the name and above', async () => {
    const emu = await startTestEmulator();
    await post(emu, { type: 'A', name: 'ns1.a.sub', content: '192.0.2.1' });
    await post(emu, { type: 'TXT', name: 'sub', content: 'beside' });
    await post(emu, { type: 'A', name: 'other', content: '192.0.2.9' });
    const deep = await post(emu, { type: 'NS', name: 'a.sub', content: 'ns1.a.sub.example.com' });
    const shallow = await post(emu, { type: 'NS', name: 'sub', content: 'ns1.example.org' });
    const names = (res: { body: { result: Listed[] } }) => res.body.result.map((r) => `${r.name} ${r.type}`).sort();
    const by = await emu.call('GET', recordsPath(emu, '?include_shadow_metadata=true&shadowed_by_name=sub.example.com'));
    expect(by.status).toBe(200);
    expect(names(by)).toEqual(['a.sub.example.com NS', 'ns1.a.sub.example.com A', 'sub.example.com TXT']);
    expect(shadowOf(by.body.result.find((r: Listed) => r.id === deep.id))).toEqual({
      shadowed_by: [shallow.id],
      shadowed_records_count: 1,
    });
    // Relative names are read against the zone, as in the other filters.
    expect(names(await emu.call('GET', recordsPath(emu, '?include_shadow_metadata=true&shadowed_by_name=a.sub')))).toEqual([
      'ns1.a.sub.example.com A',
    ]);
    const without = await emu.call('GET', recordsPath(emu, '?shadowed_by_name=sub.example.com'));
    expect(without.status).toBe(400);
    expect(JSON.stringify(without.body.errors)).toMatch(/requires include_shadow_metadata=true/);
    for (const apex of ['example.com', '@', 'elsewhere.org.']) {
      expect(
        (await emu.call('GET', recordsPath(emu, `?include_shadow_metadata=true&shadowed_by_name=${encodeURIComponent(apex)}`))).status,
      ).toBe(400);
    }
    expect(names(await emu.call('GET', recordsPath(emu, '?shadowing_name=www.a.sub.example.com')))).toEqual([
      'a.sub.example.com NS',
      'sub.example.com NS',
    ]);
    expect(names(await emu.call('GET', recordsPath(emu, '?shadowing_name=other.example.com')))).toEqual([]);
  });
});
