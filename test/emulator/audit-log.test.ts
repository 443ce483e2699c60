/**
 * The emulator's account audit log (Audit Logs v2, src/emulator/audit): every successful write
 * logged with the documented shape, the caller's user as the actor and the API as the interface;
 * `GET /accounts/{account_id}/logs/audit` with its required window, its filters (by value and
 * `.not`), its order, its limit and cursor paging, and its permission (Account Settings Read).
 */
import { describe, expect, it } from 'vitest';
import { startTestEmulator, recordsPath, type TestEmulator } from './helpers.js';

// biome-ignore lint/suspicious/noExplicitAny: entries are inspected loosely
type Entry = any;

const WIDE = 'since=2000-01-01&before=2100-01-01';

async function log(emu: TestEmulator, query = '', headers: Record<string, string> = {}): Promise<{ status: number; body: Entry }> {
  const r = await emu.call('GET', `/accounts/${emu.accountId}/logs/audit?${WIDE}${query}`, undefined, headers);
  return { status: r.status, body: r.body };
}

/** A token of the seeded user with DNS Write on the account's zones, and Account Settings Read on the account when asked. */
async function dnsToken(emu: TestEmulator, name: string, accountSettings: boolean): Promise<string> {
  const zones = {
    effect: 'allow',
    permission_groups: [{ id: DNS_WRITE }],
    resources: { [`com.cloudflare.api.account.${emu.accountId}`]: { 'com.cloudflare.api.account.zone.*': '*' } },
  };
  const account = {
    effect: 'allow',
    permission_groups: [{ id: ACCOUNT_SETTINGS_READ }],
    resources: { [`com.cloudflare.api.account.${emu.accountId}`]: '*' },
  };
  const r = await emu.call('POST', '/user/tokens', { name, policies: accountSettings ? [zones, account] : [zones] });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.result.value as string;
}

const DNS_WRITE = '4755a26eedb94da69e1066d98aa820be';
const ACCOUNT_SETTINGS_READ = 'c1fde68c7bcc44588cbb6ddbc16d6480';

describe('the emulator’s audit log', () => {
  it('logs each write with the documented shape: the token’s user as actor, the API as interface', async () => {
    const emu = await startTestEmulator();
    const created = await emu.call('POST', recordsPath(emu), { type: 'A', name: 'www', content: '192.0.2.1' }, { 'user-agent': 'ua-test' });
    const id = created.body.result.id as string;
    await emu.call('PATCH', recordsPath(emu, `/${id}`), { content: '192.0.2.2' });
    await emu.call('DELETE', recordsPath(emu, `/${id}`));
    await emu.call('PATCH', `/zones/${emu.zoneId}/dns_settings`, { ns_ttl: 7200 });
    await emu.call('GET', recordsPath(emu)); // reads are not logged
    await emu.call('POST', recordsPath(emu), { type: 'A', name: 'bad', content: 'not-an-address' }); // refused: not logged

    const r = await log(emu, '&direction=asc');
    expect(r.status).toBe(200);
    expect(r.body.success).toBe(true);
    const entries = r.body.result as Entry[];
    expect(entries.map((e) => [e.action.type, e.resource.type, e.resource.id])).toEqual([
      ['create', 'dns_record', id],
      ['update', 'dns_record', id],
      ['delete', 'dns_record', id],
      ['update', 'dns_settings', emu.zoneId],
    ]);
    const [first, , deleted, settings] = entries;
    expect(first).toMatchObject({
      account: { id: emu.accountId },
      action: { result: 'success', type: 'create', description: 'Create DNS record' },
      actor: { email: emu.email, type: 'user', context: 'api_token', token_name: 'zonectl emulator token', ip_address: '127.0.0.1' },
      raw: { method: 'POST', status_code: 200, uri: `/zones/${emu.zoneId}/dns_records`, user_agent: 'ua-test' },
      resource: {
        product: 'dns_records',
        scope: 'zones',
        request: { name: 'www', content: '192.0.2.1' },
        response: { id, name: 'www.example.com' },
      },
      zone: { id: emu.zoneId, name: 'example.com' },
    });
    expect(first.id).toMatch(/^[0-9a-f]{32}$/);
    expect(Number.isNaN(Date.parse(first.action.time))).toBe(false);
    expect(typeof first.actor.token_id).toBe('string');
    expect(deleted.resource.response).toEqual({ id });
    expect(settings.resource.request).toEqual({ ns_ttl: 7200 });
    // A key-pair caller is the same user, through its Global API Key.
    await emu.call(
      'POST',
      recordsPath(emu),
      { type: 'TXT', name: 'k', content: 'x' },
      { authorization: '', 'x-auth-email': emu.email, 'x-auth-key': emu.apiKey },
    );
    const byKey = (await log(emu, '&actor_context=api_key')).body.result as Entry[];
    expect(byKey.map((e) => [e.actor.context, e.actor.email, e.actor.token_id])).toEqual([['api_key', emu.email, undefined]]);
  });

  it('logs one entry per record of a batch, with its name and type in the answer', async () => {
    const emu = await startTestEmulator();
    const a = (await emu.call('POST', recordsPath(emu), { type: 'A', name: 'a', content: '192.0.2.1' })).body.result.id as string;
    await emu.call('POST', recordsPath(emu, '/batch'), {
      deletes: [{ id: a }],
      posts: [
        { type: 'TXT', name: 't1', content: 'one' },
        { type: 'TXT', name: 't2', content: 'two' },
      ],
    });
    const entries = (await log(emu, '&direction=asc')).body.result as Entry[];
    expect(entries.map((e) => [e.action.type, e.resource.response.name, e.resource.response.type])).toEqual([
      ['create', 'a.example.com', 'A'],
      ['delete', 'a.example.com', 'A'],
      ['create', 't1.example.com', 'TXT'],
      ['create', 't2.example.com', 'TXT'],
    ]);
    expect(entries[1].resource.request).toEqual({ id: a });
  });

  it('filters by value (repeatable) and by `.not`; newest first unless asc; the window is required', async () => {
    const emu = await startTestEmulator({ zones: ['example.com', 'example.org'] });
    const other = emu.zones[1]!.id;
    const one = (await emu.call('POST', recordsPath(emu), { type: 'A', name: 'one', content: '192.0.2.1' })).body.result.id as string;
    await emu.call('POST', `/zones/${other}/dns_records`, { type: 'A', name: 'two', content: '192.0.2.2' });
    await emu.call('DELETE', recordsPath(emu, `/${one}`));

    const ids = async (query: string): Promise<string[]> =>
      ((await log(emu, query)).body.result as Entry[]).map((e) => `${e.zone.name} ${e.action.type}`);
    expect(await ids('')).toEqual(['example.com delete', 'example.org create', 'example.com create']);
    expect(await ids('&direction=asc')).toEqual(['example.com create', 'example.org create', 'example.com delete']);
    expect(await ids(`&zone_id=${emu.zoneId}`)).toEqual(['example.com delete', 'example.com create']);
    expect(await ids(`&zone_id=${emu.zoneId}&zone_id=${other}`)).toHaveLength(3);
    expect(await ids('&zone_name.not=example.com')).toEqual(['example.org create']);
    expect(await ids(`&resource_id=${one}&action_type=delete`)).toEqual(['example.com delete']);
    expect(await ids('&action_type.not=create&action_type.not=delete')).toEqual([]);
    // The window: since and before are required; entries at or after since, before before.
    const noWindow = await emu.call('GET', `/accounts/${emu.accountId}/logs/audit`);
    expect(noWindow.status).toBe(400);
    expect(noWindow.body.errors[0].message).toMatch(/since is required/);
    const future = await emu.call('GET', `/accounts/${emu.accountId}/logs/audit?since=2099-01-01&before=2100-01-01`);
    expect(future.body.result).toEqual([]);
    const badTime = await emu.call('GET', `/accounts/${emu.accountId}/logs/audit?since=yesterday&before=2100-01-01`);
    expect(badTime.status).toBe(400);
  });

  it('pages with limit and an opaque cursor (result_info.cursor and cursors.after) until no cursor is given', async () => {
    const emu = await startTestEmulator();
    for (let i = 0; i < 5; i += 1) await emu.call('POST', recordsPath(emu), { type: 'TXT', name: `t${i}`, content: `v${i}` });
    const seen: string[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const r = await log(emu, `&limit=2${cursor !== undefined ? `&cursor=${encodeURIComponent(cursor)}` : ''}`);
      expect(r.status).toBe(200);
      seen.push(...(r.body.result as Entry[]).map((e) => e.resource.response.name as string));
      expect(r.body.result_info.count).toBe(r.body.result.length);
      cursor = r.body.result_info.cursor;
      expect(r.body.result_info.cursors?.after).toBe(cursor);
      pages += 1;
    } while (cursor !== undefined && pages < 10);
    expect(pages).toBe(3);
    expect(seen).toEqual(['t4', 't3', 't2', 't1', 't0'].map((n) => `${n}.example.com`));
    expect((await log(emu, '&limit=0')).status).toBe(400);
    expect((await log(emu, '&limit=1001')).status).toBe(400);
    expect((await log(emu, '&cursor=bm90LWEtY3Vyc29y')).status).toBe(400);
  });

  it('needs Account Settings Read: without it, 403 code 10000; a token’s writes name the token', async () => {
    const emu = await startTestEmulator();
    const bare = await dnsToken(emu, 'no audit', false);
    const refused = await log(emu, '', { authorization: `Bearer ${bare}` });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].code).toBe(10000);
    const reader = await dnsToken(emu, 'ops-laptop', true);
    await emu.call('POST', recordsPath(emu), { type: 'TXT', name: 'x', content: 'y' }, { authorization: `Bearer ${reader}` });
    const allowed = await log(emu, '', { authorization: `Bearer ${reader}` });
    expect(allowed.status).toBe(200);
    expect((allowed.body.result as Entry[]).map((e) => e.actor.token_name)).toEqual(['ops-laptop']);
  });
});
