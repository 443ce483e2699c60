/**
 * New API tokens' secrets, which the service shows once: apply refuses a plan that creates
 * tokens unless they have somewhere to go (checked before any write), and writes them to
 * `--token-output` after. A failed write says which tokens were created and how to get a new
 * secret, never the secrets.
 */
import type { ZoneRun } from '../engine/index.js';
import { checkTokenOutputWritable, TokenOutputError, writeTokenValues } from '../output/index.js';
import { ApplyRefusedError } from './apply-refused-error.js';
import { errorEvent, note, warning } from '../session/index.js';
import type { ApplyEvent } from './events.js';
import type { ZoneApplyOutcome } from './zone-outcome.js';

/** Where the new token secrets go. */
export interface TokenValueFlags {
  readonly tokenOutput?: string | undefined;
  readonly showTokenValues?: boolean | undefined;
}

/** A plan that creates tokens needs somewhere to put their secrets, shown only once. */
export function checkTokenOutput(runs: readonly ZoneRun[], flags: TokenValueFlags): void {
  const createsTokens = runs.some((r) => r.plan.operations.some((o) => o.kind === 'token' && o.action === 'create'));
  if (!createsTokens) return;
  if (flags.tokenOutput === undefined && !flags.showTokenValues) {
    throw new ApplyRefusedError(
      'TOKEN_OUTPUT_NEEDED',
      'the plan creates API tokens, whose secret is shown only once: pass --token-output FILE (or --show-token-values); nothing was changed',
    );
  }
  if (flags.tokenOutput !== undefined) {
    try {
      checkTokenOutputWritable(flags.tokenOutput);
    } catch (err) {
      const why = err instanceof Error ? err.message : String(err);
      throw new ApplyRefusedError(
        'TOKEN_OUTPUT_UNWRITABLE',
        `--token-output ${flags.tokenOutput} cannot be written (${why}), and the plan creates API tokens whose secret is shown only once; fix the path and run again; nothing was changed`,
      );
    }
  }
}

/** The tokens an apply created, as `"name" (id …)`, for a message that must not hold secrets. */
function describeCreatedTokens(outcomes: readonly ZoneApplyOutcome[], values: Readonly<Record<string, string>>): string[] {
  const lines: string[] = [];
  for (const o of outcomes) {
    o.run.plan.operations.forEach((op, i) => {
      if (op.kind !== 'token' || op.action !== 'create' || values[op.name] === undefined) return;
      const id = o.result.createdIds[i];
      const collection = op.accountId === undefined ? '/user/tokens' : `/accounts/${op.accountId}/tokens`;
      lines.push(`${JSON.stringify(op.name)} (${id !== undefined ? `id ${id}` : `id unknown: see GET ${collection}`})`);
    });
  }
  return lines;
}

/**
 * Shows (`--show-token-values`) and writes (`--token-output`) the secrets of the tokens the run
 * created. Returns false when the write failed.
 */
export function deliverTokenValues(
  outcomes: readonly ZoneApplyOutcome[],
  flags: TokenValueFlags,
  emit: (event: ApplyEvent) => void,
): boolean {
  const values = Object.assign({}, ...outcomes.map((o) => o.result.tokenValues)) as Record<string, string>;
  if (Object.keys(values).length === 0) return true;
  const printed = flags.showTokenValues === true;
  if (printed) emit({ kind: 'token-values', values });
  if (flags.tokenOutput === undefined) return true;
  const path = flags.tokenOutput;
  try {
    writeTokenValues(path, values);
    emit(note(`Wrote the secret value of ${Object.keys(values).length} new token(s) to ${path} (mode 0600).`));
    return true;
  } catch (err) {
    const why = err instanceof TokenOutputError ? err.message : err instanceof Error ? err.message : String(err);
    emit(errorEvent('TOKEN_OUTPUT', `could not write the new token secrets to ${path}: ${why}.`));
    const tokens = describeCreatedTokens(outcomes, values);
    if (printed) {
      emit(warning('The secrets were printed on stdout above (--show-token-values); save them from there. Tokens created:'));
      for (const t of tokens) emit(warning(`  ${t}`));
    } else {
      emit(warning('These tokens were created, but their secret is shown only once and is now lost:'));
      for (const t of tokens) emit(warning(`  ${t}`));
      emit(
        warning(
          'Roll each one to get a new secret: zonectl token roll NAME (PUT /user/tokens/{id}/value; an account-owned token: --account ACCOUNT_ID, PUT /accounts/{account_id}/tokens/{id}/value), or in the dashboard: API Tokens > Roll.',
        ),
      );
    }
    return false;
  }
}
