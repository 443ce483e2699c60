/**
 * The user's tokens as `GET /user/tokens` listed them earlier in the run, per client, so that the
 * permission check (src/app/engine/check-permissions.ts) finds the token in use among them instead
 * of asking `GET /user/tokens/{id}` again: both answer the same token object, policies included
 * (the official SDK types both as `Token`: cloudflare-typescript
 * src/resources/user/tokens/tokens.ts, `list(): PagePromise<TokensV4PagePaginationArray, Token>`
 * and `get(): APIPromise<Token>`; the OpenAPI's token schema requires `policies`,
 * https://developers.cloudflare.com/api/resources/user/subresources/tokens/methods/list/).
 * A token write of the run forgets the list (src/api/execute.ts), so only a list read since the
 * run's last token write is ever used.
 */
import type { CloudflareClient } from './client.js';
import type { ApiToken } from './api-token.js';

const listed = new WeakMap<CloudflareClient, ReadonlyMap<string, ApiToken>>();

/** Keeps the user's tokens as the client just listed them (every page). */
export function rememberListedTokens(client: CloudflareClient, tokens: readonly ApiToken[]): void {
  listed.set(client, new Map(tokens.map((t) => [t.id, t])));
}

/** The token of that id as listed earlier in the run, or undefined when the run has not listed the user's tokens (or it is not among them). */
export function listedToken(client: CloudflareClient, id: string): ApiToken | undefined {
  return listed.get(client)?.get(id);
}

/** Forgets the list: the run is about to change tokens. */
export function forgetListedTokens(client: CloudflareClient): void {
  listed.delete(client);
}
