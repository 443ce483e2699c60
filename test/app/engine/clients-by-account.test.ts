/** One client (and so one rate budget) per credential of the repository configuration. */
import { describe, expect, it } from 'vitest';
import { accountCredentials, groupByAccount, RunClients } from '../../../src/app/engine/clients-by-account.js';
import type { RepoAccount, RepoConfig, ZoneConfig } from '../../../src/core/zonefile/index.js';

const account = (name: string, credentials: RepoAccount['credentials']): [string, RepoAccount] => [name, { name, credentials }];
const repo: RepoConfig = {
  file: 'zonectl.yaml',
  accounts: new Map([
    account('main', { kind: 'token', tokenEnv: 'CF_MAIN' }),
    account('shop', { kind: 'token', tokenEnv: 'CF_SHOP' }),
    account('shop-eu', { kind: 'token', tokenEnv: 'CF_SHOP' }),
    account('legacy', { kind: 'key', emailEnv: 'CF_EMAIL', keyEnv: 'CF_KEY' }),
  ]),
};
const zone = (name: string, acct?: string): ZoneConfig =>
  ({
    file: `${name}.yaml`,
    zone: name,
    records: [],
    tokens: [],
    ...(acct ? { account: { name: acct, line: 3, col: 10 } } : {}),
  }) as unknown as ZoneConfig;
const env = { CF_MAIN: 'main-secret-value-123456', CF_SHOP: 'shop-secret-value-123456', CF_EMAIL: 'ops@example.com' };

describe('RunClients', () => {
  it('gives each credential its own client, shared by the accounts that name the same variable', async () => {
    const clients = new RunClients(repo, { baseUrl: 'http://127.0.0.1:9/client/v4' }, env);
    try {
      const main = clients.for(zone('a.example', 'main'));
      const shop = clients.for(zone('b.example', 'shop'));
      expect(main).not.toBe(shop);
      expect(clients.for(zone('c.example', 'shop-eu'))).toBe(shop);
      expect(clients.for(zone('d.example', 'main'))).toBe(main);
    } finally {
      await clients.close();
    }
  });

  it('names the unset variable, never a value', () => {
    expect(() => accountCredentials(repo.accounts.get('legacy')!, env)).toThrow(
      /account "legacy": environment variable CF_KEY is not set \(its email and Global API Key\)/,
    );
    const unsetId: RepoAccount = { name: 'x', credentials: { kind: 'token', tokenEnv: 'CF_MAIN' }, accountIdUnset: 'X_ACCOUNT_ID' };
    expect(() => accountCredentials(unsetId, env)).toThrow(/X_ACCOUNT_ID is not set \(its account_id\)/);
    expect(accountCredentials(repo.accounts.get('main')!, env)).toEqual({ kind: 'token', token: env.CF_MAIN, variable: 'CF_MAIN' });
  });

  it('groups zones without an account first, then by the order of the configuration', () => {
    const groups = groupByAccount([zone('z1', 'shop'), zone('z2'), zone('z3', 'main'), zone('z4', 'shop')], repo);
    expect(groups.map((g) => g.map((c) => c.zone))).toEqual([['z2'], ['z3'], ['z1', 'z4']]);
  });
});
