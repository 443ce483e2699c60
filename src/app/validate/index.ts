/** `zonectl validate`, as the CLI reaches it: the session and what its renderers read of a checked file. */
export {
  isValidFile,
  listedProblems,
  problemCounts,
  runValidate,
  type ValidateEvent,
  type ValidateRequest,
  type ValidateResult,
} from './session.js';
export type { CheckedZoneFile } from '../files/index.js';
