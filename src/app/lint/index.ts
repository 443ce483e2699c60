/** `zonectl lint`, as the CLI reaches it. */
export { runLint, type LintedFile, type LintEvent, type LintRequest, type LintResult } from './session.js';
export { findingsOnce, lintFiles, type Found, type FoundOnce } from './session.js';
