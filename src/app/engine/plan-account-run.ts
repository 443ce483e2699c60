/**
 * Account files: read the account's live DNS settings (GET /accounts/{account_id}/dns_settings,
 * https://developers.cloudflare.com/api/resources/dns/subresources/settings/subresources/account/)
 * and plan its `zone_defaults`. Each account file has its own outcome, like a zone: a failure
 * (no permission, unknown account) does not stop the zones of the run.
 */
import type { CloudflareClient } from '../../api/index.js';
import {
  accountLabel,
  accountSettingsPath,
  type LiveAccountSettings,
  planAccount,
  type AccountPlan,
} from '../../core/account/plan-account.js';
import { ZonectlError, type ErrorCode } from '../../core/errors.js';
import type { AccountConfig } from '../../core/zonefile/index.js';

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

export async function planAccountRun(client: CloudflareClient, config: AccountConfig): Promise<AccountRun> {
  return { config, plan: planAccount(config, await readAccountSettings(client, config.accountId)) };
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
