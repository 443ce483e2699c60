import { type Command, Option } from 'commander';
import equal from 'fast-deep-equal';
import { createInterface } from 'node:readline/promises';
import { ZoneLookupError, type CloudflareClient } from '../../api/index.js';
import { createZoneIfNew, describeCreatedZone, ZoneCreateError } from '../../app/create-zones.js';
import {
  applyZoneRuns,
  canLockFirst,
  lockThenPlan,
  permissionCheckNeeded,
  refused,
  type LockedRun,
  type ZoneApplyOutcome,
} from '../../app/apply-runs.js';
import { plannedRuns, type ZoneOutcome } from '../../app/run-zones.js';
import { checkPermissionsByAccount, eachAccount, planAccountGroups } from '../../app/account-clients.js';
import { planZoneRun, runPlanOptions, type ZoneRun } from '../../app/plan-zones.js';
import { MissingPermissionError } from '../../app/plan-permissions.js';
import { checkSavedZone, loadSaved } from '../../app/saved-plan.js';
import { forceUnlock, type HeldZoneLock } from '../../app/zone-lock.js';
import { InternalError, ZonectlError } from '../../core/errors.js';
import type { SavedZone } from '../../core/plan/plan-file.js';
import { UnsafePlanError } from '../../core/plan/safety.js';
import { renderText } from '../../core/render/render-text.js';
import { limitHeapGrowth } from '../heap-growth.js';
import { ApplyReport } from '../apply-output.js';
import { progressFor } from '../apply-progress.js';
import { describeInterrupted, describeNotStarted } from '../apply-report.js';
import { errorLine } from '../errors.js';
import { INTERRUPT_GRACE_MS, signalExitCode, watchInterrupts, type StopSignal } from '../interrupt.js';
import { EXIT, info, log, out, styleFor } from '../io.js';
import { configOption, rateLimitOption, runClients, shardOption } from '../zone-runs.js';
import { examplesText } from '../help-examples.js';
import { accountRunsChange, applyAccountsAndReport, planAccountsForApply, printAccountDryRun, showAccountPlans } from '../account-apply.js';
import { hasChanges } from '../../app/run-zones.js';
import { baseUrlOption } from '../options.js';
import { ApplyRefusedError, beforeApplying, checkTokenOutput, type ApplyFlags } from '../apply-flags.js';

async function confirm(question: string): Promise<boolean> {
  const rl = createInterface({ input: process.stdin, output: process.stderr });
  try {
    const answer = await rl.question(question);
    return answer.trim() === 'yes';
  } finally {
    rl.close();
  }
}

export { describeApplyFailure } from '../apply-report.js';

/** What the run is doing, for a signal handler that must say what was applied. */
interface RunState {
  phase: 'before' | 'writing';
  run?: ZoneRun;
  /** The account file whose one PATCH is on its way (after the zones). */
  account?: string;
  applied: Set<number>;
  lock?: HeldZoneLock;
  readonly started: Set<string>;
}

export function registerApply(program: Command): void {
  program
    .command('apply')
    .description('Apply the changes a plan shows, in dependency order, then verify that the zone converged')
    .argument('[paths...]', 'zone files, or directories of zone files (or use --plan)')
    .option('--plan <plan.json>', 'apply a plan saved by `zonectl plan --out` (refused when live state changed since)')
    .option('--expect-digest <sha256>', 'with --plan: refuse any plan file whose digest is not this one (the digest `plan --out` printed)')
    .option('-y, --yes', 'apply without asking')
    .option('--dry-run', 'print the exact HTTP calls apply would make, send none; exits like plan --detailed-exitcode')
    .option('--force', 'apply even when deletes or updates exceed the safety thresholds')
    .addOption(new Option('--concurrency <n>', 'parallel calls when not batching').default('4'))
    .option('--no-batch', 'single calls instead of the batch endpoint')
    .option('--token-output <file>', "write new tokens' secret values to this file (mode 0600, JSON {name: value})")
    .option('--show-token-values', "print new tokens' secret values on stdout (shown once, never again)")
    .addOption(
      new Option('--lock-timeout <duration>', 'wait this long for the apply lock another run holds (e.g. 30s, 10m)').default('10m'),
    )
    .option('--force-unlock', "remove the zone's apply lock whoever holds it (a run that died on another host), then apply")
    .addOption(
      new Option('--format <format>', 'output format: text, or one JSON document on stdout (no plan, no secrets)')
        .choices(['text', 'json'])
        .default('text'),
    )
    .addOption(rateLimitOption())
    .addOption(shardOption())
    .addOption(configOption())
    .addOption(baseUrlOption())
    .addHelpText(
      'after',
      examplesText([
        'zonectl apply zones/example.com.yaml --yes',
        'zonectl apply zones/ --yes --format json > apply.json',
        'zonectl apply --plan plan.json --yes --token-output tokens.json',
        'zonectl apply zones/ --dry-run --no-batch',
      ]),
    )
    .action(async (files: string[], opts: ApplyFlags) => {
      limitHeapGrowth();
      const report = new ApplyReport(opts.format);
      const { concurrency, lockWaitMs, configs, accounts, shard, repo } = await beforeApplying(files, opts).catch((error: unknown) => {
        // JSON: a run refused before any call still prints its one document.
        report.fail(error);
        report.finish();
        throw error;
      });
      // One client per credential (the accounts of zonectl.yaml); the environment's otherwise.
      const clients = runClients(opts, shard, repo);
      const client = (): CloudflareClient => clients.default();
      // With --yes and one zone file nobody confirms a plan: take the lock first, plan once under it.
      let early: LockedRun | undefined;
      try {
        const savedPlan = opts.plan !== undefined ? await loadSaved(client(), opts.plan, opts.expectDigest) : undefined;
        const saved = savedPlan?.zones;
        if (opts.yes && !opts.dryRun && !opts.forceUnlock && saved === undefined && canLockFirst(configs)) {
          early = await lockThenPlan(clients.for(configs[0]!), configs[0]!, runPlanOptions(configs)[0]!, {
            onWait: (m) => info(m),
            onLost: (m) => log(`${m}; sending no more calls`),
            onInterrupt: (signal) => {
              log(`zonectl: interrupted by ${signal} before any write; nothing was changed.`);
              report.interrupted(signal);
              report.finish();
              process.exit(signalExitCode(signal));
            },
          }).catch((error: unknown) => {
            // A zone that does not exist yet has no lock to take: it is planned (and created) below.
            if (error instanceof ZoneLookupError && error.notFound && configs[0]!.accountId !== undefined) return undefined;
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
              : await planAccountGroups(clients, configs, repo);
        report.planned(planned);
        const runs = plannedRuns(planned);
        const planFailed = runs.length < planned.length;
        const accountRuns =
          savedPlan !== undefined
            ? showAccountPlans(savedPlan.accounts, !report.json)
            : accounts.length > 0
              ? await planAccountsForApply(client(), accounts, !report.json)
              : [];
        if (opts.forceUnlock && !opts.dryRun) {
          for (const run of runs) {
            const removed = await forceUnlock(clients.for(run.config), run.config.zone, run.zoneId);
            log(
              removed === undefined
                ? `${run.config.zone}: no apply lock to remove`
                : `${run.config.zone}: removed the apply lock of ${removed}`,
            );
          }
        }
        if (!hasChanges(runs) && !accountRunsChange(accountRuns)) {
          process.exitCode = planFailed ? EXIT.error : EXIT.ok;
          return;
        }
        const unsafe = runs.filter((r) => r.plan.safety.length > 0);
        if (unsafe.length > 0 && !opts.force && !opts.dryRun) throw new UnsafePlanError(unsafe[0].config.zone, unsafe[0].plan.safety);
        const permissions = permissionCheckNeeded(runs, heldLocks)
          ? await checkPermissionsByAccount(clients, runs, repo)
          : ({ kind: 'ok' } as const);
        if (permissions.kind === 'unchecked')
          info(`zonectl: note: the token's permissions were not checked before writing: ${permissions.why}`);
        if (permissions.kind === 'missing' && opts.dryRun) for (const problem of permissions.problems) log(`zonectl: warning: ${problem}`);
        if (permissions.kind === 'missing' && !opts.dryRun) {
          for (const problem of permissions.problems.slice(1)) log(errorLine('MISSING_PERMISSION', problem));
          throw new MissingPermissionError(`${permissions.problems[0]}; nothing was changed`);
        }
        if (opts.dryRun) {
          report.printDryRun(runs, opts.batch);
          printAccountDryRun(accountRuns, report);
          process.exitCode = planFailed ? EXIT.error : EXIT.changes;
          return;
        }
        checkTokenOutput(runs, opts);
        if (!opts.yes) {
          if (!process.stdin.isTTY || report.json) {
            const why = report.json ? '--format json shows no plan to confirm' : 'no terminal to ask for confirmation';
            throw new ApplyRefusedError('NO_CONFIRMATION', `refusing to apply: ${why}; pass --yes to apply (nothing was changed)`);
          }
          if (!(await confirm('Apply these changes? Only "yes" is accepted: '))) {
            log('Apply cancelled; nothing was changed.');
            process.exitCode = EXIT.error;
            return;
          }
        }
        // New zones: created first (POST /zones), then planned again against the zone they now are.
        // A zone that cannot be created fails alone (nothing else of it is sent).
        const notCreated: ZoneApplyOutcome[] = [];
        for (const run of runs.splice(0)) {
          try {
            runs.push(await createZoneIfNew(clients.for(run.config), run, (c) => (report.json ? log : out)(describeCreatedZone(c))));
          } catch (error) {
            if (!(error instanceof ZonectlError)) throw error;
            notCreated.push(
              refused(run, new ZoneCreateError(`${run.config.zone}: the zone could not be created (POST /zones): ${error.message}`, error)),
            );
          }
        }
        const state: RunState = { phase: 'before', applied: new Set(), started: new Set() };
        const progress = progressFor(report.json);
        const giveUp = (signal: StopSignal): void => {
          progress.stop();
          if (state.phase === 'writing' && state.account !== undefined) {
            log(
              `zonectl: interrupted by ${signal} while changing the ${state.account}: its one PATCH was sent and may or may not have been applied; run plan to see.`,
            );
          } else if (state.phase === 'writing' && state.run) {
            report.gaveUp(state.run, state.applied);
            for (const line of describeInterrupted({ run: state.run, applied: state.applied, gaveUp: true }, signal)) log(line);
            log(
              `  The apply lock of ${state.run.config.zone} was left behind: the next apply on this host takes it over at once, elsewhere after its lease.`,
            );
          } else if (state.started.size === 0) {
            log(`zonectl: interrupted by ${signal} before any write; nothing was changed.`);
          } else {
            log(`zonectl: interrupted by ${signal} between zones: ${[...state.started].join(', ')} applied; nothing more was sent.`);
          }
          for (const line of describeNotStarted(runs, state.started)) log(line);
          report.interrupted(signal);
          report.finish();
          process.exit(signalExitCode(signal));
        };
        const interrupt = watchInterrupts({
          onStop: (signal) => {
            progress.stop();
            if (state.phase !== 'writing') {
              // Nothing sent yet: release a lock we may hold and stop now.
              const held = state.lock;
              void (held ? held.release().catch(() => undefined) : Promise.resolve()).then(() => giveUp(signal));
              return;
            }
            log(
              `zonectl: ${signal}: sending no more calls; waiting up to ${INTERRUPT_GRACE_MS / 1000} s for the calls in flight (again to stop at once)`,
            );
          },
          onGiveUp: giveUp,
        });
        let outcomes: ZoneApplyOutcome[];
        try {
          // Each account's zones with its own client (one after the other, like the zones).
          outcomes = notCreated;
          outcomes.push(
            ...(await eachAccount(clients, runs, repo, (groupClient, group) =>
              applyZoneRuns(groupClient, group, {
                batch: opts.batch,
                concurrency,
                shouldStop: () => interrupt.signal !== undefined || state.lock?.lost === true,
                heldLocks,
                lock: {
                  waitMs: lockWaitMs,
                  onWait: (m) => {
                    progress.stop();
                    info(m);
                  },
                  onLost: (m) => {
                    progress.stop();
                    log(`${m}; sending no more calls`);
                  },
                  onHeld: (lock) => {
                    state.lock = lock;
                    if (lock === undefined) report.zoneEnded(state.run?.config.zone);
                    if (lock === undefined) state.phase = 'before'; // the zone is done: nothing in flight
                  },
                },
                underLock: (run) => (saved !== undefined ? recheckSaved(groupClient, saved, run) : replanUnderLock(groupClient, run, opts)),
                onZoneStart: (run) => {
                  state.phase = 'writing';
                  state.run = run;
                  state.applied = new Set();
                  state.started.add(run.config.zone);
                  report.zoneStarted();
                  progress.zoneStart(run.config.zone, run.plan.operations.length);
                },
                onProgress: (zone, e) => {
                  for (const i of e.opIndices) state.applied.add(i);
                  progress.update(zone, e);
                },
              }),
            )),
          );
        } finally {
          progress.stop();
        }
        // The signal handlers stay until the account files' PATCHes are answered too.
        try {
          const signal = interrupt.signal;
          const failed = report.outcomes(outcomes, opts, signal) || planFailed;
          if (signal !== undefined) {
            for (const line of describeNotStarted(runs, state.started)) log(line);
            report.interrupted(signal, '; the apply lock was released');
            process.exitCode = signalExitCode(signal);
            return;
          }
          const accountFailed =
            accountRuns.length === 0
              ? false
              : await applyAccountsAndReport(client(), accountRuns, report, {
                  shouldStop: () => interrupt.signal !== undefined,
                  onWriting: (label) => {
                    state.phase = label === undefined ? 'before' : 'writing';
                    state.account = label;
                  },
                });
          const late = interrupt.signal;
          if (late !== undefined) {
            report.interrupted(
              late,
              ` while changing the zone defaults of the account files${state.started.size > 0 ? '; the zones were applied' : ''}`,
            );
            process.exitCode = signalExitCode(late);
            return;
          }
          process.exitCode = failed || accountFailed ? EXIT.error : EXIT.ok;
        } finally {
          interrupt.dispose();
        }
      } catch (error) {
        report.fail(error);
        throw error;
      } finally {
        await early?.lock.release().catch(() => undefined); // released already unless the run stopped before writing
        report.finish();
        await clients.close();
      }
    });
}

/** Under the lock, a saved plan must still be fresh: another apply may have written while we waited. */
async function recheckSaved(
  client: CloudflareClient,
  saved: ReadonlyArray<{ run: ZoneRun; saved: SavedZone }>,
  run: ZoneRun,
): Promise<ZoneRun> {
  const zone = saved.find((z) => z.run === run);
  if (zone === undefined) throw new InternalError(`no saved plan for ${run.config.zone}`);
  return checkSavedZone(client, zone.saved, run.planOptions);
}

/**
 * Under the lock, plan the file again: another apply may have written while we waited. The
 * same plan goes on; a changed one is shown and applied with --yes (refused when it breaks the
 * thresholds without --force), and refused after an interactive confirmation of the old one.
 */
async function replanUnderLock(client: CloudflareClient, shown: ZoneRun, opts: ApplyFlags): Promise<ZoneRun> {
  const fresh = await planZoneRun(client, shown.config, shown.planOptions);
  if (equal(fresh.plan.operations, shown.plan.operations)) return fresh;
  log(`${shown.config.zone}: the zone changed while waiting for the apply lock; planned again:`);
  log(renderText([fresh.plan], styleFor(process.stderr)));
  if (fresh.plan.operations.length === 0) return fresh;
  if (!opts.yes) {
    throw new ApplyRefusedError(
      'STALE_PLAN',
      `${shown.config.zone}: the plan you confirmed is no longer what apply would do; run apply again to review the new plan; nothing was changed`,
    );
  }
  if (fresh.plan.safety.length > 0 && !opts.force) throw new UnsafePlanError(shown.config.zone, fresh.plan.safety);
  checkTokenOutput([fresh], opts);
  return fresh;
}
