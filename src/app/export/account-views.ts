/**
 * `zonectl export --into ACCOUNT_FILE`: an account file's `views:` refreshed from the account's
 * internal DNS views (GET /accounts/{account_id}/dns_settings/views, src/api/dns-views.ts), so
 * that a plan right after is empty for views. Each zone of a view is written by name when it is
 * the one internal zone of that name in the account (`internalZonesNamed`, the engine's), else as
 * `{ zone_id }` (src/core/export/export-views.ts); a view the file already writes with the same
 * zones keeps its lines. The edit is the one editor's (src/core/yaml-edit): the rest of the file
 * (zone_defaults, comments, layout) stays byte for byte. Before anything is written the edited
 * file is loaded again as plan loads it and planned against the account: its views must need no
 * change, else nothing is written. `zone_defaults` and `enforce_dns_only` are not refreshed.
 * `zonectl export --account-id ID` writes a new account file of the account that manages its
 * views only (`zone_defaults: {}`), checked the same way before it is written.
 */
import { join } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { type ApiZone, type CloudflareClient, listViews, listZones } from '../../api/index.js';
import { ZonectlError } from '../../core/errors.js';
import { type InternalZoneNames, renderAccountFile, viewsForAccountFile } from '../../core/export/export-views.js';
import { editYaml } from '../../core/yaml-edit/index.js';
import { formatProblem, parseYaml } from '../../core/yaml/index.js';
import { type AccountConfig, parseZoneFile, type RepoConfig } from '../../core/zonefile/index.js';
import { internalZonesNamed, planAccountRun } from '../engine/index.js';
import { credentialVariablesOf, includeReader, readConfinedFile, repositoryRoot, zoneFileEnvironment } from '../files/index.js';
import { writeOutputFile } from '../output/index.js';
import { note, type SessionOutput } from '../session/index.js';
import { writeEditedFiles } from './edit-zone-files.js';
import { exportClients, exportRepoConfig } from './export-accounts.js';
import type { ExportEvent } from './export-event.js';
import type { ExportIntoRequest } from './into-request.js';

type Env = Readonly<Record<string, string | undefined>>;

class ExportAccountError extends ZonectlError {}

/** An account file's keys in the order the schema lists them: a new `views:` goes after the others. */
const ACCOUNT_FILE_KEY_ORDER = ['$schema', 'version', 'account_id', 'zone_defaults', 'enforce_dns_only', 'views'];

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
  const written = writtenViews(text);
  const repo = await exportRepoConfig(file, request.config, env, (e) => output.emit(e));
  // Account files are read with the environment's credential, as plan reads them.
  const clients = exportClients(repo, request.baseUrl, env);
  try {
    const client = clients.default();
    const [live, zones] = await Promise.all([listViews(client, account.accountId), listZones(client, { 'account.id': account.accountId })]);
    if (live.length === 0 && written === undefined) {
      output.emit(note(`${file}: account ${account.accountId} has no internal DNS views and the file manages none; nothing to write`));
      return { changed: [] };
    }
    const views = viewsForAccountFile(live, internalZoneNames(zones), written);
    const edited = editYaml(text, [{ kind: 'set', path: ['views'], value: views, order: ACCOUNT_FILE_KEY_ORDER }]);
    if (!edited.ok) {
      const at = edited.refusal.line !== undefined ? `:${edited.refusal.line}` : '';
      throw new ExportAccountError('EDIT_REFUSED', `${file}${at}: ${edited.refusal.message}; nothing was written`);
    }
    if (edited.text === text) {
      output.emit(note(`${file}: already says what views account ${account.accountId} has; nothing to write`));
      return { changed: [] };
    }
    await checkPlansClean(file, edited.text, env, request.config, client);
    if (request.dryRun) {
      output.emit({ kind: 'zone-text', text: createTwoFilesPatch(file, file, text, edited.text, '', '', { context: 3 }) });
      output.emit(note(`${file}: ${live.length} view(s) (dry run: nothing was written)`));
      return { changed: [file] };
    }
    // Written where it was read: inside the repository, never through a link (confined-write.ts).
    writeEditedFiles([{ zoneFile: file, path: file, content: edited.text }]);
    output.emit(note(`${file}: ${live.length} view(s) written; a plan of its views is now empty`));
    return { changed: [file] };
  } finally {
    await clients.close();
  }
}

/** The edited file, loaded as plan loads it and planned against the account, asks no change of its views. */
async function checkPlansClean(file: string, text: string, env: Env, config: string | undefined, client: CloudflareClient): Promise<void> {
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
  const left = run.plan.operations.filter((op) => op.kind === 'dns_view');
  if (left.length > 0)
    throw new ExportAccountError(
      'EDIT_REFUSED',
      `the edited ${file} would still change ${left.length} view(s) (${left.map((op) => op.name).join(', ')}); nothing was written`,
    );
}

/** `export --account-id ID [--out FILE]`: a new account file of the account, its views written (to stdout without `out`). */
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
    const [live, zones] = await Promise.all([listViews(client, accountId), listZones(client, { 'account.id': accountId })]);
    const views = viewsForAccountFile(live, internalZoneNames(zones));
    const origin = `Exported by zonectl ${request.version} from account ${accountId} on ${new Date().toISOString().slice(0, 10)}: its internal DNS views.`;
    const text = renderAccountFile(accountId, views, origin);
    await checkPlansClean(request.out ?? join(process.cwd(), 'account.yaml'), text, env, request.config, client);
    if (request.out === undefined) output.emit({ kind: 'zone-text', text });
    else writeOutputFile(request.out, text);
    output.emit(note(`account ${accountId}: ${live.length} view(s) written to ${request.out ?? 'stdout'}`));
  } finally {
    await clients.close();
  }
}
