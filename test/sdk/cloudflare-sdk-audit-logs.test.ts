/**
 * The official SDK (cloudflare 7.x) reads the emulator's account audit log
 * (`client.accounts.logs.audit.list`): its own pager follows the emulator's cursor across pages,
 * its own types read the entries, and its `.not` filters (sent as `zone_name.not=…`) apply.
 */
import Cloudflare from 'cloudflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';

const TOKEN = 'sdk-audit-test-token-value_0123456789';
let emu: RunningEmulator;
let cf: Cloudflare;

beforeAll(async () => {
  emu = await startEmulator({ zones: ['example.com', 'example.org'], token: TOKEN });
  cf = new Cloudflare({ apiToken: TOKEN, baseURL: emu.baseUrl, maxRetries: 0 });
  for (let i = 0; i < 5; i += 1) {
    await cf.dns.records.create({ zone_id: emu.zones[0]!.id, type: 'TXT', name: `t${i}.example.com`, content: `v${i}`, ttl: 1 });
  }
  await cf.dns.records.create({ zone_id: emu.zones[1]!.id, type: 'TXT', name: 'o.example.org', content: 'o', ttl: 1 });
});
afterAll(async () => {
  await emu?.close();
});

describe('cloudflare SDK: account audit logs', () => {
  it('pages through every entry with the SDK’s own cursor pager, newest first', async () => {
    const seen = [];
    for await (const e of cf.accounts.logs.audit.list({ account_id: emu.accountId, since: '2000-01-01', before: '2100-01-01', limit: 2 })) {
      seen.push(e);
    }
    expect(seen.map((e) => `${e.zone?.name} ${e.action?.type} ${e.actor?.email} ${e.actor?.context}`)).toEqual([
      'example.org create admin@example.com api_token',
      ...Array.from({ length: 5 }, () => 'example.com create admin@example.com api_token'),
    ]);
  });

  it('applies the SDK’s `.not` filters', async () => {
    const page = await cf.accounts.logs.audit.list({
      account_id: emu.accountId,
      since: '2000-01-01',
      before: '2100-01-01',
      zone_name: { not: ['example.com'] },
    });
    expect(page.result.map((e) => e.zone?.name)).toEqual(['example.org']);
  });
});
