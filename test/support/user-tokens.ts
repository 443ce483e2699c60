/** The user's API tokens on the emulator, for tests of `token roll`: make one, check a secret. */
import { TOKEN } from '../scenario/harness.js';

/** Creates a token named `name` (DNS Write on `zoneId`) with the harness's token; returns its secret. */
export async function createUserToken(baseUrl: string, zoneId: string, name: string): Promise<string> {
  const res = await fetch(`${baseUrl}/user/tokens`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      name,
      policies: [
        {
          effect: 'allow',
          permission_groups: [{ id: '4755a26eedb94da69e1066d98aa820be' }],
          resources: { [`com.cloudflare.api.account.zone.${zoneId}`]: '*' },
        },
      ],
    }),
  });
  return ((await res.json()) as { result: { value: string } }).result.value;
}

/** The status of GET /user/tokens/verify with `secret` (200 while it works). */
export async function verifySecret(baseUrl: string, secret: string): Promise<number> {
  return (await fetch(`${baseUrl}/user/tokens/verify`, { headers: { authorization: `Bearer ${secret}` } })).status;
}
