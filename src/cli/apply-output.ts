/**
 * What apply prints once its zones are done: each zone's result, the new token secrets
 * (--token-output, --show-token-values), and the exact calls of --dry-run.
 */
import { describeHttpCalls } from '../api/index.js';
import type { ZoneApplyOutcome } from '../app/apply-runs.js';
import type { ZoneRun } from '../app/plan-zones.js';
import { TokenOutputError, writeTokenValues } from '../app/token-output.js';
import { describeApplyFailure, describeInterrupted, describeNotConverged, describeRefusal } from './apply-report.js';
import { errorCode, errorLine } from './errors.js';
import type { StopSignal } from './interrupt.js';
import { log, out } from './io.js';

/** Where the new token secrets go. */
export interface TokenValueFlags {
  readonly tokenOutput?: string;
  readonly showTokenValues?: boolean;
}

/** The tokens an apply created, as `"name" (id …)`, for a message that must not hold secrets. */
function describeCreatedTokens(outcomes: readonly ZoneApplyOutcome[], values: Readonly<Record<string, string>>): string[] {
  const lines: string[] = [];
  for (const o of outcomes) {
    o.run.plan.operations.forEach((op, i) => {
      if (op.kind !== 'token' || op.action !== 'create' || values[op.name] === undefined) return;
      const id = o.result.createdIds[i];
      lines.push(`${JSON.stringify(op.name)} (${id !== undefined ? `id ${id}` : 'id unknown: see GET /user/tokens'})`);
    });
  }
  return lines;
}

/**
 * Writes the new secrets to --token-output. The secrets exist nowhere else, so a failure says
 * which tokens were created and how to get a new secret (never the secrets themselves).
 * Returns false when the write failed.
 */
function saveTokenValues(path: string, values: Record<string, string>, outcomes: readonly ZoneApplyOutcome[], printed: boolean): boolean {
  try {
    writeTokenValues(path, values);
    log(`Wrote the secret value of ${Object.keys(values).length} new token(s) to ${path} (mode 0600).`);
    return true;
  } catch (err) {
    const why = err instanceof TokenOutputError ? err.message : err instanceof Error ? err.message : String(err);
    log(errorLine('TOKEN_OUTPUT', `could not write the new token secrets to ${path}: ${why}.`));
    const tokens = describeCreatedTokens(outcomes, values);
    if (printed) {
      log('The secrets were printed on stdout above (--show-token-values); save them from there. Tokens created:');
      for (const t of tokens) log(`  ${t}`);
    } else {
      log('These tokens were created, but their secret is shown only once and is now lost:');
      for (const t of tokens) log(`  ${t}`);
      log('Roll each one to get a new secret: PUT /user/tokens/{id}/value (e.g. in the dashboard: API Tokens > Roll).');
    }
    return false;
  }
}

export function printDryRun(runs: readonly ZoneRun[], batch: boolean): void {
  for (const run of runs) {
    if (run.plan.operations.length === 0) continue;
    const calls = describeHttpCalls(run.plan.operations, { batch, batchLimit: run.batchLimit });
    const steps = calls.length === 0 ? 0 : calls[calls.length - 1].step;
    out(`# ${run.config.zone}: ${calls.length} HTTP call${calls.length === 1 ? '' : 's'} in ${steps} step${steps === 1 ? '' : 's'} (nothing was sent)`);
    let step = 0;
    for (const call of calls) {
      if (call.step !== step) {
        step = call.step;
        out(`# step ${step}${step > 1 ? ' (after every call of the step before is acknowledged)' : ''}`);
      }
      out(`${call.method} ${call.path}${call.body !== undefined ? ` ${JSON.stringify(call.body)}` : ''}`);
    }
  }
}

/** Prints each zone's result; true when any zone failed (an interrupted zone is described, not counted here). */
export function reportOutcomes(outcomes: readonly ZoneApplyOutcome[], opts: TokenValueFlags, signal: StopSignal | undefined): boolean {
  const tokenValues = Object.assign({}, ...outcomes.map((o) => o.result.tokenValues)) as Record<string, string>;
  let failed = false;
  if (Object.keys(tokenValues).length > 0) {
    if (opts.showTokenValues) {
      for (const [name, value] of Object.entries(tokenValues)) out(`token ${JSON.stringify(name)}: ${value}`);
    }
    if (opts.tokenOutput !== undefined && !saveTokenValues(opts.tokenOutput, tokenValues, outcomes, opts.showTokenValues === true)) {
      failed = true;
    }
  }
  for (const o of outcomes) {
    const s = o.run.plan.summary;
    for (const note of o.result.notes) log(`${o.run.config.zone}: note: ${note}`);
    if (o.result.interrupted && signal !== undefined) {
      for (const line of describeInterrupted({ run: o.run, applied: new Set(o.result.applied), gaveUp: false }, signal)) log(line);
      continue;
    }
    if (o.refused) {
      failed = true;
      log(errorLine(errorCode(o.result.error), describeRefusal(o.result.error)));
      continue;
    }
    if (!o.result.ok) {
      failed = true;
      log(errorLine(errorCode(o.result.error), describeApplyFailure(o)));
      continue;
    }
    if (o.verifyError) {
      failed = true;
      log(errorLine(errorCode(o.verifyError), `${o.run.config.zone}: applied ${o.result.applied.length} operations, but the check afterwards failed: ${o.verifyError.message}; run plan to see the zone as it is`));
      continue;
    }
    if (o.residual && o.residual.operations.length > 0) {
      failed = true;
      log(errorLine('NOT_CONVERGED', `${o.run.config.zone}: applied, but the zone did not converge; a new plan is not empty:`));
      for (const line of describeNotConverged(o.residual, o.changedByOthers)) log(`  ${line}`);
      continue;
    }
    out(`${o.run.config.zone}: applied ${s.create} create, ${s.update} update, ${s.delete} delete in ${o.result.calls} call${o.result.calls === 1 ? '' : 's'}; verified: a new plan is empty.`);
  }
  return failed;
}
