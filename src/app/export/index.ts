/**
 * Export, as the CLI reaches it: the session (session.ts), the live zone read for it, and
 * where its files go.
 */
export * from './export-paths.js';
export * from './session.js';
export * from './read-export.js';
export * from './into-session.js';
export { type EditedZoneFiles, editZoneFiles, readZoneState, writeEditedFiles } from './edit-zone-files.js';
