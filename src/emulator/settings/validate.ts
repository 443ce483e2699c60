/**
 * PATCH bodies of /zones/{id}/dns_settings and /accounts/{id}/dns_settings: field checks,
 * retired fields (answered with their replacement), unknown fields, SOA bounds and the
 * cross-field rules (retry <= refresh, expire >= refresh). All problems are gathered.
 */
import {
  ACCOUNT_NAMESERVER_TYPES,
  NS_SET_BOUNDS,
  NS_TTL_BOUNDS,
  SOA_BOUNDS,
  ZONE_NAMESERVER_TYPES,
  type DnsSettings,
  type NameserverType,
  type Soa,
  type ZoneMode,
} from './types.js';
import { isPlainObject } from '../json.js';
import { DEFAULT_ACCOUNT_MNAME } from './defaults.js';

export type SettingsLevel = 'zone' | 'account';

export interface SettingsPatch {
  flatten_all_cnames?: boolean;
  foundation_dns?: boolean;
  internal_dns?: { reference_zone_id?: string | null };
  multi_provider?: boolean;
  nameservers?: { type?: NameserverType; ns_set?: number };
  ns_ttl?: number;
  secondary_overrides?: boolean;
  soa?: Partial<Soa>;
  zone_mode?: ZoneMode;
}

export type PatchValidation =
  | { ok: true; patch: SettingsPatch; enforceDnsOnly?: boolean; notes: string[] }
  | { ok: false; problems: string[] };

const RETIRED: Record<string, string> = {
  use_apex_ns: '"use_apex_ns" is retired (2024-09-13); use "multi_provider"',
  cname_flattening: '"cname_flattening" is retired (2025-03-21); use "flatten_all_cnames" (off and apex = false, on = true)',
  default_nameservers: '"default_nameservers" is retired (2025-03-14); use "zone_defaults.nameservers.type"',
  use_account_custom_ns_by_default: '"use_account_custom_ns_by_default" is retired (2025-03-14); use "zone_defaults.nameservers.type"',
};

const SETTING_FIELDS = [
  'flatten_all_cnames',
  'foundation_dns',
  'internal_dns',
  'multi_provider',
  'nameservers',
  'ns_ttl',
  'secondary_overrides',
  'soa',
  'zone_mode',
] as const;

const ZONE_MODES: readonly ZoneMode[] = ['standard', 'cdn_only', 'dns_only'];

export function validateSettingsPatch(body: unknown, level: SettingsLevel): PatchValidation {
  const problems: string[] = [];
  const notes: string[] = [];
  if (!isPlainObject(body)) return { ok: false, problems: ['the request body must be a JSON object'] };
  if (level === 'zone') {
    const patch = validateSettingsObject(body, level, '', problems, notes);
    return problems.length > 0 ? { ok: false, problems } : { ok: true, patch, notes };
  }
  const unknown: string[] = [];
  for (const key of Object.keys(body)) {
    if (key === 'zone_defaults' || key === 'enforce_dns_only') continue;
    if (key in RETIRED) problems.push(RETIRED[key]);
    else if ((SETTING_FIELDS as readonly string[]).includes(key))
      problems.push(`"${key}" belongs under "zone_defaults" in account DNS settings`);
    else unknown.push(key);
  }
  if (unknown.length > 0) problems.push(unknownMessage(unknown, ''));
  let enforceDnsOnly: boolean | undefined;
  if (body.enforce_dns_only !== undefined) {
    if (typeof body.enforce_dns_only === 'boolean') enforceDnsOnly = body.enforce_dns_only;
    else problems.push('enforce_dns_only must be a boolean');
  }
  let patch: SettingsPatch = {};
  if (body.zone_defaults !== undefined) {
    if (!isPlainObject(body.zone_defaults)) problems.push('zone_defaults must be an object');
    else patch = validateSettingsObject(body.zone_defaults, level, 'zone_defaults.', problems, notes);
  }
  if (problems.length > 0) return { ok: false, problems };
  return enforceDnsOnly === undefined ? { ok: true, patch, notes } : { ok: true, patch, enforceDnsOnly, notes };
}

function validateSettingsObject(
  body: Record<string, unknown>,
  level: SettingsLevel,
  at: string,
  problems: string[],
  notes: string[],
): SettingsPatch {
  const patch: SettingsPatch = {};
  const unknown: string[] = [];
  for (const key of Object.keys(body)) {
    if ((SETTING_FIELDS as readonly string[]).includes(key)) continue;
    if (key in RETIRED) problems.push(RETIRED[key]);
    else if (level === 'zone' && (key === 'zone_defaults' || key === 'enforce_dns_only')) {
      problems.push(`"${key}" is an account setting; use PATCH /accounts/{account_id}/dns_settings`);
    } else unknown.push(key);
  }
  if (unknown.length > 0) problems.push(unknownMessage(unknown, at));

  for (const key of ['flatten_all_cnames', 'foundation_dns', 'multi_provider', 'secondary_overrides'] as const) {
    const v = body[key];
    if (v === undefined) continue;
    if (typeof v === 'boolean') patch[key] = v;
    else problems.push(`${at}${key} must be a boolean`);
  }
  if (body.foundation_dns !== undefined) notes.push('foundation_dns is deprecated; use nameservers.type "cloudflare.advanced"');

  if (body.ns_ttl !== undefined) {
    const n = intIn(body.ns_ttl, NS_TTL_BOUNDS);
    if (n === undefined) problems.push(`${at}ns_ttl must be an integer from ${NS_TTL_BOUNDS.min} to ${NS_TTL_BOUNDS.max}`);
    else patch.ns_ttl = n;
  }
  if (body.zone_mode !== undefined) {
    if (typeof body.zone_mode === 'string' && (ZONE_MODES as readonly string[]).includes(body.zone_mode))
      patch.zone_mode = body.zone_mode as ZoneMode;
    else problems.push(`${at}zone_mode must be one of ${ZONE_MODES.join(', ')}`);
  }
  if (body.internal_dns !== undefined) {
    const v = body.internal_dns;
    if (!isPlainObject(v)) problems.push(`${at}internal_dns must be an object with "reference_zone_id"`);
    else {
      const extra = Object.keys(v).filter((k) => k !== 'reference_zone_id');
      if (extra.length > 0) problems.push(unknownMessage(extra, `${at}internal_dns.`));
      const ref = v.reference_zone_id;
      if (ref === null || (typeof ref === 'string' && /^[0-9a-f]{32}$/.test(ref))) patch.internal_dns = { reference_zone_id: ref };
      else if (ref !== undefined) problems.push(`${at}internal_dns.reference_zone_id must be a zone id (32 hex characters) or null`);
    }
  }
  if (body.nameservers !== undefined) patch.nameservers = validateNameservers(body.nameservers, level, at, problems);
  if (body.soa !== undefined) patch.soa = validateSoa(body.soa, at, problems);
  return patch;
}

function validateNameservers(value: unknown, level: SettingsLevel, at: string, problems: string[]): SettingsPatch['nameservers'] {
  if (!isPlainObject(value)) {
    problems.push(`${at}nameservers must be an object with "type"`);
    return undefined;
  }
  const out: NonNullable<SettingsPatch['nameservers']> = {};
  // An account's zone_defaults.nameservers has `type` only: ns_set is a zone's (API reference,
  // https://developers.cloudflare.com/api/resources/dns/subresources/settings/subresources/account/;
  // official TypeScript SDK 7.3.0, resources/dns/settings/account/account.d.ts).
  const members = level === 'zone' ? ['type', 'ns_set'] : ['type'];
  const extra = Object.keys(value).filter((k) => !members.includes(k));
  if (extra.length > 0) problems.push(unknownMessage(extra, `${at}nameservers.`));
  const allowed: readonly string[] = level === 'zone' ? ZONE_NAMESERVER_TYPES : ACCOUNT_NAMESERVER_TYPES;
  if (value.type !== undefined) {
    if (typeof value.type === 'string' && allowed.includes(value.type)) out.type = value.type as NameserverType;
    else {
      const hint =
        level === 'zone' && value.type === 'cloudflare.standard.random'
          ? ' ("cloudflare.standard.random" is only for account zone_defaults)'
          : level === 'account' && value.type === 'custom.zone'
            ? ' ("custom.zone" is only for a zone)'
            : '';
      problems.push(`${at}nameservers.type must be one of ${allowed.join(', ')}${hint}`);
    }
  }
  if (value.ns_set !== undefined && level === 'zone') {
    const n = intIn(value.ns_set, NS_SET_BOUNDS);
    if (n === undefined) problems.push(`${at}nameservers.ns_set must be an integer from ${NS_SET_BOUNDS.min} to ${NS_SET_BOUNDS.max}`);
    else out.ns_set = n;
  }
  return out;
}

function validateSoa(value: unknown, at: string, problems: string[]): Partial<Soa> | undefined {
  if (!isPlainObject(value)) {
    problems.push(`${at}soa must be an object`);
    return undefined;
  }
  const out: Partial<Soa> = {};
  const known = ['mname', 'rname', ...Object.keys(SOA_BOUNDS)];
  const extra = Object.keys(value).filter((k) => !known.includes(k));
  if (extra.length > 0) problems.push(unknownMessage(extra, `${at}soa.`));
  for (const key of ['mname', 'rname'] as const) {
    const v = value[key];
    if (v === undefined) continue;
    // "If null, a Cloudflare-assigned value will be used" (the SDKs' dns_settings schema): the
    // placeholder the account defaults already use, a zone's first nameserver (assignMname).
    if (key === 'mname' && v === null) {
      out.mname = DEFAULT_ACCOUNT_MNAME;
      continue;
    }
    if (typeof v === 'string' && isHostname(v)) out[key] = v.replace(/\.$/, '').toLowerCase();
    else
      problems.push(
        `${at}soa.${key} must be a hostname${key === 'rname' ? ' (the mailbox in DNS form, e.g. hostmaster.example.com)' : ''}`,
      );
  }
  for (const key of Object.keys(SOA_BOUNDS) as Array<keyof typeof SOA_BOUNDS>) {
    const v = value[key];
    if (v === undefined) continue;
    const bounds = SOA_BOUNDS[key];
    const n = intIn(v, bounds);
    if (n === undefined) problems.push(`${at}soa.${key} must be an integer from ${bounds.min} to ${bounds.max}`);
    else out[key] = n;
  }
  return out;
}

/** Cross-field SOA rules on the merged values. */
export function checkSoaRules(soa: Soa, at = ''): string[] {
  const problems: string[] = [];
  if (soa.retry > soa.refresh) problems.push(`${at}soa.retry (${soa.retry}) must not exceed soa.refresh (${soa.refresh})`);
  if (soa.expire < soa.refresh) problems.push(`${at}soa.expire (${soa.expire}) must not be smaller than soa.refresh (${soa.refresh})`);
  return problems;
}

/** The settings after a PATCH (nested objects merged field by field). Never mutates `current`. */
export function applySettingsPatch(current: DnsSettings, patch: SettingsPatch): DnsSettings {
  const next: DnsSettings = structuredClone(current);
  if (patch.flatten_all_cnames !== undefined) next.flatten_all_cnames = patch.flatten_all_cnames;
  if (patch.foundation_dns !== undefined) next.foundation_dns = patch.foundation_dns;
  if (patch.multi_provider !== undefined) next.multi_provider = patch.multi_provider;
  if (patch.secondary_overrides !== undefined) next.secondary_overrides = patch.secondary_overrides;
  if (patch.ns_ttl !== undefined) next.ns_ttl = patch.ns_ttl;
  if (patch.zone_mode !== undefined) next.zone_mode = patch.zone_mode;
  if (patch.internal_dns !== undefined) {
    const ref = patch.internal_dns.reference_zone_id;
    if (ref === null) delete next.internal_dns;
    else if (ref !== undefined) next.internal_dns = { reference_zone_id: ref };
  }
  if (patch.nameservers !== undefined) next.nameservers = { ...next.nameservers, ...patch.nameservers } as DnsSettings['nameservers'];
  if (patch.soa !== undefined) next.soa = { ...next.soa, ...patch.soa };
  return next;
}

export function soaChanged(before: Soa, after: Soa): boolean {
  return (Object.keys(before) as Array<keyof Soa>).some((k) => before[k] !== after[k]);
}

function intIn(value: unknown, bounds: { min: number; max: number }): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= bounds.min && value <= bounds.max ? value : undefined;
}

function isHostname(value: string): boolean {
  const v = value.replace(/\.$/, '');
  if (v.length === 0 || v.length > 253) return false;
  return v
    .split(/(?<!\\)\./)
    .every((label) => /^(?:\\\.|[A-Za-z0-9_-])+$/.test(label) && label.length <= 63 && !label.startsWith('-') && !label.endsWith('-'));
}

function unknownMessage(keys: string[], at: string): string {
  return `unknown field${keys.length > 1 ? 's' : ''}: ${keys.map((k) => `${at}${k}`).join(', ')}`;
}
