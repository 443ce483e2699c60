/**
 * Clients, as the app folders reach them: one client of the API (connect.ts), its run's rate
 * budget (run-budget.ts), the request deadline. One client per account is the engine's
 * (src/app/engine/clients-by-account.ts), which builds on this folder and never the other way.
 */
export * from './connect.js';
export * from './request-timeout.js';
export { type BudgetFlags, connectWithBudget } from './run-budget.js';
