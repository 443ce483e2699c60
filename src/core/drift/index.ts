/**
 * Drift's model, data in and data out (docs/architecture.md, "The engine"): a plan as drift items
 * with stable ids (drift-items.ts), how much each matters (drift-impact.ts), what happened and the
 * ways out (ways-out.ts), an earlier report read as a baseline (baseline.ts), and the run's report
 * every renderer reads (zone-report.ts, drift-report.ts). The words and formats are
 * src/core/render's, which reads this folder through this file.
 */
export { type Baseline, BaselineError, readBaseline } from './baseline.js';
export { type Impact, type ImpactRank, impactOf, inKnownRanges, type KnownRanges, knownRanges } from './drift-impact.js';
export {
  accountDriftItems,
  DRIFT_ITEM_ID,
  DRIFT_KINDS,
  type DriftItem,
  type DriftKind,
  driftItemId,
  driftItemsOf,
  operationItems,
  type ShownFields,
} from './drift-items.js';
export {
  type AuditSummary,
  type BaselineMark,
  buildDriftReport,
  type DriftReport,
  type DriftReportInput,
  type MarkedItem,
  type ZoneEntry,
  type ZoneStatus,
} from './drift-report.js';
export { HAPPENED, type Happened, happenedOf, shellWord, type WayOut, type WaysOut, waysOut } from './ways-out.js';
export {
  accountCounts,
  hasChangesReport,
  hasDriftReport,
  type ReportKind,
  type ZoneCounts,
  type ZoneReport,
  zoneCounts,
} from './zone-report.js';
export {
  describeAttributes,
  describeField,
  describeFieldValue,
  describeRecordValue,
  describeSettingsValue,
  describeTtl,
  describeValue,
  MAX_SHOWN_VALUE,
} from './describe-record.js';
