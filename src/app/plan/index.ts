/**
 * Planning, as the CLI reaches it: a zone's run (plan-zone-run.ts), many zones with their own
 * outcomes (plan-zone-outcomes.ts), account files (plan-account-run.ts), the permission check,
 * saved plans, unmanaged zones.
 */
export * from './check-permissions.js';
export * from './plan-account-run.js';
export * from './plan-zone-outcomes.js';
export * from './plan-zone-run.js';
export * from './saved-plan.js';
export * from './unmanaged-zones.js';
