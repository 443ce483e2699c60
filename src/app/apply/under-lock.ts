/**
 * What apply checks under a zone's lock before writing: another apply may have written while
 * this one waited. A saved plan must still be fresh; a plan from files is made again.
 */
import equal from 'fast-deep-equal';
import type { CloudflareClient } from '../../api/index.js';
import { InternalError } from '../../core/errors.js';
import type { SavedZone } from '../../core/plan/plan-file.js';
import { UnsafePlanError } from '../../core/plan/safety.js';
import { planZoneRun, type ZoneRun } from '../plan/plan-zone-run.js';
import { checkSavedZone } from '../plan/saved-plan.js';
import { ApplyRefusedError } from './apply-refused-error.js';
import type { ApplyReportSink } from './output.js';
import { checkTokenOutput, type TokenValueFlags } from './token-values.js';

/** Under the lock, a saved plan must still be fresh. */
export async function recheckSaved(
  client: CloudflareClient,
  saved: ReadonlyArray<{ run: ZoneRun; saved: SavedZone }>,
  run: ZoneRun,
): Promise<ZoneRun> {
  const zone = saved.find((z) => z.run === run);
  if (zone === undefined) throw new InternalError(`no saved plan for ${run.config.zone}`);
  return checkSavedZone(client, zone.saved, run.planOptions);
}

export interface ReplanFlags extends TokenValueFlags {
  /** Nobody confirmed the plan shown (`--yes`): a changed plan may go on. */
  readonly yes: boolean;
  readonly force: boolean;
}

/**
 * Under the lock, plan the file again. The same plan goes on; a changed one is shown and
 * applied with --yes (refused when it breaks the thresholds without --force), and refused after
 * an interactive confirmation of the old one.
 */
export async function replanUnderLock(
  client: CloudflareClient,
  shown: ZoneRun,
  flags: ReplanFlags,
  report: Pick<ApplyReportSink, 'replanned'>,
): Promise<ZoneRun> {
  const fresh = await planZoneRun(client, shown.config, shown.planOptions);
  if (equal(fresh.plan.operations, shown.plan.operations)) return fresh;
  report.replanned(shown.config.zone, fresh.plan);
  if (fresh.plan.operations.length === 0) return fresh;
  if (!flags.yes) {
    throw new ApplyRefusedError(
      'STALE_PLAN',
      `${shown.config.zone}: the plan you confirmed is no longer what apply would do; run apply again to review the new plan; nothing was changed`,
    );
  }
  if (fresh.plan.safety.length > 0 && !flags.force) throw new UnsafePlanError(shown.config.zone, fresh.plan.safety);
  checkTokenOutput([fresh], flags);
  return fresh;
}
