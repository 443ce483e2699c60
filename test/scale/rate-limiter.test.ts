/** The run's limiter paced by the service's Ratelimit / Ratelimit-Policy headers (fake clock). */
import { describe, expect, it } from 'vitest';
import { RateLimiter, parseRatelimitHeader, parseRatelimitPolicyHeader, runBudget, type Clock } from '../../src/api/rate-limiter.js';

function fakeClock(): Clock & { t: number } {
  const c = {
    t: 0,
    now: () => c.t,
    sleep: async (ms: number) => {
      c.t += ms;
    },
  };
  return c;
}

describe('Ratelimit headers', () => {
  it('reads the most constraining item of each header', () => {
    expect(parseRatelimitHeader('"default";r=50;t=30')).toEqual({ remaining: 50, resetSeconds: 30 });
    expect(parseRatelimitHeader('"burst";r=9;t=2, "default";r=3;t=40')).toEqual({ remaining: 3, resetSeconds: 40 });
    expect(parseRatelimitHeader(undefined)).toBeUndefined();
    expect(parseRatelimitHeader('garbage')).toBeUndefined();
    expect(parseRatelimitPolicyHeader('"burst";q=100;w=60, "default";q=1200;w=300')).toEqual({ quota: 100, windowSeconds: 60 });
  });
});

describe('RateLimiter paced by the service', () => {
  it('waits for the reset once the quota the service reports is spent, counting requests on their way', () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ limit: 1000, windowMs: 1000, clock });
    expect(limiter.reserve()).toBe(0); // first request, answered below
    expect(limiter.reserve()).toBe(0); // a second one already on its way
    limiter.observe({ ratelimit: '"default";r=2;t=5', 'ratelimit-policy': '"default";q=10;w=5' });
    // 2 left, 1 of them taken by the request on its way: one more may go now, then wait 5 s.
    expect(limiter.reserve()).toBe(0);
    expect(limiter.reserve()).toBe(5000);
    // After the reset the policy's whole quota (10) is available again: 9 more without waiting beyond the reset.
    for (let i = 0; i < 9; i++) expect(limiter.reserve()).toBe(5000);
    expect(limiter.reserve()).toBe(10_000);
  });

  it('narrows the reset time from the rounded-up seconds of successive answers', () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ limit: 1000, windowMs: 1000, clock });
    limiter.reserve();
    limiter.observe({ ratelimit: '"default";r=5;t=5' }); // reset in (4 s, 5 s]
    clock.t = 300;
    limiter.reserve();
    limiter.observe({ ratelimit: '"default";r=0;t=4' }); // reset in (3.3 s, 4.3 s]: the closer bound
    expect(limiter.reserve()).toBe(4000); // until 4,300 ms, not 5,000
  });

  it('a window it guessed has started is corrected by the first answer: the service starts it when the request arrives, later', () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ limit: 1000, windowMs: 1000, clock });
    limiter.reserve();
    limiter.observe({ ratelimit: '"default";r=9;t=4', 'ratelimit-policy': '"default";q=10;w=4' });
    for (let i = 0; i < 9; i++) {
      expect(limiter.reserve()).toBe(0);
      limiter.observe({ ratelimit: `"default";r=${8 - i};t=4` });
    }
    // Quota spent: the next request waits for the reset (4 s) and opens, as far as the client
    // can tell, a new window ending at 8 s.
    expect(limiter.reserve()).toBe(4000);
    // The service counted it from 4.3 s (it arrived late: a loaded machine), so its window ends
    // at 8.3 s; at 4.6 s it answers r=9, t=4 (3.7 s rounded up): the reset is at most 8.6 s.
    clock.t = 4600;
    limiter.observe({ ratelimit: '"default";r=9;t=4' });
    for (let i = 0; i < 9; i++) expect(limiter.reserve()).toBe(0);
    // Not at 8 s (the guess, before the service's reset at 8.3 s: a 429), but at 8.6 s.
    expect(limiter.reserve()).toBe(4000);
  });

  it('without the headers, its own budget alone paces it', () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ limit: 2, windowMs: 1000, clock });
    expect([limiter.reserve(), limiter.reserve(), limiter.reserve()]).toEqual([0, 0, 1000]);
  });

  it('a network error releases the request on its way', () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ limit: 100, windowMs: 1000, clock });
    limiter.reserve();
    limiter.reserve();
    limiter.release();
    limiter.observe({ ratelimit: '"default";r=1;t=3' });
    expect(limiter.reserve()).toBe(0);
    expect(limiter.reserve()).toBe(3000);
  });

  it('the budget of a run: --rate-limit, else the default divided among the shards', () => {
    expect(runBudget(undefined)).toEqual({ limit: 1200, windowMs: 300_000 });
    expect(runBudget(undefined, 4)).toEqual({ limit: 300, windowMs: 300_000 });
    expect(runBudget('600/60', 4)).toEqual({ limit: 600, windowMs: 60_000 });
  });
});
