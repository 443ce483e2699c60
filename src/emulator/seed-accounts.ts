/**
 * More accounts than the first, each with its own user (its own email and Global API Key) and
 * its own token, which may act on that account and its zones only: one emulator then serves a
 * run that holds several credentials (a repository of zones across accounts). Idempotent like
 * the first seeding: an account whose token value is already stored is left as it is.
 */
import type { AccountRow, Store, UserRow, ZoneTier, ZoneRow } from './contract.js';
import { newApiKey, newId } from './ids.js';
import type { IdentityModule, SettingsModule } from './modules.js';
import { zoneName } from './names.js';
import { nameServersFor } from './seed.js';

export interface ExtraAccount {
  /** The account's name (default `account N`). */
  readonly name?: string;
  /** The value of the account user's token. */
  readonly token: string;
  /** Zones created (active) in the account. */
  readonly zones: readonly string[];
}

export interface SeededAccount {
  readonly accountId: string;
  readonly email: string;
  /** The user's Global API Key (key-pair auth; a test credential, like the token). */
  readonly apiKey: string;
  readonly zones: readonly ZoneRow[];
}

export function seedExtraAccounts(
  store: Store,
  accounts: readonly ExtraAccount[],
  opts: { identity: IdentityModule; settings: SettingsModule; zonePlan: ZoneTier; now: Date },
): SeededAccount[] {
  return store.transaction(() =>
    accounts.map((a, i): SeededAccount => {
      const email = `account${i + 2}@example.com`;
      const name = a.name ?? `account ${i + 2}`;
      let account = store.values<AccountRow>('accounts').find((r) => r.name === name);
      if (!account) {
        account = { id: newId(), name };
        store.put('accounts', account.id, account);
      }
      opts.settings.seedAccount?.(store, account.id);
      const iso = opts.now.toISOString();
      const zones: ZoneRow[] = [];
      for (const raw of a.zones) {
        const zname = zoneName(raw);
        const found = store.values<ZoneRow>('zones').find((z) => z.name === zname && z.account_id === account.id);
        if (found) {
          zones.push(found);
          continue;
        }
        const zone: ZoneRow = {
          id: newId(),
          name: zname,
          account_id: account.id,
          plan: opts.zonePlan,
          status: 'active',
          created_on: iso,
          modified_on: iso,
          activated_on: iso,
          name_servers: nameServersFor(zname),
        };
        store.put('zones', zone.id, zone);
        opts.settings.seedZone(store, zone);
        zones.push(zone);
      }
      // A restart on the same state keeps the user's key.
      const apiKey = store.values<UserRow>('users').find((u) => u.email === email)?.api_key ?? newApiKey();
      opts.identity.seed(store, {
        userEmail: email,
        apiKey,
        tokenValue: a.token,
        accountId: account.id,
        zoneIds: zones.map((z) => z.id),
        now: opts.now,
      });
      return { accountId: account.id, email, apiKey, zones };
    }),
  );
}
