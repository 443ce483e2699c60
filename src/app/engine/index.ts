/**
 * The engine plan, drift, apply and export share (docs/architecture.md, "The engine"): a zone's
 * run (its file against the live zone, plan-zone-run.ts), many zones with one outcome each
 * (plan-zone-outcomes.ts, many-zones.ts), account files (plan-account-run.ts), one client per
 * account (clients-by-account.ts), the permission check, saved plans, the zones no file manages.
 * The verbs reach it through this file only (`npm run arch`, rule `engine-through-its-index`),
 * so each name below is one the engine stands by.
 */
export { MissingPermissionError } from './check-permissions.js';
export { checkPermissionsByAccount, eachAccount, planAccountGroups, RunClients } from './clients-by-account.js';
export {
  accountsChange,
  anyFailed,
  type Connection,
  type RunReport,
  runClients,
  runReport,
  runZones,
} from './many-zones.js';
export { internalZonesNamed } from './internal-zones.js';
export { type AccountRun, planAccountRun, readAccountSettings } from './plan-account-run.js';
export { hasChanges, hasDrift, plannedRuns, type ZoneOutcome } from './plan-zone-outcomes.js';
export {
  type PlanZoneRunOptions,
  planZoneRun,
  readTokensIfAllowed,
  resolveRunZone,
  runPlanOptions,
  type ZoneRun,
} from './plan-zone-run.js';
export { checkSavedZone, loadSaved, openSavedPlan, savePlanFile, unsavableRepositoryConfig } from './saved-plan.js';
export { checkCreatedZone, unsavableNewZone } from './saved-plan-new-zone.js';
export { type UnmanagedZone, unmanagedZones } from './unmanaged-zones.js';
export { explainZoneIdError } from './zone-id-error.js';
