import { describe, expect, it } from 'vitest';
import type { LiveToken } from '../../../src/core/diff/diff-tokens.js';
import { summarizePolicies, tokenExpiryWarnings, unlistedTokens } from '../../../src/core/diff/unlisted-tokens.js';

const DAY = 24 * 60 * 60 * 1000;
const NOW = Date.parse('2026-06-01T00:00:00Z');

const token = (name: string, extra: Partial<LiveToken> = {}): LiveToken => ({
  id: `id-${name}`,
  name,
  status: 'active',
  policies: [
    { effect: 'allow', permission_groups: [{ id: 'g1', name: 'DNS Write' }], resources: { 'com.cloudflare.api.account.zone.abc': '*' } },
  ],
  ...extra,
});

describe('unlistedTokens', () => {
  const live = [token('zonectl-old'), token('zonectl-ci'), token('laptop'), token('zonectl-listed-elsewhere')];
  const listedNames = new Set(['zonectl-ci', 'zonectl-listed-elsewhere']);

  it('keep: reports every token no file names and deletes nothing', () => {
    const r = unlistedTokens({ listedNames, live, policy: 'keep' });
    expect(r.unlisted.map((t) => [t.name, t.action])).toEqual([
      ['laptop', 'keep'],
      ['zonectl-old', 'keep'],
    ]);
    expect(r.deletes).toEqual([]);
  });

  it('delete: only unlisted tokens under the prefix are deleted, by id', () => {
    const r = unlistedTokens({ listedNames, live, policy: 'delete', prefix: 'zonectl-' });
    expect(r.unlisted.map((t) => [t.name, t.action])).toEqual([
      ['laptop', 'keep'],
      ['zonectl-old', 'delete'],
    ]);
    expect(r.deletes.map((d) => [d.method, d.path])).toEqual([['DELETE', '/user/tokens/id-zonectl-old']]);
  });

  it("an account's tokens: reported with their account, deleted under /accounts/{account_id}/tokens", () => {
    const r = unlistedTokens({ listedNames, live, policy: 'delete', prefix: 'zonectl-', accountId: 'acc1' });
    expect(r.unlisted.every((t) => t.accountId === 'acc1')).toBe(true);
    expect(r.deletes.map((d) => [d.method, d.path, d.accountId])).toEqual([['DELETE', '/accounts/acc1/tokens/id-zonectl-old', 'acc1']]);
  });

  it('delete without a prefix deletes nothing (the validator refuses such a file; this is the second fence)', () => {
    expect(unlistedTokens({ listedNames, live, policy: 'delete' }).deletes).toEqual([]);
    expect(unlistedTokens({ listedNames, live, policy: 'delete', prefix: '' }).deletes).toEqual([]);
  });

  it('keeps last use and expiry as given', () => {
    const [t] = unlistedTokens({
      listedNames: new Set(),
      live: [token('a', { last_used_on: '2026-05-01T10:00:00Z', expires_on: '2027-01-01T00:00:00Z' })],
      policy: 'keep',
    }).unlisted;
    expect(t).toMatchObject({
      last_used_on: '2026-05-01T10:00:00Z',
      expires_on: '2027-01-01T00:00:00Z',
      policies: 'allow DNS Write on zone abc',
    });
  });
});

describe('summarizePolicies', () => {
  it('names effect, groups (the first three, then a count) and resources', () => {
    expect(
      summarizePolicies([
        {
          effect: 'allow',
          permission_groups: ['A', 'B', 'C', 'D', 'E'].map((n) => ({ id: n, name: n })),
          resources: { 'com.cloudflare.api.account.1234': '*' },
        },
        { effect: 'deny', permission_groups: [{ id: 'x' }], resources: { 'com.cloudflare.api.user.u1': '*' } },
      ]),
    ).toBe('allow A, B, C +2 more on account 1234; deny x on user u1');
    expect(summarizePolicies([])).toBe('no policies');
  });
});

describe('tokenExpiryWarnings', () => {
  it('warns for expired tokens and those expiring within 30 days, not later ones or tokens without expiry', () => {
    const live = [
      token('expired', { expires_on: new Date(NOW - DAY).toISOString() }),
      token('soon', { expires_on: new Date(NOW + 10 * DAY).toISOString() }),
      token('edge', { expires_on: new Date(NOW + 30 * DAY).toISOString() }),
      token('later', { expires_on: new Date(NOW + 31 * DAY).toISOString() }),
      token('never', { expires_on: null }),
    ];
    expect(tokenExpiryWarnings(live, NOW)).toEqual([
      'token "edge" expires on 2026-07-01 (in 30 days)',
      'token "expired" expired on 2026-05-31',
      'token "soon" expires on 2026-06-11 (in 10 days)',
    ]);
  });

  it('leaves out tokens the plan deletes', () => {
    expect(tokenExpiryWarnings([token('soon', { expires_on: new Date(NOW + DAY).toISOString() })], NOW, new Set(['id-soon']))).toEqual([]);
  });
});
