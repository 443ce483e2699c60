/**
 * Export, as the CLI reaches it: the live zone read for `zonectl export`, and where its files go.
 */
export * from './export-paths.js';
export * from './read-export.js';
