/**
 * The plan verb, as the CLI reaches it: its session (session.ts). The zone runs, outcomes,
 * saved plans and the report it builds on are the shared engine's (src/app/engine).
 */
export * from './session.js';
