/**
 * One apply run, from the files (or a saved plan) to the last verified write: plan (under the
 * lock when nobody confirms), the safety thresholds, the permission check, --dry-run, the
 * confirmation, new zones, each zone's writes under its lock, the account files' PATCHes, and
 * the one owner of SIGINT and SIGTERM for all of it. It decides; what the user sees goes
 * through the `ApplyOutput` passed in (./output.ts), and it never ends the process: a run that
 * gives up waiting for calls in flight resolves with `abandon`, and the caller exits.
 */
import { ZoneLookupError } from '../../api/index.js';
import { accountLabel } from '../../core/account/plan-account.js';
import { ZonectlError } from '../../core/errors.js';
import { UnsafePlanError } from '../../core/plan/safety.js';
import type { AccountConfig, RepoConfig, ZoneConfig } from '../../core/zonefile/index.js';
import { checkPermissionsByAccount, eachAccount, planAccountGroups, type RunClients } from '../connect/clients-by-account.js';
import { planAccountRun, type AccountRun } from '../plan/plan-account-run.js';
import { MissingPermissionError } from '../plan/check-permissions.js';
import { runPlanOptions, type ZoneRun } from '../plan/plan-zone-run.js';
import { hasChanges, plannedRuns, type ZoneOutcome } from '../plan/plan-zone-outcomes.js';
import { loadSaved, type OpenedPlan } from '../plan/saved-plan.js';
import { applyAccounts } from './account-writes.js';
import { ApplyRefusedError } from './apply-refused-error.js';
import { createZoneIfNew, ZoneCreateError } from './create-zones.js';
import { INTERRUPT_GRACE_MS, watchInterrupts, type SignalSource, type StopSignal } from './interrupts.js';
import { canLockFirst, lockThenPlan, permissionCheckNeeded, type LockedRun } from './lock-first.js';
import type { ApplyOutput, ApplyProgressSink, StoppedAt } from './output.js';
import { silencedAfter } from './silenced-output.js';
import { checkTokenOutput, deliverTokenValues, type TokenValueFlags } from './token-values.js';
import { recheckSaved, replanUnderLock } from './under-lock.js';
import { forceUnlock, type HeldZoneLock } from './zone-lock.js';
import { applyZoneRuns, notStartedRuns, refused, zoneApplyFailed, type ZoneApplyOutcome } from './zone-writes.js';

/** What to apply and how: the flags, checked, and the files, loaded and valid. */
export interface ApplyRequest extends TokenValueFlags {
  readonly configs: readonly ZoneConfig[];
  readonly accounts: readonly AccountConfig[];
  readonly repo?: RepoConfig | undefined;
  /** `--plan FILE`: a saved plan (read and checked: src/app/plan/saved-plan.ts `openSavedPlan`) instead of files. */
  readonly savedPlan?: OpenedPlan | undefined;
  readonly yes: boolean;
  readonly dryRun: boolean;
  readonly force: boolean;
  readonly forceUnlock: boolean;
  readonly batch: boolean;
  readonly concurrency: number;
  readonly lockWaitMs: number;
}

/**
 * How the run ended. `changes`: a dry run with something to do. `interrupted`: by `signal`;
 * with `abandon`, calls may still be in flight and the caller should exit now.
 */
export type ApplyResult =
  | { readonly status: 'ok' | 'changes' | 'failed' | 'cancelled' }
  | { readonly status: 'interrupted'; readonly signal: StopSignal; readonly abandon: boolean };

/** Where signals come from and how long calls in flight may finish after the first (tests inject both). */
export interface ApplySignals {
  readonly source?: SignalSource;
  readonly graceMs?: number;
}

/** What the run is doing, for a signal handler that must say what was applied. */
interface RunState {
  phase: 'before' | 'writing';
  run?: ZoneRun | undefined;
  applied: Set<number>;
  /** The zone whose POST /zones is on its way. */
  creating?: string | undefined;
  /** The account file whose one PATCH is on its way (after the zones). */
  account?: string | undefined;
  lock?: HeldZoneLock | undefined;
  readonly started: Set<string>;
  runs: readonly ZoneRun[];
}

function stoppedAt(state: RunState): StoppedAt {
  if (state.phase === 'writing' && state.account !== undefined) return { stage: 'account', label: state.account };
  if (state.phase === 'writing' && state.creating !== undefined) return { stage: 'creating', zone: state.creating };
  if (state.phase === 'writing' && state.run !== undefined) return { stage: 'zone', run: state.run, applied: state.applied };
  if (state.started.size === 0) return { stage: 'before-writes' };
  return { stage: 'between-zones', applied: [...state.started] };
}

/**
 * Runs one apply. Errors that refuse the whole run (a safety threshold, a missing permission,
 * no confirmation, a stale saved plan) are reported to the output and thrown.
 */
export async function runApply(
  request: ApplyRequest,
  clients: RunClients,
  givenOutput: ApplyOutput,
  signals: ApplySignals = {},
): Promise<ApplyResult> {
  const state: RunState = { phase: 'before', applied: new Set(), started: new Set(), runs: [] };
  let over = false;
  const output = silencedAfter(givenOutput, () => over);
  const { report } = givenOutput;
  let progress: ApplyProgressSink | undefined;
  let abandon: (result: ApplyResult) => void = () => undefined;
  const abandoned = new Promise<ApplyResult>((resolve) => {
    abandon = resolve;
  });
  const graceMs = signals.graceMs ?? INTERRUPT_GRACE_MS;
  const giveUp = (signal: StopSignal): void => {
    if (over) return;
    progress?.stop();
    report.stopped(signal, stoppedAt(state), notStartedRuns(state.runs, state.started));
    report.interrupted(signal);
    report.finish();
    over = true;
    abandon({ status: 'interrupted', signal, abandon: true });
  };
  const interrupt = watchInterrupts(
    {
      onStop: (signal) => {
        progress?.stop();
        if (state.phase !== 'writing') {
          // Nothing sent yet: release a lock we may hold and stop now.
          const held = state.lock;
          void (held ? held.release().catch(() => undefined) : Promise.resolve()).then(() => giveUp(signal));
          return;
        }
        output.warn(
          `zonectl: ${signal}: sending no more calls; waiting up to ${graceMs / 1000} s for the calls in flight (again to stop at once)`,
        );
      },
      onGiveUp: giveUp,
      graceMs,
    },
    signals.source,
  );
  const session: Session = {
    request,
    clients,
    output,
    state,
    stopped: () => interrupt.signal !== undefined,
    signal: () => interrupt.signal,
    startProgress: () => {
      const started = output.progress();
      progress = started;
      return started;
    },
  };
  try {
    return await Promise.race([applySession(session), abandoned]);
  } finally {
    interrupt.dispose();
  }
}

interface Session {
  readonly request: ApplyRequest;
  readonly clients: RunClients;
  readonly output: ApplyOutput;
  readonly state: RunState;
  /** A signal was received: send nothing more. */
  readonly stopped: () => boolean;
  readonly signal: () => StopSignal | undefined;
  readonly startProgress: () => ApplyProgressSink;
}

async function applySession(s: Session): Promise<ApplyResult> {
  const { request, clients, output, state } = s;
  const { report } = output;
  let early: LockedRun | undefined;
  try {
    const savedPlan = request.savedPlan !== undefined ? await loadSaved(clients, request.savedPlan) : undefined;
    const saved = savedPlan?.zones;
    // With --yes and one zone file nobody confirms a plan: take the lock first, plan once under it.
    if (request.yes && !request.dryRun && !request.forceUnlock && saved === undefined && canLockFirst(request.configs)) {
      const first = request.configs[0]!;
      early = await lockThenPlan(clients.for(first), first, runPlanOptions(request.configs)[0]!, {
        onWait: (m) => output.info(m),
        onLost: (m) => output.warn(`${m}; sending no more calls`),
        onHeld: (lock) => {
          state.lock = lock;
        },
      }).catch((error: unknown) => {
        // A zone that does not exist yet has no lock to take: it is planned (and created) below.
        if (error instanceof ZoneLookupError && error.notFound && first.accountId !== undefined) return undefined;
        throw error;
      });
    }
    const heldLocks = new Map(early ? [[early.run.config.zone, early.lock]] : []);
    // Each zone planned on its own: one that cannot be planned is reported, the others applied.
    const planned: ZoneOutcome[] =
      saved !== undefined
        ? saved.map((z) => ({ kind: 'planned', config: z.run.config, run: z.run }))
        : early !== undefined
          ? [{ kind: 'planned', config: early.run.config, run: early.run }]
          : await planAccountGroups(clients, request.configs, request.repo);
    report.planned(planned);
    const runs = plannedRuns(planned);
    state.runs = runs;
    const planFailed = runs.length < planned.length;
    const accountRuns = savedPlan !== undefined ? savedPlan.accounts : await planAccountRuns(s, request.accounts);
    report.accountPlans(accountRuns);
    if (request.forceUnlock && !request.dryRun) {
      for (const run of runs) {
        const removed = await forceUnlock(clients.for(run.config), run.config.zone, run.zoneId);
        output.warn(
          removed === undefined
            ? `${run.config.zone}: no apply lock to remove`
            : `${run.config.zone}: removed the apply lock of ${removed}`,
        );
      }
    }
    if (!hasChanges(runs) && !accountRuns.some((r) => r.plan.operations.length > 0)) return { status: planFailed ? 'failed' : 'ok' };
    const unsafe = runs.filter((r) => r.plan.safety.length > 0);
    if (unsafe.length > 0 && !request.force && !request.dryRun) throw new UnsafePlanError(unsafe[0]!.config.zone, unsafe[0]!.plan.safety);
    await checkPermissions(s, runs, heldLocks);
    if (request.dryRun) {
      report.dryRun(runs, accountRuns, request.batch);
      return { status: planFailed ? 'failed' : 'changes' };
    }
    checkTokenOutput(runs, request);
    if (!request.yes && !(await confirmed(output))) return { status: 'cancelled' };
    const outcomes = await createZones(s, runs);
    outcomes.push(...(await writeZones(s, runs, heldLocks, saved)));
    const signal = s.signal();
    const tokensDelivered = deliverTokenValues(outcomes, request, output);
    report.zoneOutcomes(outcomes, signal);
    const failed = planFailed || !tokensDelivered || outcomes.some((o) => zoneApplyFailed(o, signal !== undefined));
    if (signal !== undefined) {
      report.notStarted(notStartedRuns(runs, state.started));
      report.interrupted(signal, '; the apply lock was released');
      return { status: 'interrupted', signal, abandon: false };
    }
    const accountFailed =
      accountRuns.length > 0 &&
      (await applyAccounts(clients.default(), accountRuns, report, {
        shouldStop: s.stopped,
        onWriting: (run) => {
          state.phase = run === undefined ? 'before' : 'writing';
          state.account = run === undefined ? undefined : accountLabel(run.plan.accountId);
          for (const op of run?.plan.operations ?? []) output.detail(`${state.account}: ${op.method} ${op.path}`);
        },
      }));
    const late = s.signal();
    if (late !== undefined) {
      const detail = ` while changing the zone defaults of the account files${state.started.size > 0 ? '; the zones were applied' : ''}`;
      report.interrupted(late, detail);
      return { status: 'interrupted', signal: late, abandon: false };
    }
    return { status: failed || accountFailed ? 'failed' : 'ok' };
  } catch (error) {
    report.fail(error);
    throw error;
  } finally {
    await early?.lock.release().catch(() => undefined); // released already unless the run stopped before writing
    report.finish();
  }
}

/** Plans every account file (after the zones); a failure stops apply before any write, like a zone's. */
async function planAccountRuns(s: Session, accounts: readonly AccountConfig[]): Promise<AccountRun[]> {
  const runs: AccountRun[] = [];
  for (const config of accounts) runs.push(await planAccountRun(s.clients.default(), config));
  return runs;
}

/**
 * The permission check before writing: a missing permission refuses the run (a warning with
 * --dry-run); a check that cannot be made is a note.
 */
async function checkPermissions(s: Session, runs: readonly ZoneRun[], heldLocks: ReadonlyMap<string, HeldZoneLock>): Promise<void> {
  const { output, request } = s;
  if (!permissionCheckNeeded(runs, heldLocks)) return;
  const permissions = await checkPermissionsByAccount(s.clients, runs, request.repo);
  if (permissions.kind === 'unchecked')
    output.info(`zonectl: note: the token's permissions were not checked before writing: ${permissions.why}`);
  if (permissions.kind !== 'missing') return;
  if (request.dryRun) {
    for (const problem of permissions.problems) output.warn(`zonectl: warning: ${problem}`);
    return;
  }
  for (const problem of permissions.problems.slice(1)) output.error('MISSING_PERMISSION', problem);
  throw new MissingPermissionError(`${permissions.problems[0]}; nothing was changed`);
}

/** Asks for a yes; refused when nobody can be asked. */
async function confirmed(output: ApplyOutput): Promise<boolean> {
  const why = output.cannotConfirm();
  if (why !== undefined)
    throw new ApplyRefusedError('NO_CONFIRMATION', `refusing to apply: ${why}; pass --yes to apply (nothing was changed)`);
  if (await output.confirm('Apply these changes? Only "yes" is accepted: ')) return true;
  output.warn('Apply cancelled; nothing was changed.');
  return false;
}

/**
 * New zones: created first (POST /zones), then planned again against the zone they now are (in
 * `runs`, in place). A zone that cannot be created fails alone (nothing else of it is sent).
 */
async function createZones(s: Session, runs: ZoneRun[]): Promise<ZoneApplyOutcome[]> {
  const { state, output } = s;
  const notCreated: ZoneApplyOutcome[] = [];
  for (const [i, run] of runs.entries()) {
    if (s.stopped()) break;
    state.phase = 'writing';
    state.creating = run.config.zone;
    try {
      runs[i] = await createZoneIfNew(s.clients.for(run.config), run, (c) => output.report.zoneCreated(c));
    } catch (error) {
      if (!(error instanceof ZonectlError)) throw error;
      notCreated.push(
        refused(run, new ZoneCreateError(`${run.config.zone}: the zone could not be created (POST /zones): ${error.message}`, error)),
      );
    } finally {
      state.phase = 'before';
      state.creating = undefined;
    }
  }
  // In place: `runs` is the run's list (state.runs), which the signal handler reads too.
  const failed = new Set(notCreated.map((o) => o.run));
  runs.splice(0, runs.length, ...runs.filter((r) => !failed.has(r)));
  return notCreated;
}

/** Each account's zones with its own client, one zone after the other, each under its lock. */
async function writeZones(
  s: Session,
  runs: readonly ZoneRun[],
  heldLocks: ReadonlyMap<string, HeldZoneLock>,
  saved: Parameters<typeof recheckSaved>[1] | undefined,
): Promise<ZoneApplyOutcome[]> {
  const { state, output, request } = s;
  const { report } = output;
  const progress = s.startProgress();
  try {
    return await eachAccount(s.clients, runs, request.repo, (client, group) =>
      applyZoneRuns(client, group, {
        batch: request.batch,
        concurrency: request.concurrency,
        shouldStop: () => s.stopped() || state.lock?.lost === true,
        heldLocks,
        lock: {
          waitMs: request.lockWaitMs,
          onWait: (m) => {
            progress.stop();
            output.info(m);
          },
          onLost: (m) => {
            progress.stop();
            output.warn(`${m}; sending no more calls`);
          },
          onHeld: (lock) => {
            state.lock = lock;
            if (lock !== undefined) return;
            report.zoneEnded(state.run?.config.zone);
            state.phase = 'before'; // the zone is done: nothing in flight
          },
        },
        underLock: (run) => (saved !== undefined ? recheckSaved(client, saved, run) : replanUnderLock(client, run, request, report)),
        onZoneStart: (run) => {
          state.phase = 'writing';
          state.run = run;
          state.applied = new Set();
          state.started.add(run.config.zone);
          report.zoneStarted(run.config.zone);
          progress.zoneStart(run.config.zone, run.plan.operations.length);
        },
        onProgress: (zone, e) => {
          for (const i of e.opIndices) state.applied.add(i);
          progress.update(zone, e);
        },
      }),
    );
  } finally {
    progress.stop();
  }
}
