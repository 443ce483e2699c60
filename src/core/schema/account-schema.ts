/**
 * The account file's schema: `version`, `account_id`, `enforce_dns_only` (the account's switch
 * that serves every proxied record DNS-only: the changelog of 2026-04-28 and
 * https://developers.cloudflare.com/dns/proxy-status/enforce-dns-only/; the official SDK's
 * `dns.settings.account.edit` has it beside `zone_defaults`) and `zone_defaults`, the DNS settings the
 * service gives to zones created later in the account (GET/PATCH
 * /accounts/{account_id}/dns_settings; https://developers.cloudflare.com/dns/additional-options/dns-zone-defaults/,
 * https://developers.cloudflare.com/api/resources/dns/subresources/settings/subresources/account/).
 *
 * `zone_defaults` has the zone's DNS settings fields, but `nameservers` has only `type`, which
 * may also be `cloudflare.standard.random` (and never `custom.zone`): the official TypeScript SDK
 * (cloudflare 7.3.0, `resources/dns/settings/account/account.d.ts`) and the API reference above.
 * The retired account settings `default_nameservers` and `use_account_custom_ns_by_default`
 * (replaced by `zone_defaults.nameservers.type` on 2025-03-14,
 * https://developers.cloudflare.com/fundamentals/api/reference/deprecations/) are accepted here
 * so that they warn (src/core/zonefile/account-file.ts) instead of failing as unknown fields.
 *
 * `views` are the account's internal DNS views (Enterprise; GET/POST/PATCH/DELETE
 * /accounts/{account_id}/dns_settings/views, the official SDK's `dns.settings.account.views`:
 * a view is a `name` and a list of zone ids, `zones`). Here a view is its name, mapped to its
 * zones, each a zone name (an internal zone of this repository, or the one internal zone of that
 * name in the account) or `{ zone_id }`. The rules across files are in
 * src/core/zonefile/rules/view-members.ts.
 */
import { ACCOUNT_NAMESERVER_TYPES, RETIRED_DEFAULT_NAMESERVERS } from '../service/dns-settings.js';
import { SCHEMA_REF, VERSION, X_FIELDS } from './common.js';
import type { JsonSchema } from './records.js';

/** The key that makes a file an account file (the root's `if`). */
export const ACCOUNT_FILE_KEY = 'zone_defaults';

const RETIRED: Readonly<Record<string, JsonSchema>> = {
  default_nameservers: {
    description: 'Retired (2025-03-14): use zone_defaults.nameservers.type. Warned about and not sent.',
    enum: [...RETIRED_DEFAULT_NAMESERVERS],
    deprecated: true,
  },
  use_account_custom_ns_by_default: {
    description: 'Retired (2025-03-14): use zone_defaults.nameservers.type (custom.account). Warned about and not sent.',
    type: 'boolean',
    deprecated: true,
  },
};

/** `settings` of the zone file: the fields that are the same at both levels are taken from it. */
function zoneDefaultsSchema(zoneSettings: JsonSchema): JsonSchema {
  const zone = zoneSettings.properties as Record<string, JsonSchema>;
  const same = ['flatten_all_cnames', 'multi_provider', 'ns_ttl', 'secondary_overrides', 'soa', 'zone_mode'] as const;
  return {
    description:
      'DNS settings given to zones created later in this account (PATCH /accounts/{account_id}/dns_settings, `zone_defaults`; zones that exist keep theirs). Only the fields written here are managed.',
    type: 'object',
    additionalProperties: false,
    properties: {
      ...Object.fromEntries(same.map((k) => [k, zone[k]])),
      nameservers: {
        description: 'Nameservers new zones get.',
        type: 'object',
        additionalProperties: false,
        required: ['type'],
        properties: {
          type: {
            description: 'Nameserver type: cloudflare.standard.random gives each new zone a random pair of standard nameservers.',
            enum: [...ACCOUNT_NAMESERVER_TYPES],
          },
        },
      },
      foundation_dns: {
        description: 'Deprecated: use nameservers.type cloudflare.advanced (Advanced Nameservers).',
        type: 'boolean',
        deprecated: true,
      },
      internal_dns: {
        description: 'Internal DNS (Enterprise): the zone new zones fall back to.',
        type: 'object',
        additionalProperties: false,
        properties: {
          reference_zone_id: {
            description: 'Id of the reference zone (32 hex characters), or null for none.',
            type: ['string', 'null'],
            pattern: '^[0-9a-fA-F]{32}$',
            'x-error': 'must be a zone id of 32 hexadecimal characters, or null',
          },
        },
      },
      ...RETIRED,
    },
  };
}

/** `views`: view name -> its internal zones (by name, or `{ zone_id }`). */
const VIEWS: JsonSchema = {
  description:
    "The account's internal DNS views (Enterprise): each view's name and the internal zones linked to it (https://developers.cloudflare.com/dns/internal-dns/dns-views/). When written, every view of the account is managed: a view not written here is deleted by apply (a Gateway resolver policy that names it then answers SERVFAIL).",
  type: 'object',
  additionalProperties: {
    description:
      'The internal zones of the view: zone names (internal zones of this repository) or `{ zone_id: <32 hex> }`; an empty list is an empty view.',
    type: 'array',
    items: {
      description: 'An internal zone: its name, or `{ zone_id }`.',
      type: ['string', 'object'],
      minLength: 1,
      additionalProperties: false,
      required: ['zone_id'],
      properties: {
        zone_id: {
          description: 'Id of an internal zone of the account (32 hex characters).',
          type: 'string',
          pattern: '^[0-9a-fA-F]{32}$',
          'x-error': 'must be a zone id of 32 hexadecimal characters',
        },
      },
      'x-error': 'must be an internal zone name or { zone_id: <32 hex> }',
    },
  },
};

/** The account file (the root's `then` branch). */
export function buildAccountFileSchema(zoneSettings: JsonSchema): JsonSchema {
  return {
    description: 'An account file: the DNS defaults of zones created later in one account.',
    type: 'object',
    additionalProperties: false,
    required: ['version', 'account_id', ACCOUNT_FILE_KEY],
    patternProperties: { ...X_FIELDS },
    properties: {
      $schema: SCHEMA_REF,
      version: VERSION,
      account_id: {
        description: 'Account id (32 hex characters). `${ACCOUNT_ID}` reads the environment.',
        type: 'string',
        pattern: '^[0-9a-fA-F]{32}$',
        'x-error': 'must be an account id of 32 hexadecimal characters',
      },
      [ACCOUNT_FILE_KEY]: zoneDefaultsSchema(zoneSettings),
      enforce_dns_only: {
        description:
          "Enforce DNS-only (an emergency switch): every proxied record of every zone of the account answers its origin address, DNS-only, without changing the records; origins are exposed and the proxy's protections are off. PATCH /accounts/{account_id}/dns_settings (https://developers.cloudflare.com/dns/proxy-status/enforce-dns-only/). Managed only when written here.",
        type: 'boolean',
      },
      views: VIEWS,
      ...RETIRED,
    },
  };
}
