/** `zonectl lint`, as the CLI reaches it. */
export { runLint, type LintedFile, type LintEvent, type LintRequest, type LintResult } from './lint-files.js';
