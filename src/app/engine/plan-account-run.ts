/**
 * Account files: read the account's live DNS settings (GET /accounts/{account_id}/dns_settings,
 * https://developers.cloudflare.com/api/resources/dns/subresources/settings/subresources/account/)
 * and plan its `zone_defaults`. Each account file has its own outcome, like a zone: a failure
 * (no permission, unknown account) does not stop the zones of the run.
 */
import { type ApiZone, type CloudflareClient, listViews, listZones } from '../../api/index.js';
import {
  accountLabel,
  accountSettingsPath,
  type LiveAccountSettings,
  planAccount,
  type AccountPlan,
  type ViewsInput,
} from '../../core/account/plan-account.js';
import type { DesiredView, ViewZoneRef } from '../../core/account/plan-views.js';
import { ZonectlError, type ErrorCode } from '../../core/errors.js';
import type { AccountConfig, ViewMemberSpec, ViewSpec } from '../../core/zonefile/index.js';
import { internalZonesNamed } from './internal-zones.js';

export interface AccountRun {
  readonly config: AccountConfig;
  readonly plan: AccountPlan;
}

export type AccountOutcome =
  | { readonly kind: 'planned'; readonly config: AccountConfig; readonly run: AccountRun }
  | { readonly kind: 'failed'; readonly config: AccountConfig; readonly code: ErrorCode; readonly message: string };

/** The account's live DNS settings: `zone_defaults` (empty when the answer has none) and `enforce_dns_only`. */
export async function readAccountSettings(client: CloudflareClient, accountId: string): Promise<LiveAccountSettings> {
  const res = await client.request<LiveAccountSettings>('GET', accountSettingsPath(accountId));
  const result = res.result ?? {};
  return {
    zone_defaults: result.zone_defaults ?? {},
    ...(result.enforce_dns_only !== undefined ? { enforce_dns_only: result.enforce_dns_only } : {}),
  };
}

/** A view the service would refuse, or a zone of it that cannot be found, named by its place in the account file. */
function viewError(config: AccountConfig, member: ViewMemberSpec, message: string): ZonectlError {
  return new ZonectlError('DNS_VIEW', `${config.file}:${member.line} ${member.path}: ${message}`);
}

/**
 * One zone of a view against the account's zones: a `{ zone_id }` must be an internal zone of
 * the account ("A DNS view cannot contain public DNS zones",
 * https://developers.cloudflare.com/dns/internal-dns/dns-views/); a name is the one internal
 * zone of that name (several may share it: https://developers.cloudflare.com/dns/internal-dns/internal-zones/setup/),
 * or, when none exists yet and a zone file of this repository describes it, the zone this apply
 * creates first (its id is looked up once it exists, src/app/apply/account-writes.ts).
 */
function resolveMember(config: AccountConfig, view: ViewSpec, member: ViewMemberSpec, zones: readonly ApiZone[]): ViewZoneRef {
  if (member.zoneId !== undefined) {
    const zone = zones.find((z) => z.id.toLowerCase() === member.zoneId);
    if (zone === undefined) {
      if (member.zone !== undefined && member.zoneFile !== undefined) return { zone: member.zone };
      throw viewError(config, member, `view "${view.name}": no zone ${member.zoneId} in account ${config.accountId}`);
    }
    if (zone.type !== 'internal')
      throw viewError(
        config,
        member,
        `view "${view.name}": zone ${zone.name} (${zone.id}) is a public zone; a DNS view cannot contain public DNS zones (https://developers.cloudflare.com/dns/internal-dns/dns-views/)`,
      );
    return { id: zone.id.toLowerCase(), zone: zone.name };
  }
  const name = member.zone!;
  const internal = internalZonesNamed(zones, name);
  if (internal.length === 1) return { id: internal[0]!.id.toLowerCase(), zone: name };
  if (internal.length > 1)
    throw viewError(
      config,
      member,
      `view "${view.name}": ${internal.length} internal zones are named ${name} (${internal.map((z) => z.id).join(', ')}); say which one with { zone_id: ... }`,
    );
  if (member.zoneFile !== undefined) return { zone: name };
  const publicOnes = zones.filter((z) => z.name.toLowerCase() === name);
  throw viewError(
    config,
    member,
    publicOnes.length > 0
      ? `view "${view.name}": ${name} is a public zone of the account, not an internal one; a DNS view cannot contain public DNS zones (https://developers.cloudflare.com/dns/internal-dns/dns-views/)`
      : `view "${view.name}": no internal zone named ${name} in account ${config.accountId}, and no zone file read with this account file describes one`,
  );
}

/** The file's views resolved against the account's zones, the live views, and the names of the zones for the reports. */
async function readViews(client: CloudflareClient, config: AccountConfig, views: readonly ViewSpec[]): Promise<ViewsInput> {
  const [live, zones] = await Promise.all([listViews(client, config.accountId), listZones(client, { 'account.id': config.accountId })]);
  const desired: DesiredView[] = views.map((view) => {
    const seen = new Map<string, ViewMemberSpec>();
    const refs = view.members.map((member) => {
      const ref = resolveMember(config, view, member, zones);
      const earlier = ref.zone !== undefined ? seen.get(ref.zone) : undefined;
      if (earlier !== undefined)
        throw viewError(
          config,
          member,
          `view "${view.name}": ${member.path} and ${earlier.path} are both internal zones named ${ref.zone}; two internal zones with the same name cannot be linked to the same view (https://developers.cloudflare.com/dns/internal-dns/internal-zones/setup/)`,
        );
      if (ref.zone !== undefined) seen.set(ref.zone, member);
      return ref;
    });
    return { name: view.name, zones: refs };
  });
  return { desired, live, names: new Map(zones.map((z) => [z.id.toLowerCase(), z.name])) };
}

export async function planAccountRun(client: CloudflareClient, config: AccountConfig): Promise<AccountRun> {
  const [settings, views] = await Promise.all([
    readAccountSettings(client, config.accountId),
    config.views !== undefined ? readViews(client, config, config.views) : Promise.resolve(undefined),
  ]);
  return { config, plan: planAccount(config, settings, views) };
}

/** Plan every account file, one after another (there is one per account, rarely more than one). */
export async function planAccountOutcomes(client: CloudflareClient, configs: readonly AccountConfig[]): Promise<AccountOutcome[]> {
  const outcomes: AccountOutcome[] = [];
  for (const config of configs) {
    try {
      outcomes.push({ kind: 'planned', config, run: await planAccountRun(client, config) });
    } catch (error) {
      const code: ErrorCode = error instanceof ZonectlError ? error.code : 'INTERNAL';
      const message = `${accountLabel(config.accountId)} (${config.file}): ${error instanceof Error ? error.message : String(error)}`;
      outcomes.push({ kind: 'failed', config, code, message });
    }
  }
  return outcomes;
}

export function plannedAccountRuns(outcomes: readonly AccountOutcome[]): AccountRun[] {
  return outcomes.flatMap((o) => (o.kind === 'planned' ? [o.run] : []));
}
