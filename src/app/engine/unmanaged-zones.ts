/**
 * `drift --unmanaged-zones`: the zones each credential of the run can see that no zone file
 * manages (a zone added by hand, or one whose file was deleted: zonectl never deletes a zone).
 * Each account of zonectl.yaml is listed with its own credential (`GET /zones`, filtered by
 * `account.id` when the configuration gives it), whether a file names it or not; zones without
 * `account:` with the environment's.
 */
import { CredentialsError, listAll, ZONES_PER_PAGE, type ApiZone, type CloudflareClient } from '../../api/index.js';
import { canonicalZoneName } from '../../core/model/names.js';
import type { RepoConfig, ZoneConfig } from '../../core/zonefile/index.js';
import type { RunClients } from './clients-by-account.js';

export interface UnmanagedZone {
  readonly zone: string;
  readonly id: string;
  readonly account_id: string;
  /** The account's name in zonectl.yaml, when listed through one. */
  readonly account?: string;
}

/** The listing of one credential: an account of zonectl.yaml, or the environment's (`''`). */
interface Listing {
  readonly account: string;
  readonly client: CloudflareClient;
  readonly accountId?: string;
}

/**
 * The credentials to list with: the environment's when a file has no `account:` (or there is no
 * configuration), and every account of zonectl.yaml, named by a file or not (a zone of an
 * account no file names yet is what this listing is for). An account no file names whose
 * variable is unset is not listed, with a warning naming the variable; one a file names fails
 * the run as its zones do.
 */
function listings(
  clients: RunClients,
  configs: readonly ZoneConfig[],
  repo: RepoConfig | undefined,
  warn: (text: string) => void,
): Listing[] {
  const out: Listing[] = [];
  if (repo === undefined || configs.some((c) => c.account === undefined)) out.push({ account: '', client: clients.default() });
  for (const account of repo?.accounts.values() ?? []) {
    const named = configs.some((c) => c.account?.name === account.name);
    let client: CloudflareClient;
    try {
      client = clients.forAccount(account, 'its zones were not listed');
    } catch (error) {
      if (named || !(error instanceof CredentialsError)) throw error;
      warn(`zonectl: warning: --unmanaged-zones: ${error.message}`);
      continue;
    }
    out.push({ account: account.name, client, ...(account.accountId !== undefined ? { accountId: account.accountId } : {}) });
  }
  return out;
}

/** Zones visible to the run's credentials that none of `configs` (every file, not only a shard's) manages. */
export async function unmanagedZones(
  clients: RunClients,
  configs: readonly ZoneConfig[],
  repo: RepoConfig | undefined,
  warn: (text: string) => void = () => {},
): Promise<UnmanagedZone[]> {
  const managed = new Set(configs.map((c) => c.zone));
  const seen = new Set<string>();
  const found: UnmanagedZone[] = [];
  for (const l of listings(clients, configs, repo, warn)) {
    const zones = await listAll<ApiZone>(l.client, '/zones', l.accountId !== undefined ? { 'account.id': l.accountId } : {}, {
      perPage: ZONES_PER_PAGE,
    });
    for (const z of zones) {
      if (managed.has(canonicalZoneName(z.name)) || seen.has(z.id)) continue;
      seen.add(z.id);
      found.push({
        zone: canonicalZoneName(z.name),
        id: z.id,
        account_id: z.account?.id ?? '',
        ...(l.account !== '' ? { account: l.account } : {}),
      });
    }
  }
  return found.sort((a, b) => (a.zone < b.zone ? -1 : a.zone > b.zone ? 1 : 0));
}
