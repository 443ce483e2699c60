/**
 * The Ajv validators of the zone schema and of `zonectl.yaml`, compiled once per process.
 *
 * This module is what runs from source (tests, tsx): it compiles the schemas with Ajv at first
 * use (about 0.2 s). The bundle (scripts/bundle.mjs) replaces it with code Ajv's standalone mode
 * generated from the same schemas and options at build time (scripts/aot-schema.mjs), so that an
 * installed zonectl neither loads Ajv nor compiles at each start; test/core/zonefile/
 * standalone-validators.test.ts checks that the generated code answers as this module does.
 * Keep the exports of the two in step: the bundle's replacement exports the same names.
 */
import type { ValidateFunction } from 'ajv/dist/2020.js';
import { newAjv, VALIDATOR_REFS, type ValidatorName } from './ajv-setup.js';

let compiled: Record<ValidatorName, ValidateFunction> | undefined;

/** The validator `name` (VALIDATOR_REFS); every one is compiled at the first call. */
export function schemaValidator(name: ValidatorName): ValidateFunction {
  if (!compiled) {
    const ajv = newAjv({ source: false });
    const get = (ref: string): ValidateFunction => {
      const v = ajv.getSchema(ref);
      if (!v) throw new Error(`no schema ${ref}`);
      return v;
    };
    compiled = {
      zoneRoot: get(VALIDATOR_REFS.zoneRoot),
      zoneRecord: get(VALIDATOR_REFS.zoneRecord),
      zoneToken: get(VALIDATOR_REFS.zoneToken),
      repoConfig: get(VALIDATOR_REFS.repoConfig),
    };
  }
  return compiled[name];
}
