/**
 * The account's DNS settings as its account file writes them: `zone_defaults` (GET
 * /accounts/{account_id}/dns_settings, https://developers.cloudflare.com/api/resources/dns/subresources/settings/subresources/account/)
 * and `enforce_dns_only` (the account's switch in the same answer and PATCH body: the official
 * SDK's `dns.settings.account`; https://developers.cloudflare.com/dns/proxy-status/enforce-dns-only/).
 *
 * Like a zone's settings (export-settings.ts), a new file writes only what differs from the
 * service's defaults (src/core/service/dns-settings.ts, soa.ts), so that it says what someone
 * chose. What the file can manage and the service still takes: `flatten_all_cnames`,
 * `multi_provider`, `ns_ttl`, `secondary_overrides`, `zone_mode`, `nameservers.type` (the
 * account's has no `ns_set`), the SOA timers and `rname`, `soa.mname` when it names a host of
 * its own (null or a name of the service's is "a Cloudflare-assigned value", the SDKs'
 * dns_settings schema), and `internal_dns.reference_zone_id` when one is set. Never written:
 * `foundation_dns` (deprecated for `nameservers.type: cloudflare.advanced`: the account-file
 * loader warns on it), the retired account settings `default_nameservers` and
 * `use_account_custom_ns_by_default` (2025-03-14,
 * https://developers.cloudflare.com/fundamentals/api/reference/deprecations/), and whatever
 * else an answer may hold. `enforce_dns_only` is written when it is on (off is the default).
 *
 * `export --into` (accountSettingsEdits): a field the file writes takes the live value (read off
 * the account's plan, as a zone's settings are, refresh-edits.ts), and a live field that differs
 * from the default and the file does not write is added; the rest of the file stays. Pure.
 */
import type { AccountPlan, LiveAccountSettings } from '../account/plan-account.js';
import { ENFORCE_DNS_ONLY } from '../account/plan-account.js';
import { canonicalHostname } from '../model/names.js';
import { isServiceAssignedMname } from '../service/nameservers.js';
import { SERVICE_DEFAULT_SETTINGS } from '../service/dns-settings.js';
import { SERVICE_DEFAULT_RNAME, SERVICE_DEFAULT_SOA } from '../service/soa.js';
import { literalDocument } from '../yaml/index.js';
import { type NewNodeLayout, writeNewYaml, type YamlEdit } from '../yaml-edit/index.js';
import type { ViewMemberOut } from './export-views.js';
import type { AccountConfig } from '../zonefile/index.js';

/** The account's settings as an account file writes them. */
export interface AccountSettingsOut {
  readonly zoneDefaults: Record<string, unknown>;
  /** Present (true) only when the switch is on. */
  readonly enforceDnsOnly?: true;
}

/** Scalar fields of `zone_defaults` the file manages, in the schema's order. */
const SCALAR_FIELDS = ['flatten_all_cnames', 'multi_provider', 'ns_ttl', 'secondary_overrides', 'zone_mode'] as const;

/** The keys of `zone_defaults` in the order a new file writes them (the README's). */
export const ZONE_DEFAULTS_ORDER = [...SCALAR_FIELDS, 'nameservers', 'soa', 'internal_dns'];

/** An account file's keys in the order the schema lists them. */
export const ACCOUNT_FILE_KEY_ORDER = ['$schema', 'version', 'account_id', 'zone_defaults', 'enforce_dns_only', 'views'];

const SOA_ORDER = ['mname', 'rname', ...Object.keys(SERVICE_DEFAULT_SOA)];

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The live SOA's members that differ from a new zone's. */
function soaOut(soa: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof soa.mname === 'string' && !isServiceAssignedMname(soa.mname)) out.mname = soa.mname;
  if (typeof soa.rname === 'string' && canonicalHostname(soa.rname) !== SERVICE_DEFAULT_RNAME) out.rname = soa.rname;
  for (const [k, def] of Object.entries(SERVICE_DEFAULT_SOA)) if (typeof soa[k] === 'number' && soa[k] !== def) out[k] = soa[k];
  return out;
}

/** The live `zone_defaults` fields that differ from the service's defaults, as the file writes them. */
export function zoneDefaultsOut(live: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of SCALAR_FIELDS) {
    const value = live[key];
    if (value !== undefined && value !== null && value !== SERVICE_DEFAULT_SETTINGS[key]) out[key] = value;
  }
  const ns = live.nameservers;
  const defaultType = (SERVICE_DEFAULT_SETTINGS.nameservers as { type: string }).type;
  if (isObject(ns) && typeof ns.type === 'string' && ns.type !== defaultType) out.nameservers = { type: ns.type };
  if (isObject(live.soa)) {
    const soa = soaOut(live.soa);
    if (Object.keys(soa).length > 0) out.soa = soa;
  }
  const internal = live.internal_dns;
  if (isObject(internal) && typeof internal.reference_zone_id === 'string')
    out.internal_dns = { reference_zone_id: internal.reference_zone_id };
  return out;
}

/** The account's live settings as a new account file writes them. */
export function accountSettingsOut(live: LiveAccountSettings): AccountSettingsOut {
  return {
    zoneDefaults: zoneDefaultsOut(live.zone_defaults ?? {}),
    ...(live.enforce_dns_only === true ? { enforceDnsOnly: true as const } : {}),
  };
}

/**
 * What the live settings hold that the file does not write and a person should hear of: a
 * `foundation_dns` that is on while `nameservers.type` does not say `cloudflare.advanced`, which
 * replaces it (the official SDK marks `foundation_dns` deprecated for it).
 */
export function accountSettingsLeftOut(live: LiveAccountSettings): string[] {
  const defaults = live.zone_defaults ?? {};
  const ns = defaults.nameservers;
  const type = isObject(ns) ? ns.type : undefined;
  return defaults.foundation_dns === true && type !== 'cloudflare.advanced'
    ? [
        'zone_defaults.foundation_dns is on, and deprecated: not written; write `nameservers: { type: cloudflare.advanced }` in zone_defaults to keep Advanced Nameservers for new zones',
      ]
    : [];
}

/** True when the account's settings differ from a new account's: an account file has something to say. */
export function hasAccountSettings(settings: AccountSettingsOut): boolean {
  return Object.keys(settings.zoneDefaults).length > 0 || settings.enforceDnsOnly === true;
}

/** One edit of `export --into` and the line a person reads (`~ zone_defaults.ns_ttl: 3600 → 7200`). */
export interface AccountSettingsEdit {
  readonly edit: YamlEdit;
  readonly line: string;
}

/** The fields the account file may write as null (src/core/schema: `soa.mname`, `internal_dns.reference_zone_id`). */
const NULLABLE: ReadonlySet<string> = new Set(['soa.mname', 'internal_dns.reference_zone_id']);

const shown = (v: unknown): string => (v === undefined ? '(unset)' : JSON.stringify(v));

/**
 * The edits that make an account file's settings say what the account holds: each field the
 * plan would change (`plan`, the file's plan against `live`) takes the live value, and each live
 * field that differs from the default and that the file does not write is added.
 */
export function accountSettingsEdits(config: AccountConfig, live: LiveAccountSettings, plan: AccountPlan): AccountSettingsEdit[] {
  const edits: AccountSettingsEdit[] = [];
  for (const op of plan.operations) {
    if (op.kind !== 'account_dns_settings') continue;
    for (const field of op.fields) {
      const path = field === ENFORCE_DNS_ONLY ? [ENFORCE_DNS_ONLY] : ['zone_defaults', ...field.split('.')];
      const value = op.before[field] ?? null;
      const where = field === ENFORCE_DNS_ONLY ? field : `zone_defaults.${field}`;
      // A field the answer lacks: null where the schema takes it (the service's choice), else the file stops writing it.
      const edit: YamlEdit =
        value === null && !NULLABLE.has(field)
          ? { kind: 'remove', path }
          : { kind: 'set', path, value: literalDocument(value), ...(path.length === 1 ? { order: ACCOUNT_FILE_KEY_ORDER } : {}) };
      edits.push({ edit, line: `~ ${where}: ${shown(op.after[field])} → ${shown(value)}` });
    }
  }
  const written = config.zoneDefaults as Readonly<Record<string, unknown>>;
  for (const [key, value] of Object.entries(zoneDefaultsOut(live.zone_defaults ?? {}))) {
    const have = written[key];
    if (have === undefined) {
      edits.push({
        edit: { kind: 'set', path: ['zone_defaults', key], value: literalDocument(value), order: ZONE_DEFAULTS_ORDER },
        line: `+ zone_defaults.${key}: ${shown(value)}`,
      });
      continue;
    }
    // A nested field the file writes: the members it leaves out and that differ from the default are added.
    if (!isObject(value) || !isObject(have)) continue;
    for (const [member, v] of Object.entries(value)) {
      if (have[member] !== undefined) continue;
      edits.push({
        edit: {
          kind: 'set',
          path: ['zone_defaults', key, member],
          value: literalDocument(v),
          ...(key === 'soa' ? { order: SOA_ORDER } : {}),
        },
        line: `+ zone_defaults.${key}.${member}: ${shown(v)}`,
      });
    }
  }
  if (config.enforceDnsOnly === undefined && live.enforce_dns_only === true)
    edits.push({
      edit: { kind: 'set', path: [ENFORCE_DNS_ONLY], value: true, order: ACCOUNT_FILE_KEY_ORDER },
      line: `+ ${ENFORCE_DNS_ONLY}: true`,
    });
  return edits;
}

/**
 * A new account file of `accountId`: its settings that differ from the defaults (`zone_defaults:
 * {}` when none does: no default is managed), `enforce_dns_only` when on, and `views:` each
 * view's zones on one line (no `views:` when the account has none: views made elsewhere are then
 * left alone).
 */
export function renderAccountFile(
  accountId: string,
  settings: AccountSettingsOut,
  views: Readonly<Record<string, readonly ViewMemberOut[]>>,
  origin: string,
): string {
  const empty = Object.keys(settings.zoneDefaults).length === 0;
  const nested: NewNodeLayout[] = ['nameservers', 'soa', 'internal_dns']
    .filter((k) => settings.zoneDefaults[k] !== undefined)
    .map((k) => ({ path: ['zone_defaults', k], flow: true }));
  return writeNewYaml(
    {
      version: 1,
      account_id: accountId,
      zone_defaults: literalDocument(settings.zoneDefaults),
      ...(settings.enforceDnsOnly === true ? { enforce_dns_only: true } : {}),
      // No view, no `views:`: the file then leaves views made elsewhere alone (`views: {}` would
      // manage them, and a view someone adds later would be planned for deletion).
      ...(Object.keys(views).length > 0 ? { views } : {}),
    },
    {
      commentBefore: ` ${origin}`,
      nodes: [
        empty
          ? { path: ['zone_defaults'], flow: true, comment: ' no default is managed: add the fields to manage' }
          : { path: ['zone_defaults'], keyCommentBefore: " the defaults new zones get, where they differ from the service's" },
        ...nested,
        ...(settings.enforceDnsOnly === true
          ? [{ path: ['enforce_dns_only'], comment: ' true: every proxied record of the account answers DNS-only' }]
          : []),
        ...Object.keys(views).map((name) => ({ path: ['views', name], flow: true })),
      ],
    },
  );
}
