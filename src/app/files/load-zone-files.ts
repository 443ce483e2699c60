/**
 * Read zone files from disk and load them with the process environment. A directory stands for
 * every zone file under it (zone-file-paths.ts), account files (`zone_defaults`, see
 * src/core/zonefile/account-file.ts) and shared fragments (read-include.ts) included. A missing or unreadable file, or a directory
 * without zone files, is a problem like any other (never a crash); files are independent of
 * each other, but one zone has one file and one account at most one account file.
 */
import { readFile } from 'node:fs/promises';
import { CREDENTIAL_VARIABLES } from '../../api/credentials.js';
import { VARIABLE_PREFIX } from '../../core/zonefile/interpolate.js';
import { loadZoneFile, type AccountConfig, type FragmentSummary, type Problem, type ZoneConfig } from '../../core/zonefile/index.js';
import { includeReader } from './read-include.js';
import { expandZoneFilePaths } from './zone-file-paths.js';

/**
 * The part of the environment a zone file may read: `ZONECTL_*` variables, never a credential
 * variable (the core refuses other names with a clear message; this keeps the rest of the
 * environment out of its reach altogether).
 */
export function zoneFileEnvironment(env: Readonly<Record<string, string | undefined>>): Record<string, string | undefined> {
  const credentials = new Set(CREDENTIAL_VARIABLES);
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(env)) if (name.startsWith(VARIABLE_PREFIX) && !credentials.has(name)) out[name] = value;
  return out;
}

export interface LoadedZoneFile {
  path: string;
  config?: ZoneConfig;
  /** Set instead of `config` for a valid account file. */
  account?: AccountConfig;
  /** Set instead of `config` for a shared fragment (`include:`d by zone files, never planned itself). */
  fragment?: FragmentSummary;
  problems: Problem[];
}

function readProblem(path: string, error: unknown): Problem {
  const code = (error as { code?: unknown })?.code;
  const reason =
    code === 'ENOENT'
      ? 'file not found'
      : code === 'EISDIR'
        ? 'is a directory, not a zone file'
        : code === 'EACCES' || code === 'EPERM'
          ? 'permission denied'
          : `cannot be read (${typeof code === 'string' ? code : 'unknown error'})`;
  return { severity: 'error', file: path, line: 1, col: 1, path: '', message: reason, code: 'file.read' };
}

function emptyDirectoryProblem(dir: string): Problem {
  return {
    severity: 'error',
    file: dir,
    line: 1,
    col: 1,
    path: '',
    message: 'directory holds no zone file (*.yaml, *.yml)',
    code: 'file.read',
  };
}

/**
 * Each file with its own config (when valid) and problems, in the order given (a directory's
 * files sorted). Two files for the same zone are an error on the later one (one file per zone).
 */
export async function loadZoneFilesDetailed(
  paths: readonly string[],
  env: Readonly<Record<string, string | undefined>> = zoneFileEnvironment(process.env),
): Promise<LoadedZoneFile[]> {
  const { files, emptyDirectories } = await expandZoneFilePaths(paths);
  const empty = emptyDirectories.map((dir): LoadedZoneFile => ({ path: dir, problems: [emptyDirectoryProblem(dir)] }));
  const loaded = await Promise.all(
    files.map(async (path): Promise<LoadedZoneFile> => {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        return { path, problems: [readProblem(path, error)] };
      }
      const { config, account, fragment, problems } = loadZoneFile({ path, text }, env, includeReader(path));
      return config
        ? { path, config, problems }
        : account
          ? { path, account, problems }
          : fragment
            ? { path, fragment, problems }
            : { path, problems };
    }),
  );
  const sameZone = (f: LoadedZoneFile, earlier: string): Problem => ({
    severity: 'error',
    file: f.path,
    line: 1,
    col: 1,
    path: 'zone',
    message: `zone ${f.config?.zone ?? ''} is also described by ${earlier}; one file per zone`,
    code: 'file.same-zone',
  });
  const sameAccount = (f: LoadedZoneFile, earlier: string): Problem => ({
    severity: 'error',
    file: f.path,
    line: 1,
    col: 1,
    path: 'account_id',
    message: `account ${f.account?.accountId ?? ''} is also described by ${earlier} and by ${f.path}; one account file per account`,
    code: 'file.same-account',
  });
  return oneFilePer(
    oneFilePer([...empty, ...loaded], (f) => f.config?.zone, sameZone),
    (f) => f.account?.accountId,
    sameAccount,
  );
}

/** The later of two files with the same key loses its config, with a problem naming the earlier one. */
function oneFilePer(
  files: readonly LoadedZoneFile[],
  keyOf: (f: LoadedZoneFile) => string | undefined,
  problemOf: (f: LoadedZoneFile, earlier: string) => Problem,
): LoadedZoneFile[] {
  const seen = new Map<string, string>();
  return files.map((f) => {
    const key = keyOf(f);
    if (key === undefined) return f;
    const earlier = seen.get(key);
    if (earlier === undefined) {
      seen.set(key, f.path);
      return f;
    }
    return { path: f.path, problems: [...f.problems, problemOf(f, earlier)] };
  });
}

/** Valid configs and every problem of every file (directories expanded). */
export async function loadZoneFiles(
  paths: readonly string[],
  env: Readonly<Record<string, string | undefined>> = zoneFileEnvironment(process.env),
): Promise<{ configs: ZoneConfig[]; accounts: AccountConfig[]; problems: Problem[] }> {
  const loaded = await loadZoneFilesDetailed(paths, env);
  return {
    configs: loaded.flatMap((f) => (f.config ? [f.config] : [])),
    accounts: loaded.flatMap((f) => (f.account ? [f.account] : [])),
    problems: loaded.flatMap((f) => f.problems),
  };
}
