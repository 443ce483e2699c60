/**
 * What an apply session knows of its run, for the signal handler that must say what was applied
 * (./session.ts): folded from the run's own events (./events.ts), never set from elsewhere.
 */
import { plannedRuns, type ZoneRun } from '../engine/index.js';
import { accountLabel } from '../../core/account/plan-account.js';
import type { ApplyEvent, StoppedAt } from './events.js';
import type { ZoneLockScope } from './lock-scope.js';

export interface RunState {
  /** `writing`: calls may be in flight (a zone's writes, a POST /zones, an account's PATCH). */
  phase: 'before' | 'writing';
  /** The zone being written and the indices of its operations acknowledged. */
  run?: ZoneRun | undefined;
  applied: Set<number>;
  /** The zone whose POST /zones is on its way. */
  creating?: string | undefined;
  /** The account file whose one PATCH is on its way (after the zones). */
  account?: string | undefined;
  /** `--wait-dns`: the zone whose nameservers are asked now (every zone's writes are over). */
  waitingDns?: string | undefined;
  /** The apply lock held now, released by a signal before any write. */
  lock?: ZoneLockScope | undefined;
  /** The zones whose writes started. */
  readonly started: Set<string>;
  /** The runs to write: those planned, each new zone's planned again once created, those not created left out when the writes start. */
  runs: readonly ZoneRun[];
  /** The runs whose zone could not be created, left out of `runs` when the writes start. */
  readonly notCreated: Set<ZoneRun>;
}

export function newRunState(): RunState {
  return { phase: 'before', applied: new Set(), started: new Set(), runs: [], notCreated: new Set() };
}

/** The state after `event`. */
export function fold(state: RunState, event: ApplyEvent): void {
  switch (event.kind) {
    case 'lock-taken':
      state.lock = event.lock;
      return;
    case 'lock-released':
      state.lock = undefined;
      return;
    case 'zone-writing':
      state.phase = 'writing';
      state.run = event.run;
      state.applied = new Set();
      state.started.add(event.run.config.zone);
      return;
    case 'progress':
      for (const i of event.event.opIndices) state.applied.add(i);
      return;
    case 'zone-done':
      state.phase = 'before'; // the zone is done: nothing in flight
      return;
    case 'zone-creating':
      state.phase = 'writing';
      state.creating = event.zone;
      return;
    case 'planned':
      state.runs = plannedRuns(event.outcomes);
      return;
    case 'zone-creation-ended': {
      state.phase = 'before';
      state.creating = undefined;
      const { was, now } = event;
      if (now === undefined) state.notCreated.add(was);
      else state.runs = state.runs.map((r) => (r === was ? now : r));
      return;
    }
    case 'writes-started':
      state.runs = state.runs.filter((r) => !state.notCreated.has(r));
      return;
    case 'account-writing':
      state.phase = 'writing';
      state.account = accountLabel(event.run.plan.accountId);
      return;
    case 'account-outcome':
      state.phase = 'before';
      state.account = undefined;
      return;
    case 'wait-dns':
      if (event.event.kind === 'started') state.waitingDns = event.zone;
      // A stopped wait stays the place the run stopped at (the signal handler reads it afterwards).
      if (event.event.kind === 'finished' && event.event.result.status !== 'stopped') state.waitingDns = undefined;
      return;
    default:
      return;
  }
}

/** Where the run stands, for a signal handler that gives up waiting. */
export function stoppedAt(state: RunState): StoppedAt {
  if (state.phase === 'writing' && state.account !== undefined) return { stage: 'account', label: state.account };
  if (state.phase === 'writing' && state.creating !== undefined) return { stage: 'creating', zone: state.creating };
  if (state.phase === 'writing' && state.run !== undefined) return { stage: 'zone', run: state.run, applied: state.applied };
  if (state.started.size === 0) return { stage: 'before-writes' };
  if (state.waitingDns !== undefined) return { stage: 'waiting-dns', zone: state.waitingDns, applied: [...state.started] };
  return { stage: 'between-zones', applied: [...state.started] };
}
