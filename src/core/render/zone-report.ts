import type { ErrorCode } from '../errors.js';
import type { ZonePlan } from '../plan/build-plan.js';

/** One zone of a many-zone run as the renderers see it: its plan, or why it has none. */
export type ZoneReport =
  | { readonly kind: 'planned'; readonly zone: string; readonly file: string; readonly plan: ZonePlan }
  | { readonly kind: 'failed'; readonly zone: string; readonly file: string; readonly code: ErrorCode; readonly message: string };

/** What the report is: a plan (before apply) or a drift check (nightly). */
export type ReportKind = 'plan' | 'drift';

export interface ZoneCounts {
  readonly create: number;
  readonly update: number;
  readonly delete: number;
  readonly unmanaged: number;
  readonly warnings: number;
}

export function zoneCounts(plan: ZonePlan): ZoneCounts {
  const s = plan.summary;
  return { create: s.create, update: s.update, delete: s.delete, unmanaged: s.unmanaged, warnings: plan.warnings.length + plan.safety.length };
}

export function hasChangesReport(r: ZoneReport): boolean {
  return r.kind === 'planned' && r.plan.operations.length > 0;
}
