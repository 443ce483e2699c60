/**
 * Record quotas on the emulator (issue 43, item 5): `GET /zones/{id}/dns_records/usage` and
 * `GET /accounts/{id}/dns_records/usage` answer `{ record_quota, record_usage }` as the official
 * SDK reads them; a create past the quota is refused, 81045 "Record quota exceeded." (the live
 * answer), a batch applying nothing. The quotas: 200 on a Free zone created on or after
 * 2024-09-01, 1,000 before, 3,500 on paid zones, an account-level 1,000,000 on Enterprise
 * (https://developers.cloudflare.com/dns/manage-dns-records/#dns-records-quota; changelog 2026-06-10).
 */
import { describe, expect, it } from 'vitest';
import { recordsPath, startTestEmulator, type TestEmulator } from './helpers.js';

const a = (i: number) => ({ type: 'A', name: `h${i}`, content: `192.0.2.${i % 250}`, ttl: 60 + i });
const fill = async (emu: TestEmulator, from: number, n: number): Promise<number> =>
  (await emu.call('POST', recordsPath(emu, '/batch'), { posts: Array.from({ length: n }, (_, i) => a(from + i)) })).status;
const usage = async (emu: TestEmulator) => (await emu.call('GET', recordsPath(emu, '/usage'))).body.result;

describe('record quotas', () => {
  it('a new Free zone: 200, answered by the usage endpoint; the 201st create is refused with 81045, a batch applies nothing', async () => {
    const emu = await startTestEmulator();
    expect(await usage(emu)).toEqual({ record_quota: 200, record_usage: 0 });
    expect(await fill(emu, 0, 199)).toBe(200);
    expect(await usage(emu)).toEqual({ record_quota: 200, record_usage: 199 });
    expect((await emu.call('POST', recordsPath(emu), a(199))).status).toBe(200);
    const over = await emu.call('POST', recordsPath(emu), a(200));
    expect([over.status, over.body.errors]).toEqual([400, [{ code: 81045, message: 'Record quota exceeded.' }]]);
    const batch = await emu.call('POST', recordsPath(emu, '/batch'), { posts: [a(201), a(202)] });
    expect(batch.body.errors[0].code).toBe(81045);
    expect((await usage(emu)).record_usage).toBe(200);
    // A delete in the same batch frees room first (the batch runs deletes first).
    const one = (await emu.call('GET', recordsPath(emu, '?per_page=1'))).body.result[0].id as string;
    const swap = await emu.call('POST', recordsPath(emu, '/batch'), { deletes: [{ id: one }], posts: [a(203)] });
    expect(swap.status, JSON.stringify(swap.body.errors)).toBe(200);
    // An update never counts.
    expect((await emu.call('PATCH', recordsPath(emu, `/${swap.body.result.posts[0].id}`), { ttl: 300 })).status).toBe(200);
  });

  it('a Free zone created before 2024-09-01 holds 1,000; a Pro zone 3,500', async () => {
    const old = await startTestEmulator({ now: () => new Date('2024-06-01T00:00:00Z') });
    expect(await usage(old)).toEqual({ record_quota: 1000, record_usage: 0 });
    const pro = await startTestEmulator({ zonePlan: 'pro' });
    expect(await usage(pro)).toEqual({ record_quota: 3500, record_usage: 0 });
  });

  it("Enterprise: the account-level quota (zone record_quota null; the account answers 1,000,000 and its zones' records)", async () => {
    const emu = await startTestEmulator({ zonePlan: 'enterprise', zones: ['example.com', 'example.org'] });
    expect(await fill(emu, 0, 3)).toBe(200);
    expect(await usage(emu)).toEqual({ record_quota: null, record_usage: 3 });
    const account = await emu.call('GET', `/accounts/${emu.accountId}/dns_records/usage`);
    expect(account.body.result).toEqual({ record_quota: 1_000_000, record_usage: 3 });
  });

  it("--record-quota N sets every zone's quota (and no account-level one)", async () => {
    const emu = await startTestEmulator({ recordQuota: 2 });
    expect(await fill(emu, 0, 2)).toBe(200);
    expect((await emu.call('POST', recordsPath(emu), a(9))).body.errors[0].code).toBe(81045);
    expect(await usage(emu)).toEqual({ record_quota: 2, record_usage: 2 });
    expect((await emu.call('GET', `/accounts/${emu.accountId}/dns_records/usage`)).body.result.record_quota).toBeNull();
  });
});
