/** The official SDK (cloudflare 7.x) against the emulator: tokens and dns_settings. */
import Cloudflare from 'cloudflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningEmulator } from '../../../src/emulator/server.js';
import { GROUP } from './helpers.js';
import { ADMIN_TOKEN, start } from './http-helpers.js';

let emu: RunningEmulator;
let cf: Cloudflare;

beforeAll(async () => {
  // A paid zone: flatten_all_cnames, edited below, is a feature of paid plans.
  emu = await start({ zonePlan: 'pro' });
  cf = new Cloudflare({ apiToken: ADMIN_TOKEN, baseURL: emu.baseUrl, maxRetries: 0 });
});
afterAll(async () => {
  await emu?.close();
});

describe('cloudflare SDK against the emulator', () => {
  it('creates, lists (auto-pagination), verifies, rolls and deletes tokens', async () => {
    const zoneId = emu.zones[0].id;
    const created = [];
    for (let i = 0; i < 7; i += 1) {
      created.push(
        await cf.user.tokens.create({
          name: `sdk-${i}`,
          policies: [
            {
              effect: 'allow',
              permission_groups: [{ id: GROUP.dnsRead }],
              resources: { [`com.cloudflare.api.account.zone.${zoneId}`]: '*' },
            },
          ],
          condition: { request_ip: { in: ['127.0.0.0/8'] } },
        }),
      );
    }
    expect(created[0].value).toMatch(/^[A-Za-z0-9_-]{40}$/);
    const names: string[] = [];
    for await (const t of cf.user.tokens.list({ per_page: 5 })) names.push(t.name ?? '');
    expect(names.filter((n) => n.startsWith('sdk-'))).toHaveLength(7);
    const mine = new Cloudflare({ apiToken: created[0].value as string, baseURL: emu.baseUrl, maxRetries: 0 });
    const verified = await mine.user.tokens.verify();
    expect(verified).toMatchObject({ id: created[0].id, status: 'active' });
    const rolled = await cf.user.tokens.value.update(created[0].id as string);
    expect(typeof rolled).toBe('string');
    await expect(mine.user.tokens.verify()).rejects.toMatchObject({ status: 403 });
    await cf.user.tokens.delete(created[1].id as string);
    await expect(cf.user.tokens.get(created[1].id as string)).rejects.toMatchObject({ status: 404 });
    const groups = [];
    for await (const g of cf.user.tokens.permissionGroups.list()) groups.push(g);
    expect(groups.some((g) => g.name === 'DNS Write')).toBe(true);
  });

  it('account-owned tokens through cf.accounts.tokens (issue 43, item 7)', async () => {
    const account_id = emu.accountId;
    const zoneId = emu.zones[0].id;
    const created = await cf.accounts.tokens.create({
      account_id,
      name: 'sdk-account',
      policies: [
        { effect: 'allow', permission_groups: [{ id: GROUP.dnsRead }], resources: { [`com.cloudflare.api.account.zone.${zoneId}`]: '*' } },
      ],
    });
    expect(typeof created.value).toBe('string');
    const listed = [];
    for await (const t of cf.accounts.tokens.list({ account_id })) listed.push(t.name);
    expect(listed).toEqual(['sdk-account']);
    const mine = new Cloudflare({ apiToken: created.value as string, baseURL: emu.baseUrl, maxRetries: 0 });
    expect(await mine.accounts.tokens.verify({ account_id })).toMatchObject({ id: created.id, status: 'active' });
    const rolled = await cf.accounts.tokens.value.update(created.id as string, { account_id });
    expect(typeof rolled).toBe('string');
    const groups = [];
    for await (const g of cf.accounts.tokens.permissionGroups.list({ account_id })) groups.push(g.name);
    expect(groups).toContain('Account API Tokens Write');
    await cf.accounts.tokens.delete(created.id as string, { account_id });
    await expect(cf.accounts.tokens.get(created.id as string, { account_id })).rejects.toMatchObject({ status: 404 });
  });

  it('reads and edits zone and account dns_settings', async () => {
    const zone_id = emu.zones[0].id;
    const before = await cf.dns.settings.zone.get({ zone_id });
    expect(before.soa?.refresh).toBe(10000);
    const after = await cf.dns.settings.zone.edit({ zone_id, flatten_all_cnames: true, ns_ttl: 7200 });
    expect(after).toMatchObject({ flatten_all_cnames: true, ns_ttl: 7200 });
    const account = await cf.dns.settings.account.edit({ account_id: emu.accountId, zone_defaults: { multi_provider: true } });
    expect(account.zone_defaults?.multi_provider).toBe(true);
  });
});
