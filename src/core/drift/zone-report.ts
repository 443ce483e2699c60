import type { AccountPlan } from '../account/plan-account.js';
import type { ErrorCode } from '../errors.js';
import type { ZonePlan } from '../plan/build-plan.js';
import { isMarkOnly } from '../plan/operation.js';

/**
 * One entry of a many-zone run as the renderers see it: a zone's plan, an account file's plan
 * (`zone` is then its label, `account 0123abcd…: zone defaults`), or why it has none.
 */
export type ZoneReport = (
  | {
      readonly kind: 'planned';
      readonly zone: string;
      readonly file: string;
      readonly plan: ZonePlan;
      /** Warnings the zone file (and its fragments) drew when read, told before the plan. */
      readonly fileWarnings?: number;
      /** The A/AAAA contents the zone file lists: the zone's known ranges (drift-impact.ts). */
      readonly addresses?: readonly string[];
    }
  | { readonly kind: 'account'; readonly zone: string; readonly file: string; readonly plan: AccountPlan }
  | {
      readonly kind: 'failed';
      readonly zone: string;
      readonly file: string;
      readonly code: ErrorCode;
      readonly message: string;
      /** An account file's entry (not a zone's). */
      readonly account?: true;
    }
) & {
  /** The zone's account in the repository configuration (`account: NAME`), for grouping. */
  readonly group?: string;
};

/** What the report is: a plan (before apply) or a drift check (nightly). */
export type ReportKind = 'plan' | 'drift';

export interface ZoneCounts {
  readonly create: number;
  readonly update: number;
  readonly delete: number;
  readonly unmanaged: number;
  readonly warnings: number;
}

/** `fileWarnings`: the zone file's own, told before the plan, so that the `warnings` column counts every warning printed. */
export function zoneCounts(plan: ZonePlan, fileWarnings = 0): ZoneCounts {
  const s = plan.summary;
  return {
    create: s.create,
    update: s.update,
    delete: s.delete,
    unmanaged: s.unmanaged,
    warnings: plan.warnings.length + plan.safety.length + fileWarnings,
  };
}

/** An account file changes only the account's defaults: one update at most. */
export function accountCounts(plan: AccountPlan): ZoneCounts {
  return { create: 0, update: plan.operations.length, delete: 0, unmanaged: 0, warnings: 0 };
}

export function hasChangesReport(r: ZoneReport): boolean {
  return r.kind !== 'failed' && r.plan.operations.length > 0;
}

/**
 * Drift: a zone whose plan changes something the zone answers or holds. Marking records as
 * zonectl's (manage.unmanaged: owned) is a write apply makes, never drift.
 */
export function hasDriftReport(r: ZoneReport): boolean {
  if (r.kind === 'planned') return r.plan.operations.some((op) => !isMarkOnly(op));
  return hasChangesReport(r);
}
