/**
 * The plan of an account file: its `zone_defaults` compared with the live ones like a zone's
 * DNS settings (src/core/diff/diff-settings.ts: only the fields the file sets; nested objects
 * sent whole, live merged with desired), and `enforce_dns_only` when the file sets it; at most
 * one call: `PATCH /accounts/{account_id}/dns_settings` with `{ zone_defaults: { ...changed fields } }`
 * and/or `{ enforce_dns_only }` (the SDK's `dns.settings.account.edit` body). Turning
 * `enforce_dns_only` on is warned of: "Enabling this setting immediately exposes your origin IP
 * addresses and removes all Cloudflare protections ... for every zone in your account"
 * (https://developers.cloudflare.com/dns/proxy-status/enforce-dns-only/).
 */
import { diffSettings } from '../diff/diff-settings.js';
import type { AccountConfig } from '../zonefile/index.js';
import { type DesiredView, type LiveViewState, planViews, VIEW_DELETE_WARNING, type ViewChange } from './plan-views.js';

/** The one change an account file can make. */
export interface AccountDefaultsChange {
  readonly kind: 'account_dns_settings';
  readonly action: 'update';
  readonly method: 'PATCH';
  /** `/accounts/<account_id>/dns_settings`. */
  readonly path: string;
  readonly accountId: string;
  readonly body: { readonly zone_defaults?: Record<string, unknown>; readonly enforce_dns_only?: boolean };
  /** Keyed by field (`ns_ttl`, `soa.refresh`, `enforce_dns_only`), as in a zone's settings change. */
  readonly before: Record<string, unknown>;
  readonly after: Record<string, unknown>;
  readonly fields: readonly string[];
}

/** What an account file changes: its DNS settings (one PATCH), its internal DNS views (plan-views.ts). */
export type AccountOperation = AccountDefaultsChange | ViewChange;

export interface AccountPlan {
  readonly accountId: string;
  readonly file: string;
  /** The PATCH of the account's DNS settings (at most one, first), then the views' changes. */
  readonly operations: readonly AccountOperation[];
  /** What the change does beyond the defaults of new zones (turning enforce_dns_only on). */
  readonly warnings?: readonly string[];
}

/** The account's live DNS settings as GET /accounts/{account_id}/dns_settings answers them. */
export interface LiveAccountSettings {
  readonly zone_defaults?: Readonly<Record<string, unknown>>;
  readonly enforce_dns_only?: unknown;
}

/** The field of the account's switch, as plans and reports name it. */
export const ENFORCE_DNS_ONLY = 'enforce_dns_only';

export const ENFORCE_DNS_ONLY_WARNING =
  "enforce_dns_only turns on: every proxied record of every zone of this account answers its origin address (DNS-only) until it is turned off; origins are exposed and the proxy's protections (DDoS mitigation, WAF, caching) are off (https://developers.cloudflare.com/dns/proxy-status/enforce-dns-only/)";

export function accountSettingsPath(accountId: string): string {
  return `/accounts/${accountId}/dns_settings`;
}

/** How reports name an account file's entry: `account 0123abcd…: zone defaults`. */
export function accountLabel(accountId: string): string {
  return `account ${accountId.slice(0, 8)}…: zone defaults`;
}

/** The settings change of an account plan (at most one). */
export function settingsChanges(plan: AccountPlan): AccountDefaultsChange[] {
  return plan.operations.filter((op): op is AccountDefaultsChange => op.kind === 'account_dns_settings');
}

/** The views' changes of an account plan. */
export function viewChanges(plan: AccountPlan): ViewChange[] {
  return plan.operations.filter((op): op is ViewChange => op.kind === 'dns_view');
}

/**
 * The live `zone_defaults` as compared: a missing `internal_dns.reference_zone_id` is no
 * reference zone, which the file writes `null` (the SDK's response type has it optional, and a
 * PATCH with null removes it).
 */
function comparable(live: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const internal = live.internal_dns;
  const reference = typeof internal === 'object' && internal !== null ? (internal as Record<string, unknown>).reference_zone_id : undefined;
  return {
    ...live,
    internal_dns: { ...(typeof internal === 'object' && internal !== null ? internal : {}), reference_zone_id: reference ?? null },
  };
}

/** The views of a file with `views:`: resolved against the live zones, the live views, and the names of their zones. */
export interface ViewsInput {
  readonly desired: readonly DesiredView[];
  readonly live: readonly LiveViewState[];
  /** Zone id -> name, for the reports. */
  readonly names: ReadonlyMap<string, string>;
}

/** Desired `zone_defaults` (and `enforce_dns_only`, and the views) + the live settings -> the account's plan. Pure. */
export function planAccount(config: AccountConfig, live: LiveAccountSettings, views?: ViewsInput): AccountPlan {
  const change = diffSettings(config.accountId, config.zoneDefaults, comparable(live.zone_defaults ?? {}));
  // Absent at the service: off (the SDK's answer has it optional; the docs' default is off).
  const liveEnforce = live.enforce_dns_only === true;
  const enforce = config.enforceDnsOnly !== undefined && config.enforceDnsOnly !== liveEnforce ? config.enforceDnsOnly : undefined;
  const operations: AccountDefaultsChange[] =
    change === undefined && enforce === undefined
      ? []
      : [
          {
            kind: 'account_dns_settings',
            action: 'update',
            method: 'PATCH',
            path: accountSettingsPath(config.accountId),
            accountId: config.accountId,
            body: {
              ...(change !== undefined ? { zone_defaults: change.body } : {}),
              ...(enforce !== undefined ? { enforce_dns_only: enforce } : {}),
            },
            before: { ...change?.before, ...(enforce !== undefined ? { [ENFORCE_DNS_ONLY]: liveEnforce } : {}) },
            after: { ...change?.after, ...(enforce !== undefined ? { [ENFORCE_DNS_ONLY]: enforce } : {}) },
            fields: [...(change?.fields ?? []), ...(enforce !== undefined ? [ENFORCE_DNS_ONLY] : [])],
          },
        ];
  const viewChanges = views === undefined ? [] : planViews(config.accountId, views.desired, views.live, views.names);
  const warnings = [
    ...(enforce === true ? [ENFORCE_DNS_ONLY_WARNING] : []),
    ...viewChanges.filter((c) => c.action === 'delete').map((c) => `view "${c.name}": ${VIEW_DELETE_WARNING}`),
  ];
  return {
    accountId: config.accountId,
    file: config.file,
    operations: [...operations, ...viewChanges],
    ...(warnings.length > 0 ? { warnings } : {}),
  };
}

/** What reports list as changed: `zone_defaults.<field>` of the settings, `views.<name>` of a view. */
export function accountOperationFields(op: AccountOperation): string[] {
  return op.kind === 'dns_view' ? [`views.${op.name}`] : op.fields.map((f) => `zone_defaults.${f}`);
}

/**
 * The body of an operation's request: the settings PATCH's, a view's `{ name, zones }` (create)
 * or `{ zones }` (update), none for a delete. `idOf` gives the id of a zone this apply creates
 * (looked up once it exists); without it such a zone shows as `<id of NAME>` (a dry run).
 */
export function accountRequestBody(op: AccountOperation, idOf?: (zone: string) => string): Record<string, unknown> | undefined {
  if (op.kind === 'account_dns_settings') return op.body;
  if (op.action === 'delete') return undefined;
  const zones = (op.zones ?? []).map((z) => z.id ?? (idOf !== undefined ? idOf(z.zone!) : `<id of ${z.zone}>`));
  return op.action === 'create' ? { name: op.name, zones } : { zones };
}
