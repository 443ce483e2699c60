import { ZonectlError } from '../../core/errors.js';
import { formatProblem, type Problem } from '../../core/yaml/index.js';
import type { AccountConfig, RepoConfig, ZoneConfig } from '../../core/zonefile/index.js';
import { readRepoConfig, loadZoneFiles, withAccountId } from '../../app/files/index.js';
import { log } from '../output/io.js';

export class InvalidZoneFilesError extends ZonectlError {
  /** Every problem listed (errors and warnings), for JSON output. */
  constructor(
    count: number,
    readonly problems: readonly Problem[],
  ) {
    super('INVALID_ZONE_FILE', `${count} error${count === 1 ? '' : 's'} in the zone file(s); nothing was sent to the API`);
  }
}

/**
 * Load and validate zone files and account files (a directory: every file under it); print
 * every problem; throw when any is an error (no API call happens).
 */
export async function loadValidFiles(
  paths: readonly string[],
  options: { readonly config?: string } = {},
): Promise<{ configs: ZoneConfig[]; accounts: AccountConfig[]; repo?: RepoConfig }> {
  const loaded = await loadZoneFiles(paths, process.env, options.config !== undefined ? { config: options.config } : {});
  const { configs, accounts } = loaded;
  // The repository configuration (zonectl.yaml, --config): its problems and each file's `account:`.
  const repo = await readRepoConfig(paths, configs, options.config, process.env);
  const problems = [...repo.problems, ...loaded.problems];
  for (const p of problems) log(formatProblem(p));
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
  };
}
