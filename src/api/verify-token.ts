/**
 * GET /user/tokens/verify: the token a request is made with, as the service sees it (its id and
 * status, active, disabled or expired, and its time window;
 * https://developers.cloudflare.com/api/node/resources/user/subresources/tokens/methods/verify).
 * Only a Bearer token can verify itself; an email and key pair has no token id.
 */
import type { CloudflareClient } from './client.js';
import { CloudflareApiError } from './errors.js';

export interface TokenVerification {
  readonly id?: string;
  readonly status?: string;
  readonly not_before?: string;
  readonly expires_on?: string;
}

/** One answer per client: the token a run uses does not change during the run (a failure is not kept). */
const verified = new WeakMap<CloudflareClient, Promise<TokenVerification>>();

export function verifyToken(client: CloudflareClient): Promise<TokenVerification> {
  const known = verified.get(client);
  if (known !== undefined) return known;
  const answer = client.request<TokenVerification>('GET', '/user/tokens/verify').then((r) => r.result ?? {});
  verified.set(client, answer);
  answer.catch(() => verified.delete(client));
  return answer;
}

/**
 * The id of the token the client runs with, or `undefined` for an email and key pair or when
 * the service refuses to say (the caller then cannot tell the token in use from the others).
 */
export async function tokenInUseId(client: CloudflareClient): Promise<string | undefined> {
  if (client.authKind !== 'token') return undefined;
  try {
    const id = (await verifyToken(client)).id;
    return typeof id === 'string' && id !== '' ? id : undefined;
  } catch (error) {
    if (error instanceof CloudflareApiError) return undefined;
    throw error;
  }
}
