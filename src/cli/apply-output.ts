/**
 * What apply prints: the plan, each zone's result, the new token secrets (--token-output,
 * --show-token-values), and the exact calls of --dry-run; as text, or as one JSON document
 * (`--format json`, src/cli/apply-json.ts) with nothing else on stdout.
 */
import { newZoneBody } from '../core/plan/plan-zone.js';
import { describeHttpCalls } from '../api/index.js';
import type { ZoneApplyOutcome } from '../app/apply-runs.js';
import type { ZoneRun } from '../app/plan-zones.js';
import type { ZoneOutcome } from '../app/run-zones.js';
import { TokenOutputError, writeTokenValues } from '../app/token-output.js';
import { ZonectlError } from '../core/errors.js';
import { renderText } from '../core/render/render-text.js';
import { jsonError } from './json-error.js';
import {
  failedEntry,
  outcomeEntry,
  renderApplyJson,
  withDryRun,
  zoneEntry,
  type JsonApplyAccount,
  type JsonApplyZone,
  type JsonError,
} from './apply-json.js';
import { describeApplyFailure, describeInterrupted, describeNotConverged, describeRefusal } from './apply-report.js';
import { errorCode, errorLine } from './errors.js';
import type { StopSignal } from './interrupt.js';
import { info, log, out, styleFor } from './io.js';

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
    info(`Wrote the secret value of ${Object.keys(values).length} new token(s) to ${path} (mode 0600).`);
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

function printDryRun(runs: readonly ZoneRun[], batch: boolean): void {
  for (const run of runs) {
    const create = newZoneBody(run.plan);
    if (create !== undefined)
      out(
        `# ${run.config.zone}: a new zone, created first (the calls below then name the id it gets)\nPOST /zones ${JSON.stringify(create)}`,
      );
    if (run.plan.operations.length === 0) continue;
    const calls = describeHttpCalls(run.plan.operations, { batch, batchLimit: run.batchLimit });
    const steps = calls.length === 0 ? 0 : calls[calls.length - 1].step;
    out(
      `# ${run.config.zone}: ${calls.length} HTTP call${calls.length === 1 ? '' : 's'} in ${steps} step${steps === 1 ? '' : 's'} (nothing was sent)`,
    );
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
function reportOutcomes(
  outcomes: readonly ZoneApplyOutcome[],
  opts: TokenValueFlags,
  signal: StopSignal | undefined,
  results: boolean,
): boolean {
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
    for (const note of o.result.notes) info(`${o.run.config.zone}: note: ${note}`);
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
      log(
        errorLine(
          errorCode(o.verifyError),
          `${o.run.config.zone}: applied ${o.result.applied.length} operations, but the check afterwards failed: ${o.verifyError.message}; run plan to see the zone as it is`,
        ),
      );
      continue;
    }
    if (o.residual && o.residual.operations.length > 0) {
      failed = true;
      log(errorLine('NOT_CONVERGED', `${o.run.config.zone}: applied, but the zone did not converge; a new plan is not empty:`));
      for (const line of describeNotConverged(o.residual, o.changedByOthers)) log(`  ${line}`);
      continue;
    }
    if (results)
      out(
        `${o.run.config.zone}: applied ${s.create} create, ${s.update} update, ${s.delete} delete in ${o.result.calls} call${o.result.calls === 1 ? '' : 's'}; verified: a new plan is empty.`,
      );
  }
  return failed;
}

export type ApplyFormat = 'text' | 'json';

/**
 * What one apply run prints, in either format. Text: the plan and the results on stdout as
 * they come. JSON: everything is collected and `finish()` prints the one document; errors and
 * warnings still go to stderr as lines.
 */
export class ApplyReport {
  private readonly zones = new Map<string, JsonApplyZone>();
  private readonly accounts = new Map<string, JsonApplyAccount>();
  private readonly startedAt: number;
  private zoneStartedAt: number | undefined;
  private readonly zoneMs = new Map<string, number>();
  private runError: JsonError | undefined;
  private dryRun = false;
  private finished = false;

  constructor(
    readonly format: ApplyFormat,
    private readonly now: () => number = Date.now,
  ) {
    this.startedAt = now();
  }

  get json(): boolean {
    return this.format === 'json';
  }

  /** The zones as planned: zones that could not be planned are error lines; the plan is shown (text). */
  planned(outcomes: readonly ZoneOutcome[]): void {
    for (const o of outcomes) {
      if (o.kind === 'failed') {
        log(errorLine(o.code, `${o.config.zone}: ${o.message}`));
        this.zones.set(o.config.zone, failedEntry(o.config.zone, o.config.file, { code: o.code, message: o.message }));
      } else {
        this.zones.set(o.config.zone, zoneEntry(o.run));
      }
    }
    const plans = outcomes.flatMap((o) => (o.kind === 'planned' ? [o.run.plan] : []));
    if (!this.json && plans.length > 0) out(renderText(plans, styleFor(process.stdout)));
  }

  /** --dry-run: the exact calls. */
  printDryRun(runs: readonly ZoneRun[], batch: boolean): void {
    this.dryRun = true;
    if (!this.json) {
      printDryRun(runs, batch);
      return;
    }
    for (const run of runs) {
      const entry = this.zones.get(run.config.zone);
      if (entry) this.zones.set(run.config.zone, withDryRun(entry, run, batch));
    }
  }

  /** A zone's writes start. */
  zoneStarted(): void {
    this.zoneStartedAt = this.now();
  }

  /** A zone is done (its lock released). */
  zoneEnded(zone: string | undefined): void {
    if (zone !== undefined && this.zoneStartedAt !== undefined) this.zoneMs.set(zone, this.now() - this.zoneStartedAt);
    this.zoneStartedAt = undefined;
  }

  /** Each zone's result (errors on stderr; text results on stdout); true when any zone failed. */
  outcomes(outcomes: readonly ZoneApplyOutcome[], opts: TokenValueFlags, signal: StopSignal | undefined): boolean {
    for (const o of outcomes) {
      const zone = o.run.config.zone;
      this.zones.set(zone, outcomeEntry(o, this.zoneMs.get(zone) ?? 0, signal !== undefined));
    }
    return reportOutcomes(outcomes, opts, signal, !this.json);
  }

  /** The zone being written when the run gave up waiting for its calls (a second signal). */
  gaveUp(run: ZoneRun, applied: ReadonlySet<number>): void {
    const entry = zoneEntry(run);
    this.zones.set(run.config.zone, {
      ...entry,
      outcome: 'interrupted',
      error: { code: 'INTERRUPTED', message: 'zonectl stopped waiting for the calls in flight; they may have been applied' },
      operations: entry.operations.map((op, i) => ({ ...op, applied: applied.has(i) })),
    });
  }

  /** The run as a whole was refused or failed (e.g. a safety threshold, a missing permission). */
  fail(error: unknown): void {
    this.runError = jsonError(error);
  }

  /** The run was stopped by a signal: the closing error line (`interrupted by SIG` + `detail`), and the document's error. */
  interrupted(signal: StopSignal, detail = ''): void {
    log(errorLine('INTERRUPTED', `interrupted by ${signal}${detail}`));
    this.fail(new ZonectlError('INTERRUPTED', `interrupted by ${signal}`));
  }

  /** An account file's result (or its dry run). */
  account(entry: JsonApplyAccount): void {
    this.accounts.set(entry.account_id, entry);
  }

  /** JSON: prints the document (once). */
  finish(): void {
    if (!this.json || this.finished) return;
    this.finished = true;
    out(
      renderApplyJson([...this.zones.values()], {
        dryRun: this.dryRun,
        ms: this.now() - this.startedAt,
        accounts: [...this.accounts.values()],
        ...(this.runError ? { error: this.runError } : {}),
      }),
    );
  }
}

/** `--show-token-values` prints secrets on stdout, where `--format json` puts its one document. */
export function checkJsonFlags(format: ApplyFormat, opts: TokenValueFlags): void {
  if (format === 'json' && opts.showTokenValues === true) {
    throw new ZonectlError(
      'BAD_FLAG',
      '--show-token-values cannot be used with --format json: secrets are never put in the JSON document; use --token-output FILE (mode 0600) instead',
    );
  }
}
