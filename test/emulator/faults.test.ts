import { request } from 'undici';
import { describe, expect, it } from 'vitest';
import { createPrng, Faults, parseRateLimit } from '../../src/emulator/faults.js';
import { recordsPath, startTestEmulator } from './helpers.js';

async function outcomes(seed: number, n: number): Promise<{ outcomes: string[]; stored: number; acknowledged: number }> {
  const emu = await startTestEmulator({ failRate: 0.5, seed });
  const seen: string[] = [];
  let acknowledged = 0;
  for (let i = 0; i < n; i += 1) {
    try {
      const res = await request(`${emu.baseUrl}${recordsPath(emu)}`, {
        method: 'POST',
        headers: { authorization: 'Bearer test-token-value', 'content-type': 'application/json', connection: 'close' },
        body: JSON.stringify({ type: 'A', name: `h${i}`, content: '192.0.2.1' }),
      });
      await res.body.text();
      seen.push(String(res.statusCode));
      if (res.statusCode === 200) acknowledged += 1;
    } catch {
      seen.push('lost');
    }
  }
  const stored = emu.store.size(`records:${emu.zoneId}`);
  await emu.close();
  return { outcomes: seen, stored, acknowledged };
}

describe('faults', () => {
  it('the PRNG is deterministic', () => {
    const a = createPrng(42);
    const b = createPrng(42);
    expect(Array.from({ length: 5 }, a)).toEqual(Array.from({ length: 5 }, b));
    const f = new Faults({ failRate: 1, seed: 7 });
    expect(['refuse', 'lose-answer']).toContain(f.decide().kind);
  });

  it('fails the same requests the same way under the same seed, with both kinds of failure', async () => {
    const first = await outcomes(1234, 40);
    const second = await outcomes(1234, 40);
    expect(second.outcomes).toEqual(first.outcomes);
    expect(first.outcomes).toContain('lost');
    expect(first.outcomes.some((o) => ['500', '502', '503'].includes(o))).toBe(true);
    expect(first.outcomes).toContain('200');
    // Lost answers acted: more records stored than acknowledged; refused ones did not.
    const lost = first.outcomes.filter((o) => o === 'lost').length;
    expect(first.stored).toBe(first.acknowledged + lost);
    const other = await outcomes(99, 40);
    expect(other.outcomes).not.toEqual(first.outcomes);
  });

  it('adds latency', async () => {
    const emu = await startTestEmulator({ latencyMs: 150 });
    const t = Date.now();
    await emu.call('GET', '/zones');
    expect(Date.now() - t).toBeGreaterThanOrEqual(140);
  });

  it('rate limits with the real message, Retry-After and Ratelimit headers', async () => {
    expect(parseRateLimit('1200/300')).toEqual({ requests: 1200, seconds: 300 });
    expect(parseRateLimit('12')).toBeUndefined();
    const emu = await startTestEmulator({ rateLimit: { requests: 3, seconds: 60 } });
    const r1 = await emu.call('GET', '/zones');
    expect(r1.headers.ratelimit).toMatch(/^"default";r=2;t=\d+$/);
    expect(r1.headers['ratelimit-policy']).toBe('"default";q=3;w=60');
    await emu.call('GET', '/zones');
    await emu.call('GET', '/zones');
    const limited = await emu.call('GET', '/zones');
    expect(limited.status).toBe(429);
    expect(limited.body.errors[0]).toEqual({
      code: 10100,
      message: 'More than 3 requests per 60 seconds reached. Please wait and consider throttling your request speed',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(60);
    expect(limited.headers.ratelimit).toMatch(/^"default";r=0;t=\d+$/);
  });
});
