/**
 * The JSON Schemas of zone files and zonectl.yaml, built from the record types and the service's
 * facts, and checking a document against them (the quick check, then Ajv's errors translated).
 * Ajv itself is not reachable from here: ajv-setup.ts and standalone.ts are entries of their own
 * (docs/architecture.md, "Start-up").
 */
export { ACCOUNT_FILE_KEY } from './account-schema.js';
export { buildZoneSchema } from './build-schema.js';
export { ACCOUNT_NAME_PATTERN } from './repo-config-schema.js';
export { schemaValidator } from './schema-validators.js';
export { validateAgainstSchema, type SchemaIssue } from './validate-schema.js';
