/**
 * `drift --unmanaged-zones`: the zones each credential of the run can see that no zone file
 * manages (a zone added by hand, or one whose file was deleted: zonectl never deletes a zone).
 * Each account of zonectl.yaml is listed with its own credential (`GET /zones`, filtered by
 * `account.id` when the configuration gives it); zones without `account:` with the environment's.
 */
import { listAll, ZONES_PER_PAGE, type ApiZone, type CloudflareClient } from '../../api/index.js';
import { canonicalZoneName } from '../../core/model/names.js';
import type { RepoConfig, ZoneConfig } from '../../core/zonefile/index.js';
import type { RunClients } from '../connect/clients-by-account.js';

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

function listings(clients: RunClients, configs: readonly ZoneConfig[], repo: RepoConfig | undefined): Listing[] {
  const out: Listing[] = [];
  if (repo === undefined || configs.some((c) => c.account === undefined)) out.push({ account: '', client: clients.default() });
  for (const account of repo?.accounts.values() ?? []) {
    const sample = configs.find((c) => c.account?.name === account.name);
    if (sample === undefined) continue; // no file of the run names it: its credential is not needed
    out.push({
      account: account.name,
      client: clients.for(sample),
      ...(account.accountId !== undefined ? { accountId: account.accountId } : {}),
    });
  }
  return out;
}

/** Zones visible to the run's credentials that none of `configs` (every file, not only a shard's) manages. */
export async function unmanagedZones(
  clients: RunClients,
  configs: readonly ZoneConfig[],
  repo: RepoConfig | undefined,
): Promise<UnmanagedZone[]> {
  const managed = new Set(configs.map((c) => c.zone));
  const seen = new Set<string>();
  const found: UnmanagedZone[] = [];
  for (const l of listings(clients, configs, repo)) {
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
