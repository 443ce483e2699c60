/**
 * Read zone files from disk and load them with the process environment. A directory stands for
 * every zone file under it (zone-file-paths.ts), account files (`zone_defaults`, see
 * src/core/zonefile/account-file.ts) and shared fragments (read-include.ts) included. A missing or unreadable file, or a directory
 * without zone files, is a problem like any other (never a crash); files are independent of
 * each other, but one zone has one file and one account at most one account file.
 */
import { CREDENTIAL_VARIABLES } from '../../api/credentials.js';
import { VARIABLE_PREFIX, type Problem } from '../../core/yaml/index.js';
import { checkViewMembers, parseZoneFile, type AccountConfig, type FragmentSummary, type ZoneConfig } from '../../core/zonefile/index.js';
import { readConfinedFile } from './confined-read.js';
import { includeReader } from './read-include.js';
import { credentialVariablesOf, teamOwnersOf } from './read-repository-config.js';
import { repositoryRoot } from './repository-root.js';
import { expandZoneFilePaths } from './zone-file-paths.js';

type Environment = Readonly<Record<string, string | undefined>>;

/**
 * The part of the environment a zone file may read: `ZONECTL_*` variables, never a credential
 * variable (the core refuses other names with a clear message; this keeps the rest of the
 * environment out of its reach altogether). `credentials`: the run's credential variables
 * (credentialVariablesOf: zonectl's own and those zonectl.yaml names).
 */
export function zoneFileEnvironment(
  env: Environment,
  credentials: ReadonlySet<string> = new Set(CREDENTIAL_VARIABLES),
): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [name, value] of Object.entries(env)) if (name.startsWith(VARIABLE_PREFIX) && !credentials.has(name)) out[name] = value;
  return out;
}

export interface LoadOptions {
  /** `--config FILE`: the repository configuration (default: zonectl.yaml found upwards from the paths). */
  readonly config?: string;
}

/** One file given (or found in a directory given): what it holds, and its problems. */
export interface CheckedZoneFile {
  path: string;
  config?: ZoneConfig;
  /** Set instead of `config` for a valid account file. */
  account?: AccountConfig;
  /** Set instead of `config` for a shared fragment (`include:`d by zone files, never planned itself). */
  fragment?: FragmentSummary;
  problems: Problem[];
}

function readProblem(path: string, message: string): Problem {
  return { severity: 'error', file: path, line: 1, col: 1, path: '', message, code: 'file.read' };
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
 * Every file is read confined to its repository (confined-read.ts). No file reads a credential
 * variable: zonectl's own, or one zonectl.yaml names (whichever zones the run goes on to plan);
 * their values are masked from here on.
 */
export async function checkZoneFiles(
  paths: readonly string[],
  env: Environment = process.env,
  options: LoadOptions = {},
): Promise<CheckedZoneFile[]> {
  const credentialVariables = credentialVariablesOf(paths, options.config, env);
  const fileEnv = zoneFileEnvironment(env, credentialVariables);
  // zonectl.yaml's teams: each file keeps to its team's names, each zone leaves other teams' alone.
  const teams = teamOwnersOf(paths, options.config, env);
  const { files, emptyDirectories } = await expandZoneFilePaths(paths);
  const empty = emptyDirectories.map((dir): CheckedZoneFile => ({ path: dir, problems: [emptyDirectoryProblem(dir)] }));
  const loaded = files.map((path): CheckedZoneFile => {
    const read = readConfinedFile(repositoryRoot(path), path);
    if (!read.ok) return { path, problems: [readProblem(path, read.message)] };
    const text = read.bytes.toString('utf8');
    const { config, account, fragment, problems } = parseZoneFile(
      { path, text },
      fileEnv,
      includeReader(path),
      { credentialVariables },
      teams,
    );
    return config
      ? { path, config, problems }
      : account
        ? { path, account, problems }
        : fragment
          ? { path, fragment, problems }
          : { path, problems };
  });
  const sameZone = (f: CheckedZoneFile, earlier: string): Problem => ({
    severity: 'error',
    file: f.path,
    line: 1,
    col: 1,
    path: 'zone',
    message: `zone ${f.config?.zone ?? ''} is also described by ${earlier}; one file per zone`,
    code: 'file.same-zone',
  });
  const sameAccount = (f: CheckedZoneFile, earlier: string): Problem => ({
    severity: 'error',
    file: f.path,
    line: 1,
    col: 1,
    path: 'account_id',
    message: `account ${f.account?.accountId ?? ''} is also described by ${earlier} and by ${f.path}; one account file per account`,
    code: 'file.same-account',
  });
  const checked = oneFilePer(oneFilePer([...empty, ...loaded], zoneFileKey, sameZone), (f) => f.account?.accountId, sameAccount);
  return withViewMembers(checked);
}

/**
 * One file per zone: a public zone by its name; an internal zone by its name and `zone_id` (an
 * internal zone may share its name with a public zone, and several internal zones one name:
 * https://developers.cloudflare.com/dns/internal-dns/internal-zones/setup/).
 */
export function zoneFileKey(f: CheckedZoneFile): string | undefined {
  const c = f.config;
  if (c === undefined) return undefined;
  return c.zoneType === 'internal' ? `internal ${c.zone} ${c.zoneId?.toLowerCase() ?? ''}` : c.zone;
}

/** The account files' views against the zone files read with them (src/core/zonefile/rules/view-members.ts); a file with a refused view loses its config. */
function withViewMembers(files: readonly CheckedZoneFile[]): CheckedZoneFile[] {
  const zones = files.flatMap((f) => (f.config ? [f.config] : []));
  return files.map((f) => {
    if (f.account?.views === undefined) return f;
    const { account, problems } = checkViewMembers(f.account, zones);
    return problems.length > 0 ? { path: f.path, problems: [...f.problems, ...problems] } : { ...f, account };
  });
}

/** The later of two files with the same key loses its config, with a problem naming the earlier one. */
function oneFilePer(
  files: readonly CheckedZoneFile[],
  keyOf: (f: CheckedZoneFile) => string | undefined,
  problemOf: (f: CheckedZoneFile, earlier: string) => Problem,
): CheckedZoneFile[] {
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

/** The warnings among a file's problems (its fragments' included), those only counted too. */
export function warningCount(problems: readonly Problem[]): number {
  return problems.reduce((n, p) => n + (p.omitted ? p.omitted.warnings : p.severity === 'warning' ? 1 : 0), 0);
}

/**
 * The valid configs of the files, every problem of every file (directories expanded), how many
 * warnings each zone file drew (by its path): what a plan's summary adds to its own, and each
 * file as checked (its problems by file: what a run that plans some zones only tells of them).
 */
export async function collectZoneFiles(
  paths: readonly string[],
  env: Environment = process.env,
  options: LoadOptions = {},
): Promise<{
  configs: ZoneConfig[];
  accounts: AccountConfig[];
  problems: Problem[];
  fileWarnings: Map<string, number>;
  checked: CheckedZoneFile[];
}> {
  const loaded = await checkZoneFiles(paths, env, options);
  return {
    configs: loaded.flatMap((f) => (f.config ? [f.config] : [])),
    accounts: loaded.flatMap((f) => (f.account ? [f.account] : [])),
    problems: loaded.flatMap((f) => f.problems),
    fileWarnings: new Map(loaded.flatMap((f) => (f.config ? [[f.config.file, warningCount(f.problems)] as const] : []))),
    checked: loaded,
  };
}
