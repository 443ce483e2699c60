/**
 * The repository's policy (`policy:` of zonectl.yaml, or of a zone's account) on a zone's records:
 * `min_ttl`, the lowest TTL a record may have (issue 40 item 3: a migration keeps octoDNS's
 * `min_ttl` here, where octoDNS raised lower TTLs to it silently; zonectl says so instead).
 * Automatic TTL (proxied records, `ttl: auto`) is the service's and always allowed. A record from
 * a fragment is named at the fragment's line. Run with the repository configuration
 * (src/app/files/read-repository-config.ts `checkRepositoryConfig`). Pure.
 */
import { TTL_AUTO } from '../../service/ttl.js';
import type { Problem } from '../../yaml/index.js';
import type { RepoConfig } from '../repo-config.js';
import type { ZoneConfig } from '../types.js';

/** Every record of `config` below the policy's `min_ttl` (its account's, else the repository's): an error at its line. */
export function checkRepoPolicy(config: ZoneConfig, repo: RepoConfig): Problem[] {
  const account = config.account !== undefined ? repo.accounts.get(config.account.name) : undefined;
  const minTtl = account?.policy?.minTtl ?? repo.policy?.minTtl;
  if (minTtl === undefined) return [];
  const where = `${minTtl.file}:${minTtl.line}${account?.policy?.minTtl !== undefined ? ` (account ${account.name})` : ''}`;
  const problems: Problem[] = [];
  for (const d of config.records) {
    const ttl = d.record.ttl;
    if (d.record.proxied || ttl === TTL_AUTO || ttl >= minTtl.value) continue;
    problems.push({
      severity: 'error',
      file: d.source ?? config.file,
      line: d.line,
      col: d.col,
      path: `${d.path}.ttl`,
      message: `ttl ${ttl} is below the repository's policy min_ttl ${minTtl.value} (${where}): write ${minTtl.value} or more, or auto`,
      code: 'policy.min-ttl',
    });
  }
  return problems;
}
