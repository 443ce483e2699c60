/** `zonectl drift`, as the CLI reaches it. */
export { FAIL_ON, runDrift, type DriftEvent, type DriftRequest, type DriftResult, type FailOn } from './session.js';
export { readBaselineFile } from './read-baseline.js';
export { runAdopt, type AdoptEvent, type AdoptRequest, type AdoptResult } from './adopt-session.js';
/** The form of a drift item id, for the command's check of `--adopt ID` (src/cli/commands/drift.ts). */
export { DRIFT_ITEM_ID } from '../../core/drift/index.js';
