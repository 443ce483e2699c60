import { describe, expect, it } from 'vitest';
import { recordsPath, startTestEmulator } from './helpers.js';

describe('dated behaviours (--api-date)', () => {
  it('wraps validation errors in 1004 + error_chain before 2024-10-01', async () => {
    const old = await startTestEmulator({ apiDate: '2024-09-30' });
    const res = await old.call('POST', recordsPath(old), { type: 'A', name: 'a', content: 'x' });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { code: 1004, message: 'DNS Validation Error', error_chain: [{ code: 9005, message: expect.any(String) }] },
    ]);
    const conflict = await old.call('POST', recordsPath(old, '/batch'), { posts: [{ type: 'TXT', name: 't', content: '"x' }] });
    expect(conflict.body.errors[0].code).toBe(1004);
    const now = await startTestEmulator({ apiDate: '2024-10-01' });
    const bare = await now.call('POST', recordsPath(now), { type: 'A', name: 'a', content: 'x' });
    expect(bare.body.errors).toEqual([{ code: 9005, message: expect.any(String) }]);
  });

  it('returns zone_id/zone_name before 2024-11-30 and locked before 2024-07-14', async () => {
    const body = { type: 'A', name: 'a', content: '192.0.2.1' };
    const v1 = await startTestEmulator({ apiDate: '2024-07-13' });
    const r1 = (await v1.call('POST', recordsPath(v1), body)).body.result;
    expect(r1).toMatchObject({ zone_id: v1.zoneId, zone_name: 'example.com', locked: false });
    const v2 = await startTestEmulator({ apiDate: '2024-07-14' });
    const r2 = (await v2.call('POST', recordsPath(v2), body)).body.result;
    expect(r2).toMatchObject({ zone_id: v2.zoneId, zone_name: 'example.com' });
    expect(r2).not.toHaveProperty('locked');
    const listed = (await v2.call('GET', recordsPath(v2))).body.result[0];
    expect(listed.zone_name).toBe('example.com');
    const v3 = await startTestEmulator({ apiDate: '2024-11-30' });
    const r3 = (await v3.call('POST', recordsPath(v3), body)).body.result;
    expect(r3).not.toHaveProperty('zone_id');
    expect(r3).not.toHaveProperty('zone_name');
    expect(r3).not.toHaveProperty('locked');
  });
});
