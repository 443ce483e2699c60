/**
 * The emulator's internal DNS views over real HTTP: the SDK's shape (create, list with filters,
 * get, PATCH, delete) and the refusals of https://developers.cloudflare.com/dns/internal-dns/dns-views/
 * (a view name unique per account, internal zones only, no two zones of one name in a view).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/server.js';
import { ADMIN_TOKEN, call, start } from '../identity/http-helpers.js';

const admin = { token: ADMIN_TOKEN };
let emu: RunningEmulator;
let publicId: string;
const internal: string[] = [];

const views = (): string => `/accounts/${emu.accountId}/dns_settings/views`;

async function createInternal(name: string): Promise<string> {
  const a = await call(emu, 'POST', '/zones', admin, { name, type: 'internal', account: { id: emu.accountId } });
  expect(a.status, a.text).toBe(200);
  return a.body.result.id as string;
}

beforeAll(async () => {
  emu = await start({ zonePlan: 'enterprise' });
  publicId = emu.zones[0].id;
  internal.push(await createInternal('corp.internal'), await createInternal('corp.internal'), await createInternal('lab.local'));
});
afterAll(async () => {
  await emu?.close();
});

describe('DNS views', () => {
  it('create, get, list with filters, PATCH and delete in the SDK shape', async () => {
    const created = await call(emu, 'POST', views(), admin, { name: 'office', zones: [internal[0], internal[2]] });
    expect(created.status, created.text).toBe(200);
    const view = created.body.result;
    expect(view).toMatchObject({ name: 'office', zones: [internal[0], internal[2]] });
    expect(view.id).toMatch(/^[0-9a-f]{32}$/);
    expect(typeof view.created_time).toBe('string');
    expect(typeof view.modified_time).toBe('string');

    const empty = await call(emu, 'POST', views(), admin, { name: 'empty', zones: [] });
    expect(empty.status, empty.text).toBe(200);

    const got = await call(emu, 'GET', `${views()}/${view.id}`, admin);
    expect(got.body.result).toEqual(view);
    const all = await call(emu, 'GET', views(), admin);
    expect(all.body.result.map((v: { name: string }) => v.name).sort()).toEqual(['empty', 'office']);
    expect(all.body.result_info).toMatchObject({ page: 1, count: 2, total_count: 2 });
    const byName = await call(emu, 'GET', `${views()}?name.exact=office`, admin);
    expect(byName.body.result.map((v: { id: string }) => v.id)).toEqual([view.id]);
    const byZone = await call(emu, 'GET', `${views()}?zone_id=${internal[2]}`, admin);
    expect(byZone.body.result.map((v: { id: string }) => v.id)).toEqual([view.id]);

    const patched = await call(emu, 'PATCH', `${views()}/${view.id}`, admin, { zones: [internal[1]] });
    expect(patched.status, patched.text).toBe(200);
    expect(patched.body.result).toMatchObject({ id: view.id, name: 'office', zones: [internal[1]] });
    const renamed = await call(emu, 'PATCH', `${views()}/${view.id}`, admin, { name: 'branch' });
    expect(renamed.body.result).toMatchObject({ name: 'branch', zones: [internal[1]] });

    const deleted = await call(emu, 'DELETE', `${views()}/${view.id}`, admin);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body.result).toEqual({ id: view.id });
    expect((await call(emu, 'GET', `${views()}/${view.id}`, admin)).status).toBe(404);
    await call(emu, 'DELETE', `${views()}/${empty.body.result.id}`, admin);
  });

  it('refuses a duplicate name, a public zone, two zones of one name, an unknown zone', async () => {
    const first = await call(emu, 'POST', views(), admin, { name: 'dup', zones: [] });
    expect(first.status).toBe(200);
    const dup = await call(emu, 'POST', views(), admin, { name: 'dup', zones: [] });
    expect(dup.status).toBe(400);
    expect(dup.text).toContain('already exists');
    const other = await call(emu, 'POST', views(), admin, { name: 'other', zones: [] });
    const rename = await call(emu, 'PATCH', `${views()}/${other.body.result.id}`, admin, { name: 'dup' });
    expect(rename.status).toBe(400);

    const pub = await call(emu, 'POST', views(), admin, { name: 'pub', zones: [publicId] });
    expect(pub.status).toBe(400);
    expect(pub.text).toContain('public zone');
    const twins = await call(emu, 'POST', views(), admin, { name: 'twins', zones: [internal[0], internal[1]] });
    expect(twins.status).toBe(400);
    expect(twins.text).toContain('two internal zones named corp.internal');
    const unknown = await call(emu, 'POST', views(), admin, { name: 'unknown', zones: ['0'.repeat(32)] });
    expect(unknown.status).toBe(400);
    const names = (await call(emu, 'GET', views(), admin)).body.result.map((v: { name: string }) => v.name).sort();
    expect(names).toEqual(['dup', 'other']);
  });
});
