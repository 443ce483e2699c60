/**
 * Shared fragments: `include:` in a zone file, and the fragment file's own schema (a file
 * without `zone` and without `zone_defaults`: records, defaults and `manage.ignore` that zones
 * include; names are relative to the including zone). See src/core/zonefile/fragments.ts.
 */
import { SCHEMA_REF, VERSION, X_FIELDS } from './common.js';
import type { JsonSchema } from './records.js';

export const INCLUDE_SCHEMA: JsonSchema = {
  description:
    'Shared fragments to include: paths relative to this file, inside the repository (the nearest directory above with .git or zonectl.yaml); no absolute path, no symlink leading out, each fragment once.',
  type: 'array',
  items: { description: 'A fragment file, e.g. ../shared/mail.yaml.', type: 'string', minLength: 1 },
};

/**
 * The fragment file: `manage` holds `ignore` only (the other `manage` fields are the zone's).
 * `defaults` and `ignore` are taken from the zone file's schema so that both stay one thing.
 */
export function buildFragmentSchema(records: JsonSchema, defaults: JsonSchema, ignore: JsonSchema): JsonSchema {
  return {
    description:
      "A shared fragment (no `zone`): records, defaults and manage.ignore that zone files include with `include:`. Names are relative to the including zone (`@` is its apex); `defaults` apply to the fragment's own records.",
    type: 'object',
    additionalProperties: false,
    required: ['version'],
    patternProperties: { ...X_FIELDS },
    properties: {
      $schema: SCHEMA_REF,
      version: VERSION,
      include: INCLUDE_SCHEMA,
      defaults,
      records,
      manage: {
        description: "Only `ignore` in a fragment: added to the including zone's `manage.ignore`.",
        type: 'object',
        additionalProperties: false,
        properties: { ignore },
      },
    },
  };
}
