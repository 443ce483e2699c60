/**
 * Record rules on a write body (src/emulator/README.md, "Record rules"): the body becomes a
 * `RecordDraft` in the stored form, or a `RecordValidationError` with the service's code.
 * Rules that need other records (conflicts, DS beside NS, CNAME chains) live in
 * zone-records.ts.
 */
import {
  COMMENT_FACTS,
  DATA_FIELD_FACTS,
  HOST_NAME_RULE_TYPES,
  PROXIABLE_TYPES,
  RECORD_TYPES,
  TAG_FACTS,
  TOP_LEVEL_PRIORITY_TYPES,
  TTL_FACTS,
  type RecordType,
} from '../../facts/record-types.js';
import type { ZoneTier, ZoneRow } from '../contract.js';
import { resolveRecordName } from '../names.js';
import { RECORD_CODES as C, invalid } from './codes.js';
import { validateContent } from './content.js';
import { validateData } from './data.js';
import { hostnameProblem } from './hostnames.js';
import { privateRoutingOf, requestedPrivateRouting } from './private-routing.js';
import { mergeSettings, validateSettings } from './record-settings.js';
import type { RecordDraft, RecordRow } from './record-row.js';
import { isPlainObject } from '../json.js';

export type { RecordDraft } from './record-row.js';

export type WriteMode = { kind: 'create' } | { kind: 'replace' } | { kind: 'patch'; base: RecordRow };

/** A tag is `name` or `name:value` (bare tags are valid: terraform-provider-cloudflare acceptance tests). */
const TAG_FORMAT = /^[A-Za-z0-9_-]+(:.*)?$/;

function isRecordType(v: unknown): v is RecordType {
  return typeof v === 'string' && (RECORD_TYPES as readonly string[]).includes(v);
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
  if (row.private_routing !== undefined) body.private_routing = row.private_routing;
  return body;
}

function mergePatch(base: RecordRow, patch: Record<string, unknown>): Record<string, unknown> {
  const merged = { ...rowToBody(base), ...patch };
  const sameType = patch.type === undefined || String(patch.type).toUpperCase() === base.type;
  if (sameType && base.data && isPlainObject(patch.data)) merged.data = { ...base.data, ...patch.data };
  if (!sameType && patch.data === undefined) delete merged.data;
  if (!sameType && patch.content === undefined && base.content !== undefined) delete merged.content;
  if (!sameType && patch.private_routing === undefined) delete merged.private_routing;
  if (patch.settings !== undefined) merged.settings = mergeSettings(base.settings, patch.settings);
  return merged;
}

function integer(value: unknown, min: number, max: number): number | undefined {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isInteger(n) || n < min || n > max) return undefined;
  return n;
}

function validateName(raw: unknown, type: RecordType, zone: ZoneRow): string {
  if (typeof raw !== 'string' || raw.trim() === '') throw invalid(C.nameInvalid, 'DNS name is invalid: a record name is required.');
  const resolved = resolveRecordName(raw, zone.name);
  if (!resolved.inZone) throw invalid(C.nameInvalid, `DNS name is invalid: "${raw}" is not in zone ${zone.name}.`);
  const problem = hostnameProblem(resolved.fqdn, { allowAsterisk: true, hostRules: HOST_NAME_RULE_TYPES.has(type) });
  if (problem) throw invalid(C.nameInvalid, `DNS name is invalid: "${raw}": ${problem}.`);
  return resolved.fqdn;
}

/** TTL 1 (automatic) or 60..86400; from 30 on Enterprise zones (https://developers.cloudflare.com/dns/manage-dns-records/reference/ttl/). */
function validateTtl(raw: unknown, plan: ZoneTier): number {
  if (raw === undefined || raw === null) return TTL_FACTS.auto;
  const min = plan === 'enterprise' ? TTL_FACTS.enterpriseMin : TTL_FACTS.min;
  const ttl = typeof raw === 'number' && Number.isInteger(raw) ? raw : undefined;
  if (ttl === undefined || (ttl !== TTL_FACTS.auto && (ttl < min || ttl > TTL_FACTS.max))) {
    const hint =
      plan !== 'enterprise' && ttl !== undefined && ttl >= TTL_FACTS.enterpriseMin && ttl < TTL_FACTS.min
        ? ' (30 to 59 needs an Enterprise zone)'
        : '';
    throw invalid(
      C.ttl,
      `TTL must be between ${min} and ${TTL_FACTS.max} seconds, or 1 for Automatic (got ${JSON.stringify(raw)})${hint}.`,
    );
  }
  return ttl;
}

function validateComment(raw: unknown, plan: ZoneTier): string | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string') throw invalid(C.comment, 'comment must be a string or null.');
  const max = plan === 'free' ? COMMENT_FACTS.freeMax : COMMENT_FACTS.paidMax;
  if (raw.length > max) throw invalid(C.comment, `comment is longer than ${max} characters.`);
  if (/[\r\n]/.test(raw)) throw invalid(C.comment, 'comment may not contain line breaks.');
  return raw;
}

/**
 * Tags are a feature of paid plans: none on Free zones, at most 20 a record otherwise (the plans
 * index, `dns.record_tags`: https://developers.cloudflare.com/dns/manage-dns-records/reference/record-attributes/).
 * Over the quota the live answer is 9300 "DNS record has 1 tags, exceeding the quota of 0."
 * (kubernetes-sigs/external-dns issue #3706, cloudflare/terraform-provider-cloudflare issue
 * #3217: inside the 1004 wrapper of that time). A name (before the colon) of at most 32
 * characters, a value of at most 100 (the same index); the code of those refusals is the
 * emulator's (9112: not published).
 */
function validateTags(raw: unknown, plan: ZoneTier): string[] {
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw) || raw.some((t) => typeof t !== 'string')) throw invalid(C.tags, 'tags must be an array of strings.');
  const tags = [...new Set((raw as string[]).map((t) => t.trim()))];
  const quota = plan === 'free' ? TAG_FACTS.freeMaxCount : TAG_FACTS.maxCount;
  if (tags.length > quota) throw invalid(C.tagQuota, `DNS record has ${tags.length} tags, exceeding the quota of ${quota}.`);
  const bad = tags.find((t) => !TAG_FORMAT.test(t));
  if (bad !== undefined) throw invalid(C.tags, `Tag "${bad}" must be a name or name:value (name of letters, digits, _ and -).`);
  for (const tag of tags) {
    const colon = tag.indexOf(':');
    const name = colon < 0 ? tag : tag.slice(0, colon);
    const value = colon < 0 ? '' : tag.slice(colon + 1);
    if ([...name].length > TAG_FACTS.nameMax) throw invalid(C.tags, `Tag name "${name}" is longer than ${TAG_FACTS.nameMax} characters.`);
    if ([...value].length > TAG_FACTS.valueMax)
      throw invalid(C.tags, `The value of tag "${name}" is longer than ${TAG_FACTS.valueMax} characters.`);
  }
  return tags;
}

/** Validate a write body (create, replace, or patch over `base`) into the stored form. */
export function draftFromBody(body: unknown, zone: ZoneRow, mode: WriteMode, opts: { priorityInData?: boolean } = {}): RecordDraft {
  if (!isPlainObject(body)) throw invalid(C.bodyInvalid, 'Request body is invalid.');
  const b = mode.kind === 'patch' ? mergePatch(mode.base, body) : body;

  const rawType = typeof b.type === 'string' ? b.type.trim().toUpperCase() : b.type;
  if (rawType === 'SOA') {
    throw invalid(C.typeInvalid, 'SOA records are managed by the service; change SOA values with PATCH /zones/{zone_id}/dns_settings.');
  }
  if (!isRecordType(rawType)) {
    throw invalid(C.typeInvalid, `Invalid or missing record type${typeof rawType === 'string' ? ` "${rawType}"` : ''}.`);
  }
  const type = rawType;
  const name = validateName(b.name, type, zone);

  if (b.proxied !== undefined && b.proxied !== null && typeof b.proxied !== 'boolean') {
    throw invalid(C.bodyInvalid, 'proxied must be a boolean.');
  }
  const proxied = b.proxied === true;
  if (proxied && !PROXIABLE_TYPES.has(type)) throw invalid(C.proxyType, 'This record type cannot be proxied.');
  // A proxied record's TTL is always automatic; the TTL sent is still checked.
  // A proxied record's TTL is still validated, then answered as automatic.
  const validTtl = validateTtl(b.ttl, zone.plan);
  const ttl = proxied ? TTL_FACTS.auto : validTtl;

  const draft: RecordDraft = {
    name,
    type,
    ttl,
    proxied,
    comment: validateComment(b.comment, zone.plan),
    tags: validateTags(b.tags, zone.plan),
    settings: validateSettings(b.settings, type, proxied, zone),
  };
  const routing = requestedPrivateRouting(b.private_routing, type);
  if (DATA_FIELD_FACTS[type] !== undefined) draft.data = validateData(type, b.data);
  else draft.content = validateContent(type, b.content, name, zone, proxied);
  const privateRouting = privateRoutingOf(routing, type, draft.content ?? '', proxied, zone);
  if (privateRouting !== undefined) draft.private_routing = privateRouting;

  if (TOP_LEVEL_PRIORITY_TYPES.has(type)) {
    // The live API reads the top-level field only: priority in `data` is refused with 9100
    // (pulumi/pulumi-cloudflare issue #1107); `--priority-in-data` reads it there too.
    const fromData = opts.priorityInData === true && isPlainObject(b.data) ? b.data.priority : undefined;
    const priority = integer(fromData ?? b.priority, 0, 65535);
    if (priority === undefined)
      throw invalid(C.priority, `priority is a required field: ${type} records need a priority between 0 and 65535.`);
    draft.priority = priority;
  }
  return draft;
}
