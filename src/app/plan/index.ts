/**
 * Planning, as the CLI reaches it: the plan session (session.ts), a zone's run
 * (plan-zone-run.ts), many zones with their own outcomes (plan-zone-outcomes.ts, many-zones.ts),
 * account files (plan-account-run.ts), the permission check, saved plans, unmanaged zones.
 */
export * from './check-permissions.js';
export * from './many-zones.js';
export * from './plan-account-run.js';
export * from './session.js';
export * from './plan-zone-outcomes.js';
export * from './plan-zone-run.js';
export * from './saved-plan.js';
export * from './unmanaged-zones.js';
