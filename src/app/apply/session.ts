/**
 * One apply run, from the files (or a saved plan) to the last verified write: plan (under the
 * lock when nobody confirms), the safety thresholds, the permission check, --dry-run, the
 * confirmation, new zones, each zone's writes under its lock, the account files' PATCHes, and
 * the one owner of SIGINT and SIGTERM for all of it. It decides; what the user sees goes as
 * events (./events.ts) through the `ApplyOutput` passed in, which the session also folds into
 * what it knows of the run (./run-state.ts). It never ends the process: a run that gives up
 * waiting for calls in flight resolves with `abandon`, and the caller exits.
 */
import { waitForServed } from './wait-dns-after.js';
import { ZonectlError } from '../../core/errors.js';
import { UnsafePlanError } from '../../core/plan/safety.js';
import type { AccountConfig } from '../../core/zonefile/index.js';
import { checkPermissionsByAccount, eachAccount, planAccountGroups } from '../engine/index.js';
import { runClients } from '../engine/index.js';
import { planAccountRun, type AccountRun } from '../engine/index.js';
import { MissingPermissionError } from '../engine/index.js';
import { runPlanOptions, type ZoneRun } from '../engine/index.js';
import { hasChanges, plannedRuns, type ZoneOutcome } from '../engine/index.js';
import { loadSaved } from '../engine/index.js';
import { errorEvent, note, runToEnd, warning } from '../session/index.js';
import { applyAccounts } from './account-writes.js';
import { ApplyRefusedError } from './apply-refused-error.js';
import { createZoneIfNew, ZoneCreateError } from './create-zones.js';
import { type ApplyRequest, type ApplyResult, type ApplySignals, type Loaded, loadApplied } from './apply-request.js';
import type { ApplyEvent, ApplyOutput } from './events.js';
import { INTERRUPT_GRACE_MS, watchInterrupts, type StopSignal } from '../session/index.js';
import type { ZoneLockScope } from './lock-scope.js';
import { canLockFirst, lockThenPlan, permissionCheckNeeded } from './lock-first.js';
import type { Recheck } from './replan-under-lock.js';
import { fold, newRunState, type RunState, stoppedAt } from './run-state.js';
import { checkTokenOutput, deliverTokenValues } from './token-values.js';
import { forceUnlock } from './zone-lock.js';
import { notStartedRuns, refused, zoneApplyFailed, type ZoneApplyOutcome } from './zone-outcome.js';
import { applyZoneRuns } from './zone-writes.js';

/**
 * Runs one apply. Errors that refuse the whole run (invalid files, a safety threshold, a missing
 * permission, no confirmation, a stale saved plan) are thrown; the output hears the run's start
 * and end from the one runner (`runToEnd`: `started`, then `failed` when it threw, then
 * `finished`). The flags were checked before (the definition's `validate`, src/cli/commands/apply.ts).
 */
export function runApply(request: ApplyRequest, output: ApplyOutput, signals: ApplySignals = {}): Promise<ApplyResult> {
  return runToEnd(output, async () => {
    const checked = request;
    const loaded = await loadApplied(checked, (e) => output.emit(e));
    // One client per credential (the accounts of zonectl.yaml); the environment's otherwise.
    const clients = runClients(checked.connection, loaded.shard, loaded.repo);
    return watchedSession(checked, { ...loaded, clients }, output, signals);
  });
}

/** The session under the one watch of SIGINT and SIGTERM. */
async function watchedSession(request: ApplyRequest, loaded: Loaded, output: ApplyOutput, signals: ApplySignals): Promise<ApplyResult> {
  const state = newRunState();
  const stop = new AbortController();
  let over = false;
  // Once the run gave up, the abandoned writes may still answer: that is no longer the user's business.
  const emit = (event: ApplyEvent): void => {
    fold(state, event);
    if (!over) output.emit(event);
  };
  let abandon: (result: ApplyResult) => void = () => undefined;
  const abandoned = new Promise<ApplyResult>((resolve) => {
    abandon = resolve;
  });
  const graceMs = signals.graceMs ?? INTERRUPT_GRACE_MS;
  const giveUp = (signal: StopSignal): void => {
    if (over) return;
    emit({ kind: 'stopped', signal, at: stoppedAt(state), notStarted: notStartedRuns(state.runs, state.started) });
    emit({ kind: 'interrupted', signal });
    over = true;
    abandon({ status: 'interrupted', signal, abandon: true });
  };
  const interrupt = watchInterrupts(
    {
      onStop: (signal) => {
        stop.abort();
        if (state.phase !== 'writing') {
          // Nothing sent yet: release a lock we may hold and stop now.
          const held = state.lock;
          void (held ? held.release().catch(() => undefined) : Promise.resolve()).then(() => giveUp(signal));
          return;
        }
        emit(
          warning(
            `zonectl: ${signal}: sending no more calls; waiting up to ${graceMs / 1000} s for the calls in flight (again to stop at once)`,
          ),
        );
      },
      onGiveUp: giveUp,
      graceMs,
    },
    signals.source,
  );
  const session: Session = { request, loaded, output, emit, state, stop: stop.signal, signal: () => interrupt.signal };
  // The clients are closed when the session ends, also after the run gave up waiting for it (the
  // caller exits, or its abandoned writes finish and release their lock).
  const running = (async () => {
    try {
      return await applySession(session);
    } finally {
      await loaded.clients.close();
    }
  })();
  try {
    return await Promise.race([running, abandoned]);
  } finally {
    interrupt.dispose();
  }
}

interface Session {
  readonly request: ApplyRequest;
  readonly loaded: Loaded;
  readonly output: ApplyOutput;
  /** Folds the event into the state and passes it to the output (until the run gave up). */
  readonly emit: (event: ApplyEvent) => void;
  readonly state: RunState;
  /** Aborted by the first signal: send nothing more. */
  readonly stop: AbortSignal;
  readonly signal: () => StopSignal | undefined;
}

/** The zones planned and written (or a run that ended before writing). */
type Written =
  | { readonly kind: 'ended'; readonly result: ApplyResult }
  | {
      readonly kind: 'written';
      readonly runs: readonly ZoneRun[];
      readonly outcomes: ZoneApplyOutcome[];
      readonly accountRuns: readonly AccountRun[];
      readonly planFailed: boolean;
    };

async function applySession(s: Session): Promise<ApplyResult> {
  const { request, loaded } = s;
  const savedPlan = loaded.savedPlan !== undefined ? await loadSaved(loaded.clients, loaded.savedPlan) : undefined;
  const saved = savedPlan?.zones;
  let written: Written | undefined;
  // With --yes and one zone file nobody confirms a plan: take the lock first, plan once under it.
  if (request.yes && !request.dryRun && !request.forceUnlock && saved === undefined && canLockFirst(loaded.configs)) {
    const first = loaded.configs[0]!;
    const early = await lockThenPlan(loaded.clients.for(first), first, runPlanOptions(loaded.configs)[0]!, s.emit, (run, lock) =>
      planAndWrite(s, [{ kind: 'planned', config: run.config, run }], undefined, lock),
    );
    if (early.taken) written = early.value;
  }
  // Each zone planned on its own: one that cannot be planned is reported, the others applied.
  written ??= await planAndWrite(
    s,
    saved !== undefined
      ? saved.map((z) => ({ kind: 'planned', config: z.run.config, run: z.run }))
      : await planAccountGroups(loaded.clients, loaded.configs, loaded.repo),
    savedPlan,
    undefined,
  );
  if (written.kind === 'ended') return written.result;
  return await finishRun(s, written);
}

/**
 * From the plans to the zones written: the plans shown, --force-unlock, the thresholds, the
 * permission check, --dry-run, somewhere for new secrets, the confirmation, new zones, each
 * zone's writes under its lock (`held`: the lock taken before planning, for its zone).
 */
async function planAndWrite(
  s: Session,
  planned: ZoneOutcome[],
  savedPlan: Awaited<ReturnType<typeof loadSaved>> | undefined,
  held: ZoneLockScope | undefined,
): Promise<Written> {
  const { request, loaded, emit } = s;
  emit({ kind: 'planned', outcomes: planned });
  const runs = plannedRuns(planned);
  const planFailed = runs.length < planned.length;
  const accountRuns = savedPlan !== undefined ? savedPlan.accounts : await planAccountRuns(s, loaded.accounts);
  emit({ kind: 'account-plans', runs: accountRuns });
  if (request.forceUnlock && !request.dryRun) {
    for (const run of runs) {
      const removed = await forceUnlock(loaded.clients.for(run.config), run.config.zone, run.zoneId);
      emit(
        warning(
          removed === undefined
            ? `${run.config.zone}: no apply lock to remove`
            : `${run.config.zone}: removed the apply lock of ${removed}`,
        ),
      );
    }
  }
  if (!hasChanges(runs) && !accountRuns.some((r) => r.plan.operations.length > 0))
    return { kind: 'ended', result: { status: planFailed ? 'failed' : 'ok' } };
  const unsafe = runs.filter((r) => r.plan.safety.length > 0);
  if (unsafe.length > 0 && !request.force && !request.dryRun) throw new UnsafePlanError(unsafe[0]!.config.zone, unsafe[0]!.plan.safety);
  await checkPermissions(s, runs, held?.zone);
  if (request.dryRun) {
    emit({ kind: 'dry-run', runs, accounts: accountRuns, batch: request.batch });
    return { kind: 'ended', result: { status: planFailed ? 'failed' : 'changes' } };
  }
  checkTokenOutput(runs, request);
  // With --yes nobody is asked (the prompt would answer yes); it also decided above that no plan is shown to confirm.
  if (!request.yes && !(await confirmed(s))) return { kind: 'ended', result: { status: 'cancelled' } };
  const created = await createZones(s, runs);
  const recheck: Recheck = savedPlan !== undefined ? { kind: 'saved', zones: savedPlan.zones } : { kind: 'files', flags: request };
  const outcomes = [...created.notCreated, ...(await writeZones(s, created.runs, recheck, held))];
  return { kind: 'written', runs: created.runs, outcomes, accountRuns, planFailed };
}

/** After the zones: new secrets delivered, each zone's outcome, then the account files' PATCHes. */
async function finishRun(s: Session, w: Extract<Written, { kind: 'written' }>): Promise<ApplyResult> {
  const { request, loaded, emit, state } = s;
  const signal = s.signal();
  const tokensDelivered = deliverTokenValues(w.outcomes, request, emit);
  emit({ kind: 'zone-outcomes', outcomes: w.outcomes, signal });
  const failed = w.planFailed || !tokensDelivered || w.outcomes.some((o) => zoneApplyFailed(o, signal !== undefined));
  if (signal !== undefined) {
    emit({ kind: 'not-started', runs: notStartedRuns(w.runs, state.started) });
    emit({ kind: 'interrupted', signal, detail: '; the apply lock was released' });
    return { status: 'interrupted', signal, abandon: false };
  }
  const accountFailed = w.accountRuns.length > 0 && (await applyAccounts(loaded.clients.default(), w.accountRuns, emit, s.stop));
  const late = s.signal();
  if (late !== undefined) {
    const detail = ` while changing the zone defaults of the account files${state.started.size > 0 ? '; the zones were applied' : ''}`;
    emit({ kind: 'interrupted', signal: late, detail });
    return { status: 'interrupted', signal: late, abandon: false };
  }
  if (failed || accountFailed) return { status: 'failed' };
  if (request.waitDns !== undefined) await waitForServed(loaded.clients, w.outcomes, request.waitDns, emit, s.stop);
  const waitStopped = s.signal();
  if (waitStopped !== undefined) {
    emit({ kind: 'interrupted', signal: waitStopped, detail: ' while waiting for the nameservers; every zone was applied' });
    return { status: 'interrupted', signal: waitStopped, abandon: false };
  }
  return { status: 'ok' };
}

/** Plans every account file (after the zones); a failure stops apply before any write, like a zone's. */
async function planAccountRuns(s: Session, accounts: readonly AccountConfig[]): Promise<AccountRun[]> {
  const runs: AccountRun[] = [];
  for (const config of accounts) runs.push(await planAccountRun(s.loaded.clients.default(), config));
  return runs;
}

/**
 * The permission check before writing: a missing permission refuses the run (a warning with
 * --dry-run); a check that cannot be made is a note.
 */
async function checkPermissions(s: Session, runs: readonly ZoneRun[], lockedZone: string | undefined): Promise<void> {
  const { emit, request, loaded } = s;
  if (!permissionCheckNeeded(runs, lockedZone)) return;
  const permissions = await checkPermissionsByAccount(loaded.clients, runs, loaded.repo);
  if (permissions.kind === 'unchecked')
    emit(note(`zonectl: note: the token's permissions were not checked before writing: ${permissions.why}`));
  if (permissions.kind !== 'missing') return;
  if (request.dryRun) {
    for (const problem of permissions.problems) emit(warning(`zonectl: warning: ${problem}`));
    return;
  }
  for (const problem of permissions.problems.slice(1)) emit(errorEvent('MISSING_PERMISSION', problem));
  throw new MissingPermissionError(`${permissions.problems[0]}; nothing was changed`);
}

/** Asks for a yes through the prompt the session was handed; refused when nobody can be asked. */
async function confirmed(s: Session): Promise<boolean> {
  const answer = await s.output.prompt.confirm('Apply these changes? Only "yes" is accepted: ');
  if (answer.kind === 'cannot-ask')
    throw new ApplyRefusedError('NO_CONFIRMATION', `refusing to apply: ${answer.why}; pass --yes to apply (nothing was changed)`);
  if (answer.kind === 'yes') return true;
  s.emit(warning('Apply cancelled; nothing was changed.'));
  return false;
}

/**
 * New zones: created first (POST /zones), then planned again against the zone they now are. A
 * zone that cannot be created fails alone (nothing else of it is sent): the runs to write are
 * the others. The run state follows through each zone's `zone-creation-ended` (./run-state.ts).
 */
async function createZones(s: Session, planned: readonly ZoneRun[]): Promise<{ runs: ZoneRun[]; notCreated: ZoneApplyOutcome[] }> {
  const { emit } = s;
  const notCreated: ZoneApplyOutcome[] = [];
  const runs = [...planned];
  for (const [i, run] of planned.entries()) {
    if (s.stop.aborted) break;
    emit({ kind: 'zone-creating', zone: run.config.zone });
    let now: ZoneRun | undefined;
    try {
      now = await createZoneIfNew(s.loaded.clients.for(run.config), run, (created) => emit({ kind: 'zone-created', created }));
      runs[i] = now;
    } catch (error) {
      if (!(error instanceof ZonectlError)) throw error;
      notCreated.push(
        refused(run, new ZoneCreateError(`${run.config.zone}: the zone could not be created (POST /zones): ${error.message}`, error)),
      );
    } finally {
      emit({ kind: 'zone-creation-ended', zone: run.config.zone, was: run, now });
    }
  }
  const failed = new Set(notCreated.map((o) => o.run));
  return { runs: runs.filter((r) => !failed.has(r)), notCreated };
}

/** Each account's zones with its own client, one zone after the other, each under its lock. */
async function writeZones(
  s: Session,
  runs: readonly ZoneRun[],
  recheck: Recheck,
  held: ZoneLockScope | undefined,
): Promise<ZoneApplyOutcome[]> {
  const { request, loaded, emit } = s;
  emit({ kind: 'writes-started' });
  try {
    return await eachAccount(loaded.clients, runs, loaded.repo, (client, group) =>
      applyZoneRuns(client, group, {
        batch: request.batch,
        concurrency: request.concurrency,
        lock: { waitMs: request.lockWaitMs },
        emit,
        stop: s.stop,
        recheck,
        ...(held !== undefined ? { held } : {}),
      }),
    );
  } finally {
    emit({ kind: 'writes-ended' });
  }
}
