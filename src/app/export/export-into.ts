/**
 * `zonectl export --into FILE`: an existing zone file refreshed from the live zone. The file is
 * loaded as plan loads it (defaults, fragments, `${VAR}`), the live zone is read once, and the
 * plan of the file against it is inverted into edits (src/core/export/refresh-edits.ts), written
 * by the editor (src/core/yaml-edit) into the file that holds each record: the zone file, or a
 * fragment that only this zone includes (a fragment other zones include is refused, naming
 * them). Before anything is written the edited files are loaded again and planned against the
 * same live state: the plan must be empty (records, settings, DNSSEC), else nothing is written.
 * The files are written together (write-file-atomic.ts, `writeFilesAtomic`); `--dry-run` shows
 * the unified diff instead.
 */
import { lstatSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { createTwoFilesPatch } from 'diff';
import { type CloudflareClient, readDnsSettings, readDnssec, readLiveRecords, readPermissionGroups, readTokens } from '../../api/index.js';
import { ZonectlError } from '../../core/errors.js';
import { editsToMatchLive, type RefreshEdit } from '../../core/export/refresh-edits.js';
import { isInZone } from '../../core/model/names.js';
import { type LiveZoneState, planZone } from '../../core/plan/plan-zone.js';
import { editZoneFile, routeEdits } from '../../core/yaml-edit/index.js';
import { formatProblem } from '../../core/yaml/index.js';
import { type IncludeReader, parseZoneFile, type ZoneConfig } from '../../core/zonefile/index.js';
import { RunClients } from '../connect/index.js';
import {
  checkZoneFiles,
  confineWrite,
  credentialVariablesOf,
  includeReader,
  otherZonesIncluding,
  readConfinedFile,
  repositoryRoot,
  zoneFileEnvironment,
} from '../files/index.js';
import { redact } from '../output/index.js';
import { writeFilesAtomic } from '../output/write-file-atomic.js';
import { resolveRunZone } from '../plan/index.js';
import { note, type SessionOutput, warning } from '../session/index.js';
import { exportRepoConfig } from './export-accounts.js';
import type { ExportEvent } from './export-session.js';

type Env = Readonly<Record<string, string | undefined>>;

export interface ExportIntoRequest {
  /** The zone file to refresh. */
  readonly file: string;
  /** `--zone NAME`: must be the file's zone when given. */
  readonly zone?: string | undefined;
  /** Show the diff; write nothing. */
  readonly dryRun: boolean;
  readonly baseUrl?: string | undefined;
  readonly config?: string | undefined;
  readonly env?: Env;
}

export interface ExportIntoResult {
  /** Files that were (or, with --dry-run, would be) changed. */
  readonly changed: readonly string[];
}

class ExportIntoError extends ZonectlError {}

/** Edits the plan would still need after this many rounds mean the editor cannot say what the zone holds. */
const MAX_ROUNDS = 3;

/** The live state the plan of the file needs, read once. */
async function readState(client: CloudflareClient, config: ZoneConfig, zoneId: string, accountId: string): Promise<LiveZoneState> {
  const live = await readLiveRecords(client, zoneId, config.zone);
  const outside = live.records.filter((r) => !isInZone(r.name, config.zone));
  if (outside.length > 0)
    throw new ExportIntoError(
      'ZONE_MISMATCH',
      `${config.file}: zone ${zoneId} holds records outside "${config.zone}" (e.g. ${outside[0]!.name}); check zone_id; nothing was written`,
    );
  const settings = config.settings !== undefined ? await readDnsSettings(client, zoneId) : undefined;
  const dnssec = config.dnssec !== undefined ? await readDnssec(client, zoneId, config.zone) : undefined;
  const tokens =
    config.tokens.length > 0
      ? { live: await readTokens(client), context: { zoneId, accountId, permissionGroups: await readPermissionGroups(client) } }
      : undefined;
  return { records: live.records, ...(settings ? { settings } : {}), ...(dnssec ? { dnssec } : {}), ...(tokens ? { tokens } : {}) };
}

/** The zone file, as every other command loads it; its problems are told, and an invalid file stops here. */
async function loadZone(request: ExportIntoRequest, env: Env, output: SessionOutput<ExportEvent>): Promise<ZoneConfig> {
  const [checked] = await checkZoneFiles([request.file], env, request.config !== undefined ? { config: request.config } : {});
  for (const problem of checked?.problems ?? []) output.emit({ kind: 'problem', problem });
  if (checked?.config === undefined) {
    const errors = (checked?.problems ?? []).filter((p) => p.severity === 'error').length;
    if (errors > 0 || checked === undefined)
      throw new ExportIntoError('INVALID_ZONE_FILE', `${request.file}: ${errors} error${errors === 1 ? '' : 's'}; nothing was written`);
    throw new ExportIntoError('BAD_ARGS', `--into ${request.file}: not a zone file (a fragment or an account file has no zone to export)`);
  }
  return checked.config;
}

/** The text of each file of the zone, as it is now: read confined to the repository, never through a symlink. */
function readText(file: string): string {
  let link = false;
  try {
    link = lstatSync(file).isSymbolicLink();
  } catch {
    // missing: the read says so
  }
  if (link) throw new ExportIntoError('OUTPUT_UNWRITABLE', `${file} is a symlink; zonectl export --into does not write through one`);
  const read = readConfinedFile(repositoryRoot(file), file);
  if (!read.ok) throw new ExportIntoError('READ_FAILED', `cannot read ${file}: ${read.message}`);
  return read.bytes.toString('utf8');
}

/** An include reader that reads the edited fragments from `texts` (by the path the zone shows) and the rest from disk. */
function readerWith(zoneFile: string, texts: ReadonlyMap<string, string>): IncludeReader {
  const disk = includeReader(zoneFile);
  return (from, entry) => {
    const got = disk(from, entry);
    if (!got.ok) return got;
    const edited = texts.get(normalize(got.path)) ?? texts.get(normalize(join(dirname(from), entry)));
    return edited !== undefined ? { ...got, text: edited } : got;
  };
}

export async function runExportInto(request: ExportIntoRequest, output: SessionOutput<ExportEvent>): Promise<ExportIntoResult> {
  const env = request.env ?? process.env;
  credentialVariablesOf([request.file], request.config, env);
  const config = await loadZone(request, env, output);
  if (request.zone !== undefined && request.zone.trim().toLowerCase().replace(/\.$/, '') !== config.zone)
    throw new ExportIntoError('BAD_ARGS', `--zone ${request.zone}: ${request.file} describes the zone ${config.zone}`);
  const repo = await exportRepoConfig(request.file, request.config, env, (e) => output.emit(e));
  const clients = new RunClients(repo, { ...(request.baseUrl !== undefined ? { baseUrl: request.baseUrl } : {}), env }, env);
  try {
    const client = clients.for(config);
    const zone = await resolveRunZone(client, config);
    const state = await readState(client, config, zone.id, zone.account?.id ?? '');
    const fileEnv = zoneFileEnvironment(env, credentialVariablesOf([request.file], request.config, env));

    const texts = new Map<string, string>();
    const textOf = (file: string): string => {
      const known = texts.get(normalize(file));
      if (known !== undefined) return known;
      const text = readText(file);
      texts.set(normalize(file), text);
      return text;
    };
    const originals = new Map<string, string>();
    const sharedWith = new Map<string, readonly string[]>();
    let current = config;
    const done: RefreshEdit[] = [];
    let notes: readonly string[] = [];
    let keptOut = 0;
    for (let round = 0; ; round += 1) {
      const plan = planZone(current, zone.id, state);
      const refresh = editsToMatchLive(current, plan);
      notes = refresh.notes;
      keptOut = plan.unmanaged.length;
      if (refresh.edits.length === 0) break;
      if (round === MAX_ROUNDS)
        throw new ExportIntoError(
          'EDIT_REFUSED',
          `${request.file}: after ${MAX_ROUNDS} rounds of edits the file still plans changes (${refresh.edits.map((e) => e.line).join('; ')}); nothing was written`,
        );
      // Which zones include each fragment of this zone is asked of the repository once.
      for (const f of new Set(current.records.flatMap((r) => (r.source !== undefined ? [r.source] : []))))
        if (!sharedWith.has(f)) sharedWith.set(f, await otherZonesIncluding(current.file, f));
      const routed = routeEdits(
        current.file,
        refresh.edits.map((e) => e.edit),
        (fragment) => sharedWith.get(fragment) ?? [],
      );
      if (!routed.ok) throw new ExportIntoError('EDIT_REFUSED', `${routed.shared.map((s) => s.message).join('; ')}; nothing was written`);
      for (const f of routed.files) {
        if (f.edits.length === 0) continue;
        const before = textOf(f.file);
        if (!originals.has(normalize(f.file))) originals.set(normalize(f.file), before);
        const edited = editZoneFile(before, f.edits, { zone: config.zone });
        if (!edited.ok) {
          const at = edited.refusal.line !== undefined ? `${f.file}:${edited.refusal.line}` : f.file;
          throw new ExportIntoError('EDIT_REFUSED', `${at}: ${edited.refusal.message} [${edited.refusal.reason}]; nothing was written`);
        }
        texts.set(normalize(f.file), edited.text);
      }
      done.push(...refresh.edits.filter((e) => e.line !== ''));
      // The edited files, loaded again as plan loads them.
      const reloaded = parseZoneFile({ path: config.file, text: textOf(config.file) }, fileEnv, readerWith(config.file, texts));
      const errors = reloaded.problems.filter((p) => p.severity === 'error');
      if (reloaded.config === undefined || errors.length > 0)
        throw new ExportIntoError(
          'EDIT_REFUSED',
          `the refreshed ${config.file} would not validate (${errors.map(formatProblem).join('; ')}); nothing was written`,
        );
      current = reloaded.config;
    }

    const changed = [...originals.entries()].filter(([file, before]) => texts.get(file) !== before).map(([file]) => file);
    // What zonectl writes never holds a credential's value (app/output/secret-redaction.ts), as export's files.
    const masked = changed.find((file) => redact(texts.get(file)!) !== texts.get(file));
    if (masked !== undefined)
      throw new ExportIntoError('EDIT_REFUSED', `a live value to write into ${masked} holds a credential's value; nothing was written`);
    for (const e of done) output.emit(note(`  ${e.line}`));
    for (const n of notes) output.emit(warning(`  not written: ${n}`));
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
          text: createTwoFilesPatch(file, file, originals.get(file)!, texts.get(file)!, '', '', { context: 3 }),
        });
      output.emit(note(`${config.zone}: ${done.length} change(s) to ${changed.join(', ')} (dry run: nothing was written)`));
      return { changed };
    }
    // Written where they were read: inside the repository, never through a link (confined-write.ts).
    for (const file of changed) {
      const where = confineWrite(repositoryRoot(config.file), file);
      if (!where.ok) throw new ExportIntoError('OUTPUT_UNWRITABLE', `${file}: ${where.message}; nothing was written`);
    }
    writeFilesAtomic(changed.map((file) => ({ path: file, content: texts.get(file)!, mode: statSync(file).mode & 0o777 })));
    output.emit(note(`${config.zone}: ${done.length} change(s) written to ${changed.join(', ')}; a plan of ${config.file} is now empty`));
    return { changed };
  } finally {
    await clients.close();
  }
}
