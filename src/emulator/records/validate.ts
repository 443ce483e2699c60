/**
 * Record rules on a write body (DESIGN §2 and §7): the body becomes a `RecordDraft` in the
 * stored form, or a `RecordValidationError` with the service's code. Rules that need other
 * records (conflicts, CNAME chains) live in conflicts.ts.
 */
import { isIPv4, isIPv6, canonicalAddress } from '../../core/model/addresses.js';
import { isProxiableAddress as proxiableAddress, isServiceNetworkAddress as inServiceNetwork } from '../../core/model/addresses.js';
import { canonicalHostname, canonicalRecordName, isInZone } from '../../core/model/names.js';
import { canonicalContent, canonicalData } from '../../core/model/normalize.js';
import {
  DATA_FIELDS,
  HOST_NAME_RULE_TYPES,
  PROXIABLE_TYPES,
  TOP_LEVEL_PRIORITY_TYPES,
  TTL_AUTO,
  TTL_MAX,
  TTL_MIN,
  isRecordType,
  type DataField,
  type RecordType,
} from '../../core/model/record-types.js';
import { parseTxtContent, renderTxtContent } from '../../core/model/txt.js';
import { assertNever } from '../../core/errors.js';
import type { ZonePlan, ZoneRow } from '../contract.js';
import { RECORD_CODES as C, invalid } from './codes.js';
import type { RecordDraft, RecordRow } from './record-row.js';

export type { RecordDraft } from './record-row.js';

export type WriteMode = { kind: 'create' } | { kind: 'replace' } | { kind: 'patch'; base: RecordRow };

const SRV_LEGACY_FIELDS = ['service', 'proto', 'name'] as const;
const OPTIONAL_DATA_FIELDS: Readonly<Record<string, readonly string[]>> = {
  HTTPS: ['value'],
  SVCB: ['value'],
  LOC: ['altitude', 'size', 'precision_horz', 'precision_vert'],
};
const MAX_TAGS = 20;
const TAG_FORMAT = /^[A-Za-z0-9_-]+:/;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The stored record as a write body (the base of a PATCH). */
export function rowToBody(row: RecordRow): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: row.name,
    type: row.type,
    ttl: row.ttl,
    proxied: row.proxied,
    comment: row.comment,
    tags: row.tags,
    settings: row.settings,
  };
  if (row.content !== undefined) body.content = row.content;
  if (row.data !== undefined) body.data = row.data;
  if (row.priority !== undefined) body.priority = row.priority;
  return body;
}

function mergePatch(base: RecordRow, patch: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...rowToBody(base), ...patch };
  const sameType = patch.type === undefined || String(patch.type).toUpperCase() === base.type;
  if (sameType && base.data && isPlainObject(patch.data)) merged.data = { ...base.data, ...patch.data };
  if (!sameType && patch.data === undefined) delete merged.data;
  if (!sameType && patch.content === undefined && base.content !== undefined) delete merged.content;
  return merged;
}

/** Host name check for targets and names: labels of 1..63 of [a-z0-9_-] (and `*`), 253 in all. */
function hostnameProblem(host: string, opts: { allowRoot?: boolean; allowWildcard?: boolean; hostRules?: boolean } = {}): string | undefined {
  if (host === '.') return opts.allowRoot ? undefined : 'the root "." is not allowed here';
  if (host === '') return 'it is empty';
  if (host.length > 253) return 'it is longer than 253 characters';
  const labels = host.split('.');
  for (let i = 0; i < labels.length; i += 1) {
    const label = labels[i];
    if (label === '') return 'it has an empty label';
    if (label.length > 63) return `label "${label}" is longer than 63 characters`;
    if (label === '*') {
      if (i === 0 && opts.allowWildcard) continue;
      return 'a "*" label is only allowed as the first label';
    }
    if (!/^[a-z0-9_-]+$/.test(label)) return `label "${label}" may contain only letters, digits, hyphens and underscores`;
    if (opts.hostRules) {
      if (label.startsWith('-')) return `label "${label}" starts with a hyphen`;
      if (!/[a-z0-9]$/.test(label)) return `label "${label}" must end with a letter or digit`;
    }
  }
  return undefined;
}

function checkInteger(value: unknown, min: number, max: number): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) return undefined;
  return n;
}

function validateName(raw: unknown, type: RecordType, zone: ZoneRow): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw invalid(C.nameInvalid, 'DNS record name is required.');
  const fqdn = canonicalRecordName(raw, zone.name);
  if (!isInZone(fqdn, zone.name)) {
    throw invalid(C.nameInvalid, `DNS record name "${raw}" is not in zone ${zone.name}.`);
  }
  const problem = hostnameProblem(fqdn, { allowWildcard: true, hostRules: HOST_NAME_RULE_TYPES.has(type) });
  if (problem) throw invalid(C.nameInvalid, `DNS record name "${raw}" is invalid: ${problem}.`);
  return fqdn;
}

function validateTtl(raw: unknown, plan: ZonePlan): number {
  if (raw === undefined || raw === null) return TTL_AUTO;
  const min = plan === 'enterprise' ? 30 : TTL_MIN;
  const ttl = typeof raw === 'number' && Number.isInteger(raw) ? raw : undefined;
  if (ttl === undefined || (ttl !== TTL_AUTO && (ttl < min || ttl > TTL_MAX))) {
    throw invalid(C.ttl, `TTL must be between ${min} and ${TTL_MAX} seconds, or 1 for Automatic (got ${JSON.stringify(raw)}).`);
  }
  return ttl;
}

function validateContent(type: RecordType, raw: unknown, fqdn: string, zone: ZoneRow, proxied: boolean): string {
  if (typeof raw !== 'string' || raw.trim() === '') {
    throw invalid(C.contentRequired, `Content is required for ${type} records.`);
  }
  switch (type) {
    case 'A':
    case 'AAAA': {
      const ok = type === 'A' ? isIPv4(raw.trim()) : isIPv6(raw.trim());
      if (!ok) {
        throw type === 'A'
          ? invalid(C.aContent, 'Content for A record must be a valid IPv4 address.')
          : invalid(C.aaaaContent, 'Content for AAAA record must be a valid IPv6 address.');
      }
      const address = canonicalAddress(raw);
      if (inServiceNetwork(address)) {
        throw invalid(C.serviceNetwork, `Content ${address} belongs to the service's own network and cannot be used in an ${type} record.`);
      }
      if (proxied && !proxiableAddress(address)) {
        throw invalid(C.proxyTarget, `Target ${address} is not allowed for a proxied record.`);
      }
      return address;
    }
    case 'CNAME': {
      const target = canonicalContent('CNAME', raw, zone.name);
      const problem = hostnameProblem(target);
      if (problem) throw invalid(C.cnameContent, `Content for CNAME record is invalid: ${problem}.`);
      if (target === fqdn) throw invalid(C.cnameContent, 'Content for CNAME record is invalid: a CNAME cannot point to itself.');
      return target;
    }
    case 'MX':
    case 'NS':
    case 'PTR': {
      const target = canonicalHostname(raw);
      const problem = hostnameProblem(target, { allowRoot: type === 'MX' });
      if (problem) throw invalid(C.hostnameContent, `Content for ${type} record must be a host name: ${problem}.`);
      return target;
    }
    case 'TXT': {
      const parsed = parseTxtContent(raw);
      if (!parsed.ok) throw invalid(C.txtQuotes, `TXT content has inconsistent quotation: ${parsed.reason}.`);
      return parsed.quoted ? raw.trim() : renderTxtContent(parsed.text);
    }
    case 'OPENPGPKEY': {
      const key = raw.replace(/\s+/g, '');
      if (!/^[A-Za-z0-9+/]+=*$/.test(key)) throw invalid(C.data, 'Content for OPENPGPKEY record must be base64.');
      return key;
    }
    default:
      return raw.trim();
  }
}

function fieldProblem(field: DataField, value: unknown): string | undefined {
  const t = field.type;
  switch (t.kind) {
    case 'int':
      return checkInteger(value, t.min, t.max) === undefined ? `an integer between ${t.min} and ${t.max}` : undefined;
    case 'number': {
      const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
      return typeof n === 'number' && Number.isFinite(n) && n >= t.min && n <= t.max ? undefined : `a number between ${t.min} and ${t.max}`;
    }
    case 'hostname':
      return typeof value === 'string' && hostnameProblem(canonicalHostname(value), { allowRoot: true }) === undefined
        ? undefined
        : 'a host name';
    case 'hex':
      return typeof value === 'string' && /^[0-9a-fA-F\s]+$/.test(value) ? undefined : 'hexadecimal';
    case 'base64':
      return typeof value === 'string' && /^[A-Za-z0-9+/=\s]+$/.test(value) ? undefined : 'base64';
    case 'string':
    case 'lower':
      return typeof value === 'string' || typeof value === 'number' ? undefined : 'a string';
    case 'enum':
      return typeof value === 'string' && t.values.includes(value.toUpperCase()) ? undefined : `one of ${t.values.join(', ')}`;
    default:
      return assertNever(t, 'data field kind');
  }
}

function validateData(type: RecordType, raw: unknown): Record<string, string | number> {
  const fields = DATA_FIELDS[type] ?? [];
  if (!isPlainObject(raw)) {
    throw invalid(C.data, `${type} records need a data object with ${fields.map((f) => f.name).join(', ')}.`);
  }
  if (type === 'SRV') {
    const legacy = SRV_LEGACY_FIELDS.filter((f) => raw[f] !== undefined);
    if (legacy.length > 0) {
      throw invalid(
        C.srvLegacyData,
        `SRV data.${legacy.join(', data.')} ${legacy.length > 1 ? 'are' : 'is'} no longer supported: set the service, protocol and base name in the top-level name instead (e.g. "_sip._tcp.example.com").`,
      );
    }
  }
  const optional = OPTIONAL_DATA_FIELDS[type] ?? [];
  const filled: Record<string, unknown> = {};
  for (const field of fields) {
    const value = raw[field.name];
    if (value === undefined || value === null) {
      if (optional.includes(field.name)) {
        filled[field.name] = field.type.kind === 'string' ? '' : 0;
        continue;
      }
      throw invalid(C.data, `${type} data.${field.name} is required.`);
    }
    const problem = fieldProblem(field, value);
    if (problem) throw invalid(C.data, `${type} data.${field.name} must be ${problem} (got ${JSON.stringify(value)}).`);
    filled[field.name] = value;
  }
  return canonicalData(type, filled) as Record<string, string | number>;
}

function validateComment(raw: unknown, plan: ZonePlan): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string') throw invalid(C.comment, 'comment must be a string or null.');
  const max = plan === 'free' ? 100 : 500;
  if (raw.length > max) throw invalid(C.comment, `comment is longer than ${max} characters.`);
  if (/[\r\n]/.test(raw)) throw invalid(C.comment, 'comment may not contain line breaks.');
  return raw;
}

function validateTags(raw: unknown): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.some((t) => typeof t !== 'string')) throw invalid(C.tags, 'tags must be an array of strings.');
  const tags = [...new Set((raw as string[]).map((t) => t.trim()))];
  if (tags.length > MAX_TAGS) throw invalid(C.tags, `A record can have at most ${MAX_TAGS} tags (got ${tags.length}).`);
  const bad = tags.find((t) => !TAG_FORMAT.test(t));
  if (bad !== undefined) throw invalid(C.tags, `Tag "${bad}" must have the form name:value (name of letters, digits, _ and -).`);
  return tags;
}

/** Validate a write body (create, replace, or patch over `base`) into the stored form. */
export function draftFromBody(body: unknown, zone: ZoneRow, mode: WriteMode): RecordDraft {
  if (!isPlainObject(body)) throw invalid(C.bodyInvalid, 'Request body is invalid.');
  const b = mode.kind === 'patch' ? mergePatch(mode.base, body) : body;

  const rawType = typeof b.type === 'string' ? b.type.trim().toUpperCase() : b.type;
  if (rawType === 'SOA') {
    throw invalid(C.typeInvalid, 'SOA records are managed by the service; change SOA values with PATCH /zones/{zone_id}/dns_settings.');
  }
  if (!isRecordType(rawType)) {
    throw invalid(C.typeInvalid, `Invalid or missing record type${typeof rawType === 'string' ? ` "${rawType}"` : ''}.`);
  }
  const type: RecordType = rawType;
  const name = validateName(b.name, type, zone);

  if (b.proxied !== undefined && b.proxied !== null && typeof b.proxied !== 'boolean') {
    throw invalid(C.bodyInvalid, 'proxied must be a boolean.');
  }
  const proxied = b.proxied === true;
  if (proxied && !PROXIABLE_TYPES.has(type)) throw invalid(C.proxyType, 'This record type cannot be proxied.');
  const ttl = proxied ? (validateTtl(b.ttl, zone.plan), TTL_AUTO) : validateTtl(b.ttl, zone.plan);

  const draft: RecordDraft = {
    name,
    type,
    ttl,
    proxied,
    comment: validateComment(b.comment, zone.plan),
    tags: validateTags(b.tags),
    settings: isPlainObject(b.settings) ? { ...b.settings } : {},
  };
  if (DATA_FIELDS[type] !== undefined) draft.data = validateData(type, b.data);
  else draft.content = validateContent(type, b.content, name, zone, proxied);

  if (TOP_LEVEL_PRIORITY_TYPES.has(type)) {
    const priority = checkInteger(b.priority, 0, 65535);
    if (priority === undefined) throw invalid(C.priority, `${type} records need a priority between 0 and 65535.`);
    draft.priority = priority;
  }
  return draft;
}
