/**
 * Reading zone files and the repository around them, as the CLI reaches it: loading and validating
 * (load-zone-files.ts), includes, zonectl.yaml, the repository root and its schema file, the paths
 * given, --changed-since.
 */
export * from './changed-since.js';
export * from './load-zone-files.js';
export * from './read-repository-config.js';
export * from './repository-root.js';
export * from './repository-schema.js';
