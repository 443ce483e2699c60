/**
 * The lines of an apply run that both of its sinks print (text: ./text-sink.ts; JSON:
 * ./json-sink.ts): errors and warnings on stderr, whatever the format; and the results on stdout,
 * which only the text sink asks for.
 */
import type { StopSignal, StoppedAt, ZoneApplyOutcome } from '../../../app/apply/index.js';
import type { ZoneOutcome, ZoneRun } from '../../../app/engine/index.js';
import { assertNever } from '../../../core/errors.js';
import type { ZonePlan } from '../../../core/plan/build-plan.js';
import { renderDnssecState } from '../../../core/dnssec/index.js';
import { renderText } from '../../../core/render/render-text.js';
import { printable } from '../../../core/text/index.js';
import { errorCode, errorLine } from '../../output/error-line.js';
import { info, log, out, styleFor } from '../../output/io.js';
import { describeApplyFailure, describeInterrupted, describeNotConverged, describeNotStarted, describeRefusal } from './describe.js';

/** The zones that could not be planned, as error lines. */
export function printPlanFailures(outcomes: readonly ZoneOutcome[]): void {
  for (const o of outcomes) if (o.kind === 'failed') log(errorLine(o.code, `${o.config.zone}: ${o.message}`));
}

/** Under the lock the zone planned differently: the new plan, on stderr. */
export function printReplanned(zone: string, plan: ZonePlan): void {
  log(`${zone}: the zone changed while waiting for the apply lock; planned again:`);
  log(renderText([plan], styleFor(process.stderr)));
}

/** Prints each zone's result (errors on stderr; with `results`, the successes on stdout). */
export function printOutcomes(outcomes: readonly ZoneApplyOutcome[], signal: StopSignal | undefined, results: boolean): void {
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
    // The zone's DNSSEC as the check afterwards read it: its state and the DS record the registrar needs.
    if (results && o.residual?.dnssec !== undefined) for (const line of renderDnssecState(o.residual.dnssec)) out(`  ${printable(line)}`);
  }
}

/** The run gave up waiting for calls in flight (or was stopped before writing): what it knows. */
export function printStopped(signal: StopSignal, at: StoppedAt, notStarted: readonly ZoneRun[]): void {
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
    case 'waiting-dns':
      log(
        `zonectl: interrupted by ${signal} while waiting for the nameservers of ${at.zone}: ${at.applied.join(', ')} applied and verified; the wait was stopped (zonectl wait-dns FILE waits again).`,
      );
      break;
    default:
      assertNever(at, 'stop stage');
  }
  printNotStarted(notStarted);
}

export function printNotStarted(runs: readonly ZoneRun[]): void {
  for (const line of describeNotStarted(runs)) log(line);
}

export function printInterrupted(signal: StopSignal, detail = ''): void {
  log(errorLine('INTERRUPTED', `interrupted by ${signal}${detail}`));
}
