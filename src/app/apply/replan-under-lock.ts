/**
 * What apply checks under a zone's lock before writing: another apply may have written while
 * this one waited. One path for both kinds of run: the zone is planned again, and the new plan is
 * held against what was agreed. A saved plan must still be fresh (./../plan/saved-plan.ts
 * `checkSavedZone`; a zone it created: ../plan/saved-plan-new-zone.ts); a plan from files may change: the change is shown, and applied with --yes.
 */
import equal from 'fast-deep-equal';
import type { CloudflareClient } from '../../api/index.js';
import { InternalError } from '../../core/errors.js';
import type { SavedZone } from '../../core/plan/plan-file.js';
import { UnsafePlanError } from '../../core/plan/safety.js';
import { planZoneRun, type ZoneRun } from '../engine/index.js';
import { checkSavedZone } from '../engine/index.js';
import { checkCreatedZone } from '../engine/index.js';
import { ApplyRefusedError } from './apply-refused-error.js';
import type { ZoneWriteEvent } from './events.js';
import { checkTokenOutput, type TokenValueFlags } from './token-values.js';

export interface ReplanFlags extends TokenValueFlags {
  /** Nobody confirmed the plan shown (`--yes`): a changed plan may go on. */
  readonly yes: boolean;
  readonly force: boolean;
}

/** What a zone's plan is held against under its lock: the saved plan it came from, or the plan shown. */
export type Recheck =
  | { readonly kind: 'saved'; readonly zones: ReadonlyArray<{ readonly run: ZoneRun; readonly saved: SavedZone }> }
  | { readonly kind: 'files'; readonly flags: ReplanFlags };

/**
 * Under the lock, the run to apply. A saved plan: the zone planned again must do exactly what the
 * plan saved (else it is stale and refused). Files: the same plan goes on; a changed one is shown
 * and applied with --yes (refused when it breaks the thresholds without --force), and refused
 * after an interactive confirmation of the old one. Throws to refuse (nothing is written).
 */
export async function recheckUnderLock(
  client: CloudflareClient,
  shown: ZoneRun,
  recheck: Recheck | undefined,
  emit: (event: ZoneWriteEvent) => void,
): Promise<ZoneRun> {
  if (recheck === undefined) return shown;
  if (recheck.kind === 'saved') {
    // A zone apply created is planned again against it (./create-zones.ts): the same configuration, a new run.
    const zone = recheck.zones.find((z) => z.run === shown || z.run.config === shown.config);
    if (zone === undefined) throw new InternalError(`no saved plan for ${shown.config.zone}`);
    if (zone.saved.plan.newZone !== undefined) return checkCreatedZone(client, zone.saved, shown);
    return checkSavedZone(client, zone.saved, shown.planOptions);
  }
  const { flags } = recheck;
  const fresh = await planZoneRun(client, shown.config, shown.planOptions);
  if (equal(fresh.plan.operations, shown.plan.operations)) return fresh;
  emit({ kind: 'replanned', zone: shown.config.zone, plan: fresh.plan });
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
