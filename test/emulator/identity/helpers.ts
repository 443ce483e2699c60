import type { Policy, Store, TokenRow, UserRow, ZoneRow } from '../../../src/emulator/contract.js';
import { MemoryStore } from '../../../src/emulator/store.js';
import { hashTokenValue } from '../../../src/emulator/identity/token-secret.js';

export const USER_ID = 'a'.repeat(32);
export const OTHER_USER_ID = 'b'.repeat(32);
export const ACCOUNT_ID = 'c'.repeat(32);
export const OTHER_ACCOUNT_ID = 'd'.repeat(32);
export const ZONE_ID = 'e'.repeat(32);
export const OTHER_ZONE_ID = 'f'.repeat(32);

export const GROUP = {
  dnsRead: '82e64a83756745bbbb1c9c2701bf816b',
  dnsWrite: '4755a26eedb94da69e1066d98aa820be',
  zoneRead: 'c8fed203ed3043cba015a93ad1616f1f',
  zoneDnsSettingsWrite: 'c4df38be41c247b3b4b7702e76eadae0',
  tokensRead: '0cc3a61731504c89b99ec1be78b77aa0',
  tokensWrite: '686d18d5ac6c441c867cbf6771e58a0a',
  accountDnsSettingsRead: 'cfa964bcdafc4ab39704e7476154e41b',
} as const;

export const USER: UserRow = { id: USER_ID, email: 'owner@example.com', api_key: '0123456789abcdef0123456789abcdef01234' };

export function newStore(): Store {
  return MemoryStore.inMemory();
}

export function policy(effect: 'allow' | 'deny', groups: string[], resources: Policy['resources'], id = `p${Math.random()}`): Policy {
  return { id, effect, resources, permission_groups: groups.map((g) => ({ id: g })) };
}

export function tokenRow(policies: Policy[], extra: Partial<TokenRow> = {}, value = 'token-value-'.padEnd(40, 'x')): TokenRow {
  return {
    id: '1'.repeat(32),
    user_id: USER_ID,
    name: 't',
    status: 'active',
    issued_on: '2024-01-01T00:00:00Z',
    modified_on: '2024-01-01T00:00:00Z',
    policies,
    value_hash: hashTokenValue(value),
    ...extra,
  };
}

export function zoneRow(id = ZONE_ID, accountId = ACCOUNT_ID, plan: ZoneRow['plan'] = 'free'): ZoneRow {
  return {
    id,
    name: `${id.slice(0, 4)}.example.com`,
    account_id: accountId,
    plan,
    status: 'active',
    created_on: '2024-01-01T00:00:00.000Z',
    modified_on: '2024-01-01T00:00:00.000Z',
    activated_on: '2024-01-01T00:00:00.000Z',
    name_servers: ['ada.ns.cloudflare.com', 'bob.ns.cloudflare.com'],
  };
}

export const zoneNeed = (permission: string, zoneId = ZONE_ID, accountId = ACCOUNT_ID) => ({
  permission,
  resource: { kind: 'zone' as const, zoneId, accountId },
});
