/**
 * Which credential an export reads each zone with. With accounts in the repository configuration
 * (`zonectl.yaml`, found from where the files go as plan finds it, or `--config FILE`; read with
 * plan's rules: confined to its repository, its credential variables masked), each account's
 * zones are read with that account's own credential and written with `account: NAME`; without
 * accounts, with the environment's (CLOUDFLARE_API_TOKEN, ...), as before.
 */
import { type ApiZone, type CloudflareClient, listZones } from '../../api/index.js';
import { ZonectlError } from '../../core/errors.js';
import { canonicalZoneName } from '../../core/model/names.js';
import type { RepoAccount, RepoConfig } from '../../core/zonefile/index.js';
import type { RunClients } from '../connect/clients-by-account.js';
import { checkRepositoryConfig } from '../files/index.js';
import type { MessageEvent } from '../session/index.js';

type Env = Readonly<Record<string, string | undefined>>;

class ExportConfigError extends ZonectlError {}

/** Why an account's zones cannot be exported: its credential variable is unset. */
const NOT_EXPORTED = 'nothing was exported (set it, or export the other accounts with --account NAME)';

/**
 * The repository configuration of an export, or undefined without one; its problems are told
 * and refuse the export before any API call, as they refuse a plan.
 */
export async function exportRepoConfig(
  start: string,
  flag: string | undefined,
  env: Env,
  emit: (e: MessageEvent) => void,
): Promise<RepoConfig | undefined> {
  const checked = await checkRepositoryConfig([start], [], flag, env);
  for (const problem of checked.problems) emit({ kind: 'problem', problem });
  const errors = checked.problems.filter((p) => p.severity === 'error').length;
  if (errors > 0)
    throw new ExportConfigError(
      'INVALID_ZONE_FILE',
      `${errors} error${errors === 1 ? '' : 's'} in the repository configuration; nothing was exported`,
    );
  return checked.config;
}

/** The accounts an export reads (all of the configuration's, in its order, or the one `--account` names); empty: the environment's credential. */
export function exportAccounts(repo: RepoConfig | undefined, only: string | undefined): RepoAccount[] {
  const accounts = [...(repo?.accounts.values() ?? [])];
  if (only === undefined) return accounts;
  const account = repo?.accounts.get(only);
  if (account === undefined) {
    const where =
      repo === undefined
        ? 'there is no zonectl.yaml (give --config FILE)'
        : `${repo.file} lists ${accounts.map((a) => a.name).join(', ') || 'no accounts'}`;
    throw new ExportConfigError('BAD_ARGS', `--account ${JSON.stringify(only)}: no such account (${where})`);
  }
  return [account];
}

/** A zone to export and the account it is read with (none: the environment's credential). */
export interface AccountZone {
  readonly zone: ApiZone;
  readonly client: CloudflareClient;
  readonly account?: string;
}

/** An account's zones: `GET /zones`, filtered by its `account_id` when the configuration gives one. */
function listAccountZones(client: CloudflareClient, account: RepoAccount, query: Record<string, string> = {}): Promise<ApiZone[]> {
  return listZones(client, { ...query, ...(account.accountId !== undefined ? { 'account.id': account.accountId } : {}) });
}

/**
 * Every zone of every account, each read with its own account's credential. A zone seen by two
 * credentials is exported once: by the account whose `account_id` is the zone's, else the first
 * listed. Two zones of one name (in two accounts) would write one file: refused, naming both.
 */
export async function zonesOfAccounts(clients: RunClients, accounts: readonly RepoAccount[]): Promise<AccountZone[]> {
  const owners = new Map(accounts.flatMap((a) => (a.accountId !== undefined ? [[a.accountId, a.name] as const] : [])));
  const found: AccountZone[] = [];
  const byId = new Set<string>();
  for (const account of accounts) {
    const client = clients.forAccount(account, NOT_EXPORTED);
    for (const zone of await listAccountZones(client, account)) {
      const owner = zone.account?.id !== undefined ? owners.get(zone.account.id) : undefined;
      if (byId.has(zone.id) || (owner !== undefined && owner !== account.name)) continue;
      byId.add(zone.id);
      found.push({ zone, client, account: account.name });
    }
  }
  const byName = new Map<string, AccountZone>();
  for (const z of found) {
    const name = canonicalZoneName(z.zone.name);
    const other = byName.get(name);
    if (other !== undefined)
      throw new ExportConfigError(
        'BAD_ARGS',
        `zone ${JSON.stringify(name)} is in account "${other.account}" and in account "${z.account}": both would be written to one file; export each with --account NAME and its own --out (nothing was written)`,
      );
    byName.set(name, z);
  }
  return found;
}

/**
 * The zone `name` in the one account that has it. An account whose credential is unset is not
 * searched (and named when no account has the zone); a zone in two accounts needs `--account`.
 */
export async function zoneInAccounts(clients: RunClients, accounts: readonly RepoAccount[], name: string): Promise<AccountZone> {
  const wanted = canonicalZoneName(name.trim());
  const matches: AccountZone[] = [];
  const unsearched: string[] = [];
  for (const account of accounts) {
    let client: CloudflareClient;
    try {
      client = clients.forAccount(account, 'not searched');
    } catch (error) {
      if (!(error instanceof ZonectlError) || error.code !== 'CREDENTIALS' || accounts.length === 1) throw error;
      unsearched.push(error.message);
      continue;
    }
    for (const zone of await listAccountZones(client, account, { name: wanted }))
      if (canonicalZoneName(zone.name) === wanted) matches.push({ zone, client, account: account.name });
  }
  if (matches.length > 1)
    throw new ExportConfigError(
      'ZONE_LOOKUP',
      `zone ${JSON.stringify(wanted)} is in ${matches.map((m) => `account "${m.account}"`).join(' and ')}: give --account NAME`,
    );
  if (matches.length === 0) {
    const names = accounts.map((a) => `"${a.name}"`).join(', ');
    const skipped = unsearched.length > 0 ? ` (${unsearched.join('; ')})` : '';
    throw new ExportConfigError(
      'ZONE_LOOKUP',
      `zone ${JSON.stringify(wanted)} not found in the accounts of zonectl.yaml (${names})${skipped}`,
    );
  }
  return matches[0]!;
}
