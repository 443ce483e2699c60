/**
 * The domain modules the server is assembled from. Identity (auth, tokens, policies) and DNS
 * settings live in their own folders; tests may pass stand-ins with the same shape.
 */
import type { IdentityHooks, Route, Store, ZoneRow } from './contract.js';
import type { SeedIdentityOptions } from './identity/seed.js';

export interface IdentityModule {
  routes(): Route[];
  hooks: IdentityHooks;
  /** Creates the user (if missing) and a token holding every permission on it, the account and its zones. */
  seed(store: Store, args: SeedIdentityOptions): void;
}

export interface SettingsModule {
  routes(): Route[];
  /** Creates the zone's DNS settings with the service's defaults. */
  seedZone(store: Store, zone: ZoneRow): void;
  /** Creates the account's DNS settings (zone_defaults) with the service's defaults. */
  seedAccount?(store: Store, accountId: string): void;
}

export async function loadIdentityModule(): Promise<IdentityModule> {
  const m = await import('./identity/index.js');
  return { routes: m.identityRoutes, hooks: m.identityHooks, seed: m.seedIdentity };
}

export async function loadSettingsModule(): Promise<SettingsModule> {
  const m = await import('./settings/index.js');
  return { routes: m.settingsRoutes, seedZone: m.seedZoneSettings, seedAccount: m.seedAccountSettings };
}
