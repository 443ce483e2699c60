import equal from 'fast-deep-equal';
import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import type { CloudflareClient } from '../../api/index.js';
import { isZonectlRecordName } from '../../core/lock/lock-record.js';
import { staleKeys } from '../../core/plan/build-plan.js';
import { accountLabel } from '../../core/account/plan-account.js';
import {
  PLAN_FORMAT_VERSION,
  PLAN_FORMAT_WITH_NEW_ZONES,
  PlanFileError,
  parsePlanFile,
  serializePlanFile,
  type PlanFile,
  type SavedAccount,
  type SavedZone,
} from '../../core/plan/plan-file.js';
import { parseRepoConfig, parseZoneFile, type RepoConfig, type ZoneConfig } from '../../core/zonefile/index.js';
import { confine, MAX_ZONE_FILE_BYTES, readConfinedFile } from '../files/index.js';
import { zoneFileEnvironment } from '../files/index.js';
import { credentialVariablesIn, findRepoConfig, withAccountId } from '../files/index.js';
import { includeReader } from '../files/index.js';
import { repositoryRootOfDir } from '../files/index.js';
import { redact } from '../output/index.js';
import { writeOutputFile } from '../output/index.js';
import { checkFileEntries, pathsAsRead, recordedPaths, recordedRoot } from './saved-plan-paths.js';
import { planAccountRun, type AccountRun } from './plan-account-run.js';
import { planZoneRun, runPlanOptions, type PlanZoneRunOptions, type ZoneRun } from './plan-zone-run.js';
import { checkSavedNewZone, sent, StalePlanError } from './saved-plan-new-zone.js';

export { StalePlanError } from './saved-plan-new-zone.js';

const sha256 = (bytes: string | Buffer): string => createHash('sha256').update(bytes).digest('hex');

/** `plan --out`: the plan file's digest, or why no plan could be saved. */
export type SavedPlanFile = { readonly kind: 'saved'; readonly digest: string } | { readonly kind: 'unsavable'; readonly why: string };

/**
 * Write a saved plan (`plan --out`), its paths relative to the repository root (recordedRoot).
 * Returns the plan file's digest (`sha256:<hex>` of its bytes), for `apply --plan FILE
 * --expect-digest` in a later CI job to pin this very file.
 */
export function savePlanFile(
  path: string,
  runs: readonly ZoneRun[],
  baseUrl: string,
  files: readonly string[],
  accounts: readonly AccountRun[] = [],
  repositoryConfig?: string,
  cwd: string = process.cwd(),
): SavedPlanFile {
  const all = [...new Set([...files, ...(repositoryConfig !== undefined ? [repositoryConfig] : [])])];
  const root = recordedRoot(cwd, all);
  if (root.kind === 'unsavable') return root;
  const plan: PlanFile = {
    // A zone to create needs a zonectl that applies one: an older one then names the version it cannot read.
    format_version: runs.some((r) => r.plan.newZone !== undefined) ? PLAN_FORMAT_WITH_NEW_ZONES : PLAN_FORMAT_VERSION,
    tool: 'zonectl',
    created_at: new Date().toISOString(),
    base_url: baseUrl,
    files: all.map((f) => ({ path: f, sha256: sha256(readFileSync(f)) })),
    zones: runs.map((r) => ({ config: r.config, plan: r.plan, batch_limit: r.batchLimit })),
    ...(accounts.length > 0 ? { accounts: accounts.map((a) => ({ config: a.config, plan: a.plan })) } : {}),
    ...(repositoryConfig !== undefined ? { repository_config: repositoryConfig } : {}),
  };
  const recorded = recordedPaths(plan, root.root);
  // What is written (credentials masked, app/output/write-output.ts) is what the digest covers.
  const text = redact(serializePlanFile(recorded));
  writeOutputFile(path, text);
  return { kind: 'saved', digest: `sha256:${sha256(Buffer.from(text, 'utf8'))}` };
}

/**
 * Why a plan of these runs cannot be saved with `repositoryConfig`, if it cannot: apply --plan
 * takes the zonectl.yaml found from each account zone's file (openSavedPlan), so a plan made with
 * `--config` naming another file would be refused there.
 */
export function unsavableRepositoryConfig(runs: readonly ZoneRun[], repositoryConfig: string | undefined): string | undefined {
  if (repositoryConfig === undefined) return undefined;
  for (const r of runs) {
    if (r.config.account === undefined) continue;
    const found = findRepoConfig([r.config.file]);
    if (found === undefined || resolve(found) !== resolve(repositoryConfig))
      return `apply --plan reads the zonectl.yaml found from the zone files (${found ?? `none for ${r.config.file}`}), not ${repositoryConfig}`;
  }
  return undefined;
}

/** The plan file's text; refused (before it is parsed) when its digest is not the expected one. */
function readPlanText(path: string, expectDigest?: string): string {
  let bytes: Buffer;
  try {
    // A regular file only: --plan /dev/zero or a FIFO must not hang or exhaust the run.
    const stat = statSync(path);
    if (!stat.isFile()) throw new PlanFileError('PLAN_FILE_UNREADABLE', `${path}: not a regular file`);
    if (stat.size > MAX_ZONE_FILE_BYTES)
      throw new PlanFileError('PLAN_FILE_UNREADABLE', `${path}: larger than any plan (${stat.size} bytes)`);
    bytes = readFileSync(path);
  } catch (e) {
    if (e instanceof PlanFileError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    throw new PlanFileError(
      'PLAN_FILE_UNREADABLE',
      `${path}: cannot read the plan file (${code === 'ENOENT' ? 'no such file' : (code ?? String(e))})`,
    );
  }
  if (expectDigest !== undefined) {
    const actual = `sha256:${sha256(bytes)}`;
    const expected = expectDigest.trim().toLowerCase();
    if (actual !== (expected.startsWith('sha256:') ? expected : `sha256:${expected}`)) {
      throw new PlanFileError(
        'PLAN_FILE_DIGEST',
        `${path}: the plan file's digest is ${actual}, not the expected one given with --expect-digest; it is not the plan that was made; nothing was changed`,
      );
    }
  }
  return bytes.toString('utf8');
}

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

/**
 * Check one saved zone against live state: every name it touches still holds exactly the
 * records (type, id, modification time) it held at plan time, and its settings and token
 * operations are still what a fresh plan of the same desired state would do. zonectl's own
 * records (the apply lock) are not part of the check. Run again under the apply lock.
 */
export async function checkSavedZone(client: CloudflareClient, saved: SavedZone, options: PlanZoneRunOptions = {}): Promise<ZoneRun> {
  if (saved.plan.newZone !== undefined) return checkSavedNewZone(client, saved, options);
  const fresh = await planZoneRun(client, saved.config, options);
  if (fresh.zoneId !== saved.plan.zoneId) throw new StalePlanError(saved.plan.zone, [`zone id is now ${fresh.zoneId}`]);
  const live = fresh.live.filter((r) => !isZonectlRecordName(r.name, saved.config.zone));
  const stale = staleKeys(saved.plan, live);
  // The fingerprint is part of the file and could be emptied or edited: it must be the one a
  // plan made now records, so it cannot switch the staleness check off.
  if (stale.length === 0 && !equal(sent(saved.plan.fingerprint), sent(fresh.plan.fingerprint))) stale.push('the recorded fingerprint');
  // Every field that is sent (method, path, body, record id, order), as the lock-first path checks:
  // an edited body, an added operation or a DELETE carrying another record's id is refused.
  // Settings and token calls, without their phase (it depends on the record operations around them).
  const others = (ops: ZoneRun['plan']['operations']) =>
    ops.filter((o) => o.kind !== 'dns_record').map(({ phase: _phase, ...call }) => call);
  if (!equal(sent(others(saved.plan.operations)), sent(others(fresh.plan.operations)))) stale.push('dns settings or tokens');
  else if (stale.length === 0 && !equal(sent(saved.plan.operations), sent(fresh.plan.operations)))
    stale.push('the operations differ from what a plan made now would send');
  if (stale.length > 0) throw new StalePlanError(saved.plan.zone, stale);
  // The zone object goes along (in the run and its options): the check under the lock needs no lookup.
  return {
    config: saved.config,
    zoneId: saved.plan.zoneId,
    live: fresh.live,
    // What is shown, confirmed and sent is the fresh plan (equal in every sent field to the saved one).
    plan: fresh.plan,
    batchLimit: saved.batch_limit,
    ...(fresh.zone !== undefined ? { zone: fresh.zone } : {}),
    planOptions: fresh.planOptions ?? options,
  };
}

/**
 * The files a plan names are read only inside the repository apply runs in (the nearest
 * directory with .git or zonectl.yaml at or above the working directory), as includes are
 * (src/app/files/confined-read.ts): an edited path outside it, through a symlink out of it, into
 * `.git/`, or to a device is refused before anything is read or sent.
 */
function confinedRecordedFile(root: string, filePath: string): Buffer | undefined {
  const read = readConfinedFile(root, filePath);
  if (read.ok) return read.bytes;
  if (read.why === 'not-found') return undefined; // not here (e.g. a CI job that has only the plan artifact)
  throw new PlanFileError(
    'PLAN_FILE_INVALID',
    read.why === 'not-a-file'
      ? `${filePath}: the plan names a path that is not a regular file`
      : `${filePath}: the plan names a file apply does not read: ${read.message}; nothing was changed`,
  );
}

const planMismatch = (path: string, why: string): PlanFileError =>
  new PlanFileError('PLAN_FILE_MISMATCH', `${path}: ${why}; it is not the plan those files make; run plan again; nothing was changed`);

/** The plan's list of files is well formed, names every zone's file, and only files inside `root`. */
function checkFileList(file: PlanFile, path: string, root: string): void {
  checkFileEntries(file, path);
  const recorded = new Set(file.files.map((f) => f.path));
  for (const saved of file.zones) {
    if (!recorded.has(saved.config.file))
      throw planMismatch(path, `zone ${saved.config.zone} names ${saved.config.file}, which is not among the plan's files`);
  }
  for (const f of file.files) {
    const where = confine(root, f.path);
    if (!where.ok && where.why !== 'not-found')
      throw new PlanFileError(
        'PLAN_FILE_INVALID',
        `${f.path}: the plan names a file apply does not read: ${where.message}; nothing was changed`,
      );
  }
}

/** One of the plan's files, where present here: it must be the bytes the plan was made from. */
function readRecordedFile(file: PlanFile, path: string, filePath: string, root: string): Buffer | undefined {
  const bytes = confinedRecordedFile(root, filePath);
  if (bytes !== undefined && sha256(bytes) !== file.files.find((f) => f.path === filePath)?.sha256)
    throw planMismatch(path, `${filePath} changed since the plan was made (its sha256 is not the recorded one)`);
  return bytes;
}

/**
 * The zone files a plan names, where present here, must be the bytes it was made from
 * (`files[].sha256`), and each zone's copy of the configuration in the plan must be what its
 * file produces: a plan rewritten consistently for another zone, or with another configuration,
 * is refused. (Absent files cannot be checked: pin the plan file with --expect-digest.)
 */
function checkPlanFiles(file: PlanFile, path: string, repository: Repository): void {
  const { repo, root, credentialVariables } = repository;
  // Every file's bytes first: a changed fragment is named as such, not as its zone's configuration.
  const present = file.files.flatMap(({ path: zonePath }) => {
    if (repo !== undefined && zonePath === file.repository_config) return []; // read and checked by repositoryOf
    const bytes = readRecordedFile(file, path, zonePath, root);
    return bytes === undefined ? [] : [{ zonePath, bytes }]; // absent: e.g. a CI job that has only the plan artifact
  });
  for (const { zonePath, bytes } of present) {
    const saved = file.zones.find((z) => z.config.file === zonePath);
    if (saved === undefined) continue; // an account file: its PATCH is checked against a fresh plan
    const { config } = parseZoneFile(
      { path: zonePath, text: bytes.toString('utf8') },
      zoneFileEnvironment(process.env, credentialVariables),
      includeReader(zonePath),
      { credentialVariables },
    );
    if (config === undefined || !equal(sent(withAccountId(config, repo)), sent(saved.config))) {
      throw planMismatch(path, `the plan's configuration of zone ${saved.config.zone} is not what ${zonePath} produces`);
    }
  }
}

/** A saved plan read from its file, checked as far as it can be without the API. */
export interface OpenedPlan {
  readonly path: string;
  readonly file: PlanFile;
  /** The repository configuration its zones' accounts come from (`repository_config`). */
  readonly repo?: RepoConfig | undefined;
}

/** Where apply --plan runs: the repository root, its configuration, and the run's credential variables. */
interface Repository {
  readonly root: string;
  readonly repo: RepoConfig | undefined;
  readonly credentialVariables: ReadonlySet<string>;
}

/**
 * Reads a saved plan once: its digest (`--expect-digest`), its shape, the files it names (only
 * inside the repository of `cwd`; where present, the same bytes; each zone's configuration what
 * its file produces), and the repository configuration when zones name accounts of it: the
 * `zonectl.yaml` found from the zone files, as plan finds it, which must be the one the plan
 * recorded, here, with the recorded bytes, and list every account named, since apply takes each
 * account's credential variables from it (never from the plan file).
 */
export function openSavedPlan(path: string, expectDigest?: string, cwd: string = process.cwd()): OpenedPlan {
  const root = repositoryRootOfDir(cwd);
  const file = pathsAsRead(parsePlanFile(readPlanText(path, expectDigest), path), path, root);
  checkFileList(file, path, root);
  const repository = repositoryOf(file, path, root);
  checkPlanFiles(file, path, repository);
  return { path, file, repo: repository.repo };
}

function repositoryOf(file: PlanFile, path: string, root: string): Repository {
  const named = file.zones.filter((z) => z.config.account !== undefined);
  if (named.length === 0) return { root, repo: undefined, credentialVariables: credentialVariablesIn('', process.env) };
  const configPath = file.repository_config;
  if (configPath === undefined)
    throw new PlanFileError(
      'PLAN_FILE_INVALID',
      `${path}: zones name accounts (${named[0]!.config.account!.name}) but the plan records no zonectl.yaml`,
    );
  const bytes = readRecordedFile(file, path, configPath, root);
  if (bytes === undefined) {
    throw new PlanFileError(
      'PLAN_FILE_MISMATCH',
      `${path}: its zones name accounts of ${configPath}, which is not here: apply --plan reads each account's credential variables from it; run it from the repository the plan was made in; nothing was changed`,
    );
  }
  // The configuration plan used is the one found from the zone files (never a path only the plan file gives).
  for (const z of named) {
    const found = findRepoConfig([z.config.file]);
    if (found === undefined || resolve(found) !== resolve(configPath))
      throw new PlanFileError(
        'PLAN_FILE_MISMATCH',
        `${path}: the plan records ${configPath} as its zonectl.yaml, but the one found from ${z.config.file} is ${found ?? 'none'}: apply --plan reads each account's credential variables from the zone files' own zonectl.yaml; nothing was changed`,
      );
  }
  const credentialVariables = credentialVariablesIn(bytes.toString('utf8'), process.env);
  const { config, problems } = parseRepoConfig({ path: configPath, text: bytes.toString('utf8') }, process.env);
  const error = problems.find((p) => p.severity === 'error');
  if (config === undefined || error !== undefined)
    throw new PlanFileError(
      'PLAN_FILE_MISMATCH',
      `${configPath}: ${error?.message ?? 'not a repository configuration'}; nothing was changed`,
    );
  const missing = named.find((z) => !config.accounts.has(z.config.account!.name));
  if (missing !== undefined)
    throw new PlanFileError(
      'PLAN_FILE_MISMATCH',
      `${path}: account "${missing.config.account!.name}" is not in ${configPath}; nothing was changed`,
    );
  return { root, repo: config, credentialVariables };
}

/** The clients of a run: each zone's by its account, the environment's for account files. */
export interface SavedPlanClients {
  for(config: ZoneConfig): CloudflareClient;
  default(): CloudflareClient;
}

/** A saved plan's zones and account files, each checked fresh now, each with its own client. */
export async function loadSaved(
  clients: SavedPlanClients,
  opened: OpenedPlan,
): Promise<{ zones: Array<{ run: ZoneRun; saved: SavedZone }>; accounts: AccountRun[] }> {
  const { file, path } = opened;
  const sameApi = (client: CloudflareClient): CloudflareClient => {
    if (trimSlash(file.base_url) !== trimSlash(client.baseUrl)) {
      throw new PlanFileError(
        'PLAN_FILE_OTHER_API',
        `${path}: the plan was made against ${file.base_url}, not ${client.baseUrl}; nothing was changed`,
      );
    }
    return client;
  };
  const zones: Array<{ run: ZoneRun; saved: SavedZone }> = [];
  const options = runPlanOptions(file.zones.map((z) => z.config));
  for (const [i, saved] of file.zones.entries()) {
    zones.push({ run: await checkSavedZone(sameApi(clients.for(saved.config)), saved, options[i]), saved });
  }
  const accounts: AccountRun[] = [];
  for (const saved of file.accounts ?? []) accounts.push(await checkSavedAccount(sameApi(clients.default()), saved));
  return { zones, accounts };
}

/**
 * An account file of a saved plan is fresh when a plan of the same file made now does exactly
 * what it does (the same fields, from the same live values): its PATCH sets absolute values.
 */
export async function checkSavedAccount(client: CloudflareClient, saved: SavedAccount): Promise<AccountRun> {
  const fresh = await planAccountRun(client, saved.config);
  if (!equal(fresh.plan.operations, saved.plan.operations)) throw new StalePlanError(accountLabel(saved.plan.accountId), ['zone_defaults']);
  return { config: saved.config, plan: saved.plan };
}
