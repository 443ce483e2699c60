/**
 * The plan verb, as the CLI reaches it: its session (plan-session.ts). The zone runs, outcomes,
 * saved plans and the report it builds on are the shared engine's (src/app/engine).
 */
export * from './plan-session.js';
