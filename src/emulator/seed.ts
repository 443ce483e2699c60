/**
 * Seeding: one user, one account, the zones given on the command line (active, on the chosen
 * plan, with default DNS settings), and the first token. Seeding an existing state adds only
 * what is missing (new zones; the given token if no token has that value).
 */
import type { AccountRow, Store, UserRow, ZoneTier, ZoneRow } from './contract.js';
import { newId } from './ids.js';
import type { IdentityModule, SettingsModule } from './modules.js';
import { zoneName } from './names.js';

export interface SeedInput {
  zones: string[];
  zonePlan: ZoneTier;
  email: string;
  apiKey: string;
  /** The token to make sure exists (undefined: none). */
  tokenValue: string | undefined;
  now: Date;
}

export interface SeedResult {
  user: UserRow;
  account: AccountRow;
  zones: ZoneRow[];
}

const NS_NAMES = ['ada', 'bob', 'cruz', 'dina', 'elsa', 'finn', 'gina', 'hugo', 'ines', 'jack', 'kara', 'liam'];

/** Two nameservers derived from the zone name, like the service's pair per zone. */
export function nameServersFor(zone: string): string[] {
  let h = 0;
  for (const ch of zone) h = (h * 31 + ch.charCodeAt(0)) >>> 0;
  const a = NS_NAMES[h % NS_NAMES.length];
  const b = NS_NAMES[(h + 1 + ((h >>> 8) % (NS_NAMES.length - 1))) % NS_NAMES.length];
  return [`${a}.ns.cloudflare.com`, `${b}.ns.cloudflare.com`];
}

export function seedState(store: Store, input: SeedInput, identity: IdentityModule, settings: SettingsModule): SeedResult {
  return store.transaction(() => {
    const iso = input.now.toISOString();
    let account = store.values<AccountRow>('accounts')[0];
    if (!account) {
      account = { id: newId(), name: `${input.email}'s Account` };
      store.put('accounts', account.id, account);
    }
    settings.seedAccount?.(store, account.id);
    const existing = new Map(store.values<ZoneRow>('zones').map((z) => [z.name, z]));
    for (const raw of input.zones) {
      const name = zoneName(raw);
      if (existing.has(name)) continue;
      const zone: ZoneRow = {
        id: newId(),
        name,
        account_id: account.id,
        plan: input.zonePlan,
        status: 'active',
        created_on: iso,
        modified_on: iso,
        activated_on: iso,
        name_servers: nameServersFor(name),
      };
      store.put('zones', zone.id, zone);
      settings.seedZone(store, zone);
      existing.set(name, zone);
    }
    const zones = store.values<ZoneRow>('zones');
    const userBefore = store.values<UserRow>('users')[0];
    if (input.tokenValue !== undefined) {
      // Idempotent: a token with this value already stored is kept as it is.
      identity.seed(store, {
        ...(userBefore ? { userId: userBefore.id } : {}),
        userEmail: userBefore?.email ?? input.email,
        apiKey: userBefore?.api_key ?? input.apiKey,
        tokenValue: input.tokenValue,
        accountId: account.id,
        zoneIds: zones.map((z) => z.id),
        now: input.now,
      });
    }
    let user = store.values<UserRow>('users')[0];
    if (!user) {
      user = { id: newId(), email: input.email, api_key: input.apiKey };
      store.put('users', user.id, user);
    }
    return { user, account, zones };
  });
}
