/**
 * What apply prints: the plan, each zone's result, the new token secrets (--show-token-values),
 * and the exact calls of --dry-run; as text, or as one JSON document (`--format json`,
 * ./json.ts) with nothing else on stdout.
 */
import {
  describeCreatedZone,
  type AccountApplyOutcome,
  type ApplyReportSink,
  type CreatedZone,
  type StopSignal,
  type StoppedAt,
  type TokenValueFlags,
  type ZoneApplyOutcome,
} from '../../app/apply/index.js';
import { describeHttpCalls } from '../../api/index.js';
import type { AccountRun, ZoneRun, ZoneOutcome } from '../../app/plan/index.js';
import { assertNever, ZonectlError } from '../../core/errors.js';
import type { ZonePlan } from '../../core/plan/build-plan.js';
import { newZoneBody } from '../../core/plan/plan-zone.js';
import { renderText } from '../../core/render/render-text.js';
import { errorCode, errorLine } from '../output/error-line.js';
import { info, log, out, styleFor } from '../output/io.js';
import { jsonError } from '../output/json-error.js';
import { accountDryRun, accountUnchangedEntry, printAccountPlans, reportAccountOutcome } from './accounts.js';
import { describeApplyFailure, describeInterrupted, describeNotConverged, describeNotStarted, describeRefusal } from './describe.js';
import {
  failedEntry,
  outcomeEntry,
  renderApplyJson,
  withDryRun,
  zoneEntry,
  type JsonApplyAccount,
  type JsonApplyZone,
  type JsonError,
} from './json.js';

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

/** Prints each zone's result (errors on stderr; with `results`, the successes on stdout). */
function printOutcomes(outcomes: readonly ZoneApplyOutcome[], signal: StopSignal | undefined, results: boolean): void {
  for (const o of outcomes) {
    const s = o.run.plan.summary;
    for (const note of o.result.notes) info(`${o.run.config.zone}: note: ${note}`);
    if (o.result.interrupted && signal !== undefined) {
      for (const line of describeInterrupted({ run: o.run, applied: new Set(o.result.applied), gaveUp: false }, signal)) log(line);
      continue;
    }
    if (o.refused) {
      log(errorLine(errorCode(o.result.error), describeRefusal(o.result.error)));
      continue;
    }
    if (!o.result.ok) {
      log(errorLine(errorCode(o.result.error), describeApplyFailure(o)));
      continue;
    }
    if (o.verifyError) {
      log(
        errorLine(
          errorCode(o.verifyError),
          `${o.run.config.zone}: applied ${o.result.applied.length} operations, but the check afterwards failed: ${o.verifyError.message}; run plan to see the zone as it is`,
        ),
      );
      continue;
    }
    if (o.residual && o.residual.operations.length > 0) {
      log(errorLine('NOT_CONVERGED', `${o.run.config.zone}: applied, but the zone did not converge; a new plan is not empty:`));
      for (const line of describeNotConverged(o.residual, o.changedByOthers)) log(`  ${line}`);
      continue;
    }
    if (results)
      out(
        `${o.run.config.zone}: applied ${s.create} create, ${s.update} update, ${s.delete} delete in ${o.result.calls} call${o.result.calls === 1 ? '' : 's'}; verified: a new plan is empty.`,
      );
  }
}

export type ApplyFormat = 'text' | 'json';

/**
 * What one apply run prints, in either format (the session's report: src/app/apply/output.ts).
 * Text: the plan and the results on stdout as they come. JSON: everything is collected and
 * `finish()` prints the one document; errors and warnings still go to stderr as lines.
 */
export class ApplyReport implements ApplyReportSink {
  private readonly zones = new Map<string, JsonApplyZone>();
  private readonly accounts = new Map<string, JsonApplyAccount>();
  private readonly startedAt: number;
  private zoneStartedAt: number | undefined;
  private readonly zoneMs = new Map<string, number>();
  private runError: JsonError | undefined;
  private dryRunShown = false;
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

  accountPlans(runs: readonly AccountRun[]): void {
    if (!this.json) printAccountPlans(runs);
  }

  dryRun(runs: readonly ZoneRun[], accounts: readonly AccountRun[], batch: boolean): void {
    this.dryRunShown = true;
    if (!this.json) {
      printDryRun(runs, batch);
    } else {
      for (const run of runs) {
        const entry = this.zones.get(run.config.zone);
        if (entry) this.zones.set(run.config.zone, withDryRun(entry, run, batch));
      }
    }
    for (const run of accounts) this.account(accountDryRun(run, !this.json));
  }

  zoneCreated(created: CreatedZone): void {
    (this.json ? log : out)(describeCreatedZone(created));
  }

  replanned(zone: string, plan: ZonePlan): void {
    log(`${zone}: the zone changed while waiting for the apply lock; planned again:`);
    log(renderText([plan], styleFor(process.stderr)));
  }

  zoneStarted(): void {
    this.zoneStartedAt = this.now();
  }

  zoneEnded(zone: string | undefined): void {
    if (zone !== undefined && this.zoneStartedAt !== undefined) this.zoneMs.set(zone, this.now() - this.zoneStartedAt);
    this.zoneStartedAt = undefined;
  }

  tokenValues(values: Readonly<Record<string, string>>): void {
    for (const [name, value] of Object.entries(values)) out(`token ${JSON.stringify(name)}: ${value}`);
  }

  zoneOutcomes(outcomes: readonly ZoneApplyOutcome[], signal: StopSignal | undefined): void {
    for (const o of outcomes) {
      const zone = o.run.config.zone;
      this.zones.set(zone, outcomeEntry(o, this.zoneMs.get(zone) ?? 0, signal !== undefined));
    }
    printOutcomes(outcomes, signal, !this.json);
  }

  accountUnchanged(run: AccountRun): void {
    this.account(accountUnchangedEntry(run));
  }

  accountOutcome(outcome: AccountApplyOutcome): void {
    this.account(reportAccountOutcome(outcome, !this.json));
  }

  stopped(signal: StopSignal, at: StoppedAt, notStarted: readonly ZoneRun[]): void {
    switch (at.stage) {
      case 'account':
        log(
          `zonectl: interrupted by ${signal} while changing the ${at.label}: its one PATCH was sent and may or may not have been applied; run plan to see.`,
        );
        break;
      case 'creating':
        log(
          `zonectl: interrupted by ${signal} while creating ${at.zone}: its POST /zones was sent and may or may not have been applied; run plan to see.`,
        );
        break;
      case 'zone':
        this.gaveUp(at.run, at.applied);
        for (const line of describeInterrupted({ run: at.run, applied: at.applied, gaveUp: true }, signal)) log(line);
        log(
          `  The apply lock of ${at.run.config.zone} was left behind: the next apply on this host takes it over at once, elsewhere after its lease.`,
        );
        break;
      case 'before-writes':
        log(`zonectl: interrupted by ${signal} before any write; nothing was changed.`);
        break;
      case 'between-zones':
        log(`zonectl: interrupted by ${signal} between zones: ${at.applied.join(', ')} applied; nothing more was sent.`);
        break;
      default:
        assertNever(at, 'stop stage');
    }
    this.notStarted(notStarted);
  }

  notStarted(runs: readonly ZoneRun[]): void {
    for (const line of describeNotStarted(runs)) log(line);
  }

  /** The zone being written when the run gave up waiting for its calls (a second signal). */
  private gaveUp(run: ZoneRun, applied: ReadonlySet<number>): void {
    const entry = zoneEntry(run);
    this.zones.set(run.config.zone, {
      ...entry,
      outcome: 'interrupted',
      error: { code: 'INTERRUPTED', message: 'zonectl stopped waiting for the calls in flight; they may have been applied' },
      operations: entry.operations.map((op, i) => ({ ...op, applied: applied.has(i) })),
    });
  }

  fail(error: unknown): void {
    this.runError = jsonError(error);
  }

  interrupted(signal: StopSignal, detail = ''): void {
    log(errorLine('INTERRUPTED', `interrupted by ${signal}${detail}`));
    this.fail(new ZonectlError('INTERRUPTED', `interrupted by ${signal}`));
  }

  private account(entry: JsonApplyAccount): void {
    this.accounts.set(entry.account_id, entry);
  }

  finish(): void {
    if (!this.json || this.finished) return;
    this.finished = true;
    out(
      renderApplyJson([...this.zones.values()], {
        dryRun: this.dryRunShown,
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
