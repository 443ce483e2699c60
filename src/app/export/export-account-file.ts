/**
 * An account file from the live account: its DNS settings (GET /accounts/{account_id}/dns_settings:
 * `zone_defaults` and `enforce_dns_only`, written as src/core/export/export-account.ts says) and
 * its internal DNS views (GET /accounts/{account_id}/dns_settings/views, src/api/dns-views.ts),
 * so that a plan right after is empty.
 *
 * `zonectl export --into ACCOUNT_FILE`: each zone of a view is written by name when it is the one
 * internal zone of that name in the account (`internalZonesNamed`, the engine's), else as
 * `{ zone_id }` (src/core/export/export-views.ts); a view the file already writes with the same
 * zones keeps its lines. A setting the file writes takes the live value, a live setting that
 * differs from the service's default and that the file leaves out is added. The edits are the
 * one editor's (src/core/yaml-edit): the rest of the file (comments, layout) stays byte for byte.
 * Before anything is written the edited file is loaded again as plan loads it and planned
 * against the account: the plan must be empty, else nothing is written.
 *
 * `zonectl export --account-id ID` and `export --all` write a new account file of the account the
 * same way (renderAccountFile), checked by the same plan before it is written.
 */
import { join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { type ApiZone, type CloudflareClient, listViews, listZones } from '../../api/index.js';
import { type LiveAccountSettings, planAccount } from '../../core/account/plan-account.js';
import { ZonectlError } from '../../core/errors.js';
import {
  ACCOUNT_FILE_KEY_ORDER,
  type AccountSettingsOut,
  accountSettingsEdits,
  accountSettingsLeftOut,
  accountSettingsOut,
  renderAccountFile,
} from '../../core/export/export-account.js';
import { type InternalZoneNames, type ViewMemberOut, viewsForAccountFile } from '../../core/export/export-views.js';
import { editYaml, type YamlEdit } from '../../core/yaml-edit/index.js';
import { formatProblem, parseYaml } from '../../core/yaml/index.js';
import { type AccountConfig, parseZoneFile, type RepoConfig } from '../../core/zonefile/index.js';
import { internalZonesNamed, planAccountRun, readAccountSettings } from '../engine/index.js';
import { credentialVariablesOf, includeReader, readConfinedFile, repositoryRoot, zoneFileEnvironment } from '../files/index.js';
import { writeOutputFile } from '../output/index.js';
import { note, type SessionOutput, warning } from '../session/index.js';
import { writeEditedFiles } from './edit-zone-files.js';
import { exportClients, exportRepoConfig } from './export-accounts.js';
import type { ExportEvent } from './export-event.js';
import type { ExportIntoRequest } from './into-request.js';

type Env = Readonly<Record<string, string | undefined>>;

class ExportAccountError extends ZonectlError {}

/** The account's internal zones, by name and by id. */
function internalZoneNames(zones: readonly ApiZone[]): InternalZoneNames {
  const names = new Map(zones.map((z) => [z.id.toLowerCase(), z.name.toLowerCase()]));
  return {
    idOfName: (name) => {
      const found = internalZonesNamed(zones, name);
      return found.length === 1 ? found[0]!.id.toLowerCase() : undefined;
    },
    nameOfId: (id) => names.get(id),
  };
}

/** What an account file is made from: the account's settings, its views and its zones, read at once. */
export interface LiveAccount {
  readonly accountId: string;
  readonly settings: LiveAccountSettings;
  readonly views: Awaited<ReturnType<typeof listViews>>;
  readonly zones: readonly ApiZone[];
}

/** The settings first: an account the service will not answer for is told by that one request, the same way every run. */
export async function readLiveAccount(client: CloudflareClient, accountId: string): Promise<LiveAccount> {
  const settings = await readAccountSettings(client, accountId);
  const [views, zones] = await Promise.all([listViews(client, accountId), listZones(client, { 'account.id': accountId })]);
  return { accountId, settings, views, zones };
}

/** A new account file of the account (not yet checked): its settings, its views. */
export interface NewAccountFile {
  readonly text: string;
  /** What the account holds that the file does not say (accountSettingsLeftOut). */
  readonly leftOut: readonly string[];
  readonly settings: AccountSettingsOut;
  readonly views: Readonly<Record<string, readonly ViewMemberOut[]>>;
}

export function newAccountFile(live: LiveAccount, version: string): NewAccountFile {
  const settings = accountSettingsOut(live.settings);
  const views = viewsForAccountFile(live.views, internalZoneNames(live.zones));
  const origin = `Exported by zonectl ${version} from account ${live.accountId} on ${new Date().toISOString().slice(0, 10)}: its DNS zone defaults and internal DNS views.`;
  return {
    text: renderAccountFile(live.accountId, settings, views, origin),
    leftOut: accountSettingsLeftOut(live.settings),
    settings,
    views,
  };
}

/** What the new account file says, for the note: `2 zone default(s), enforce_dns_only, 3 view(s)`. */
export function describeAccountFile(file: Pick<NewAccountFile, 'settings' | 'views'>): string {
  const parts = [`${Object.keys(file.settings.zoneDefaults).length} zone default(s)`];
  if (file.settings.enforceDnsOnly === true) parts.push('enforce_dns_only on');
  parts.push(`${Object.keys(file.views).length} view(s)`);
  return parts.join(', ');
}

/** The file's text, read confined to its repository as every zone file is. */
function readText(file: string): string {
  const read = readConfinedFile(repositoryRoot(file), file);
  if (!read.ok) throw new ExportAccountError('BAD_ARGS', `--into ${file}: ${read.message}`);
  return read.bytes.toString('utf8');
}

/** `views:` as the file writes it now (undefined: the file has none). */
function writtenViews(text: string): unknown {
  const read = parseYaml(text);
  const doc = read.ok ? read.value : undefined;
  return doc !== null && typeof doc === 'object' ? (doc as Record<string, unknown>).views : undefined;
}

/** The editor's edits of an account file, and the lines that say them. */
function intoEdits(account: AccountConfig, live: LiveAccount, text: string): { edits: YamlEdit[]; lines: string[] } {
  const settings = accountSettingsEdits(account, live.settings, planAccount(account, live.settings));
  const edits = settings.map((e) => e.edit);
  const lines = settings.map((e) => e.line);
  const written = writtenViews(text);
  if (live.views.length > 0 || written !== undefined)
    edits.push({
      kind: 'set',
      path: ['views'],
      value: viewsForAccountFile(live.views, internalZoneNames(live.zones), written),
      order: ACCOUNT_FILE_KEY_ORDER,
    });
  return { edits, lines };
}

export async function runExportIntoAccount(
  request: ExportIntoRequest,
  account: AccountConfig,
  output: SessionOutput<ExportEvent>,
): Promise<{ readonly changed: readonly string[] }> {
  const env: Env = request.env ?? process.env;
  const file = request.file;
  if (request.zone !== undefined)
    throw new ExportAccountError('BAD_ARGS', `--zone ${request.zone}: ${file} is an account file; it describes no zone`);
  const text = readText(file);
  const repo = await exportRepoConfig(file, request.config, env, (e) => output.emit(e));
  // Account files are read with the environment's credential, as plan reads them.
  const clients = exportClients(repo, request.baseUrl, env);
  try {
    const client = clients.default();
    const live = await readLiveAccount(client, account.accountId);
    const { edits, lines } = intoEdits(account, live, text);
    // The live foundation_dns is never written (deprecated): told while it is on without nameservers.type cloudflare.advanced.
    for (const line of accountSettingsLeftOut(live.settings)) output.emit(warning(`  not written: ${line}`));
    const edited = edits.length === 0 ? { ok: true as const, text } : editYaml(text, edits);
    if (!edited.ok) {
      const at = edited.refusal.line !== undefined ? `:${edited.refusal.line}` : '';
      throw new ExportAccountError('EDIT_REFUSED', `${file}${at}: ${edited.refusal.message}; nothing was written`);
    }
    if (edited.text === text) {
      output.emit(note(`${file}: already says what account ${account.accountId} holds; nothing to write`));
      return { changed: [] };
    }
    await checkPlansClean(file, edited.text, env, request.config, client);
    for (const line of lines) output.emit(note(`  ${line}`));
    const what = `${lines.length} setting(s), ${live.views.length} view(s)`;
    if (request.dryRun) {
      output.emit({ kind: 'zone-text', text: createTwoFilesPatch(file, file, text, edited.text, '', '', { context: 3 }) });
      output.emit(note(`${file}: ${what} (dry run: nothing was written)`));
      return { changed: [file] };
    }
    // Written where it was read: inside the repository, never through a link (confined-write.ts).
    writeEditedFiles([{ zoneFile: file, path: file, content: edited.text }]);
    output.emit(note(`${file}: ${what} written; a plan of it is now empty`));
    return { changed: [file] };
  } finally {
    await clients.close();
  }
}

/**
 * The written file, loaded as plan loads it and planned against the account, asks no change: its
 * settings and its views say what the account holds.
 */
export async function checkPlansClean(
  file: string,
  text: string,
  env: Env,
  config: string | undefined,
  client: CloudflareClient,
): Promise<void> {
  const credentialVariables = credentialVariablesOf([file], config, env);
  const reloaded = parseZoneFile({ path: file, text }, zoneFileEnvironment(env, credentialVariables), includeReader(file), {
    credentialVariables,
  });
  const errors = reloaded.problems.filter((p) => p.severity === 'error');
  if (reloaded.account === undefined || errors.length > 0)
    throw new ExportAccountError(
      'EDIT_REFUSED',
      `the edited ${file} would not validate (${errors.map(formatProblem).join('; ')}); nothing was written`,
    );
  const run = await planAccountRun(client, reloaded.account);
  const left = run.plan.operations.map((op) => (op.kind === 'dns_view' ? `view ${op.name}` : op.fields.join(', ')));
  if (left.length > 0)
    throw new ExportAccountError('EDIT_REFUSED', `the edited ${file} would still change ${left.join('; ')}; nothing was written`);
}

/** `export --account-id ID [--out FILE]`: a new account file of the account (to stdout without `out`). */
export interface AccountExportRequest {
  readonly accountId: string;
  readonly out?: string | undefined;
  readonly baseUrl?: string | undefined;
  readonly config?: string | undefined;
  /** zonectl's version, named in the file's header. */
  readonly version: string;
  readonly env?: Env;
}

export async function runExportAccountFile(
  request: AccountExportRequest,
  repo: RepoConfig | undefined,
  output: SessionOutput<ExportEvent>,
): Promise<void> {
  const env: Env = request.env ?? process.env;
  const accountId = request.accountId.toLowerCase();
  // Account files are read with the environment's credential, as plan reads them.
  const clients = exportClients(repo, request.baseUrl, env);
  try {
    const client = clients.default();
    const made = newAccountFile(await readLiveAccount(client, accountId), request.version);
    await checkPlansClean(request.out ?? join(process.cwd(), 'account.yaml'), made.text, env, request.config, client);
    if (request.out === undefined) output.emit({ kind: 'zone-text', text: made.text });
    else writeOutputFile(request.out, made.text);
    output.emit(note(`account ${accountId}: ${describeAccountFile(made)} written to ${request.out ?? 'stdout'}`));
    for (const line of made.leftOut) output.emit(warning(`  left out: ${line}`));
  } finally {
    await clients.close();
  }
}
