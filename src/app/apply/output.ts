/**
 * What an apply session tells its user, passed in by whoever runs it: the CLI renders it as
 * text or as one JSON document (src/cli/apply/), a test records it. The session decides; the
 * output only shows (DNSControl's injected printer is the model). Nothing here writes to a
 * stream or ends the process.
 */
import type { ProgressEvent } from '../../api/index.js';
import type { ErrorCode } from '../../core/errors.js';
import type { ZonePlan } from '../../core/plan/build-plan.js';
import type { AccountRun } from '../plan/plan-account-run.js';
import type { ZoneRun } from '../plan/plan-zone-run.js';
import type { ZoneOutcome } from '../plan/plan-zone-outcomes.js';
import type { AccountApplyOutcome } from './account-writes.js';
import type { CreatedZone } from './create-zones.js';
import type { StopSignal } from './interrupts.js';
import type { ZoneApplyOutcome } from './zone-writes.js';

/** Progress while a zone is written. */
export interface ApplyProgressSink {
  zoneStart(zone: string, total: number): void;
  update(zone: string, event: ProgressEvent): void;
  /** Clears anything drawn (a bar) before other output; safe to call again. */
  stop(): void;
}

/** Where the run stood when it gave up waiting (a second signal, or the grace time ran out). */
export type StoppedAt =
  | { readonly stage: 'before-writes' }
  | { readonly stage: 'between-zones'; readonly applied: readonly string[] }
  | { readonly stage: 'creating'; readonly zone: string }
  | { readonly stage: 'zone'; readonly run: ZoneRun; readonly applied: ReadonlySet<number> }
  | { readonly stage: 'account'; readonly label: string };

/** The run's results, in the order they happen. */
export interface ApplyReportSink {
  /** The zones as planned (a zone that could not be planned is a failed outcome). */
  planned(outcomes: readonly ZoneOutcome[]): void;
  /** The account files' plans, shown after the zones'. */
  accountPlans(runs: readonly AccountRun[]): void;
  /** `--dry-run`: the exact calls, none sent. */
  dryRun(runs: readonly ZoneRun[], accounts: readonly AccountRun[], batch: boolean): void;
  zoneCreated(created: CreatedZone): void;
  /** Under the lock the zone planned differently from the plan shown: the new plan. */
  replanned(zone: string, plan: ZonePlan): void;
  /** A zone's writes start / it is done (its lock released). */
  zoneStarted(zone: string): void;
  zoneEnded(zone: string | undefined): void;
  /** `--show-token-values`: the new secrets, shown once. */
  tokenValues(values: Readonly<Record<string, string>>): void;
  /** Each zone's outcome (an interrupted zone is described as such). */
  zoneOutcomes(outcomes: readonly ZoneApplyOutcome[], signal: StopSignal | undefined): void;
  accountUnchanged(run: AccountRun): void;
  accountOutcome(outcome: AccountApplyOutcome): void;
  /** The run gave up waiting for calls in flight, or was stopped before writing. */
  stopped(signal: StopSignal, at: StoppedAt, notStarted: readonly ZoneRun[]): void;
  /** Zones never started because the run was interrupted. */
  notStarted(runs: readonly ZoneRun[]): void;
  /** The run was stopped by a signal (`detail` follows "interrupted by SIG"). */
  interrupted(signal: StopSignal, detail?: string): void;
  /** The run as a whole was refused or failed. */
  fail(error: unknown): void;
  /** The end: a JSON document is printed now (once). */
  finish(): void;
}

export interface ApplyOutput {
  readonly report: ApplyReportSink;
  /** Created when the writes start. */
  progress(): ApplyProgressSink;
  /** Why nobody can confirm a plan here (no terminal; JSON output), or undefined. */
  cannotConfirm(): string | undefined;
  /** Asks the question; true only for an explicit yes. */
  confirm(question: string): Promise<boolean>;
  /** A note (hidden by --quiet). */
  info(line: string): void;
  /** A warning or a line of an error's explanation. */
  warn(line: string): void;
  /** An error with its code (the run may go on). */
  error(code: ErrorCode, message: string): void;
  /** A line for --verbose. */
  detail(line: string): void;
}
