/**
 * A record's type no longer changes in place (issue 43, item 3): "Changing the type of an
 * existing DNS record via the API is deprecated and will no longer be supported after June 30,
 * 2026" (https://developers.cloudflare.com/fundamentals/api/reference/deprecations/). From
 * 2026-07-01 the emulator refuses a PATCH or PUT that changes the type, single or in a batch
 * (the batch applies nothing); `--api-date 2026-06-30` and earlier keep the old behaviour.
 */
import { describe, expect, it } from 'vitest';
import { recordsPath, startTestEmulator, type TestEmulator } from './helpers.js';

async function aRecord(emu: TestEmulator, name: string): Promise<string> {
  const res = await emu.call('POST', recordsPath(emu), { type: 'A', name, content: '192.0.2.1' });
  expect(res.status, JSON.stringify(res.body.errors)).toBe(200);
  return res.body.result.id as string;
}

const cname = { type: 'CNAME', content: 'target.example.net' };

describe('changing the type of an existing record', () => {
  it.each(['2026-07-01', '2026-11-29'])(
    'api date %s: PATCH, PUT and batch patches/puts that change it are refused; same-type edits pass',
    async (apiDate) => {
      const emu = await startTestEmulator({ apiDate });
      const id = await aRecord(emu, 'www');
      const patch = await emu.call('PATCH', recordsPath(emu, `/${id}`), cname);
      expect([patch.status, patch.body.errors[0].code]).toEqual([400, 9119]);
      expect(patch.body.errors[0].message).toMatch(
        /Changing the type of an existing DNS record \(A to CNAME\) is not supported; delete the record and create a new one/,
      );
      const put = await emu.call('PUT', recordsPath(emu, `/${id}`), { ...cname, name: 'www' });
      expect([put.status, put.body.errors[0].code]).toEqual([400, 9119]);
      const other = await aRecord(emu, 'other');
      const batch = await emu.call('POST', recordsPath(emu, '/batch'), {
        posts: [{ type: 'A', name: 'new', content: '192.0.2.9' }],
        puts: [{ id: other, type: 'TXT', name: 'other', content: 'x' }],
      });
      expect([batch.status, batch.body.errors[0].code]).toEqual([400, 9119]);
      const batchPatch = await emu.call('POST', recordsPath(emu, '/batch'), { patches: [{ id, type: 'AAAA', content: '2001:db8::1' }] });
      expect([batchPatch.status, batchPatch.body.errors[0].code]).toEqual([400, 9119]);
      // Nothing changed, the batch's post included.
      const list = await emu.call('GET', recordsPath(emu));
      expect(list.body.result.map((r: { name: string; type: string }) => `${r.name} ${r.type}`).sort()).toEqual([
        'other.example.com A',
        'www.example.com A',
      ]);
      // The replacement the deprecation names: a delete and a create in one batch.
      const swap = await emu.call('POST', recordsPath(emu, '/batch'), { deletes: [{ id }], posts: [{ ...cname, name: 'www' }] });
      expect(swap.status, JSON.stringify(swap.body.errors)).toBe(200);
      // A same-type PATCH or PUT (and one that names its own type) still passes.
      expect((await emu.call('PATCH', recordsPath(emu, `/${other}`), { content: '192.0.2.7' })).status).toBe(200);
      expect((await emu.call('PATCH', recordsPath(emu, `/${other}`), { type: 'a', content: '192.0.2.8' })).status).toBe(200);
      expect((await emu.call('PUT', recordsPath(emu, `/${other}`), { type: 'A', name: 'other', content: '192.0.2.6' })).status).toBe(200);
    },
  );

  it('api date 2026-06-30 (and earlier): the old behaviour, the type changes in place', async () => {
    const emu = await startTestEmulator({ apiDate: '2026-06-30' });
    const id = await aRecord(emu, 'www');
    const patch = await emu.call('PATCH', recordsPath(emu, `/${id}`), cname);
    expect(patch.status, JSON.stringify(patch.body.errors)).toBe(200);
    expect(patch.body.result).toMatchObject({ id, type: 'CNAME', content: 'target.example.net' });
    const put = await emu.call('PUT', recordsPath(emu, `/${id}`), { type: 'TXT', name: 'www', content: 'hello' });
    expect(put.body.result).toMatchObject({ id, type: 'TXT', content: 'hello' });
    const old = await startTestEmulator({ apiDate: '2025-01-01' });
    const oldId = await aRecord(old, 'www');
    const batch = await old.call('POST', recordsPath(old, '/batch'), { patches: [{ id: oldId, ...cname }] });
    expect(batch.status).toBe(200);
  });
});
