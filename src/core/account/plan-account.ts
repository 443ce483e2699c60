/**
 * The plan of an account file: its `zone_defaults` compared with the live ones like a zone's
 * DNS settings (src/core/diff/diff-settings.ts: only the fields the file sets; nested objects
 * sent whole, live merged with desired), and at most one call:
 * `PATCH /accounts/{account_id}/dns_settings` with `{ zone_defaults: { ...changed fields } }`.
 */
import { diffSettings } from '../diff/diff-settings.js';
import type { AccountConfig } from '../zonefile/index.js';

/** The one change an account file can make. */
export interface AccountDefaultsChange {
  readonly kind: 'account_dns_settings';
  readonly action: 'update';
  readonly method: 'PATCH';
  /** `/accounts/<account_id>/dns_settings`. */
  readonly path: string;
  readonly accountId: string;
  readonly body: { readonly zone_defaults: Record<string, unknown> };
  /** Keyed by field (`ns_ttl`, `soa.refresh`), as in a zone's settings change. */
  readonly before: Record<string, unknown>;
  readonly after: Record<string, unknown>;
  readonly fields: readonly string[];
}

export interface AccountPlan {
  readonly accountId: string;
  readonly file: string;
  /** Empty, or the one PATCH. */
  readonly operations: readonly AccountDefaultsChange[];
}

export function accountSettingsPath(accountId: string): string {
  return `/accounts/${accountId}/dns_settings`;
}

/** How reports name an account file's entry: `account 0123abcd…: zone defaults`. */
export function accountLabel(accountId: string): string {
  return `account ${accountId.slice(0, 8)}…: zone defaults`;
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

/** Desired `zone_defaults` + the live ones -> the account's plan. Pure. */
export function planAccount(config: AccountConfig, liveZoneDefaults: Readonly<Record<string, unknown>>): AccountPlan {
  const change = diffSettings(config.accountId, config.zoneDefaults, comparable(liveZoneDefaults));
  const operations: AccountDefaultsChange[] =
    change === undefined
      ? []
      : [
          {
            kind: 'account_dns_settings',
            action: 'update',
            method: 'PATCH',
            path: accountSettingsPath(config.accountId),
            accountId: config.accountId,
            body: { zone_defaults: change.body },
            before: change.before,
            after: change.after,
            fields: change.fields,
          },
        ];
  return { accountId: config.accountId, file: config.file, operations };
}
