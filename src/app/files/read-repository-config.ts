/**
 * Finding and reading the repository configuration (`zonectl.yaml`): `--config FILE`, else the
 * first `zonectl.yaml` found upwards from the paths given, stopping at the repository root (the
 * directory holding `.git`). Without one, a run uses the credentials of the environment alone.
 */
import { existsSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { loadRepoConfig, REPO_CONFIG_FILE, type Problem, type RepoConfig, type ZoneConfig } from '../../core/zonefile/index.js';

function isDirectory(path: string): boolean {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

/** The configuration file for these paths, or undefined. */
export function findRepoConfig(paths: readonly string[]): string | undefined {
  const start = paths[0];
  if (start === undefined) return undefined;
  let dir = resolve(isDirectory(start) ? start : dirname(start));
  for (;;) {
    const candidate = join(dir, REPO_CONFIG_FILE);
    if (existsSync(candidate)) return candidate;
    if (existsSync(join(dir, '.git'))) return undefined;
    const parent = dirname(dir);
    if (parent === dir) return undefined;
    dir = parent;
  }
}

function problemAt(file: string, message: string, code: string, line = 1, col = 1, path = ''): Problem {
  return { severity: 'error', file, line, col, path, message, code };
}

/**
 * The configuration (`flag`, else found upwards from `paths`) with its problems, and each zone
 * file's `account:` checked against it (an unknown name, or `account:` without a configuration,
 * is an error at the zone file's line).
 */
export async function readRepoConfig(
  paths: readonly string[],
  configs: readonly ZoneConfig[],
  flag: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
): Promise<{ config?: RepoConfig; problems: Problem[] }> {
  const file = flag ?? findRepoConfig(paths);
  const problems: Problem[] = [];
  let config: RepoConfig | undefined;
  if (file !== undefined) {
    let text: string | undefined;
    try {
      text = await readFile(file, 'utf8');
    } catch (error) {
      const code = (error as { code?: unknown })?.code;
      problems.push(
        problemAt(
          file,
          code === 'ENOENT' ? 'configuration file not found' : `configuration file cannot be read (${String(code)})`,
          'file.read',
        ),
      );
    }
    if (text !== undefined) {
      const loaded = loadRepoConfig({ path: file, text }, env);
      problems.push(...loaded.problems);
      config = loaded.config;
    }
  }
  if (problems.some((p) => p.severity === 'error')) return { problems };
  for (const c of configs) {
    if (c.account === undefined) continue;
    const { name, line, col } = c.account;
    if (config === undefined) {
      problems.push(
        problemAt(
          c.file,
          `account "${name}" needs a ${REPO_CONFIG_FILE} at the repository root (or --config FILE) that lists it under accounts:`,
          'config.no-file',
          line,
          col,
          'account',
        ),
      );
    } else if (!config.accounts.has(name)) {
      const known = [...config.accounts.keys()].join(', ');
      problems.push(
        problemAt(
          c.file,
          `account "${name}" is not in ${config.file} (accounts: ${known})`,
          'config.unknown-account',
          line,
          col,
          'account',
        ),
      );
    }
  }
  return { ...(config !== undefined ? { config } : {}), problems };
}

/** A zone's account id (where a new zone is created) comes from its file, else from its account in zonectl.yaml. */
export function withAccountId(config: ZoneConfig, repo: RepoConfig | undefined): ZoneConfig {
  const id = config.account !== undefined ? repo?.accounts.get(config.account.name)?.accountId : undefined;
  return config.accountId === undefined && id !== undefined ? { ...config, accountId: id } : config;
}
