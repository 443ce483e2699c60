/**
 * The `token roll` session: find one of the user's tokens by name and roll its secret. The
 * secret is shown once by the service: with a file to keep it in, the file is opened (created,
 * with room for the secret) before the roll, so that a secret that cannot be saved is never lost
 * with the old one revoked.
 *
 * SIGINT and SIGTERM (the one watch, ../session/interrupts.ts): before the roll call, the run
 * stops at once (nothing changed); while it is in flight, its answer is awaited (the service may
 * already have rolled the secret) and kept as usual; a second signal, or the grace time, abandons
 * the call. Either way the temporary file is removed unless it holds the secret, and the result
 * is `interrupted` (the command exits 130 or 143).
 */
import { connect } from '../connect/index.js';
import { openTokenOutput } from '../output/index.js';
import { INTERRUPT_GRACE_MS, type InterruptOptions, type SessionOutput, type StopSignal, watchInterrupts } from '../session/index.js';
import { findTokenByName, rollTokenById } from './roll-token.js';

/**
 * Where the new secret goes: the service shows it once, so a roll always has somewhere to keep
 * it, a file (`--token-output`), the `rolled` event (`--show-token-values`), or both; never
 * neither (the command's definition refuses that before any request, src/cli/commands/token.ts).
 */
export type SecretDestination =
  /** Write the new secret to this file (mode 0600, JSON {name: value}, merged); shown too when `showValue`. */
  | { readonly tokenOutput: string; readonly showValue: boolean }
  /** The secret goes in the `rolled` event, to be shown. */
  | { readonly tokenOutput?: undefined; readonly showValue: true };

export type TokenRollRequest = SecretDestination & {
  readonly name: string;
  /** The account (32 hex, checked by the definition) whose own token this is (`owner: account`); absent: one of the user's tokens. */
  readonly account?: string | undefined;
  readonly baseUrl?: string | undefined;
  readonly env?: Readonly<Record<string, string | undefined>>;
};

/** Where an interrupted roll stopped: before the roll call, with the call unanswered, or after its secret was kept. */
export type RollStoppedAt = 'before-roll' | 'unanswered' | 'kept';

export type TokenRollEvent =
  /** The secret was rolled; `value` only when it is to be shown. */
  | { readonly kind: 'rolled'; readonly name: string; readonly id: string; readonly value?: string }
  /** It was written to `file`; or, without a file, the old secret no longer works. */
  | { readonly kind: 'kept'; readonly name: string; readonly id: string; readonly file?: string }
  /** A signal while the roll call is in flight: its answer is awaited up to `graceMs` (a second signal gives up). */
  | { readonly kind: 'waiting'; readonly signal: StopSignal; readonly graceMs: number }
  /** The run ends because of `signal`; `id` once the token was found, `file` the --token-output file. */
  | {
      readonly kind: 'interrupted';
      readonly signal: StopSignal;
      readonly at: RollStoppedAt;
      readonly name: string;
      readonly id?: string;
      readonly file?: string;
    };

export type TokenRollResult = { readonly status: 'ok' } | { readonly status: 'interrupted'; readonly signal: StopSignal };

export async function runTokenRoll(
  request: TokenRollRequest,
  output: SessionOutput<TokenRollEvent>,
  interrupts: InterruptOptions = {},
): Promise<TokenRollResult> {
  const graceMs = interrupts.graceMs ?? INTERRUPT_GRACE_MS;
  // Aborted to stop the client's exchanges: at once before the roll call, at the give-up during it.
  const abandon = new AbortController();
  let phase: 'finding' | 'rolling' | 'answered' = 'finding';
  const watch = watchInterrupts(
    {
      onStop: (signal) => {
        if (phase === 'finding') abandon.abort();
        else if (phase === 'rolling') output.emit({ kind: 'waiting', signal, graceMs });
      },
      onGiveUp: () => {
        if (phase !== 'answered') abandon.abort();
      },
      graceMs,
    },
    interrupts.source,
  );
  const interrupted = (at: RollStoppedAt, id: string | undefined): TokenRollResult => {
    const signal = watch.signal as StopSignal; // only called once a signal was received
    output.emit({
      kind: 'interrupted',
      signal,
      at,
      name: request.name,
      ...(id !== undefined ? { id } : {}),
      ...(request.tokenOutput !== undefined ? { file: request.tokenOutput } : {}),
    });
    return { status: 'interrupted', signal };
  };
  let file: ReturnType<typeof openTokenOutput> | undefined;
  let saved = false;
  let client: ReturnType<typeof connect> | undefined;
  let id: string | undefined;
  try {
    file = request.tokenOutput !== undefined ? openTokenOutput(request.tokenOutput) : undefined;
    client = connect({ baseUrl: request.baseUrl, abandon: abandon.signal, ...(request.env !== undefined ? { env: request.env } : {}) });
    id = await findTokenByName(client, request.name, request.account);
    if (watch.signal !== undefined) return interrupted('before-roll', id);
    phase = 'rolling';
    const rolled = await rollTokenById(client, request.name, id, request.account);
    phase = 'answered';
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
    return watch.signal !== undefined ? interrupted('kept', id) : { status: 'ok' };
  } catch (error) {
    // The exchange was abandoned because of a signal: say where the run stopped.
    if (abandon.signal.aborted && watch.signal !== undefined) return interrupted(phase === 'finding' ? 'before-roll' : 'unanswered', id);
    throw error;
  } finally {
    watch.dispose();
    if (!saved) file?.discard();
    await client?.close();
  }
}
