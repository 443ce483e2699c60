/**
 * The `token roll` session: find one of the user's tokens by name and roll its secret. The
 * secret is shown once by the service: with a file to keep it in, the file is opened (created,
 * with room for the secret) before the roll, so that a secret that cannot be saved is never lost
 * with the old one revoked.
 */
import { ZonectlError } from '../../core/errors.js';
import { connect } from '../connect/index.js';
import { openTokenOutput } from '../output/index.js';
import type { SessionOutput } from '../session/index.js';
import { rollToken } from './roll-token.js';

export interface TokenRollRequest {
  readonly name: string;
  /** Write the new secret to this file (mode 0600, JSON {name: value}, merged). */
  readonly tokenOutput?: string | undefined;
  /** The secret goes in the `rolled` event, to be shown. */
  readonly showValue: boolean;
  readonly baseUrl?: string | undefined;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export type TokenRollEvent =
  /** The secret was rolled; `value` only when it is to be shown. */
  | { readonly kind: 'rolled'; readonly name: string; readonly id: string; readonly value?: string }
  /** It was written to `file`; or, without a file, the old secret no longer works. */
  | { readonly kind: 'kept'; readonly name: string; readonly id: string; readonly file?: string };

class TokenCommandError extends ZonectlError {}

export async function runTokenRoll(request: TokenRollRequest, output: SessionOutput<TokenRollEvent>): Promise<void> {
  if (request.tokenOutput === undefined && !request.showValue) {
    throw new TokenCommandError('BAD_ARGS', 'the new secret is shown only once: give --token-output FILE or --show-token-values');
  }
  const file = request.tokenOutput !== undefined ? openTokenOutput(request.tokenOutput) : undefined;
  let saved = false;
  let client: ReturnType<typeof connect> | undefined;
  try {
    client = connect({ baseUrl: request.baseUrl, ...(request.env !== undefined ? { env: request.env } : {}) });
    const rolled = await rollToken(client, request.name);
    output.emit({ kind: 'rolled', name: rolled.name, id: rolled.id, ...(request.showValue ? { value: rolled.value } : {}) });
    if (file !== undefined) {
      saved = true; // from here the temporary file may hold the secret: never removed
      file.save({ [rolled.name]: rolled.value });
    }
    output.emit({
      kind: 'kept',
      name: rolled.name,
      id: rolled.id,
      ...(request.tokenOutput !== undefined ? { file: request.tokenOutput } : {}),
    });
  } finally {
    if (!saved) file?.discard();
    await client?.close();
  }
}
