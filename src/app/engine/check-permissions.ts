/**
 * Before any write: can the credential make the writes the plan needs? The endpoint's required
 * permission comes from the OpenAPI (`x-cfPermissionsRequired`: POST/PATCH/PUT/DELETE
 * /zones/{zone_id}/dns_records... need `#dns_records:edit`; POST/PUT/DELETE /user/tokens... need
 * `com.cloudflare.api.token.*`), and the permission groups that grant it are named as the service
 * publishes them (https://developers.cloudflare.com/fundamentals/api/reference/permissions/):
 * DNS Write for record edits, DNS Write or Zone DNS Settings Write for dns_settings, API Tokens
 * Write for the user's token changes, Account API Tokens Write on the account for an account's
 * (`com.cloudflare.api.account.token.*`, "Accepted Permissions ... Account API Tokens Write":
 * https://developers.cloudflare.com/api/resources/accounts/subresources/tokens/methods/create/).
 *
 * The token's own policies come from GET /user/tokens/verify (its id) and GET /user/tokens/{id}
 * (its name and policies), which needs API Tokens Read: a token without it cannot be checked
 * here, and the check says so instead of guessing. When the run has listed the user's tokens
 * (the token audit of a plan, GET /user/tokens, which needs the same permission), the token is
 * taken from that list: the same object, no request (src/api/listed-tokens.ts). Global-key
 * credentials are not checked.
 */
import {
  type CloudflareClient,
  CloudflareApiError,
  checkApiId,
  DNSSEC_PERMISSION_GROUPS,
  listedToken,
  verifyToken,
} from '../../api/index.js';
import { assertNever, ZonectlError } from '../../core/errors.js';
import type { Operation } from '../../core/plan/operation.js';
import type { ZoneRun } from './plan-zone-run.js';

interface Need {
  /** Groups any of which grants the permission. */
  readonly groups: readonly string[];
  readonly permission: string;
  /** `zone` resources (the run's zone), the `user` resource, or an `account` (by id). */
  readonly on: 'zone' | 'user' | { readonly account: string };
}

function needOf(op: Operation): Need {
  switch (op.kind) {
    case 'dns_record':
      return { groups: ['DNS Write'], permission: '#dns_records:edit', on: 'zone' };
    case 'dns_settings':
      return { groups: ['DNS Write', 'Zone DNS Settings Write'], permission: 'dns_settings edit', on: 'zone' };
    case 'dnssec':
      // PATCH /zones/{zone_id}/dnssec: DNS Write (src/api/dnssec.ts, DNSSEC_PERMISSION_GROUPS).
      return { groups: DNSSEC_PERMISSION_GROUPS.write, permission: 'dnssec edit', on: 'zone' };
    case 'token': {
      const verb = op.action === 'create' ? 'create' : op.action === 'delete' ? 'delete' : 'update';
      return op.accountId === undefined
        ? { groups: ['API Tokens Write'], permission: `com.cloudflare.api.token.${verb}`, on: 'user' }
        : { groups: ['Account API Tokens Write'], permission: `com.cloudflare.api.account.token.${verb}`, on: { account: op.accountId } };
    }
    default:
      return assertNever(op, 'operation');
  }
}

interface Policy {
  readonly effect?: string;
  readonly permission_groups?: ReadonlyArray<{ id?: string; name?: string }>;
  readonly resources?: Readonly<Record<string, unknown>>;
}

interface TokenDetails {
  readonly id: string;
  readonly name?: string;
  readonly policies?: readonly Policy[];
}

/** True when the policy's resources cover the zone (by id, all zones, or an account holding zones). */
function coversZone(resources: Readonly<Record<string, unknown>>, zoneId: string): boolean {
  return Object.entries(resources).some(([key, value]) => {
    if (key === `com.cloudflare.api.account.zone.${zoneId}` || key === 'com.cloudflare.api.account.zone.*') return true;
    if (key.startsWith('com.cloudflare.api.account.') && !key.startsWith('com.cloudflare.api.account.zone.')) {
      return value === '*' || (typeof value === 'object' && value !== null && coversZone(value as Record<string, unknown>, zoneId));
    }
    return false;
  });
}

function coversUser(resources: Readonly<Record<string, unknown>>): boolean {
  return Object.keys(resources).some((key) => key.startsWith('com.cloudflare.api.user.'));
}

/** True when the policy's resources hold the account itself (by id, or every account). */
function coversAccount(resources: Readonly<Record<string, unknown>>, accountId: string): boolean {
  return Object.entries(resources).some(
    ([key, value]) => (key === `com.cloudflare.api.account.${accountId}` || key === 'com.cloudflare.api.account.*') && value === '*',
  );
}

/**
 * Ids of the groups checked here, for policies that name groups by id only (ids as published in
 * https://developers.cloudflare.com/fundamentals/api/reference/permissions/).
 */
const GROUP_IDS: Readonly<Record<string, string>> = {
  '4755a26eedb94da69e1066d98aa820be': 'DNS Write',
  c4df38be41c247b3b4b7702e76eadae0: 'Zone DNS Settings Write',
  '686d18d5ac6c441c867cbf6771e58a0a': 'API Tokens Write',
  '5bc3f8b21c554832afc660159ab75fa4': 'Account API Tokens Write',
};

/**
 * 'yes' when an allow policy holds a group of `need` on the resource; 'unknown' when not, but
 * a policy names a group by an id zonectl does not know (it might grant it). Deny policies are
 * not weighed: the service has the last word, this check only catches what is plainly missing.
 */
function granted(token: TokenDetails, need: Need, zoneId: string): 'yes' | 'no' | 'unknown' {
  let unknown = false;
  for (const p of token.policies ?? []) {
    if (p.effect === 'deny') continue;
    const resources = p.resources ?? {};
    const covers =
      need.on === 'zone'
        ? coversZone(resources, zoneId)
        : need.on === 'user'
          ? coversUser(resources)
          : coversAccount(resources, need.on.account);
    for (const g of p.permission_groups ?? []) {
      const name = g.name ?? (g.id !== undefined ? GROUP_IDS[g.id] : undefined);
      if (name === undefined) unknown = true;
      else if (covers && need.groups.includes(name)) return 'yes';
    }
  }
  return unknown ? 'unknown' : 'no';
}

export class MissingPermissionError extends ZonectlError {
  constructor(message: string) {
    super('MISSING_PERMISSION', message);
  }
}

export type PermissionCheck =
  | { readonly kind: 'ok' }
  | { readonly kind: 'unchecked'; readonly why: string }
  | { readonly kind: 'missing'; readonly problems: readonly string[] };

/** Reads the token's own policies; undefined (with why) when they cannot be read. */
async function readOwnToken(client: CloudflareClient): Promise<TokenDetails | string> {
  try {
    const verified = await verifyToken(client);
    if (typeof verified?.id !== 'string') return 'GET /user/tokens/verify gave no token id';
    // The run listed the user's tokens already (the token audit): the token in use is among them.
    const listed = listedToken(client, verified.id);
    if (listed !== undefined) return listed;
    return (
      await client.request<TokenDetails>('GET', `/user/tokens/${checkApiId(verified.id, 'the token in use (GET /user/tokens/verify)')}`)
    ).result;
  } catch (err) {
    if (err instanceof CloudflareApiError && (err.status === 403 || err.status === 401)) {
      return 'the token cannot read its own permissions (that needs API Tokens Read)';
    }
    if (err instanceof CloudflareApiError && err.status === 404) return `the token's own record could not be read (${err.message})`;
    throw err;
  }
}

/** Whether the credential may make every write the runs plan. */
export async function checkPlanPermissions(client: CloudflareClient, runs: readonly ZoneRun[]): Promise<PermissionCheck> {
  const writing = runs.filter((r) => r.plan.operations.length > 0);
  if (writing.length === 0 || client.authKind !== 'token') return { kind: 'ok' };
  const token = await readOwnToken(client);
  if (typeof token === 'string') return { kind: 'unchecked', why: token };
  const label = `the token ${JSON.stringify(token.name ?? '')} (id ${token.id}, from GET /user/tokens/verify)`;
  const problems: string[] = [];
  for (const run of writing) {
    const missing = new Map<string, { need: Need; count: number }>();
    for (const op of run.plan.operations) {
      const need = needOf(op);
      const verdict = granted(token, need, run.zoneId);
      if (verdict === 'yes') continue;
      if (verdict === 'unknown') return { kind: 'unchecked', why: `${label} names permission groups by ids zonectl does not know` };
      const key = need.groups.join(' or ');
      const entry = missing.get(key) ?? { need, count: 0 };
      entry.count++;
      missing.set(key, entry);
    }
    for (const [groups, { need, count }] of missing) {
      problems.push(
        `${run.config.zone}: ${label} lacks the permission group ${groups} (${need.permission}) ${need.on === 'zone' ? 'on this zone ' : typeof need.on === 'object' ? `on account ${need.on.account} ` : ''}that ${count} planned change${count === 1 ? '' : 's'} need${count === 1 ? 's' : ''}; give the token ${groups}, or use one that has it`,
      );
    }
  }
  return problems.length === 0 ? { kind: 'ok' } : { kind: 'missing', problems };
}
