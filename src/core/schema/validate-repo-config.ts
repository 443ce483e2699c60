/**
 * `zonectl.yaml` checked against its schema (repo-config-schema.ts), the errors translated by the
 * one translator (translate-errors.ts). No message repeats a value: a credential may have been
 * written where a variable name belongs.
 */
import { schemaValidator } from './schema-validators.js';
import { translateErrors, type SchemaIssue } from './translate-errors.js';

export function validateRepoConfig(doc: unknown): SchemaIssue[] {
  const validator = schemaValidator('repoConfig');
  return validator(doc) ? [] : translateErrors(validator.errors ?? [], { quoteValues: false }, doc);
}
