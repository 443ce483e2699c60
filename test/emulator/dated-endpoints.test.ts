/**
 * `--api-date` on every record endpoint: the fields of record responses (`locked` before
 * 2024-07-14, `zone_id`/`zone_name` before 2024-11-30) on list, get, post, patch, put and all
 * four batch result arrays; the 1004 `DNS Validation Error` wrapper (before 2024-10-01) on
 * post, patch, put and batch validation errors, never on conflicts or missing records.
 */
import { describe, expect, it } from 'vitest';
import { recordsPath, startTestEmulator, type TestEmulator } from './helpers.js';

interface Era {
  apiDate: string;
  locked: boolean;
  zoneFields: boolean;
  wrapped: boolean;
}

const ERAS: Era[] = [
  { apiDate: '2024-07-13', locked: true, zoneFields: true, wrapped: true },
  { apiDate: '2024-07-14', locked: false, zoneFields: true, wrapped: true },
  { apiDate: '2024-09-30', locked: false, zoneFields: true, wrapped: true },
  { apiDate: '2024-10-01', locked: false, zoneFields: true, wrapped: false },
  { apiDate: '2024-11-29', locked: false, zoneFields: true, wrapped: false },
  { apiDate: '2024-11-30', locked: false, zoneFields: false, wrapped: false },
  { apiDate: '2026-01-01', locked: false, zoneFields: false, wrapped: false },
];

function expectShape(emu: TestEmulator, era: Era, record: Record<string, unknown>, where: string): void {
  if (era.locked) expect(record.locked, where).toBe(false);
  else expect(record, where).not.toHaveProperty('locked');
  if (era.zoneFields) {
    expect(record.zone_id, where).toBe(emu.zoneId);
    expect(record.zone_name, where).toBe('example.com');
  } else {
    expect(record, where).not.toHaveProperty('zone_id');
    expect(record, where).not.toHaveProperty('zone_name');
  }
}

function expectValidationError(era: Era, body: { errors: Array<Record<string, unknown>> }, rootCode: number, where: string): void {
  expect(body.errors, where).toHaveLength(1);
  if (era.wrapped) {
    expect(body.errors[0], where).toEqual({
      code: 1004,
      message: 'DNS Validation Error',
      error_chain: [{ code: rootCode, message: expect.any(String) }],
    });
  } else {
    expect(body.errors[0], where).toEqual({ code: rootCode, message: expect.any(String) });
  }
}

describe.each(ERAS)('--api-date $apiDate', (era) => {
  it('record responses of list, get, post, patch, put and every batch array carry the dated fields', async () => {
    const emu = await startTestEmulator({ apiDate: era.apiDate });
    const created = await emu.call('POST', recordsPath(emu), {
      type: 'A',
      name: 'a',
      content: '192.0.2.1',
      locked: true,
      zone_id: 'x',
      zone_name: 'other.test',
    });
    expect(created.status).toBe(200);
    expectShape(emu, era, created.body.result, 'post');
    const id = created.body.result.id as string;
    expectShape(emu, era, (await emu.call('GET', recordsPath(emu, `/${id}`))).body.result, 'get');
    expectShape(emu, era, (await emu.call('GET', recordsPath(emu))).body.result[0], 'list');
    expectShape(emu, era, (await emu.call('PATCH', recordsPath(emu, `/${id}`), { ttl: 300 })).body.result, 'patch');
    expectShape(
      emu,
      era,
      (await emu.call('PUT', recordsPath(emu, `/${id}`), { type: 'A', name: 'a', content: '192.0.2.2' })).body.result,
      'put',
    );
    const b = (await emu.call('POST', recordsPath(emu), { type: 'A', name: 'b', content: '192.0.2.3' })).body.result;
    const c = (await emu.call('POST', recordsPath(emu), { type: 'A', name: 'c', content: '192.0.2.4' })).body.result;
    const batch = await emu.call('POST', recordsPath(emu, '/batch'), {
      deletes: [{ id }],
      patches: [{ id: b.id, ttl: 600 }],
      puts: [{ id: c.id, type: 'A', name: 'c', content: '192.0.2.5' }],
      posts: [{ type: 'A', name: 'd', content: '192.0.2.6' }],
    });
    expect(batch.status).toBe(200);
    for (const key of ['deletes', 'patches', 'puts', 'posts']) expectShape(emu, era, batch.body.result[key][0], `batch ${key}`);
  });

  it('validation errors are wrapped in 1004 before 2024-10-01 on post, patch, put and batch; conflicts and 404s never', async () => {
    const emu = await startTestEmulator({ apiDate: era.apiDate });
    const post = await emu.call('POST', recordsPath(emu), { type: 'A', name: 'a', content: 'nope' });
    expect(post.status).toBe(400);
    expectValidationError(era, post.body, 9005, 'post');
    const ok = (await emu.call('POST', recordsPath(emu), { type: 'A', name: 'a', content: '192.0.2.1' })).body.result;
    const patch = await emu.call('PATCH', recordsPath(emu, `/${ok.id}`), { ttl: 5 });
    expectValidationError(era, patch.body, 9021, 'patch');
    const put = await emu.call('PUT', recordsPath(emu, `/${ok.id}`), { type: 'TXT', name: 'a', content: '"unbalanced' });
    expectValidationError(era, put.body, 9022, 'put');
    const batch = await emu.call('POST', recordsPath(emu, '/batch'), {
      posts: [{ type: 'A', name: 'z', content: '10.0.0.1', proxied: true }],
    });
    expectValidationError(era, batch.body, 9003, 'batch');
    const srv = await emu.call('POST', recordsPath(emu), {
      type: 'SRV',
      name: '_a._tcp',
      data: { service: '_a', priority: 1, weight: 1, port: 1, target: 'x.example.com' },
    });
    expectValidationError(era, srv.body, 9102, 'srv legacy');

    const dup = await emu.call('POST', recordsPath(emu), { type: 'A', name: 'a', content: '192.0.2.1' });
    expect(dup.body.errors).toEqual([{ code: 81058, message: expect.any(String) }]);
    const cname = await emu.call('POST', recordsPath(emu), { type: 'CNAME', name: 'a', content: 'x.example.net' });
    expect(cname.body.errors).toEqual([{ code: 81053, message: expect.any(String) }]);
    const missing = await emu.call('PATCH', recordsPath(emu, '/0123456789abcdef0123456789abcdef'), { ttl: 300 });
    expect([missing.status, missing.body.errors]).toEqual([404, [{ code: 81044, message: 'Record does not exist.' }]]);
  });
});

describe('retired interfaces do not depend on --api-date (README: differences, 7)', () => {
  it.each(['2020-01-01', '2024-01-01', '2026-01-01'])(
    'endpoints 410, filter syntaxes 9110, SRV data members 9102 at %s',
    async (apiDate) => {
      const emu = await startTestEmulator({ apiDate });
      const res = await emu.call('GET', `/zones/${emu.zoneId}/dns_settings/use_apex_ns`);
      expect([res.status, res.body.errors[0].code]).toEqual([410, 7004]);
      const flat = await emu.call('GET', `/zones/${emu.zoneId}/settings/cname_flattening`);
      expect(flat.status).toBe(410);
      const filter = await emu.call('GET', recordsPath(emu, '?name=contains:www'));
      expect([filter.status, filter.body.errors[0].code]).toEqual([400, 9110]);
      const srv = await emu.call('POST', recordsPath(emu), {
        type: 'SRV',
        name: '_a._tcp',
        data: { proto: '_tcp', priority: 1, weight: 1, port: 1, target: 'x.example.com' },
      });
      expect(srv.status).toBe(400);
      expect(JSON.stringify(srv.body.errors)).toContain('9102');
    },
  );
});
