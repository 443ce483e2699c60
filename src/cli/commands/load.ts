import { ZonectlError } from '../../core/errors.js';
import { formatProblem } from '../../core/zonefile/index.js';
import type { AccountConfig, Problem, ZoneConfig } from '../../core/zonefile/index.js';
import { loadZoneFiles } from '../../app/load-zone-files.js';
import { log } from '../io.js';

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
export async function loadValidFiles(paths: readonly string[]): Promise<{ configs: ZoneConfig[]; accounts: AccountConfig[] }> {
  const { configs, accounts, problems } = await loadZoneFiles(paths);
  for (const p of problems) log(formatProblem(p));
  const errors = problems.filter((p) => p.severity === 'error').length;
  if (errors > 0) throw new InvalidZoneFilesError(errors, problems.filter((p) => p.omitted === undefined));
  return { configs, accounts };
}
