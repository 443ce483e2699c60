/**
 * The apply session, as the CLI (and tests) reach it: src/app/apply/session.ts and the events it
 * tells.
 */
export { runApply } from './session.js';
export type { ApplyRequest, ApplyResult, ApplySignals, ApplySource } from './apply-request.js';
export type { ApplyEvent, ApplyOutput, StoppedAt, ZoneWriteEvent } from './events.js';
export { ApplyRefusedError } from './apply-refused-error.js';
export { accountApplyFailed, type AccountApplyOutcome } from './account-writes.js';
export { describeCreatedZone, type CreatedZone } from './create-zones.js';
export { INTERRUPT_GRACE_MS, signalExitCode, type SignalSource, type StopSignal } from '../session/index.js';
export type { TokenValueFlags } from './token-values.js';
export type { ZoneApplyOutcome } from './zone-outcome.js';
