/**
 * JSON Schema of `records[]`: one sub-schema per record type, selected with `if`/`then` on
 * `type` so that a bad record reports the problems of its own type only.
 */
import {
  RECORD_TYPES,
  definitionOf,
  type DataField,
  type DataTypeDefinition,
  type RecordType,
  PROXIABLE_TYPES,
  TOP_LEVEL_PRIORITY_TYPES,
} from '../record-types/index.js';
import { COMMENT_MAX_FREE, COMMENT_MAX_PAID, TAGS_MAX } from '../service/record-limits.js';
import { ENTERPRISE_TTL_MIN, TTL_MAX, TTL_MIN } from '../service/ttl.js';

export type JsonSchema = { [keyword: string]: unknown };

export const TTL_SCHEMA: JsonSchema = {
  description: `Time to live: \`auto\` (also written 1) or seconds, ${TTL_MIN}..${TTL_MAX} (${ENTERPRISE_TTL_MIN}..${TTL_MIN - 1} only for DNS-only records on Enterprise zones). Proxied records always use auto.`,
  anyOf: [{ const: 'auto' }, { type: 'integer' }],
  'x-error': `must be \`auto\` or a whole number of seconds (${TTL_MIN}..${TTL_MAX})`,
};

/** Descriptions of data fields by name, shared by the types (a type's own: `fieldDescriptions` of its definition). */
const DATA_FIELD_DESCRIPTIONS: Record<string, string> = {
  flags: 'Flags.',
  tag: 'Property tag: issue, issuewild or iodef.',
  value: 'Value.',
  priority: 'Priority (lower is preferred).',
  weight: 'Weight among records of equal priority.',
  port: 'Port of the service.',
  target: 'Target host name; `.` for "no service".',
  key_tag: 'Key tag.',
  algorithm: 'Algorithm number.',
  digest_type: 'Digest type.',
  digest: 'Digest (hex).',
  protocol: 'Protocol (3).',
  public_key: 'Public key (base64).',
  order: 'Order.',
  preference: 'Preference.',
  service: 'Service.',
  regex: 'Regular expression.',
  replacement: 'Replacement host name; `.` for none.',
  type: 'Type.',
  fingerprint: 'Fingerprint (hex).',
  usage: 'Certificate usage.',
  selector: 'Selector.',
  matching_type: 'Matching type.',
  certificate: 'Certificate data.',
};

function dataFieldSchema(definition: DataTypeDefinition, field: DataField): JsonSchema {
  const description =
    definition.fieldDescriptions?.[field.name] ?? DATA_FIELD_DESCRIPTIONS[field.name] ?? `${field.name.replace(/_/g, ' ')}.`;
  const t = field.shape;
  switch (t.kind) {
    case 'int':
      return { description, type: 'integer', minimum: t.min, maximum: t.max };
    case 'number':
      return { description, type: 'number', minimum: t.min, maximum: t.max };
    case 'hex':
      return { description, type: 'string', pattern: '^[0-9A-Fa-f\\s]+$', 'x-error': 'must be hexadecimal' };
    case 'base64':
      return { description, type: 'string', pattern: '^[A-Za-z0-9+/=\\s]+$', 'x-error': 'must be base64' };
    case 'enum':
      return {
        description,
        type: 'string',
        pattern: `^(${t.values.map((v) => `${v}|${v.toLowerCase()}`).join('|')})$`,
        'x-error': `must be one of ${t.values.join(', ')}`,
      };
    case 'hostname':
    case 'text':
      return { description, type: 'string', minLength: field.mayBeEmpty === true ? 0 : 1 };
    default: {
      const never: never = t;
      throw new Error(`unknown data field kind ${JSON.stringify(never)}`);
    }
  }
}

/**
 * Per-record `settings` of the API. `ipv4_only`/`ipv6_only` are accepted on every type by the
 * API but act only on proxied records (the API schema's description), which the rules check; a
 * type's own settings (CNAME's `flatten_cname`) exist on that type only.
 */
function recordSettingsSchema(type: RecordType): JsonSchema {
  const properties: Record<string, JsonSchema> = {
    ipv4_only: {
      description: 'Proxied records only: answer with A records only (no AAAA). Managed only when set.',
      type: 'boolean',
    },
    ipv6_only: {
      description: 'Proxied records only: answer with AAAA records only (no A). Managed only when set.',
      type: 'boolean',
    },
  };
  for (const own of definitionOf(type).ownSettings ?? []) properties[own.name] = { description: own.description, type: 'boolean' };
  return {
    description: 'Per-record settings of the service; each flag is managed only when set.',
    type: 'object',
    additionalProperties: false,
    properties,
  };
}

/** Fields every record accepts (besides its value fields). */
function commonRecordProperties(type: RecordType): Record<string, JsonSchema> {
  const props: Record<string, JsonSchema> = {
    name: {
      description:
        'Record name: `@` for the apex, relative (`www`), or fully qualified (`www.example.com`, trailing dot optional). Wildcards (`*.dev`) and IDN are accepted.',
      type: 'string',
      minLength: 1,
    },
    type: { description: 'Record type.', const: type },
    ttl: TTL_SCHEMA,
    proxied: {
      description: PROXIABLE_TYPES.has(type)
        ? 'Proxy the traffic through the service (default: defaults.proxied, else false). A proxied record has TTL auto.'
        : 'Only A, AAAA and CNAME records can be proxied.',
      type: 'boolean',
    },
    comment: {
      description: `Comment stored with the record (at most ${COMMENT_MAX_PAID} characters, ${COMMENT_MAX_FREE} on the Free plan; no line breaks). Managed only when set.`,
      type: 'string',
      maxLength: COMMENT_MAX_PAID,
      pattern: '^[^\\r\\n]*$',
      'x-error': 'must be a single line (no line breaks)',
    },
    tags: {
      description: `Tags, \`name:value\` or a bare \`name\`, at most ${TAGS_MAX}. Managed only when set.`,
      type: 'array',
      maxItems: TAGS_MAX,
      items: {
        description:
          'A tag: `name:value` or a bare `name` (the live API accepts and returns both); the name of letters, digits, `_` and `-` (the API schema: "the name must consist of only letters, numbers, underscores and hyphens").',
        type: 'string',
        pattern: '^[A-Za-z0-9_-]+(:.*)?$',
        'x-error': 'must be written `name:value` or `name`, the name of letters, digits, `_` and `-` only (the service refuses other tags)',
      },
    },
    settings: recordSettingsSchema(type),
    ...(type === 'A' || type === 'AAAA'
      ? {
          private_routing: {
            description:
              'Private network routing (Enterprise): the proxied record reaches an origin in your private network through your tunnel. Needs proxied: true; with it a private address (10/8, 172.16/12, 192.168/16, fc00::/7, 100.64/10) may be proxied. Default false.',
            type: 'boolean',
          },
        }
      : {}),
    locked: { description: 'Retired (2024-07-14): always false and ignored by the service. Remove it.', type: 'boolean', deprecated: true },
    zone_id: { description: 'Retired on records (2024-11-30): ignored by the service. Remove it.', type: 'string', deprecated: true },
    zone_name: { description: 'Retired on records (2024-11-30): ignored by the service. Remove it.', type: 'string', deprecated: true },
  };
  return props;
}

function recordSchema(type: RecordType): JsonSchema {
  const definition = definitionOf(type);
  const properties = commonRecordProperties(type);
  const required = ['name', 'type'];
  if (definition.kind === 'data') {
    const fields = definition.fields;
    const dataProps: Record<string, JsonSchema> = {};
    for (const f of fields) dataProps[f.name] = dataFieldSchema(definition, f);
    if (definition.retiredFields !== undefined) {
      const { names, description } = definition.retiredFields;
      for (const retired of names) dataProps[retired] = { description, deprecated: true };
    }
    properties.data = {
      description: `${type} data: ${fields.map((f) => f.name).join(', ')}.`,
      type: 'object',
      properties: dataProps,
      required: fields.map((f) => f.name),
      additionalProperties: false,
    };
    required.push('data');
  } else {
    const content = definition.contentSchema;
    properties.content = {
      description: content.description,
      type: 'string',
      ...(content.mayBeEmpty === true ? {} : { minLength: 1 }),
      ...(content.pattern !== undefined ? { pattern: content.pattern.regex, 'x-error': content.pattern.error } : {}),
    };
    required.push('content');
  }
  if (TOP_LEVEL_PRIORITY_TYPES.has(type)) {
    properties.priority = { description: 'Priority (lower is preferred), 0..65535.', type: 'integer', minimum: 0, maximum: 65535 };
    required.push('priority');
  }
  return {
    description: `A ${type} record.`,
    type: 'object',
    properties,
    required,
    additionalProperties: false,
  };
}

/** `$defs` entries `record_A`, `record_AAAA`, ... and the `records` array schema. */
export function buildRecordSchemas(): { defs: Record<string, JsonSchema>; records: JsonSchema } {
  const defs: Record<string, JsonSchema> = {};
  for (const t of RECORD_TYPES) defs[`record_${t}`] = recordSchema(t);
  // `discriminator` (OpenAPI keyword, supported by ajv) selects the branch by `type`: errors
  // come from the record's own type only, and it is three times faster than if/then chains.
  const record: JsonSchema = {
    description:
      'A DNS record. Types with structured values (CAA, SRV, HTTPS, ...) use `data`; the others use `content`. MX and URI carry `priority`.',
    type: 'object',
    required: ['type'],
    properties: {
      type: { description: 'Record type.', enum: [...RECORD_TYPES] },
    },
    discriminator: { propertyName: 'type' },
    oneOf: RECORD_TYPES.map((t) => ({ $ref: `#/$defs/record_${t}` })),
  };
  defs.record = record;
  return {
    defs,
    records: {
      description:
        'The records this file owns. Every (name, type) pair listed is owned: live records of that pair not listed here are updated or deleted. `records:` with nothing under it (as an export of an empty zone writes it) is no records.',
      // null: `records:` with only a comment under it, a block a person can add records to (`[]` cannot take a `- ` item).
      type: ['array', 'null'],
      items: { $ref: '#/$defs/record' },
    },
  };
}
