/**
 * How zonectl's JSON Schemas are compiled with Ajv: the options and the validators it needs, in
 * one place for the two ways they are compiled (docs/architecture.md, "Schema validators ahead of
 * time"): at run time from source (schema-validators.ts, as tests and tsx run it) and at build
 * time into standalone code (standalone.ts, scripts/aot-schema.mjs) for the bundle.
 */
import { Ajv2020 } from 'ajv/dist/2020.js';
import { buildRepoConfigSchema, REPO_CONFIG_SCHEMA_ID } from './repo-config-schema.js';
import { buildZoneSchema, ZONE_SCHEMA_ID } from './build-schema.js';

/**
 * The validators, by name, and the schema each one is (a schema `$id` or a JSON pointer in it).
 * `records` and `tokens` are validated item by item (validate-schema.ts), hence their own.
 */
export const VALIDATOR_REFS = {
  zoneRoot: ZONE_SCHEMA_ID,
  zoneRecord: `${ZONE_SCHEMA_ID}#/$defs/record`,
  zoneToken: `${ZONE_SCHEMA_ID}#/$defs/zone_file/properties/tokens/items`,
  repoConfig: REPO_CONFIG_SCHEMA_ID,
} as const;

export type ValidatorName = keyof typeof VALIDATOR_REFS;

/**
 * One Ajv instance holding both schemas. Every error with its schema and data (`verbose`, read by
 * translate-errors.ts), all of them (`allErrors`). The zone schema uses no `format` keyword, so
 * ajv-formats is not loaded (strict mode would reject an unknown format). `x-error` is the
 * zone schema's own message for a rule, an annotation for Ajv. With `source`, the compiled
 * functions keep their code for Ajv's standalone mode.
 */
export function newAjv(options: { source: boolean }): Ajv2020 {
  const ajv = new Ajv2020({
    allErrors: true,
    verbose: true,
    strict: true,
    allowUnionTypes: true,
    discriminator: true,
    code: { optimize: false, source: options.source },
  });
  ajv.addKeyword({ keyword: 'x-error', schemaType: 'string' });
  ajv.addSchema(buildZoneSchema());
  ajv.addSchema(buildRepoConfigSchema());
  return ajv;
}
