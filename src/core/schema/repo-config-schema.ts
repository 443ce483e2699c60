/**
 * JSON Schema of the repository configuration file, `zonectl.yaml` (README, "Many zones"):
 * `version: 1` and `accounts:` mapping a name that zone files use (`account: NAME`) to the
 * account's id and the environment variables holding its credential. Never a credential itself.
 */
type JsonSchema = Record<string, unknown>;

/** An account name, as zone files write it after `account:`. */
export const ACCOUNT_NAME_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$';

/** The name of an environment variable (POSIX: letters, digits, underscore; not a digit first). */
const ENV_NAME_PATTERN = '^[A-Za-z_][A-Za-z0-9_]{0,127}$';

const ENV_NAME: JsonSchema = {
  description: 'The name of an environment variable (never the credential itself).',
  type: 'string',
  pattern: ENV_NAME_PATTERN,
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
      accounts: {
        description: 'Accounts by the name zone files give in `account:`.',
        type: 'object',
        minProperties: 1,
        propertyNames: { pattern: ACCOUNT_NAME_PATTERN },
        additionalProperties: {
          type: 'object',
          additionalProperties: false,
          required: ['credentials'],
          properties: {
            account_id: {
              description: 'The account id (32 hexadecimal characters), or `${VAR}` to read it from the environment.',
              type: 'string',
              pattern: '^([0-9a-fA-F]{32}|\\$\\{[A-Za-z_][A-Za-z0-9_]*\\})$',
            },
            credentials: {
              description:
                'Where the credential is: `{ token_env: VAR }` (an API token) or `{ email_env: VAR, key_env: VAR }` (email and Global API Key).',
              oneOf: [
                { type: 'object', additionalProperties: false, required: ['token_env'], properties: { token_env: ENV_NAME } },
                {
                  type: 'object',
                  additionalProperties: false,
                  required: ['email_env', 'key_env'],
                  properties: { email_env: ENV_NAME, key_env: ENV_NAME },
                },
              ],
            },
          },
        },
      },
    },
  };
}
