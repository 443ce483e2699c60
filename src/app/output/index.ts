/**
 * Files zonectl writes and what never goes in them, as the CLI reaches it: secrets masked (secret-
 * redaction.ts), atomic writes, --out files, the new tokens' secrets file.
 */
export * from './secret-redaction.js';
export * from './token-values-file.js';
export * from './write-output.js';
export { writeFileAtomic, writeFilesAtomic } from './write-file-atomic.js';
