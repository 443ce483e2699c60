import { ZonectlError } from '../../core/errors.js';
import { formatProblem } from '../../core/zonefile/index.js';
import type { ZoneConfig } from '../../core/zonefile/index.js';
import { loadZoneFiles } from '../../app/load-zone-files.js';
import { log } from '../io.js';

export class InvalidZoneFilesError extends ZonectlError {
  constructor(count: number) {
    super('INVALID_ZONE_FILE', `${count} error${count === 1 ? '' : 's'} in the zone file(s); nothing was sent to the API`);
  }
}

/**
 * Load and validate zone files (a directory: every zone file under it); print every problem;
 * throw when any is an error (no API call happens).
 */
export async function loadValidConfigs(paths: readonly string[]): Promise<ZoneConfig[]> {
  const { configs, problems } = await loadZoneFiles(paths);
  for (const p of problems) log(formatProblem(p));
  const errors = problems.filter((p) => p.severity === 'error').length;
  if (errors > 0) throw new InvalidZoneFilesError(errors);
  return configs;
}
