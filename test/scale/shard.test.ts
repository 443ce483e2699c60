/** --shard K/N: every zone in exactly one shard, whatever N (1..5), stable across runs and orders. */
import { describe, expect, it } from 'vitest';
import { inShard, parseShard, shardOf } from '../../src/core/shard.js';

const zones = Array.from({ length: 500 }, (_, i) => `zone-${i}.example.${['com', 'org', 'net'][i % 3]}`);

describe('sharding by zone name', () => {
  for (let n = 1; n <= 5; n++) {
    it(`N=${n}: the shards 1..${n} partition the zones, none empty`, () => {
      const seen = new Map<string, number>();
      for (let k = 1; k <= n; k++) {
        const picked = zones.filter((z) => inShard(z, { index: k, count: n }));
        expect(picked.length).toBeGreaterThan(0);
        for (const z of picked) seen.set(z, (seen.get(z) ?? 0) + 1);
      }
      expect(seen.size).toBe(zones.length);
      expect([...seen.values()].every((v) => v === 1)).toBe(true);
    });
  }

  it('depends on the canonical name only', () => {
    expect(shardOf('Example.COM.', 5)).toBe(shardOf('example.com', 5));
  });

  it('parses K/N and refuses what is not one', () => {
    expect(parseShard('2/4')).toEqual({ index: 2, count: 4 });
    expect(() => parseShard('0/4')).toThrow(/1 <= K <= N/);
    expect(() => parseShard('5/4')).toThrow(/1 <= K <= N/);
    expect(() => parseShard('two')).toThrow(/K\/N/);
  });
});
