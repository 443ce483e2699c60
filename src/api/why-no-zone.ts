/**
 * A zone lookup came back empty. The zone may be missing, or the token may be the problem: a
 * token refused by its IP condition or outside its time window can be answered with an empty
 * list instead of an error. GET /user/tokens/verify tells which
 * (https://developers.cloudflare.com/api/node/resources/user/subresources/tokens/methods/verify;
 * status is one of active, disabled, expired).
 */
import type { CloudflareClient } from './client.js';
import { CloudflareApiError } from './errors.js';
import { verifyToken, type TokenVerification } from './verify-token.js';

function timeWindow(v: TokenVerification): string {
  const parts = [v.not_before ? `valid from ${v.not_before}` : '', v.expires_on ? `expires ${v.expires_on}` : ''].filter((p) => p !== '');
  return parts.length > 0 ? ` (${parts.join(', ')})` : '';
}

/** Why no zone was found, as the second half of the "not found" message. */
export async function whyNoZone(client: CloudflareClient): Promise<string> {
  if (client.authKind !== 'token') return 'check the name, and that the account of this key holds the zone';
  let verification: TokenVerification;
  try {
    verification = await verifyToken(client);
  } catch (err) {
    if (!(err instanceof CloudflareApiError)) return 'check the name, the account, and that the token can read zones';
    return `the token itself is refused (GET /user/tokens/verify answered ${err.errors.map((e) => `${e.code} ${e.message}`).join('; ') || err.status}): fix the token (its IP address condition, its time window, or its status), not the zone file`;
  }
  const status = verification.status ?? 'unknown';
  if (status !== 'active') {
    return `the token is ${status}${timeWindow(verification)} (GET /user/tokens/verify): fix the token, not the zone file`;
  }
  return 'the token is active (GET /user/tokens/verify), so the zone does not exist in its account or is hidden from it: check the name, the account, and that the token can read zones (Zone Read), or set zone_id in the file';
}
