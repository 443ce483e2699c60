/**
 * The permission group catalogue (ids and names as the service publishes them) and which
 * permission keys (the OpenAPI `x-cfPermissionsRequired` values, plus the emulator's own keys
 * for DNS settings) each group grants. See src/emulator/README.md for the table.
 */

export type GroupScope = 'com.cloudflare.api.account.zone' | 'com.cloudflare.api.account' | 'com.cloudflare.api.user';

export interface PermissionGroupEntry {
  id: string;
  name: string;
  description: string;
  scopes: [GroupScope];
  /** Permission keys this group grants on resources of its scope. */
  grants: readonly string[];
}

const ZONE: GroupScope = 'com.cloudflare.api.account.zone';
const ACCOUNT: GroupScope = 'com.cloudflare.api.account';
const USER: GroupScope = 'com.cloudflare.api.user';

/** Permission keys used by the emulator's routes. */
export const PERMISSIONS = {
  dnsRecordsRead: '#dns_records:read',
  dnsRecordsEdit: '#dns_records:edit',
  zoneRead: '#zone:read',
  zoneEdit: '#zone:edit',
  zoneSettingsRead: '#zone_settings:read',
  zoneSettingsEdit: '#zone_settings:edit',
  /** Zone dns_settings (the 2024 OpenAPI says '#dns_records:read' for GET and PATCH; see README). */
  zoneDnsSettingsRead: '#zone_dns_settings:read',
  zoneDnsSettingsEdit: '#zone_dns_settings:edit',
  accountDnsSettingsRead: '#account_dns_settings:read',
  accountDnsSettingsEdit: '#account_dns_settings:edit',
  accountSettingsRead: '#account_settings:read',
  accountSettingsEdit: '#account_settings:edit',
  tokenCreate: 'com.cloudflare.api.token.create',
  tokenList: 'com.cloudflare.api.token.list',
  tokenRead: 'com.cloudflare.api.token.read',
  tokenUpdate: 'com.cloudflare.api.token.update',
  tokenDelete: 'com.cloudflare.api.token.delete',
  /** Account-owned tokens (`x-cfPermissionsRequired` of `/accounts/{account_id}/tokens...`). */
  accountTokenCreate: 'com.cloudflare.api.account.token.create',
  accountTokenList: 'com.cloudflare.api.account.token.list',
  accountTokenRead: 'com.cloudflare.api.account.token.read',
  accountTokenUpdate: 'com.cloudflare.api.account.token.update',
  accountTokenDelete: 'com.cloudflare.api.account.token.delete',
} as const;

const P = PERMISSIONS;

export const PERMISSION_GROUPS: readonly PermissionGroupEntry[] = [
  {
    id: '82e64a83756745bbbb1c9c2701bf816b',
    name: 'DNS Read',
    description: 'Grants read access to DNS',
    scopes: [ZONE],
    grants: [P.dnsRecordsRead, P.zoneDnsSettingsRead],
  },
  {
    id: '4755a26eedb94da69e1066d98aa820be',
    name: 'DNS Write',
    description: 'Grants write access to DNS',
    scopes: [ZONE],
    grants: [P.dnsRecordsRead, P.dnsRecordsEdit, P.zoneDnsSettingsRead, P.zoneDnsSettingsEdit],
  },
  {
    id: 'c8fed203ed3043cba015a93ad1616f1f',
    name: 'Zone Read',
    description: 'Grants read access to zone management',
    scopes: [ZONE],
    grants: [P.zoneRead],
  },
  {
    id: 'e6d2666161e84845a636613608cee8d5',
    name: 'Zone Write',
    description: 'Grants write access to zone management',
    scopes: [ZONE],
    grants: [P.zoneRead, P.zoneEdit],
  },
  {
    id: '517b21aee92c4d89936c976ba6e4be55',
    name: 'Zone Settings Read',
    description: 'Grants read access to zone settings',
    scopes: [ZONE],
    grants: [P.zoneSettingsRead],
  },
  {
    id: '3030687196b94b638145a3953da2b699',
    name: 'Zone Settings Write',
    description: 'Grants write access to zone settings',
    scopes: [ZONE],
    grants: [P.zoneSettingsRead, P.zoneSettingsEdit],
  },
  {
    id: '0a6cfe8cd3ed445e918579e2fb13087b',
    name: 'Zone DNS Settings Read',
    description: 'Grants read access to Zone DNS Settings',
    scopes: [ZONE],
    grants: [P.zoneDnsSettingsRead],
  },
  {
    id: 'c4df38be41c247b3b4b7702e76eadae0',
    name: 'Zone DNS Settings Write',
    description: 'Grants write access to Zone DNS Settings',
    scopes: [ZONE],
    grants: [P.zoneDnsSettingsRead, P.zoneDnsSettingsEdit],
  },
  {
    id: 'cfa964bcdafc4ab39704e7476154e41b',
    name: 'Account DNS Settings Read',
    description: 'Grants read access to Account DNS Settings',
    scopes: [ACCOUNT],
    grants: [P.accountDnsSettingsRead],
  },
  {
    id: 'dc44f27f48ab405392a5f69fe822bd01',
    name: 'Account DNS Settings Write',
    description: 'Grants write access to Account DNS Settings',
    scopes: [ACCOUNT],
    grants: [P.accountDnsSettingsRead, P.accountDnsSettingsEdit],
  },
  {
    id: 'c1fde68c7bcc44588cbb6ddbc16d6480',
    name: 'Account Settings Read',
    description: 'Grants read access to Account resources, account membership, and account level features',
    scopes: [ACCOUNT],
    grants: [P.accountSettingsRead],
  },
  {
    id: '1af1fa2adc104452b74a9a3364202f20',
    name: 'Account Settings Write',
    description: 'Grants write access to Account resources, account membership, and account level features',
    scopes: [ACCOUNT],
    grants: [P.accountSettingsRead, P.accountSettingsEdit],
  },
  // Account-owned tokens: "Accepted Permissions ... Account API Tokens Write / Account API Tokens
  // Read" (https://developers.cloudflare.com/api/resources/accounts/subresources/tokens/methods/list/);
  // ids as published in the account's permission group list (GET /accounts/{account_id}/tokens/permission_groups).
  {
    id: 'eb56a6953c034b9d97dd838155666f06',
    name: 'Account API Tokens Read',
    description: 'Grants read access to Account API Tokens',
    scopes: [ACCOUNT],
    grants: [P.accountTokenList, P.accountTokenRead],
  },
  {
    id: '5bc3f8b21c554832afc660159ab75fa4',
    name: 'Account API Tokens Write',
    description: 'Grants write access to Account API Tokens',
    scopes: [ACCOUNT],
    grants: [P.accountTokenList, P.accountTokenRead, P.accountTokenCreate, P.accountTokenUpdate, P.accountTokenDelete],
  },
  {
    id: '0cc3a61731504c89b99ec1be78b77aa0',
    name: 'API Tokens Read',
    description: 'Grants read access to API Tokens',
    scopes: [USER],
    grants: [P.tokenList, P.tokenRead],
  },
  {
    id: '686d18d5ac6c441c867cbf6771e58a0a',
    name: 'API Tokens Write',
    description: 'Grants write access to API Tokens',
    scopes: [USER],
    grants: [P.tokenList, P.tokenRead, P.tokenCreate, P.tokenUpdate, P.tokenDelete],
  },
];

const BY_ID: ReadonlyMap<string, PermissionGroupEntry> = new Map(PERMISSION_GROUPS.map((g) => [g.id, g]));

export function findPermissionGroup(id: string): PermissionGroupEntry | undefined {
  return BY_ID.get(id);
}

/**
 * The catalogue as `GET /user/tokens/permission_groups` answers it; `forAccountTokens`: as
 * `GET /accounts/{account_id}/tokens/permission_groups` does, without the user's own groups (an
 * account-owned token acts for no user: the emulator's reading).
 */
export function renderPermissionGroups(
  forAccountTokens = false,
): Array<{ id: string; name: string; description: string; scopes: string[] }> {
  return PERMISSION_GROUPS.filter((g) => !forAccountTokens || !g.scopes.includes(USER)).map((g) => ({
    id: g.id,
    name: g.name,
    description: g.description,
    scopes: [...g.scopes],
  }));
}
