/** Schema parts shared by the zone file and the account file. */
import type { JsonSchema } from './records.js';

export const SCHEMA_REF: JsonSchema = { description: 'Schema reference for editors; ignored.', type: 'string' };

export const VERSION: JsonSchema = { description: 'File format version: 1.', const: 1 };

export const X_FIELDS: Readonly<Record<string, JsonSchema>> = {
  '^x-': { description: 'Free field for YAML anchors (`x-common: &common ...`); ignored.' },
};
