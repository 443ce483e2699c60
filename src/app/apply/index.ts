/**
 * The apply session, as the CLI (and tests) reach it: src/app/apply/session.ts and what it
 * reports.
 */
export { runApply, type ApplyRequest, type ApplyResult, type ApplySignals } from './session.js';
export type { ApplyOutput, ApplyProgressSink, ApplyReportSink, StoppedAt } from './output.js';
export { ApplyRefusedError } from './apply-refused-error.js';
export { accountApplyFailed, type AccountApplyOutcome } from './account-writes.js';
export { describeCreatedZone, type CreatedZone } from './create-zones.js';
export { INTERRUPT_GRACE_MS, signalExitCode, type SignalSource, type StopSignal } from './interrupts.js';
export type { TokenValueFlags } from './token-values.js';
export type { ZoneApplyOutcome } from './zone-writes.js';
