/**
 * One emulator, several accounts: each account's user has its own token, which sees and edits
 * its own account's zones only and lists its own user's tokens only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';

const FIRST = 'first-token-0123456789abcdef0123456789';
const SECOND = 'second-token-0123456789abcdef012345678';
const THIRD = 'third-token-0123456789abcdef0123456789';

describe('emulator: several accounts and users', () => {
  let emu: RunningEmulator;
  const get = async (
    token: string,
    path: string,
  ): Promise<{ status: number; body: { success: boolean; result: Array<Record<string, unknown>> & Record<string, unknown> } }> => {
    const res = await fetch(`${emu.baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    return { status: res.status, body: (await res.json()) as never };
  };
  beforeAll(async () => {
    emu = await startEmulator({
      port: 0,
      zones: ['example.com'],
      token: FIRST,
      accounts: [
        { token: SECOND, zones: ['example.org', 'example.net'] },
        { token: THIRD, zones: [] },
      ],
    });
  });
  afterAll(async () => {
    await emu.close();
  });

  it('seeds one account per entry, each with its own zones and user', () => {
    expect(emu.accounts).toHaveLength(2);
    expect(new Set([emu.accountId, ...emu.accounts.map((a) => a.accountId)]).size).toBe(3);
    expect(emu.accounts[0].zones.map((z) => z.name)).toEqual(['example.org', 'example.net']);
    expect(emu.accounts[0].email).not.toBe(emu.email);
  });

  it("each token lists only its account's zones", async () => {
    const first = await get(FIRST, '/zones');
    expect(first.body.result.map((z) => z.name)).toEqual(['example.com']);
    const second = await get(SECOND, '/zones?order=name');
    expect(second.body.result.map((z) => z.name)).toEqual(['example.net', 'example.org']);
    expect(second.body.result.every((z) => (z.account as { id: string }).id === emu.accounts[0].accountId)).toBe(true);
    expect((await get(THIRD, '/zones')).body.result).toEqual([]);
  });

  it("a token cannot read another account's zone records", async () => {
    const org = emu.accounts[0].zones[0].id;
    expect((await get(SECOND, `/zones/${org}/dns_records`)).status).toBe(200);
    const refused = await get(FIRST, `/zones/${org}/dns_records`);
    expect(refused.body.success).toBe(false);
    expect([403, 404]).toContain(refused.status);
  });

  it("each user's token list holds its own token only; verify names it", async () => {
    for (const token of [FIRST, SECOND, THIRD]) {
      const list = await get(token, '/user/tokens');
      expect(list.body.result).toHaveLength(1);
      const verify = await get(token, '/user/tokens/verify');
      expect(verify.body.result.id).toBe(list.body.result[0].id);
    }
  });
});
