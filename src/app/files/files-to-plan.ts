/**
 * The files of a run that talks to the API (plan, drift, apply, wait-dns): every zone and account
 * file given, valid, with the repository configuration (zonectl.yaml, --config) and each zone's
 * account; every error told, and any error refuses the run before an API call. Warnings wait for
 * the run's selection (`--changed-since`, `--shard`): only the zones the run plans speak
 * (`tellWarnings`; issue 44, item 3), the others are counted by the selection's own note.
 */
import { ZonectlError } from '../../core/errors.js';
import type { Problem } from '../../core/yaml/index.js';
import type { AccountConfig, RepoConfig, ZoneConfig } from '../../core/zonefile/index.js';
import { inShard, parseShard, type Shard } from '../../core/shard.js';
import type { MessageEvent } from '../session/index.js';
import { collectZoneFiles, warningCount } from './load-zone-files.js';
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
 * The warnings of the files, not yet told: by zone file (its fragments' included), by account
 * file, and those of no zone or account file (zonectl.yaml's own, a fragment given alone).
 */
export interface PendingWarnings {
  readonly byZoneFile: ReadonlyMap<string, readonly Problem[]>;
  readonly byAccountFile: ReadonlyMap<string, readonly Problem[]>;
  readonly other: readonly Problem[];
}

export interface LoadedRunFiles {
  readonly configs: ZoneConfig[];
  readonly accounts: AccountConfig[];
  readonly repo?: RepoConfig;
  /** Told with `tellWarnings` once the run knows which zones it plans. */
  readonly warnings: PendingWarnings;
}

/**
 * Loads and checks the files (a directory: every file under it); tells every error (and, when
 * there is one, every problem, warnings included: the run stops here); throws
 * InvalidZoneFilesError when any is an error (no API call happens). Warnings of valid files are
 * returned, told later by `tellWarnings` for the zones the run plans.
 */
export async function filesToPlan(
  paths: readonly string[],
  options: { readonly config?: string | undefined; readonly env: Readonly<Record<string, string | undefined>> },
  emit: (event: MessageEvent) => void,
): Promise<LoadedRunFiles> {
  const loaded = await collectZoneFiles(paths, options.env, options.config !== undefined ? { config: options.config } : {});
  const { configs, accounts } = loaded;
  // The repository configuration (zonectl.yaml, --config): its problems and each file's `account:`.
  const repo = await checkRepositoryConfig(paths, configs, options.config, options.env);
  const problems = [...repo.problems, ...loaded.problems];
  const errors = problems.filter((p) => p.severity === 'error').length;
  if (errors > 0) {
    for (const problem of problems) emit({ kind: 'problem', problem });
    throw new InvalidZoneFilesError(
      errors,
      problems.filter((p) => p.omitted === undefined),
    );
  }
  const byZoneFile = new Map<string, Problem[]>();
  const byAccountFile = new Map<string, Problem[]>();
  const other: Problem[] = [];
  for (const f of loaded.checked) {
    if (f.config) byZoneFile.set(f.config.file, [...f.problems]);
    else if (f.account) byAccountFile.set(f.path, [...f.problems]);
    else other.push(...f.problems);
  }
  // zonectl.yaml's problems about a zone file's `account:` are that zone's; its own are the run's.
  for (const p of repo.problems) {
    const own = byZoneFile.get(p.file) ?? byAccountFile.get(p.file);
    if (own !== undefined) own.push(p);
    else other.push(p);
  }
  return {
    configs: configs.map((c) => withAccountId(c, repo.config)),
    accounts,
    ...(repo.config !== undefined ? { repo: repo.config } : {}),
    warnings: { byZoneFile, byAccountFile, other },
  };
}

/**
 * Tells the warnings of the zones and account files the run plans (their fragments' included,
 * each warning once), and those of no zone (zonectl.yaml's own); a zone the run skips
 * (`--changed-since`, `--shard`) says nothing here. Returns the warnings told by zone file: the
 * summary table counts them with the plan's.
 */
export function tellWarnings(
  pending: PendingWarnings,
  planned: { readonly configs: readonly ZoneConfig[]; readonly accounts: readonly AccountConfig[] },
  emit: (event: MessageEvent) => void,
): ReadonlyMap<string, number> {
  const told = new Set<string>();
  const tell = (problems: readonly Problem[]): void => {
    for (const problem of problems) {
      const key = JSON.stringify([problem.file, problem.line, problem.col, problem.path, problem.code, problem.message, problem.omitted]);
      if (told.has(key)) continue;
      told.add(key);
      emit({ kind: 'problem', problem });
    }
  };
  tell(pending.other);
  const counts = new Map<string, number>();
  for (const c of planned.configs) {
    const problems = pending.byZoneFile.get(c.file) ?? [];
    tell(problems);
    counts.set(c.file, warningCount(problems));
  }
  for (const a of planned.accounts) tell(pending.byAccountFile.get(a.file) ?? []);
  return counts;
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
