/**
 * Reading zone files and the repository around them, as the CLI and the sessions reach it:
 * checking each file (load-zone-files.ts), the files of a run (files-to-plan.ts), includes,
 * zonectl.yaml, the repository root and its schema file, the paths given, --changed-since.
 */
export * from './changed-since.js';
export * from './changed-zones.js';
export { confineWrite, type WriteConfined } from './confined-write.js';
export * from './files-to-plan.js';
export * from './fragment-users.js';
export * from './load-zone-files.js';
export * from './read-repository-config.js';
export * from './repository-root.js';
export * from './repository-schema.js';
export { includeReader } from './read-include.js';
export { confine, isInside, MAX_ZONE_FILE_BYTES, readConfinedFile, readRegularFile, vcsComponent } from './confined-read.js';
export { expandZoneFilePaths } from './zone-file-paths.js';
