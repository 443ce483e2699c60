/**
 * The JSON Schemas of zone files and zonectl.yaml, built from the record types and the service's
 * facts, and checking a document against them (the quick check, then Ajv's errors translated).
 * The bundle loads no Ajv through it: schema-validators.ts is replaced by generated code, and
 * ajv-setup.ts and standalone.ts are not exported (docs/architecture.md, "Start-up").
 */
export { ACCOUNT_FILE_KEY } from './account-schema.js';
export { buildZoneSchema } from './build-schema.js';
export { ACCOUNT_NAME_PATTERN } from './repo-config-schema.js';
export type { SchemaIssue } from './translate-errors.js';
export { validateRepoConfig } from './validate-repo-config.js';
export { validateAgainstSchema } from './validate-schema.js';
