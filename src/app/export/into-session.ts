/**
 * `zonectl export --into FILE`: an existing zone file refreshed from the live zone (an account
 * file: its settings and `views:` from the live account, export-account-file.ts). The file is
 * loaded as plan loads it (defaults, fragments, `${VAR}`), the live zone is read once, and the
 * plan of the file against it is inverted into edits (src/core/export/refresh-edits.ts), written
 * by the editor (src/core/yaml-edit) into the file that holds each record: the zone file, or a
 * fragment that only this zone includes (a fragment other zones include is refused, naming
 * them). Before anything is written the edited files are loaded again and planned against the
 * same live state: the plan must be empty (records, settings, DNSSEC), else nothing is written.
 * The rounds of edits are ./edit-zone-files.ts's (drift --adopt's too). The files are written
 * together (write-file-atomic.ts, `writeFilesAtomic`); `--dry-run` shows the unified diff instead.
 */
import { createTwoFilesPatch } from 'diff';
import { ZonectlError } from '../../core/errors.js';
import { editsToMatchLive } from '../../core/export/refresh-edits.js';
import type { AccountConfig, ZoneConfig } from '../../core/zonefile/index.js';
import { checkZoneFiles, credentialVariablesOf, zoneFileEnvironment } from '../files/index.js';
import { resolveRunZone } from '../engine/index.js';
import { note, type SessionOutput, warning } from '../session/index.js';
import { editZoneFiles, readZoneState, writeEditedFiles } from './edit-zone-files.js';
import { exportClients, exportRepoConfig } from './export-accounts.js';
import { runExportIntoAccount } from './export-account-file.js';
import type { ExportEvent } from './session.js';
import type { ExportIntoRequest } from './into-request.js';

type Env = Readonly<Record<string, string | undefined>>;

export interface ExportIntoResult {
  /** Files that were (or, with --dry-run, would be) changed. */
  readonly changed: readonly string[];
}

class ExportIntoError extends ZonectlError {}

/** The zone file or account file, as every other command loads it; its problems are told, and an invalid file stops here. */
async function loadFile(
  request: ExportIntoRequest,
  env: Env,
  output: SessionOutput<ExportEvent>,
): Promise<{ zone: ZoneConfig } | { account: AccountConfig }> {
  const [checked] = await checkZoneFiles([request.file], env, request.config !== undefined ? { config: request.config } : {});
  for (const problem of checked?.problems ?? []) output.emit({ kind: 'problem', problem });
  if (checked?.account !== undefined) return { account: checked.account };
  if (checked?.config === undefined) {
    const errors = (checked?.problems ?? []).filter((p) => p.severity === 'error').length;
    if (errors > 0 || checked === undefined)
      throw new ExportIntoError('INVALID_ZONE_FILE', `${request.file}: ${errors} error${errors === 1 ? '' : 's'}; nothing was written`);
    throw new ExportIntoError('BAD_ARGS', `--into ${request.file}: not a zone file nor an account file (a fragment has no zone to export)`);
  }
  return { zone: checked.config };
}

export async function runExportInto(request: ExportIntoRequest, output: SessionOutput<ExportEvent>): Promise<ExportIntoResult> {
  const env = request.env ?? process.env;
  credentialVariablesOf([request.file], request.config, env);
  const loaded = await loadFile(request, env, output);
  // An account file: its settings and `views:` refreshed from the live account (export-account-file.ts).
  if ('account' in loaded) return runExportIntoAccount(request, loaded.account, output);
  const config = loaded.zone;
  if (request.zone !== undefined && request.zone.trim().toLowerCase().replace(/\.$/, '') !== config.zone)
    throw new ExportIntoError('BAD_ARGS', `--zone ${request.zone}: ${request.file} describes the zone ${config.zone}`);
  const repo = await exportRepoConfig(request.file, request.config, env, (e) => output.emit(e));
  const clients = exportClients(repo, request.baseUrl, env);
  try {
    const client = clients.for(config);
    const zone = await resolveRunZone(client, config);
    const state = await readZoneState(client, config, zone.id, zone.account?.id ?? '');
    const fileEnv = zoneFileEnvironment(env, credentialVariablesOf([request.file], request.config, env));
    const edited = await editZoneFiles({
      config,
      zoneId: zone.id,
      state,
      fileEnv,
      command: 'export --into',
      pick: (current, plan) => editsToMatchLive(current, plan),
    });
    const { changed, done } = edited;
    const keptOut = edited.plan.unmanaged.length;
    for (const e of done) output.emit(note(`  ${e.line}`));
    for (const n of edited.notes) output.emit(warning(`  not written: ${n}`));
    if (keptOut > 0)
      output.emit(
        note(
          `  ${keptOut} live record(s) whose name and type the file does not list stay out of it (manage.unmanaged: keep); list them in the file to manage them`,
        ),
      );
    if (changed.length === 0) {
      output.emit(note(`${config.file}: already says what zone ${config.zone} holds; nothing to write`));
      return { changed };
    }
    if (request.dryRun) {
      for (const file of changed)
        output.emit({
          kind: 'zone-text',
          text: createTwoFilesPatch(file, file, edited.before.get(file)!, edited.after.get(file)!, '', '', { context: 3 }),
        });
      output.emit(note(`${config.zone}: ${done.length} change(s) to ${changed.join(', ')} (dry run: nothing was written)`));
      return { changed };
    }
    // Written where they were read: inside the repository, never through a link (confined-write.ts).
    writeEditedFiles(changed.map((file) => ({ zoneFile: config.file, path: file, content: edited.after.get(file)! })));
    output.emit(note(`${config.zone}: ${done.length} change(s) written to ${changed.join(', ')}; a plan of ${config.file} is now empty`));
    return { changed };
  } finally {
    await clients.close();
  }
}
