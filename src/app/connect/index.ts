/**
 * Clients, as the CLI reaches them: one per credential with the run's rate budget, the request
 * deadline.
 */
export * from './clients-by-account.js';
export * from './connect.js';
export * from './request-timeout.js';
