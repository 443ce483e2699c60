/**
 * The export session: the live zone (or every zone the credentials can see) written as a zone
 * file that plans clean: records, DNS settings and the tokens that name it, as YAML, JSON or a
 * BIND zone file. Nothing is overwritten without `force`; with `all`, every file name is checked
 * before any file is written (export-paths.ts). With accounts in zonectl.yaml, each account's
 * zones are read with its own credential and written with `account: NAME` (export-accounts.ts).
 * `all` in YAML writes the account file of each account that has views or settings of its own
 * too (`account.<account_id>.yaml`, account-files-of-all.ts), after the zones' files.
 */
import { existsSync, mkdirSync, statSync } from 'node:fs';
import { type ApiZone, type CloudflareClient, listZones } from '../../api/index.js';
import { renderBindZone } from '../../core/bind/render-bind.js';
import { ZonectlError } from '../../core/errors.js';
import { exportZone } from '../../core/export/export-zone.js';
import { renderExportJson, renderExportYaml } from '../../core/export/render-export.js';
import { connect } from '../connect/index.js';
import { credentialVariablesOf, schemaRefForOutput } from '../files/index.js';
import { writeOutputFile } from '../output/index.js';
import { note, type SessionOutput, warning } from '../session/index.js';
import { type AccountZone, exportAccounts, exportClients, exportRepoConfig, zoneInAccounts, zonesOfAccounts } from './export-accounts.js';
import { runExportAccountFile } from './export-account-file.js';
import { type AccountFileOut, accountFilesOfAll, type ZoneSource } from './account-files-of-all.js';
import type { ExportEvent } from './export-event.js';
import { exportFileIn } from './export-paths.js';
import { readLiveZone } from './read-export.js';
import type { ZoneType } from '../../core/zone-type.js';

export const EXPORT_FORMATS = ['yaml', 'json', 'bind'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** One zone (`zone`, to `out` or stdout), every zone (`all`, one file each in the directory `out`), or an account's file (`account`). */
export type ExportTarget =
  | { readonly kind: 'zone'; readonly zone: string; readonly out?: string | undefined; readonly zoneType?: ZoneType | undefined }
  | { readonly kind: 'all'; readonly dir: string }
  /** A new account file of the account: its DNS settings and internal DNS views (export-account-file.ts). */
  | { readonly kind: 'account'; readonly accountId: string; readonly out?: string | undefined };

export interface ExportRequest {
  readonly target: ExportTarget;
  readonly format: ExportFormat;
  /** Overwrite files that exist. */
  readonly force: boolean;
  readonly baseUrl?: string | undefined;
  /** `--config FILE`: the repository configuration (default: zonectl.yaml found from where the files go). */
  readonly config?: string | undefined;
  /** `--account NAME`: only this account of the configuration. */
  readonly account?: string | undefined;
  /** zonectl's version, named in each file's header. */
  readonly version: string;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

export type { ExportEvent } from './export-event.js';

class ExportRefusedError extends ZonectlError {}

function refuseOverwrite(path: string, force: boolean): void {
  if (!force && existsSync(path)) {
    throw new ExportRefusedError(
      'OUTPUT_EXISTS',
      `${path} exists; zonectl export does not overwrite a zone file (use --force, or another --out)`,
    );
  }
}

/** The `$schema` reference of a YAML export (writing the repository's schema on the first one). */
function schemaLine(outFile: string | undefined, output: SessionOutput<ExportEvent>): { schemaRef?: string } {
  const { ref, wrote } = schemaRefForOutput(outFile);
  if (wrote !== undefined) output.emit(note(`wrote the zone file schema to ${wrote} (editor completion; commit it)`));
  return ref !== undefined ? { schemaRef: ref } : {};
}

async function exportOne(
  request: ExportRequest,
  client: CloudflareClient,
  zone: string | ApiZone,
  outFile: string | undefined,
  output: SessionOutput<ExportEvent>,
  account?: string,
  zoneType?: ZoneType,
): Promise<void> {
  const { zoneId, input } = await readLiveZone(client, zone, zoneType);
  const exp = exportZone(account !== undefined ? { ...input, account } : input);
  const now = new Date();
  const origin = `Exported by zonectl ${request.version} from zone ${exp.file.zone} (id ${zoneId}) on ${now.toISOString().slice(0, 10)}.`;
  const text =
    request.format === 'json'
      ? renderExportJson(exp)
      : request.format === 'bind'
        ? renderBindZone({
            zone: input.zone,
            records: input.records,
            nameServers: input.nameServers ?? [],
            settings: input.settings,
            serial: Math.floor(now.getTime() / 1000),
            header: [`Exported:   ${now.toISOString().replace('T', ' ').slice(0, 19)} by zonectl ${request.version}`],
            unknownTypes: input.unknownTypes,
          })
        : renderExportYaml(exp, { ...schemaLine(outFile, output), origin });
  if (outFile === undefined) output.emit({ kind: 'zone-text', text });
  else writeOutputFile(outFile, text);
  const where = outFile ?? 'stdout';
  const from = account !== undefined ? ` (account "${account}")` : '';
  output.emit(
    note(`${exp.file.zone}${from}: ${exp.file.records.length} record(s), ${exp.file.tokens?.length ?? 0} token(s) written to ${where}`),
  );
  for (const line of exp.leftOut) output.emit(warning(`  left out: ${line}`));
  for (const line of exp.unknown) output.emit(warning(`  left out: ${line}`));
  for (const line of exp.notes) output.emit(note(`  note: ${line}`));
}

/** The directory of `--all`, made when missing (before any API call). */
function prepareDir(dir: string): void {
  if (existsSync(dir) && !statSync(dir).isDirectory()) throw new ExportRefusedError('BAD_ARGS', `--out ${dir} is not a directory`);
  mkdirSync(dir, { recursive: true });
}

/** The file of each zone of `--all`, each checked before any is written. */
function filesOfAll(request: ExportRequest, dir: string, zones: readonly ApiZone[]): string[] {
  // Every name is checked before any file is written (export-paths.ts).
  const extension = request.format === 'yaml' ? 'yaml' : request.format === 'json' ? 'json' : 'zone';
  // An internal zone may share its name with a public zone and other internal zones: its file
  // is named by its name, `internal` and the start of its id.
  const files = zones.map((z) => exportFileIn(dir, z.type === 'internal' ? `${z.name}.internal-${z.id.slice(0, 8)}` : z.name, extension));
  for (const f of files) refuseOverwrite(f, request.force);
  return files;
}

/** The account files of `--all` (YAML only: the loader reads YAML account files), made and checked before anything is written. */
function accountFilesOf(
  request: ExportRequest,
  dir: string,
  zones: readonly ZoneSource[],
  zoneFiles: readonly string[],
  output: SessionOutput<ExportEvent>,
): Promise<AccountFileOut[]> {
  if (request.format !== 'yaml') return Promise.resolve([]);
  const env = request.env ?? process.env;
  const { version, config } = request;
  return accountFilesOfAll(
    { dir, zones, zoneFiles, refuseOverwrite: (path) => refuseOverwrite(path, request.force), version, config, env },
    output,
  );
}

function writeAccountFiles(files: readonly AccountFileOut[], output: SessionOutput<ExportEvent>): void {
  for (const file of files) {
    writeOutputFile(file.path, file.text);
    output.emit(note(file.written));
    for (const line of file.leftOut) output.emit(warning(`  left out: ${line}`));
  }
}

export async function runExport(request: ExportRequest, output: SessionOutput<ExportEvent>): Promise<void> {
  const env = request.env ?? process.env;
  const { target } = request;
  // The repository's zonectl.yaml (--config, else found from where the files go, as plan finds
  // it): its credentials' values are masked in what is written, its accounts say which credential reads which zone.
  const start = (target.kind === 'all' ? target.dir : target.out) ?? process.cwd();
  credentialVariablesOf([start], request.config, env);
  const repo = await exportRepoConfig(start, request.config, env, (e) => output.emit(e));
  if (target.kind === 'account') {
    if (target.out !== undefined) refuseOverwrite(target.out, request.force);
    const { baseUrl, config, version } = request;
    await runExportAccountFile({ accountId: target.accountId, out: target.out, baseUrl, config, version, env }, repo, output);
    return;
  }
  const accounts = exportAccounts(repo, request.account);
  if (accounts.length === 0) {
    await exportWithEnvironment(request, target, output, env);
    return;
  }
  const clients = exportClients(repo, request.baseUrl, env);
  try {
    if (target.kind === 'zone') {
      if (target.out !== undefined) refuseOverwrite(target.out, request.force);
      const found = await zoneInAccounts(clients, accounts, env, request.account !== undefined, target.zone, target.zoneType);
      await exportOne(request, found.client, found.zone, target.out, output, found.account);
      return;
    }
    prepareDir(target.dir);
    const zones: AccountZone[] = await zonesOfAccounts(clients, accounts, env, request.account !== undefined);
    const files = filesOfAll(
      request,
      target.dir,
      zones.map((z) => z.zone),
    );
    const accountFiles = await accountFilesOf(request, target.dir, zones, files, output);
    for (const [i, z] of zones.entries()) await exportOne(request, z.client, z.zone, files[i], output, z.account);
    writeAccountFiles(accountFiles, output);
  } finally {
    await clients.close();
  }
}

/** Without accounts in zonectl.yaml: every zone with the environment's credential (CLOUDFLARE_API_TOKEN, ...), no `account:`. */
async function exportWithEnvironment(
  request: ExportRequest,
  target: Exclude<ExportTarget, { readonly kind: 'account' }>,
  output: SessionOutput<ExportEvent>,
  env: Readonly<Record<string, string | undefined>>,
): Promise<void> {
  const client = connect({ baseUrl: request.baseUrl, env });
  try {
    if (target.kind === 'zone') {
      if (target.out !== undefined) refuseOverwrite(target.out, request.force);
      await exportOne(request, client, target.zone, target.out, output, undefined, target.zoneType);
      return;
    }
    prepareDir(target.dir);
    const zones = await listZones(client);
    const files = filesOfAll(request, target.dir, zones);
    const accountFiles = await accountFilesOf(
      request,
      target.dir,
      zones.map((zone) => ({ zone, client })),
      files,
      output,
    );
    for (const [i, zone] of zones.entries()) await exportOne(request, client, zone, files[i], output);
    writeAccountFiles(accountFiles, output);
  } finally {
    await client.close();
  }
}
