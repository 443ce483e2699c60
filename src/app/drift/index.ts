/** `zonectl drift`, as the CLI reaches it. */
export { checkFailOn, FAIL_ON, runDrift, type DriftEvent, type DriftRequest, type DriftResult, type FailOn } from './session.js';
export { readBaselineFile } from './read-baseline.js';
export { checkAdoptIds, runAdopt, type AdoptEvent, type AdoptRequest, type AdoptResult } from './adopt-session.js';
