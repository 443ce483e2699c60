/**
 * `zonectl token roll NAME`: find one of the user's tokens by name and roll its secret
 * (PUT /user/tokens/{id}/value); with `--account ID`, one of that account's own tokens
 * (PUT /accounts/{account_id}/tokens/{id}/value: "Roll the Account Owned API token secret",
 * cloudflare-typescript resources/accounts/tokens/value.ts).
 */
import { type CloudflareClient, readTokens } from '../../api/index.js';
import { ZonectlError } from '../../core/errors.js';

export class TokenRollError extends ZonectlError {
  constructor(message: string) {
    super('TOKEN_ROLL', message);
  }
}

export interface RolledToken {
  readonly id: string;
  readonly name: string;
  /** The new secret: shown once, never logged. */
  readonly value: string;
}

/** The id of the only token of that name; a clear error when there is none or several. */
export async function findTokenByName(client: CloudflareClient, name: string, accountId?: string): Promise<string> {
  const tokens = await readTokens(client, accountId);
  const matches = tokens.filter((t) => t.name === name);
  if (matches.length === 0) {
    const near = tokens.filter((t) => t.name.toLowerCase() === name.toLowerCase()).map((t) => JSON.stringify(t.name));
    const whose = accountId === undefined ? '' : ` in account ${accountId}`;
    throw new TokenRollError(
      `no token named ${JSON.stringify(name)}${whose}${near.length > 0 ? ` (did you mean ${near.join(', ')}?)` : ''}`,
    );
  }
  if (matches.length > 1) {
    throw new TokenRollError(
      `${matches.length} tokens are named ${JSON.stringify(name)} (ids ${matches.map((t) => t.id).join(', ')}); rename one, then roll it`,
    );
  }
  return matches[0].id;
}

/** Rolls the token's secret (PUT /user/tokens/{id}/value, or the account's): the old secret stops working at once. */
export async function rollToken(client: CloudflareClient, name: string, accountId?: string): Promise<RolledToken> {
  return rollTokenById(client, name, await findTokenByName(client, name, accountId), accountId);
}

/** The roll call alone, for the token `id` found for `name`. */
export async function rollTokenById(client: CloudflareClient, name: string, id: string, accountId?: string): Promise<RolledToken> {
  const collection = accountId === undefined ? '/user/tokens' : `/accounts/${accountId}/tokens`;
  const res = await client.request<unknown>('PUT', `${collection}/${id}/value`, { body: {} });
  if (typeof res.result !== 'string' || res.result === '')
    throw new TokenRollError(`the service did not return a new secret for token ${JSON.stringify(name)} (id ${id})`);
  return { id, name, value: res.result };
}
