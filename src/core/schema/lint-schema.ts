/**
 * `lint:` of a zone file and of zonectl.yaml: the lint checks a team silences by id (as
 * octoDNS's `lenient`). An id that is not a lint check is a lint warning at its line
 * (src/core/lint/ignore.ts), not a schema error: a file written for a newer zonectl, with a
 * check this one does not know, still plans.
 */
type JsonSchema = Record<string, unknown>;

export const LINT_SECTION_SCHEMA: JsonSchema = {
  description: 'Lint settings (`zonectl lint`, `zonectl validate`).',
  type: 'object',
  additionalProperties: false,
  properties: {
    ignore: {
      description:
        'Lint check ids never reported, e.g. `lint.spf-ptr` (`zonectl lint --list` lists them). Never silences a validate error.',
      type: 'array',
      items: { type: 'string', minLength: 1 },
    },
  },
};
