/**
 * What an apply session tells its user: one typed event stream, passed to the output whoever runs
 * it gave (the CLI renders it as text or as one JSON document, src/cli/views/apply/; a test
 * records it), and folded by the session into what it knows of the run (./run-state.ts: which
 * zone is being written, which lock is held). The session decides; the output only shows
 * (DNSControl's injected printer is the model). Nothing here writes to a stream or ends the
 * process.
 */
import type { ProgressEvent } from '../../api/index.js';
import type { ZonePlan } from '../../core/plan/build-plan.js';
import type { ChangedSelection } from '../files/index.js';
import type { AccountRun } from '../engine/index.js';
import type { ZoneRun } from '../engine/index.js';
import type { ZoneOutcome } from '../engine/index.js';
import type { WaitDnsEvent } from '../wait-dns/index.js';
import type { MessageEvent, Prompting, RunEvent, SessionOutput } from '../session/index.js';
import type { AccountApplyOutcome } from './account-writes.js';
import type { CreatedZone } from './create-zones.js';
import type { StopSignal } from '../session/index.js';
import type { LockEvent } from './lock-scope.js';
import type { ZoneApplyOutcome } from './zone-outcome.js';

/** Where the run stood when it gave up waiting (a second signal, or the grace time ran out). */
export type StoppedAt =
  | { readonly stage: 'before-writes' }
  | { readonly stage: 'between-zones'; readonly applied: readonly string[] }
  /** `--wait-dns`: every write is over; the wait for `zone`'s nameservers was stopped. */
  | { readonly stage: 'waiting-dns'; readonly zone: string; readonly applied: readonly string[] }
  | { readonly stage: 'creating'; readonly zone: string }
  | { readonly stage: 'zone'; readonly run: ZoneRun; readonly applied: ReadonlySet<number> }
  | { readonly stage: 'account'; readonly label: string };

/** What happens while the zones are written (./zone-writes.ts), in order. */
export type ZoneWriteEvent =
  | LockEvent
  /** Under the lock the zone planned differently from the plan shown: the new plan. */
  | { readonly kind: 'replanned'; readonly zone: string; readonly plan: ZonePlan }
  /** A zone's writes start (under its lock, after the check under it). */
  | { readonly kind: 'zone-writing'; readonly run: ZoneRun }
  /** One call of the zone's writes completed. */
  | { readonly kind: 'progress'; readonly zone: string; readonly event: ProgressEvent }
  /** The zone is done (written and checked, refused, or failed): nothing of it is in flight. */
  | { readonly kind: 'zone-done'; readonly zone: string };

/** The run's events, in the order they happen. */
export type ApplyEvent =
  | MessageEvent
  | ZoneWriteEvent
  /** `--changed-since REF`: the zones selected and skipped, before any call (as plan's `changed_since`). */
  | { readonly kind: 'changed-since'; readonly selection: ChangedSelection }
  /** The zones as planned (a zone that could not be planned is a failed outcome). */
  | { readonly kind: 'planned'; readonly outcomes: readonly ZoneOutcome[] }
  /** The account files' plans, shown after the zones'. */
  | { readonly kind: 'account-plans'; readonly runs: readonly AccountRun[] }
  /** `--dry-run`: the exact calls, none sent. */
  | { readonly kind: 'dry-run'; readonly runs: readonly ZoneRun[]; readonly accounts: readonly AccountRun[]; readonly batch: boolean }
  /** A new zone's POST /zones is on its way / was answered, or failed (`created` undefined). */
  | { readonly kind: 'zone-creating'; readonly zone: string }
  | { readonly kind: 'zone-created'; readonly created: CreatedZone }
  | {
      readonly kind: 'zone-creation-ended';
      readonly zone: string;
      /** The run before its zone was created. */
      readonly was: ZoneRun;
      /** The run planned again against the zone created; undefined when it was not created (it is then left out of the writes). */
      readonly now: ZoneRun | undefined;
    }
  /** The zones' writes start (progress is shown from here) and end. */
  | { readonly kind: 'writes-started' }
  | { readonly kind: 'writes-ended' }
  /** `--show-token-values`: the new secrets, shown once. */
  | { readonly kind: 'token-values'; readonly values: Readonly<Record<string, string>> }
  /** Each zone's outcome (an interrupted zone is described as such). */
  | { readonly kind: 'zone-outcomes'; readonly outcomes: readonly ZoneApplyOutcome[]; readonly signal: StopSignal | undefined }
  | { readonly kind: 'account-unchanged'; readonly run: AccountRun }
  /** An account file's one PATCH is on its way; then its outcome. */
  | { readonly kind: 'account-writing'; readonly run: AccountRun }
  | { readonly kind: 'account-outcome'; readonly outcome: AccountApplyOutcome }
  /** The run gave up waiting for calls in flight, or was stopped before writing. */
  | { readonly kind: 'stopped'; readonly signal: StopSignal; readonly at: StoppedAt; readonly notStarted: readonly ZoneRun[] }
  /** Zones never started because the run was interrupted. */
  | { readonly kind: 'not-started'; readonly runs: readonly ZoneRun[] }
  /** `--wait-dns`: the wait for a zone's nameservers (src/app/wait-dns), event by event. */
  | { readonly kind: 'wait-dns'; readonly zone: string; readonly event: WaitDnsEvent }
  /** The run was stopped by a signal (`detail` follows "interrupted by SIG"). */
  | { readonly kind: 'interrupted'; readonly signal: StopSignal; readonly detail?: string }
  /**
   * Told by the runner only (../session/run-to-end.ts): `started`; `failed` when the run as a whole
   * was refused or failed; `finished`, the end (a JSON document is printed now).
   */
  | RunEvent;

/** The session's output: its events, and the prompt of the one question it may ask (../session/prompt.ts). */
export interface ApplyOutput extends SessionOutput<ApplyEvent>, Prompting {}
