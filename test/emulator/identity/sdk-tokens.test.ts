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
