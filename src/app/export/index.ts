/**
 * Export, as the CLI reaches it: the session (export-session.ts), the live zone read for it, and
 * where its files go.
 */
export * from './export-paths.js';
export * from './export-session.js';
export * from './read-export.js';
export * from './export-into.js';
export { editZoneFiles, type EditedZoneFiles } from './edit-zone-files.js';
