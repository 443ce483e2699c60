import { Command, Option } from 'commander';
import { createInterface } from 'node:readline/promises';
import { describeHttpCalls } from '../../api/index.js';
import { applyZoneRuns, type ZoneApplyOutcome } from '../../app/apply-runs.js';
import { connect } from '../../app/connect.js';
import { planZoneRuns, type ZoneRun } from '../../app/plan-zones.js';
import { loadSavedPlan } from '../../app/saved-plan.js';
import { checkTokenOutputWritable, TokenOutputError, writeTokenValues } from '../../app/token-output.js';
import { ZonectlError } from '../../core/errors.js';
import { UnsafePlanError } from '../../core/plan/safety.js';
import { describeNonConvergence } from '../../core/render/render-residual.js';
import { renderText } from '../../core/render/render-text.js';
import { errorCode, errorLine } from '../errors.js';
import { EXIT, log, out, styleFor } from '../io.js';
import { loadValidConfigs } from './load.js';
import { baseUrlOption, hasChanges } from './plan.js';

interface ApplyFlags {
  yes?: boolean;
  dryRun?: boolean;
  force?: boolean;
  concurrency: string;
  batch: boolean;
  plan?: string;
  baseUrl?: string;
  tokenOutput?: string;
  showTokenValues?: boolean;
}

class ApplyRefusedError extends ZonectlError {}

async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(question);
    return answer.trim() === 'yes';
  } finally {
    rl.close();
  }
}

function parseConcurrency(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64) throw new ApplyRefusedError('BAD_FLAG', `--concurrency must be a whole number from 1 to 64, got "${value}"`);
  return n;
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

/** What a failed apply did: acknowledged operations, and whether the failed call's outcome is known. */
export function describeApplyFailure(o: ZoneApplyOutcome): string {
  const total = o.run.plan.operations.length;
  const done = `${o.run.config.zone}: apply failed after ${o.result.applied.length} of ${total} operations`;
  const why = o.result.error?.message ?? 'unknown error';
  if (!o.result.outcomeUnknown) return `${done}: ${why}`;
  return `${done}; the outcome of ${o.result.failed.length} more is unknown (some may have been applied): ${why}; run plan to see the zone as it is`;
}

function printDryRun(runs: readonly ZoneRun[], batch: boolean): void {
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

export function registerApply(program: Command): void {
  program
    .command('apply')
    .description('Apply the changes a plan shows, in dependency order, then verify that the zone converged')
    .argument('[files...]', 'zone files (or use --plan)')
    .option('--plan <plan.json>', 'apply a plan saved by `zonectl plan --out` (refused when live state changed since)')
    .option('-y, --yes', 'apply without asking')
    .option('--dry-run', 'print the exact HTTP calls apply would make, send none; exits like plan --detailed-exitcode')
    .option('--force', 'apply even when deletes or updates exceed the safety thresholds')
    .addOption(new Option('--concurrency <n>', 'parallel calls when not batching').default('4'))
    .option('--no-batch', 'single calls instead of the batch endpoint')
    .option('--token-output <file>', "write new tokens' secret values to this file (mode 0600, JSON {name: value})")
    .option('--show-token-values', "print new tokens' secret values on stdout (shown once, never again)")
    .addOption(baseUrlOption())
    .action(async (files: string[], opts: ApplyFlags) => {
      if (opts.plan !== undefined && files.length > 0) throw new ApplyRefusedError('BAD_ARGS', 'give zone files or --plan, not both');
      if (opts.plan === undefined && files.length === 0) throw new ApplyRefusedError('BAD_ARGS', 'give zone files to apply, or --plan PLAN.json');
      const concurrency = parseConcurrency(opts.concurrency);
      const configs = opts.plan === undefined ? await loadValidConfigs(files) : [];
      const client = connect({ baseUrl: opts.baseUrl });
      try {
        const runs = opts.plan !== undefined ? await loadSavedPlan(client, opts.plan) : await planZoneRuns(client, configs);
        out(renderText(runs.map((r) => r.plan), styleFor(process.stdout)));
        if (!hasChanges(runs)) {
          process.exitCode = EXIT.ok;
          return;
        }
        const unsafe = runs.filter((r) => r.plan.safety.length > 0);
        if (unsafe.length > 0 && !opts.force && !opts.dryRun) throw new UnsafePlanError(unsafe[0].config.zone, unsafe[0].plan.safety);
        if (opts.dryRun) {
          printDryRun(runs, opts.batch);
          process.exitCode = EXIT.changes;
          return;
        }
        const createsTokens = runs.some((r) => r.plan.operations.some((o) => o.kind === 'token' && o.action === 'create'));
        if (createsTokens && opts.tokenOutput === undefined && !opts.showTokenValues) {
          throw new ApplyRefusedError(
            'TOKEN_OUTPUT_NEEDED',
            "the plan creates API tokens, whose secret is shown only once: pass --token-output FILE (or --show-token-values); nothing was changed",
          );
        }
        if (createsTokens && opts.tokenOutput !== undefined) {
          try {
            checkTokenOutputWritable(opts.tokenOutput);
          } catch (err) {
            const why = err instanceof Error ? err.message : String(err);
            throw new ApplyRefusedError(
              'TOKEN_OUTPUT_UNWRITABLE',
              `--token-output ${opts.tokenOutput} cannot be written (${why}), and the plan creates API tokens whose secret is shown only once; fix the path and run again; nothing was changed`,
            );
          }
        }
        if (!opts.yes) {
          if (!process.stdin.isTTY) {
            throw new ApplyRefusedError('NO_CONFIRMATION', 'refusing to apply: no terminal to ask for confirmation; pass --yes to apply (nothing was changed)');
          }
          if (!(await confirm('Apply these changes? Only "yes" is accepted: '))) {
            log('Apply cancelled; nothing was changed.');
            process.exitCode = EXIT.error;
            return;
          }
        }
        const outcomes = await applyZoneRuns(client, runs, {
          batch: opts.batch,
          concurrency,
          onProgress: (zone, e) => log(`${zone}: ${e.done}/${e.total} operations applied (${e.call.method} ${e.call.path})`),
        });
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
            for (const line of describeNonConvergence(o.residual)) log(`  ${line}`);
            continue;
          }
          out(`${o.run.config.zone}: applied ${s.create} create, ${s.update} update, ${s.delete} delete in ${o.result.calls} call${o.result.calls === 1 ? '' : 's'}; verified: a new plan is empty.`);
        }
        process.exitCode = failed ? EXIT.error : EXIT.ok;
      } finally {
        await client.close();
      }
    });
}
