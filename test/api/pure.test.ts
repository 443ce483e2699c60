import { describe, expect, it } from 'vitest';
import { CloudflareApiError, flattenApiErrors } from '../../src/api/errors.js';
import { credentialsFromEnv, authHeaders, redactSecrets } from '../../src/api/credentials.js';
import { RateLimiter, parseRateLimit, type Clock } from '../../src/api/rate-limiter.js';
import { DEFAULT_RETRY, backoffDelay, decideOnNetworkError, decideOnStatus, parseRetryAfter } from '../../src/api/retry-policy.js';
import { buildQuery, parseBaseUrl } from '../../src/api/client.js';

describe('flattenApiErrors', () => {
  const root = { code: 9005, message: 'Content for A record is invalid. Must be a valid IPv4 address' };
  it('reads the 1004 wrapper and the bare root cause the same', () => {
    const wrapped = flattenApiErrors([{ code: 1004, message: 'DNS Validation Error', error_chain: [root] }]);
    const bare = flattenApiErrors([root]);
    expect(wrapped.errors).toEqual([root]);
    expect(bare.errors).toEqual([root]);
    expect(wrapped.wrappers).toEqual([{ code: 1004, message: 'DNS Validation Error' }]);
    expect(bare.wrappers).toEqual([]);
  });
  it('follows nested chains and keeps sibling errors in order', () => {
    const f = flattenApiErrors([
      { code: 1004, message: 'w', error_chain: [{ code: 1, message: 'x', error_chain: [{ code: 2, message: 'deep' }] }] },
      { code: 3, message: 'sibling' },
    ]);
    expect(f.errors.map((e) => e.code)).toEqual([2, 3]);
    expect(f.wrappers.map((e) => e.code)).toEqual([1004, 1]);
  });
  it('survives junk', () => {
    expect(flattenApiErrors(undefined).errors).toEqual([]);
    expect(flattenApiErrors([null, 'x', { code: '81057', message: 5 }]).errors).toEqual([{ code: 81057, message: '' }]);
    expect(flattenApiErrors([{ code: 1004, message: 'w', error_chain: [] }]).errors).toEqual([{ code: 1004, message: 'w' }]);
  });
  it('formats the message with method, path, status, code and message', () => {
    const e = new CloudflareApiError({
      status: 400,
      errors: [{ code: 81057, message: 'Record already exists.' }],
      method: 'POST',
      path: '/zones/abc/dns_records',
    });
    expect(e.message).toBe('POST /zones/abc/dns_records: 400 81057 Record already exists.');
    expect(e.code).toBe('API_ERROR');
    expect(e.hasCode(81057)).toBe(true);
  });
});

describe('credentials', () => {
  it('prefers the token, then the key pair', () => {
    expect(credentialsFromEnv({ CLOUDFLARE_API_TOKEN: 't0k', CLOUDFLARE_EMAIL: 'a@b', CLOUDFLARE_API_KEY: 'k' })).toEqual({
      kind: 'token',
      token: 't0k',
    });
    expect(credentialsFromEnv({ CLOUDFLARE_EMAIL: 'a@b', CLOUDFLARE_API_KEY: 'k' })).toEqual({ kind: 'key', email: 'a@b', key: 'k' });
    expect(authHeaders({ kind: 'token', token: 'abc' })).toEqual({ authorization: 'Bearer abc' });
    expect(authHeaders({ kind: 'key', email: 'a@b', key: 'k' })).toEqual({ 'x-auth-email': 'a@b', 'x-auth-key': 'k' });
  });
  it('names the variables when nothing or half a pair is set, without echoing values', () => {
    expect(() => credentialsFromEnv({})).toThrow(/CLOUDFLARE_API_TOKEN.*CLOUDFLARE_EMAIL.*CLOUDFLARE_API_KEY/);
    expect(() => credentialsFromEnv({ CLOUDFLARE_API_TOKEN: '  ' })).toThrow(/no API credentials/);
    let msg = '';
    try {
      credentialsFromEnv({ CLOUDFLARE_API_KEY: 'sekrit-key-value' });
    } catch (e) {
      msg = (e as Error).message;
    }
    expect(msg).toMatch(/CLOUDFLARE_EMAIL is not set/);
    expect(msg).not.toContain('sekrit');
  });
  it('redacts secrets', () => {
    expect(redactSecrets('a abcdef b abcdef', ['abcdef'])).toBe('a *** b ***');
  });
});

function fakeClock(): Clock & { t: number; slept: number[] } {
  const c = {
    t: 0,
    slept: [] as number[],
    now: () => c.t,
    sleep: async (ms: number) => {
      c.slept.push(ms);
      c.t += ms;
    },
  };
  return c;
}

describe('RateLimiter', () => {
  it('never lets more than limit requests into any window', async () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ limit: 3, windowMs: 1000, clock });
    const sendTimes: number[] = [];
    for (let i = 0; i < 10; i++) {
      await limiter.acquire();
      sendTimes.push(clock.t);
      clock.t += 10;
    }
    expect(sendTimes.slice(0, 4)).toEqual([0, 10, 20, 1000]);
    for (let i = 3; i < sendTimes.length; i++) expect(sendTimes[i]! - sendTimes[i - 3]!).toBeGreaterThanOrEqual(1000);
  });
  it('books slots synchronously for concurrent callers', () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ limit: 2, windowMs: 500, clock });
    expect([limiter.reserve(), limiter.reserve(), limiter.reserve(), limiter.reserve(), limiter.reserve()]).toEqual([0, 0, 500, 500, 1000]);
  });
  it('pauses everyone after a Retry-After', () => {
    const clock = fakeClock();
    const limiter = new RateLimiter({ limit: 100, windowMs: 1000, clock });
    limiter.pauseFor(2000);
    expect(limiter.reserve()).toBe(2000);
  });
  it('parses N/SECONDS', () => {
    expect(parseRateLimit('1200/300')).toEqual({ limit: 1200, windowMs: 300_000 });
    expect(() => parseRateLimit('fast')).toThrow(/N\/SECONDS/);
  });
});

describe('retry policy', () => {
  it('retries idempotent methods on 429/5xx, POST only on 429/503', () => {
    for (const m of ['GET', 'PUT', 'PATCH', 'DELETE']) {
      for (const s of [429, 500, 502, 503, 504]) expect(decideOnStatus(m, s).kind).toBe('retry');
      expect(decideOnStatus(m, 400).kind).toBe('done');
    }
    expect(decideOnStatus('POST', 429).kind).toBe('retry');
    expect(decideOnStatus('POST', 503).kind).toBe('retry');
    expect(decideOnStatus('POST', 500).kind).toBe('unknown');
    expect(decideOnStatus('POST', 502).kind).toBe('unknown');
    expect(decideOnStatus('POST', 404).kind).toBe('done');
  });
  it('treats a reset POST as unknown, a refused one as retryable', () => {
    const reset = Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' });
    const wrapped = Object.assign(new Error('other side closed'), { code: 'UND_ERR_SOCKET' });
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    expect(decideOnNetworkError('POST', reset)?.kind).toBe('unknown');
    expect(decideOnNetworkError('POST', wrapped)?.kind).toBe('unknown');
    expect(decideOnNetworkError('POST', refused)?.kind).toBe('retry');
    expect(decideOnNetworkError('GET', reset)?.kind).toBe('retry');
    expect(decideOnNetworkError('GET', new TypeError('boom'))).toBeUndefined();
    expect(decideOnNetworkError('GET', new Error('x', { cause: reset }))?.kind).toBe('retry');
  });
  it('backs off exponentially with full jitter up to the cap', () => {
    const max = () => 0.999999;
    expect([1, 2, 3, 4].map((a) => backoffDelay(a, DEFAULT_RETRY, max))).toEqual([249, 499, 999, 1999]);
    expect(backoffDelay(30, DEFAULT_RETRY, max)).toBe(19999);
    expect(backoffDelay(3, DEFAULT_RETRY, () => 0)).toBe(0);
  });
  it('parses Retry-After seconds and dates', () => {
    expect(parseRetryAfter('7', 0)).toBe(7000);
    expect(parseRetryAfter(undefined, 0)).toBeUndefined();
    expect(parseRetryAfter('soon', 0)).toBeUndefined();
    const now = Date.parse('2026-01-01T00:00:00Z');
    expect(parseRetryAfter('Thu, 01 Jan 2026 00:00:05 GMT', now)).toBe(5000);
  });
});

describe('URLs', () => {
  it('splits origin and prefix, and rejects bad base URLs', () => {
    expect(parseBaseUrl('http://127.0.0.1:8787/client/v4/')).toEqual({ origin: 'http://127.0.0.1:8787', prefix: '/client/v4' });
    expect(() => parseBaseUrl('nonsense')).toThrow(/invalid API base URL/);
    expect(() => parseBaseUrl('ftp://x/')).toThrow(/http and https/);
  });
  it('builds queries with repeated keys', () => {
    expect(buildQuery({ name: 'a.example.com', page: 2, skip: undefined, type: ['A', 'AAAA'] })).toBe(
      '?name=a.example.com&page=2&type=A&type=AAAA',
    );
    expect(buildQuery({})).toBe('');
  });
});
