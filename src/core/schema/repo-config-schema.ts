/**
 * JSON Schema of the repository configuration file, `zonectl.yaml` (README, "Many zones"):
 * `version: 1` and `accounts:` mapping a name that zone files use (`account: NAME`) to the
 * account's id and the environment variables holding its credential. Never a credential itself.
 */
import { LINT_SECTION_SCHEMA } from './lint-schema.js';

type JsonSchema = Record<string, unknown>;

/** An account name, as zone files write it after `account:`. */
export const ACCOUNT_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$';

/** The name of an environment variable (POSIX: letters, digits, underscore; not a digit first). */
const ENV_NAME_PATTERN = '^[A-Za-z_][A-Za-z0-9_]{0,127}$';

const ENV_NAME: JsonSchema = {
  description: 'The name of an environment variable (never the credential itself).',
  type: 'string',
  pattern: ENV_NAME_PATTERN,
  'x-error': 'must be the name of an environment variable (letters, digits and `_`, not starting with a digit)',
};

/** One of the two forms of `credentials` (each field is checked by ENV_NAME, outside the `oneOf`). */
const credentialsForm = (...fields: string[]): JsonSchema => ({
  additionalProperties: false,
  required: fields,
  properties: Object.fromEntries(fields.map((f) => [f, true])),
});

/**
 * `policy:`: limits the team keeps on every zone of the repository (top level) or of one account
 * (an account's own `policy`, which wins for its zones): a migration carries the old tool's
 * safety limits here (issue 40 item 3: octoDNS's `min_ttl`). Checked by validate and every command
 * that reads zone files (src/core/zonefile/rules/repo-policy.ts).
 */
const POLICY: JsonSchema = {
  description: 'Limits every zone of the repository (or of the account) keeps; validate refuses a file that breaks them.',
  type: 'object',
  additionalProperties: false,
  properties: {
    min_ttl: {
      description: 'The lowest TTL a record may have, in seconds (automatic TTL and proxied records aside).',
      type: 'integer',
      minimum: 1,
      maximum: 86400,
      'x-error': 'must be a number of seconds from 1 to 86400',
    },
  },
};

/** A code owner as GitHub's and GitLab's CODEOWNERS take one: `@user`, `@org/team`, or an e-mail address. */
const CODE_OWNER_PATTERN = '^(@[A-Za-z0-9](?:[A-Za-z0-9_.-]*)(?:/[A-Za-z0-9_.-]+)*|[^@\\s]+@[^@\\s]+)$';

/**
 * `owners:` (README, "Sharing a zone"): teams by name, each with the names it owns in each zone
 * (name globs, as `manage.ignore` reads them), the repository's files that belong to it (globs
 * relative to zonectl.yaml's directory) and its code owners (`zonectl codeowners`).
 */
const OWNERS: JsonSchema = {
  description:
    'Teams sharing zones: the names each owns per zone, the files that belong to it, and its code owners (README, "Sharing a zone").',
  type: 'object',
  propertyNames: {
    pattern: ACCOUNT_NAME_PATTERN,
    'x-error': 'team names are letters, digits, `_`, `.` and `-` (at most 64), starting with a letter or digit',
  },
  additionalProperties: {
    type: 'object',
    additionalProperties: false,
    minProperties: 1,
    properties: {
      zones: {
        description: 'The names the team owns, by zone: name globs (`*` any characters, `?` one; relative to the zone, `@` the apex).',
        type: 'object',
        additionalProperties: {
          type: 'array',
          minItems: 1,
          items: { type: 'string', minLength: 1, pattern: '^[^\\s]+$', 'x-error': 'must be a name glob without spaces' },
        },
      },
      files: {
        description:
          "The repository's zone files and fragments that belong to the team: globs relative to zonectl.yaml's directory (`**`, `*`, `?`, braces).",
        type: 'array',
        minItems: 1,
        items: {
          type: 'string',
          minLength: 1,
          pattern: '^(?![/\\\\])(?!.*(^|/)\\.\\.(/|$))[^\\s]+$',
          'x-error': "must be a glob relative to zonectl.yaml's directory, without spaces or `..`",
        },
      },
      codeowners: {
        description: 'Who reviews the files of the team (`zonectl codeowners`): `@user`, `@org/team` or an e-mail address.',
        type: 'array',
        minItems: 1,
        items: { type: 'string', pattern: CODE_OWNER_PATTERN, 'x-error': 'must be @user, @org/team or an e-mail address' },
      },
    },
  },
};

export const REPO_CONFIG_SCHEMA_ID = 'https://zonectl.dev/schemas/zonectl.schema.json';

export function buildRepoConfigSchema(): JsonSchema {
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: REPO_CONFIG_SCHEMA_ID,
    title: 'zonectl repository configuration',
    type: 'object',
    additionalProperties: false,
    required: ['version'],
    properties: {
      $schema: { type: 'string' },
      version: { description: 'Format version: 1.', const: 1 },
      lint: LINT_SECTION_SCHEMA,
      policy: POLICY,
      owners: OWNERS,
      accounts: {
        description: 'Accounts by the name zone files give in `account:`.',
        type: 'object',
        // In its own schema: its `x-error` would otherwise speak for the `type` error too.
        allOf: [{ minProperties: 1, 'x-error': 'must name at least one account' }],
        propertyNames: {
          pattern: ACCOUNT_NAME_PATTERN,
          'x-error': 'account names are letters, digits, `_`, `.` and `-` (at most 64), starting with a letter or digit',
        },
        additionalProperties: {
          type: 'object',
          additionalProperties: false,
          required: ['credentials'],
          properties: {
            policy: POLICY,
            account_id: {
              description: 'The account id (32 hexadecimal characters), or `${VAR}` to read it from the environment.',
              type: 'string',
              pattern: '^([0-9a-fA-F]{32}|\\$\\{[A-Za-z_][A-Za-z0-9_]*\\})$',
              'x-error': 'must be an account id of 32 hexadecimal characters, or ${VAR}',
            },
            credentials: {
              description:
                'Where the credential is: `{ token_env: VAR }` (an API token) or `{ email_env: VAR, key_env: VAR }` (email and Global API Key).',
              type: 'object',
              properties: { token_env: ENV_NAME, email_env: ENV_NAME, key_env: ENV_NAME },
              oneOf: [credentialsForm('token_env'), credentialsForm('email_env', 'key_env')],
              'x-error': 'credentials are { token_env: VAR } (an API token) or { email_env: VAR, key_env: VAR } (email and Global API Key)',
            },
          },
        },
      },
    },
  };
}
