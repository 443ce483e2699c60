/**
 * The zone file's JSON Schema (2020-12). `schemas/zone.schema.json` is this object written out
 * (a test keeps them equal); editors read the file through yaml-language-server.
 *
 * Only shapes live here; ranges that deserve a better message than "must be <= 3600" (TTL, SOA,
 * timestamps, CIDRs, resource keys) are checked by the semantic rules.
 */
import { DNSSEC_SECTION_SCHEMA } from '../dnssec/index.js';
import { ACCOUNT_NAME_PATTERN } from './repo-config-schema.js';
import { RECORD_TYPES } from '../record-types/index.js';
import { NS_SET, ZONE_NAMESERVER_TYPES } from '../service/dns-settings.js';
import { SERVICE_DEFAULT_SOA, SOA_BOUNDS, type SoaTimer } from '../service/soa.js';
import { ENTERPRISE_TTL_MIN, NS_TTL, TTL_MAX, TTL_MIN } from '../service/ttl.js';
import { ACCOUNT_FILE_KEY, buildAccountFileSchema } from './account-schema.js';
import { SCHEMA_REF, VERSION, X_FIELDS } from './common.js';
import { buildFragmentSchema, INCLUDE_SCHEMA } from './fragment-schema.js';
import { LINT_SECTION_SCHEMA } from './lint-schema.js';
import { buildRecordSchemas, TTL_SCHEMA, type JsonSchema } from './records.js';
import { PRESET_NAMES, PRESETS } from '../ownership/index.js';

export const ZONE_SCHEMA_ID = 'https://zonectl.dev/schemas/zone.schema.json';

/** An SOA timer: what it is, its bounds and its default (src/core/service/soa.ts); `extra` after the bounds. */
const SOA_FIELD = (timer: SoaTimer, what: string, extra = ''): JsonSchema => ({
  description: `${what}, ${SOA_BOUNDS[timer][0]}..${SOA_BOUNDS[timer][1]} seconds${extra} (default ${SERVICE_DEFAULT_SOA[timer]}).`,
  type: 'integer',
});
const SOA_RANGE = (timer: SoaTimer): string => `${timer} ${SOA_BOUNDS[timer][0]}..${SOA_BOUNDS[timer][1]}`;

const SETTINGS: JsonSchema = {
  description: 'Zone DNS settings (GET/PATCH /zones/{id}/dns_settings). Only the fields written here are managed.',
  type: 'object',
  additionalProperties: false,
  properties: {
    flatten_all_cnames: { description: 'Flatten every CNAME (true) or only at the apex (false).', type: 'boolean' },
    multi_provider: {
      description: 'Multi-provider DNS: activate the zone even with foreign NS records and respect apex NS records in outbound transfers.',
      type: 'boolean',
    },
    ns_ttl: {
      description: `TTL of the zone's NS records, ${NS_TTL.min}..${NS_TTL.max} seconds.`,
      type: 'integer',
      minimum: NS_TTL.min,
      maximum: NS_TTL.max,
    },
    secondary_overrides: {
      description: 'Let a secondary zone use (proxied) override records and CNAME flattening at the apex.',
      type: 'boolean',
    },
    nameservers: {
      description: 'Nameservers through which the zone is served.',
      type: 'object',
      additionalProperties: false,
      required: ['type'],
      properties: {
        type: {
          description: 'Nameserver type.',
          enum: [...ZONE_NAMESERVER_TYPES],
        },
        ns_set: {
          description: `Custom nameserver set, ${NS_SET.min}..${NS_SET.max}.`,
          type: 'integer',
          minimum: NS_SET.min,
          maximum: NS_SET.max,
        },
      },
    },
    soa: {
      description: `SOA values (only enterprise zones may change them). Bounds: ${SOA_RANGE('refresh')}, ${SOA_RANGE('retry')} and <= refresh, ${SOA_RANGE('expire')} and >= refresh, ${SOA_RANGE('min_ttl')}, ${SOA_RANGE('ttl')}.`,
      type: 'object',
      additionalProperties: false,
      properties: {
        mname: { description: 'Primary nameserver (MNAME), used for outbound zone transfers.', type: ['string', 'null'] },
        rname: { description: 'Administrator mailbox in DNS form (RNAME), e.g. dns.example.com.', type: 'string' },
        refresh: SOA_FIELD('refresh', 'Refresh'),
        retry: SOA_FIELD('retry', 'Retry', ' and not above refresh'),
        expire: SOA_FIELD('expire', 'Expire', ' and not below refresh'),
        min_ttl: SOA_FIELD('min_ttl', 'Negative caching TTL'),
        ttl: SOA_FIELD('ttl', 'TTL of the SOA record'),
      },
    },
    zone_mode: { description: 'Zone mode.', enum: ['standard', 'cdn_only', 'dns_only'] },
    cname_flattening: {
      description: 'Retired (2025-03-21): use flatten_all_cnames (off and apex = false, on = true).',
      enum: ['off', 'apex', 'on'],
      deprecated: true,
    },
    use_apex_ns: { description: 'Retired (2024-09-13): use multi_provider.', type: 'boolean', deprecated: true },
    default_nameservers: { description: 'Retired (2025-03-14): use nameservers.type.', type: 'string', deprecated: true },
    use_account_custom_ns_by_default: {
      description: 'Retired (2025-03-14): use nameservers.type (custom.account).',
      type: 'boolean',
      deprecated: true,
    },
  },
};

const IP_LIST: JsonSchema = {
  description: 'Client address ranges in CIDR notation (192.0.2.0/24, 2001:db8::/32; a single address as /32 or /128).',
  type: 'array',
  items: { type: 'string' },
};

const REQUEST_IP: JsonSchema = {
  description: 'Client IP conditions.',
  type: 'object',
  additionalProperties: false,
  properties: {
    in: { ...IP_LIST, description: 'The token works only from these ranges (CIDR).' },
    not_in: { ...IP_LIST, description: 'The token never works from these ranges (CIDR).' },
  },
};

const TOKEN: JsonSchema = {
  description:
    "An API token, matched to existing tokens by name: the user's (POST /user/tokens), or with `owner: account` the zone's account's (POST /accounts/{account_id}/tokens).",
  type: 'object',
  additionalProperties: false,
  required: ['name', 'policies'],
  properties: {
    name: { description: 'Token name (unique in the file, at most 120 characters).', type: 'string', minLength: 1, maxLength: 120 },
    policies: {
      description: 'Access policies: explicit deny first, then allow, then implicit deny.',
      type: 'array',
      minItems: 1,
      items: {
        description: 'A policy.',
        type: 'object',
        additionalProperties: false,
        required: ['effect', 'permission_groups', 'resources'],
        properties: {
          effect: { description: 'allow or deny.', enum: ['allow', 'deny'] },
          permission_groups: {
            description: 'Permission groups, by id or by name (resolved at plan time).',
            type: 'array',
            minItems: 1,
            items: {
              description: 'A permission group: { id: ... } or { name: ... }.',
              type: 'object',
              additionalProperties: false,
              minProperties: 1,
              properties: {
                id: { description: 'Permission group id.', type: 'string', minLength: 1 },
                name: { description: 'Permission group name, e.g. "DNS Write".', type: 'string', minLength: 1 },
              },
              'x-error': "must give the permission group's `id` or `name`",
            },
          },
          resources: {
            description:
              'Resources: `com.cloudflare.api.account.zone.{zone_id}: "*"` ({zone_id} and {account_id} stand for this zone and its account), `com.cloudflare.api.account.<id>: "*"` or `{ "com.cloudflare.api.account.zone.*": "*" }`, `com.cloudflare.api.user.<tag>: "*"`.',
            type: 'object',
            minProperties: 1,
            additionalProperties: {
              anyOf: [{ type: 'string' }, { type: 'object', additionalProperties: { type: 'string' } }],
              'x-error': 'must be "*" or an object of zone resources',
            },
          },
        },
      },
    },
    owner: {
      description:
        "Who owns the token: `user` (default: the user's tokens, at most 50) or `account` (the zone's account's tokens, at most 500; they outlive any user: https://developers.cloudflare.com/fundamentals/api/get-started/account-owned-tokens/).",
      enum: ['user', 'account'],
      default: 'user',
    },
    not_before: { description: 'Activation time, `YYYY-MM-DDThh:mm:ssZ` (UTC).', type: 'string' },
    expires_on: { description: 'Expiry time, `YYYY-MM-DDThh:mm:ssZ` (UTC), after not_before.', type: 'string' },
    condition: {
      description: 'Restrictions on where the token may be used from.',
      type: 'object',
      additionalProperties: false,
      properties: {
        'request.ip': REQUEST_IP,
        request_ip: { ...REQUEST_IP, description: "Same as `request.ip` (the newer SDKs' spelling)." },
      },
    },
  },
};

const DEFAULTS: JsonSchema = {
  description: 'Values applied to records that omit them.',
  type: 'object',
  additionalProperties: false,
  properties: {
    ttl: {
      ...TTL_SCHEMA,
      description: `Default TTL: \`auto\` or seconds (${TTL_MIN}..${TTL_MAX}; ${ENTERPRISE_TTL_MIN}..${TTL_MIN - 1} only on Enterprise zones). Never applied to proxied records.`,
    },
    proxied: { description: 'Default proxy status of A, AAAA and CNAME records (default false).', type: 'boolean' },
  },
};

/** The fields of a `manage.ignore` pattern. */
const IGNORE_PATTERN_FIELDS: Record<string, JsonSchema> = {
  name: { description: 'Name glob, e.g. `_acme-challenge*`.', type: 'string', minLength: 1 },
  type: { description: 'Record type.', enum: [...RECORD_TYPES] },
  content: {
    description:
      'Content glob (`*`, `?`; case-insensitive, trailing dot ignored; TXT: the unquoted text), e.g. `*.acm-validations.aws`; records without content (SRV, CAA, ...) never match it.',
    type: 'string',
    minLength: 1,
  },
};

const PRESET_FIELD: JsonSchema = {
  description: `A named preset, alone in its entry: ${PRESET_NAMES.map((n) => `\`${n}\` (${PRESETS[n].description})`).join('; ')}.`,
  enum: [...PRESET_NAMES],
};

/**
 * One `manage.ignore` entry: a pattern (name, type, content globs) or a named preset alone
 * (src/core/ownership/presets.ts). `if`/`then`/`else`, so that each form gets its own errors.
 */
const IGNORE_RULE: JsonSchema = {
  description:
    'Matches records by name glob (`*`, `?`; relative or fully qualified), type and/or content glob (every field given must match), or names a preset: `{ preset: acme-challenge }`.',
  type: 'object',
  if: { properties: { preset: true }, required: ['preset'], additionalProperties: true },
  then: { additionalProperties: false, properties: { preset: PRESET_FIELD } },
  else: { additionalProperties: false, minProperties: 1, properties: { ...IGNORE_PATTERN_FIELDS, preset: PRESET_FIELD } },
};

/** `manage.external_dns`: external-dns's TXT registry shares the zone (src/core/ownership/external-dns.ts). */
const EXTERNAL_DNS: JsonSchema = {
  description:
    "external-dns shares the zone: the records its TXT registry says it owns, and the registry records, are never changed or deleted. The options are external-dns's flags of the same name (--txt-owner-id, --txt-prefix, --txt-suffix, --txt-wildcard-replacement, --txt-encrypt-enabled).",
  type: 'object',
  additionalProperties: false,
  properties: {
    owner: {
      description: "--txt-owner-id: only these owners' records are external-dns's (default: every owner).",
      anyOf: [
        { type: 'string', minLength: 1 },
        { type: 'array', minItems: 1, items: { type: 'string', minLength: 1 } },
      ],
      'x-error': 'must be an owner id, or a list of them',
    },
    prefix: { description: '--txt-prefix (may hold `%{record_type}`).', type: 'string', minLength: 1 },
    suffix: { description: '--txt-suffix (may hold `%{record_type}`).', type: 'string', minLength: 1 },
    wildcard_replacement: { description: '--txt-wildcard-replacement.', type: 'string', minLength: 1 },
    encrypted: {
      description:
        '--txt-encrypt-enabled: registry records are encrypted, so they are recognised by their names beside the records they claim (their owner cannot be read).',
      type: 'boolean',
    },
  },
  // Both --txt-prefix and --txt-suffix: refused by the zone-file rules (externaldns.affixes).
};

const MANAGE: JsonSchema = {
  description: 'Ownership of live records the file does not list, records left alone, and safety thresholds (README, "Sharing a zone").',
  type: 'object',
  additionalProperties: false,
  properties: {
    unmanaged: {
      description:
        'Live (name, type) pairs that the file does not list: delete (default: removing a record from the file deletes it), keep (report only; for zones shared with other tools or people), or owned (zonectl marks what it writes and deletes only marked records; unmarked ones are reported, never touched).',
      enum: ['keep', 'delete', 'owned'],
      default: 'delete',
    },
    ignore: {
      description: 'Live records never touched: each plan and drift says which rule left each alone.',
      type: 'array',
      items: IGNORE_RULE,
    },
    external_dns: EXTERNAL_DNS,
    max_delete_percent: {
      description: 'Refuse plans deleting more than this share of the zone without --force (default 30).',
      type: 'number',
      minimum: 0,
      maximum: 100,
    },
    max_update_percent: {
      description: 'Refuse plans updating more than this share of the zone without --force (default 30).',
      type: 'number',
      minimum: 0,
      maximum: 100,
    },
    tokens: {
      description:
        'Live API tokens that no file lists: keep (report only, default), delete (only those whose names start with `tokens_prefix`) or ignore (no check: no `GET /user/tokens`, no report).',
      enum: ['keep', 'delete', 'ignore'],
      default: 'keep',
    },
    tokens_prefix: {
      description: 'Required with `tokens: delete`: only unlisted tokens whose names start with this are deleted.',
      type: 'string',
      minLength: 1,
    },
  },
};

/** The schema of a zone file (the `else` branch of the root). */
function zoneFileSchema(records: JsonSchema): JsonSchema {
  return {
    description: "A zone file: one zone's records, DNS settings, DNSSEC and API tokens.",
    type: 'object',
    additionalProperties: false,
    required: ['version', 'zone'],
    patternProperties: { ...X_FIELDS },
    properties: {
      $schema: SCHEMA_REF,
      version: VERSION,
      zone: { description: 'Zone name, e.g. example.com (its id is looked up unless zone_id is given).', type: 'string', minLength: 1 },
      zone_id: {
        description: 'Zone id (32 hex characters); skips the lookup. `${ZONE_ID}` reads the environment.',
        type: 'string',
        pattern: '^[0-9a-fA-F]{32}$',
        'x-error': 'must be a zone id of 32 hexadecimal characters',
      },
      include: INCLUDE_SCHEMA,
      account_id: {
        description:
          'The account (32 hex characters) that holds the zone, or in which zonectl creates it when it does not exist yet (`account:` gives it through zonectl.yaml instead).',
        type: 'string',
        pattern: '^[0-9a-fA-F]{32}$',
        'x-error': 'must be an account id of 32 hexadecimal characters',
      },
      account: {
        description:
          'The account of the repository configuration (`zonectl.yaml`, `accounts:`) whose credential and account id serve this zone.',
        type: 'string',
        pattern: ACCOUNT_NAME_PATTERN,
        'x-error': 'must be an account name of zonectl.yaml (letters, digits, `_`, `.` and `-`)',
      },
      zone_type: {
        description:
          'The kind of zone: `full` (a public zone, the default) or `internal` (an internal DNS zone, Enterprise only, answered through Gateway resolver and DNS views; https://developers.cloudflare.com/dns/internal-dns/internal-zones/setup/). A new zone is created with this type; the zone of the name is looked up among zones of this type only (an internal zone may share its name with a public zone).',
        enum: ['full', 'internal'],
        default: 'full',
      },
      defaults: DEFAULTS,
      settings: SETTINGS,
      records,
      tokens: { description: 'API tokens (POST /user/tokens), matched by name.', type: 'array', items: TOKEN },
      manage: MANAGE,
      dnssec: DNSSEC_SECTION_SCHEMA,
      lint: LINT_SECTION_SCHEMA,
    },
  };
}

/**
 * The whole schema object: a zone file, or (with `zone_defaults`) an account file. The `if`
 * picks the branch, so that each kind of file gets the errors of its own shape only.
 */
export function buildZoneSchema(): JsonSchema {
  const { defs, records } = buildRecordSchemas();
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    $id: ZONE_SCHEMA_ID,
    title: 'zonectl zone file',
    description:
      'A DNS zone kept in git: records, DNS settings and API tokens (zonectl, Cloudflare API v4); or an account file (`account_id` and `zone_defaults` instead of `zone`): the DNS defaults of zones created later in the account; or a shared fragment (neither `zone` nor `zone_defaults`): records, defaults and manage.ignore that zone files include.',
    type: 'object',
    if: { properties: { [ACCOUNT_FILE_KEY]: true }, required: [ACCOUNT_FILE_KEY], additionalProperties: true },
    then: { $ref: '#/$defs/account_file' },
    else: {
      // A fragment has neither `zone` nor `account_id` (a file with `account_id` is told what it lacks).
      if: {
        properties: { zone: true, account_id: true },
        anyOf: [
          { properties: { zone: true }, required: ['zone'], additionalProperties: true },
          { properties: { account_id: true }, required: ['account_id'], additionalProperties: true },
        ],
        additionalProperties: true,
      },
      then: { $ref: '#/$defs/zone_file' },
      else: { $ref: '#/$defs/fragment_file' },
    },
    $defs: {
      ...defs,
      zone_file: zoneFileSchema(records),
      account_file: buildAccountFileSchema(SETTINGS),
      fragment_file: buildFragmentSchema(records, DEFAULTS, (MANAGE.properties as Record<string, JsonSchema>).ignore),
    },
  };
}
