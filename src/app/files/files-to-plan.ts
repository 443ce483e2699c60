/**
 * The files of a run that talks to the API (plan, drift, apply): every zone and account file
 * given, valid, with the repository configuration (zonectl.yaml, --config) and each zone's
 * account; every problem told; any error refuses the run before an API call.
 */
import { ZonectlError } from '../../core/errors.js';
import type { Problem } from '../../core/yaml/index.js';
import type { AccountConfig, RepoConfig, ZoneConfig } from '../../core/zonefile/index.js';
import { inShard, parseShard, type Shard } from '../../core/shard.js';
import type { MessageEvent } from '../session/index.js';
import { collectZoneFiles } from './load-zone-files.js';
import { checkRepositoryConfig, withAccountId } from './read-repository-config.js';

export class InvalidZoneFilesError extends ZonectlError {
  /** Every problem listed (errors and warnings), for JSON output. */
  constructor(
    count: number,
    readonly problems: readonly Problem[],
  ) {
    super('INVALID_ZONE_FILE', `${count} error${count === 1 ? '' : 's'} in the zone file(s); nothing was sent to the API`);
  }
}

/** The zone files and account files of a run, and the repository configuration they use. */
export interface RunFiles {
  readonly configs: readonly ZoneConfig[];
  readonly accounts: readonly AccountConfig[];
  readonly repo?: RepoConfig | undefined;
}

/**
 * Loads and checks the files (a directory: every file under it); tells every problem; throws
 * InvalidZoneFilesError when any is an error (no API call happens).
 */
export async function filesToPlan(
  paths: readonly string[],
  options: { readonly config?: string | undefined; readonly env: Readonly<Record<string, string | undefined>> },
  emit: (event: MessageEvent) => void,
): Promise<{ configs: ZoneConfig[]; accounts: AccountConfig[]; repo?: RepoConfig; fileWarnings: ReadonlyMap<string, number> }> {
  const loaded = await collectZoneFiles(paths, options.env, options.config !== undefined ? { config: options.config } : {});
  const { configs, accounts } = loaded;
  // The repository configuration (zonectl.yaml, --config): its problems and each file's `account:`.
  const repo = await checkRepositoryConfig(paths, configs, options.config, options.env);
  const problems = [...repo.problems, ...loaded.problems];
  for (const problem of problems) emit({ kind: 'problem', problem });
  const errors = problems.filter((p) => p.severity === 'error').length;
  if (errors > 0)
    throw new InvalidZoneFilesError(
      errors,
      problems.filter((p) => p.omitted === undefined),
    );
  return {
    configs: configs.map((c) => withAccountId(c, repo.config)),
    accounts,
    ...(repo.config !== undefined ? { repo: repo.config } : {}),
    // The warnings told above, by zone file: the summary table counts them with the plan's.
    fileWarnings: loaded.fileWarnings,
  };
}

/**
 * The files of this shard (all without --shard): zones by zone name, account files by account
 * id, so that N CI jobs cover each account file once too.
 */
export function selectShard(
  files: { readonly configs: readonly ZoneConfig[]; readonly accounts?: readonly AccountConfig[]; readonly repo?: RepoConfig | undefined },
  spec: string | undefined,
): { configs: ZoneConfig[]; accounts: AccountConfig[]; shard?: Shard; repo?: RepoConfig } {
  const accounts = [...(files.accounts ?? [])];
  const repo = files.repo !== undefined ? { repo: files.repo } : {};
  if (spec === undefined) return { configs: [...files.configs], accounts, ...repo };
  const shard = parseShard(spec);
  return {
    configs: files.configs.filter((c) => inShard(c.zone, shard)),
    accounts: accounts.filter((a) => inShard(a.accountId, shard)),
    shard,
    ...repo,
  };
}
