/**
 * From the schema-valid parts of a zone file to the canonical model: defaults applied
 * (README, "The zone file"), records normalised, retired settings mapped to their replacements.
 */
import { normalizeRecord, type MutableRecord } from '../model/normalize.js';
import type { CanonicalRecord, RecordInput, RecordSettings } from '../model/record.js';
import { PROXIABLE_TYPES, TOP_LEVEL_PRIORITY_TYPES } from '../record-types/index.js';
import type { PathSegment } from '../text/index.js';
import type { ExternalDnsOptions } from '../ownership/index.js';
import type { RawDefaults, RawExternalDns, RawManage, RawRecord, RawSettings, RawToken } from './raw-types.js';
import type { DesiredSettings, ManageConfig, TokenSpec } from './types.js';

/**
 * A file record with the defaults applied: omitted ttl -> defaults.ttl, else auto (never on a
 * proxied record); omitted proxied -> defaults.proxied for A/AAAA/CNAME, else false. Comment,
 * tags and per-record settings stay undefined when omitted (not managed).
 */
function applyDefaults(raw: RawRecord, defaults: RawDefaults): RecordInput {
  const proxied = raw.proxied ?? (PROXIABLE_TYPES.has(raw.type) ? (defaults.proxied ?? false) : false);
  const ttl = proxied ? 'auto' : (raw.ttl ?? defaults.ttl ?? 'auto');
  // Fields assigned one by one (not spread conditionally): one object shape for the common
  // records of a 100,000-record file, and no intermediate objects.
  const input: MutableRecord<RecordInput> = { name: raw.name, type: raw.type, ttl, proxied };
  if (raw.data !== undefined) input.data = raw.data;
  else input.content = raw.content ?? '';
  if (raw.priority !== undefined && TOP_LEVEL_PRIORITY_TYPES.has(raw.type)) input.priority = raw.priority;
  if (raw.comment !== undefined) input.comment = raw.comment;
  if (raw.tags !== undefined) input.tags = raw.tags;
  if (raw.settings !== undefined) input.settings = { ...raw.settings };
  if (raw.private_routing === true) input.private_routing = true;
  return input;
}

/** The flags the file sets (an empty `settings: {}` manages nothing). */
function managedSettings(settings: RecordSettings | undefined): RecordSettings | undefined {
  if (settings === undefined) return undefined;
  const out: MutableRecord<RecordSettings> = {};
  for (const f of ['flatten_cname', 'ipv4_only', 'ipv6_only'] as const) if (settings[f] !== undefined) out[f] = settings[f];
  return Object.keys(out).length > 0 ? out : undefined;
}

export function buildRecord(raw: RawRecord, defaults: RawDefaults, zone: string): CanonicalRecord {
  const input = applyDefaults(raw, defaults);
  const record = normalizeRecord(input, zone);
  const settings = managedSettings(input.settings);
  return settings === undefined ? record : { ...record, settings };
}

/** dns_settings PATCH body from the file's settings; retired fields mapped (explicit new ones win). */
export function buildSettings(s: RawSettings): DesiredSettings {
  const out: DesiredSettings = {};
  for (const f of ['flatten_all_cnames', 'multi_provider', 'ns_ttl', 'secondary_overrides', 'zone_mode'] as const) {
    if (s[f] !== undefined) out[f] = s[f];
  }
  if (s.nameservers !== undefined) out.nameservers = { ...s.nameservers };
  if (s.soa !== undefined) out.soa = { ...s.soa };
  if (out.flatten_all_cnames === undefined && s.cname_flattening !== undefined) {
    out.flatten_all_cnames = s.cname_flattening === 'on';
  }
  if (out.multi_provider === undefined && s.use_apex_ns !== undefined) out.multi_provider = s.use_apex_ns;
  if (out.nameservers === undefined) {
    if (s.default_nameservers !== undefined) out.nameservers = { type: s.default_nameservers };
    else if (s.use_account_custom_ns_by_default === true) out.nameservers = { type: 'custom.account' };
  }
  return out;
}

export function buildToken(raw: RawToken, path: readonly PathSegment[], line: number): TokenSpec {
  const ip = raw.condition?.['request.ip'] ?? raw.condition?.request_ip;
  const spec: TokenSpec = {
    name: raw.name,
    policies: raw.policies.map((p) => ({
      effect: p.effect,
      permission_groups: p.permission_groups.map((g) => ({ ...g })),
      resources: Object.fromEntries(Object.entries(p.resources).map(([k, v]) => [k, typeof v === 'string' ? v : { ...v }])),
    })),
    path: `tokens[${String(path[1])}]`,
    line,
  };
  if (raw.owner === 'account') spec.owner = 'account';
  if (raw.not_before !== undefined) spec.not_before = raw.not_before;
  if (raw.expires_on !== undefined) spec.expires_on = raw.expires_on;
  if (ip !== undefined) {
    spec.condition = {
      request_ip: {
        ...(ip.in !== undefined ? { in: [...ip.in] } : {}),
        ...(ip.not_in !== undefined ? { not_in: [...ip.not_in] } : {}),
      },
    };
  }
  return spec;
}

const DEFAULT_MAX_PERCENT = 30;

/** `external_dns`'s owner as a list (the file may write one owner or several). */
function externalDnsOf(raw: RawExternalDns): ExternalDnsOptions {
  const { owner, ...rest } = raw;
  return { ...rest, ...(owner !== undefined ? { owner: typeof owner === 'string' ? [owner] : [...owner] } : {}) };
}

/**
 * `manage` with its defaults. `ignoreAt`: where each rule of `m.ignore` is written
 * (`manage.ignore[2]`, `shared/mail.yaml manage.ignore[0]`), which reports name a record by.
 */
export function buildManage(m: RawManage | undefined, ignoreAt: readonly string[] = []): ManageConfig {
  return {
    // Removing a record from the file deletes it (as octoDNS and DNSControl purge by default);
    // `keep` is for zones shared with other tools or people, `owned` for zones shared with writers
    // that mark nothing (zonectl marks what it writes: src/core/ownership/marker.ts).
    unmanaged: m?.unmanaged ?? 'delete',
    ignore: (m?.ignore ?? []).map((r, i) => ({ ...r, at: ignoreAt[i] ?? `manage.ignore[${i}]` })),
    ...(m?.external_dns !== undefined ? { external_dns: externalDnsOf(m.external_dns) } : {}),
    max_delete_percent: m?.max_delete_percent ?? DEFAULT_MAX_PERCENT,
    max_update_percent: m?.max_update_percent ?? DEFAULT_MAX_PERCENT,
    tokens: m?.tokens ?? 'keep',
    ...(m?.tokens_prefix !== undefined ? { tokens_prefix: m.tokens_prefix } : {}),
  };
}
