/**
 * Which credential an export reads each zone with. With accounts in the repository configuration
 * (`zonectl.yaml`, found from where the files go as plan finds it, or `--config FILE`; read with
 * plan's rules: confined to its repository, its credential variables masked), each account's
 * zones are read with that account's own credential and written with `account: NAME`, then the
 * zones only the environment's credential (CLOUDFLARE_API_TOKEN, ...) sees, when it holds one,
 * without `account:` (as plan reads a zone file without it); without accounts, every zone with
 * the environment's credential, as before.
 */
import { type ApiZone, CREDENTIAL_VARIABLES, type CloudflareClient, listZones } from '../../api/index.js';
import { ZonectlError } from '../../core/errors.js';
import { canonicalZoneName } from '../../core/model/names.js';
import { chooseZoneByName, type ZoneType, zoneTypeMatches } from '../../core/zone-type.js';
import type { RepoAccount, RepoConfig } from '../../core/zonefile/index.js';
import { RunClients } from '../engine/index.js';
import { checkRepositoryConfig } from '../files/index.js';
import type { MessageEvent } from '../session/index.js';
import { ZONE_TYPE_HINT } from './read-export.js';

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

/** A credential to list zones with: an account of zonectl.yaml, or the environment's (no `account`). */
interface Source {
  readonly client: CloudflareClient;
  readonly account?: RepoAccount;
}

/** True when the environment holds a credential of its own (CLOUDFLARE_API_TOKEN, or the key pair). */
const hasEnvironmentCredential = (env: Env): boolean => CREDENTIAL_VARIABLES.some((name) => (env[name]?.trim() ?? '') !== '');

/**
 * The credentials of an export with accounts: each account's (its variables unset: an error
 * naming them, `consequence` ending it), then the environment's when it holds one and no
 * `--account` narrowed the export (zones without `account:` use it, as plan does).
 */
function sources(clients: RunClients, accounts: readonly RepoAccount[], env: Env, narrowed: boolean, consequence: string): Source[] {
  const out: Source[] = accounts.map((account) => ({ account, client: clients.forAccount(account, consequence) }));
  if (!narrowed && hasEnvironmentCredential(env)) out.push({ client: clients.default() });
  return out;
}

/** The zones a source lists: `GET /zones`, filtered by the account's `account_id` when the configuration gives one. */
function listSourceZones(source: Source, query: Record<string, string> = {}): Promise<ApiZone[]> {
  const id = source.account?.accountId;
  return listZones(source.client, { ...query, ...(id !== undefined ? { 'account.id': id } : {}) });
}

/**
 * Drops zones already taken and those another account owns: a zone seen by two credentials is
 * exported once, by the account whose `account_id` is the zone's, else by the first listed (the
 * accounts before the environment's credential).
 */
function claim(
  found: AccountZone[],
  taken: Set<string>,
  owners: ReadonlyMap<string, string>,
  source: Source,
  zones: readonly ApiZone[],
): void {
  for (const zone of zones) {
    const owner = zone.account?.id !== undefined ? owners.get(zone.account.id) : undefined;
    if (taken.has(zone.id) || (owner !== undefined && owner !== source.account?.name)) continue;
    taken.add(zone.id);
    found.push({ zone, client: source.client, ...(source.account !== undefined ? { account: source.account.name } : {}) });
  }
}

const ownersOf = (accounts: readonly RepoAccount[]): Map<string, string> =>
  new Map(accounts.flatMap((a) => (a.accountId !== undefined ? [[a.accountId, a.name] as const] : [])));

const label = (z: AccountZone): string => (z.account !== undefined ? `account "${z.account}"` : "the environment's credential");

/**
 * Every zone of every account, each read with its own account's credential (then those only the
 * environment's credential sees, without `account:`). Any listing that fails fails the export
 * before a file is written. Two zones of one name (in two accounts) would write one file: refused.
 */
export async function zonesOfAccounts(
  clients: RunClients,
  accounts: readonly RepoAccount[],
  env: Env,
  narrowed: boolean,
): Promise<AccountZone[]> {
  const owners = ownersOf(accounts);
  const found: AccountZone[] = [];
  const taken = new Set<string>();
  for (const source of sources(clients, accounts, env, narrowed, NOT_EXPORTED))
    claim(found, taken, owners, source, await listSourceZones(source));
  const byName = new Map<string, AccountZone>();
  for (const z of found) {
    // An internal zone's file is named by its id too (export-session.ts): it shares no file with the public zone of its name.
    const name = canonicalZoneName(z.zone.name) + (z.zone.type === 'internal' ? ` (internal ${z.zone.id})` : '');
    const other = byName.get(name);
    if (other !== undefined)
      throw new ExportConfigError(
        'BAD_ARGS',
        `zone ${JSON.stringify(name)} is in ${label(other)} and in ${label(z)}: both would be written to one file; export each with --account NAME and its own --out (nothing was written)`,
      );
    byName.set(name, z);
  }
  return found;
}

/**
 * The zone `name`, read with the credential that sees it (an account's first, then the
 * environment's). A credential that cannot search (unset, or refused by the service) is passed
 * over and named when no other finds the zone; a zone in two accounts needs `--account`.
 */
export async function zoneInAccounts(
  clients: RunClients,
  accounts: readonly RepoAccount[],
  env: Env,
  narrowed: boolean,
  name: string,
  type?: ZoneType,
): Promise<AccountZone> {
  const wanted = canonicalZoneName(name.trim());
  const owners = ownersOf(accounts);
  const found: AccountZone[] = [];
  const taken = new Set<string>();
  const unsearched: string[] = [];
  const candidates: Array<Source | RepoAccount> = [...accounts];
  if (!narrowed && hasEnvironmentCredential(env)) candidates.push({ client: clients.default() });
  for (const candidate of candidates) {
    try {
      const source: Source =
        'client' in candidate ? candidate : { account: candidate, client: clients.forAccount(candidate, 'not searched') };
      const zones = await listSourceZones(source, { name: wanted });
      claim(
        found,
        taken,
        owners,
        source,
        zones.filter((z) => canonicalZoneName(z.name) === wanted),
      );
    } catch (error) {
      if (!(error instanceof ZonectlError) || candidates.length === 1) throw error;
      const who = 'client' in candidate ? "the environment's credential" : `account "${candidate.name}"`;
      unsearched.push(error.code === 'CREDENTIALS' ? error.message : `${who}: ${error.message}`);
    }
  }
  // A public and an internal zone may share the name, and several internal zones (src/core/zone-type.ts).
  const chosen = chooseZoneByName(
    found.map((z) => ({ id: z.zone.id, name: z.zone.name, type: z.zone.type, found: z })),
    wanted,
    type,
    ZONE_TYPE_HINT,
  );
  if (chosen.ambiguous !== undefined && new Set(found.map((z) => z.account)).size === 1)
    throw new ExportConfigError('ZONE_LOOKUP', chosen.ambiguous);
  if (type !== undefined) found.splice(0, found.length, ...found.filter((z) => zoneTypeMatches(type, z.zone.type)));
  const accountsFound = found.filter((z) => z.account !== undefined);
  if (accountsFound.length > 1)
    throw new ExportConfigError(
      'ZONE_LOOKUP',
      `zone ${JSON.stringify(wanted)} is in ${accountsFound.map(label).join(' and ')}: give --account NAME`,
    );
  const match = accountsFound[0] ?? found[0];
  if (match === undefined) {
    const names = candidates.map((c) => ('client' in c ? "the environment's credential" : `account "${c.name}"`)).join(', ');
    const skipped = unsearched.length > 0 ? `; not searched: ${unsearched.join('; ')}` : '';
    throw new ExportConfigError('ZONE_LOOKUP', `zone ${JSON.stringify(wanted)} not found with ${names}${skipped}`);
  }
  return match;
}

/** The clients an export reads with: each account's own credential, else the environment's (at `baseUrl` when given). */
export function exportClients(repo: RepoConfig | undefined, baseUrl: string | undefined, env: Env): RunClients {
  return new RunClients(repo, { ...(baseUrl !== undefined ? { baseUrl } : {}), env }, env);
}
