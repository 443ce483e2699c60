/** `--shard K/N` covers each account file exactly once, like each zone. */
import { describe, expect, it } from 'vitest';
import { selectShard } from '../../../src/app/files/files-to-plan.js';
import type { AccountConfig } from '../../../src/core/zonefile/index.js';

const accounts: AccountConfig[] = Array.from({ length: 7 }, (_, i) => ({
  file: `account-${i}.yaml`,
  accountId: `${i}`.padStart(32, 'a'),
  zoneDefaults: { ns_ttl: 3600 },
}));

describe('selectShard with account files', () => {
  it.each([1, 2, 3, 4, 5])('N = %i: every account file in exactly one shard', (n) => {
    const seen = new Map<string, number>();
    for (let k = 1; k <= n; k += 1) {
      for (const a of selectShard({ configs: [], accounts }, `${k}/${n}`).accounts) seen.set(a.file, (seen.get(a.file) ?? 0) + 1);
    }
    expect([...seen.keys()].sort()).toEqual(accounts.map((a) => a.file).sort());
    expect([...seen.values()].every((c) => c === 1)).toBe(true);
  });

  it('without --shard, every account file', () => {
    expect(selectShard({ configs: [], accounts }, undefined).accounts).toEqual(accounts);
  });
});
