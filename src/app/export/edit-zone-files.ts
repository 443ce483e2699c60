/**
 * Zone files edited until a plan against a live state asks for nothing more of what was chosen:
 * the engine of `export --into` (every difference) and `drift --adopt` (the chosen drift items).
 * `pick` reads the plan of the file (as edited so far) and names the edits to make
 * (src/core/export/refresh-edits.ts); they go to the file that holds each record (the zone file,
 * or a fragment only this zone includes: a fragment other zones include refuses the set, naming
 * them), written by the one editor (src/core/yaml-edit). After each round the edited files are
 * loaded again as plan loads them and planned against the same live state; edits still asked
 * for after MAX_ROUNDS refuse the whole set. Nothing is written here: the texts are returned,
 * and `writeEditedFiles` writes them all together, each confined to the repository.
 */
import { lstatSync, statSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { type CloudflareClient, readDnsSettings, readDnssec, readLiveRecords, readPermissionGroups, readTokens } from '../../api/index.js';
import { ZonectlError } from '../../core/errors.js';
import type { RefreshEdit, RefreshEdits } from '../../core/export/refresh-edits.js';
import { isInZone } from '../../core/model/names.js';
import type { ZonePlan } from '../../core/plan/build-plan.js';
import { type LiveZoneState, planZone } from '../../core/plan/plan-zone.js';
import { editZoneFile, routeEdits } from '../../core/yaml-edit/index.js';
import { formatProblem } from '../../core/yaml/index.js';
import { type IncludeReader, parseZoneFile, type ZoneConfig } from '../../core/zonefile/index.js';
import { confineWrite, includeReader, otherZonesIncluding, readConfinedFile, repositoryRoot } from '../files/index.js';
import { redact } from '../output/index.js';
import { writeFilesAtomic } from '../output/index.js';

type Env = Readonly<Record<string, string | undefined>>;

class EditFilesError extends ZonectlError {}

/** Edits the plan would still need after this many rounds mean the editor cannot say what the zone holds. */
const MAX_ROUNDS = 3;

/** The live state the plan of the file needs, read once. */
export async function readZoneState(
  client: CloudflareClient,
  config: ZoneConfig,
  zoneId: string,
  accountId: string,
): Promise<LiveZoneState> {
  const live = await readLiveRecords(client, zoneId, config.zone);
  const outside = live.records.filter((r) => !isInZone(r.name, config.zone));
  if (outside.length > 0)
    throw new EditFilesError(
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

/** The text of each file of the zone, as it is now: read confined to the repository, never through a symlink. */
function readText(file: string, command: string): string {
  let link = false;
  try {
    link = lstatSync(file).isSymbolicLink();
  } catch {
    // missing: the read says so
  }
  if (link) throw new EditFilesError('OUTPUT_UNWRITABLE', `${file} is a symlink; zonectl ${command} does not write through one`);
  const read = readConfinedFile(repositoryRoot(file), file);
  if (!read.ok) throw new EditFilesError('READ_FAILED', `cannot read ${file}: ${read.message}`);
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

export interface EditedZoneFiles {
  /** The files whose text changed, and each one's text before and after. */
  readonly changed: readonly string[];
  readonly before: ReadonlyMap<string, string>;
  readonly after: ReadonlyMap<string, string>;
  /** The edits made, each as a line a person reads. */
  readonly done: readonly RefreshEdit[];
  /** Differences not taken into the files (the last round's `notes`). */
  readonly notes: readonly string[];
  /** The plan of the edited files against the live state. */
  readonly plan: ZonePlan;
}

export interface EditZoneFilesInput {
  readonly config: ZoneConfig;
  readonly zoneId: string;
  readonly state: LiveZoneState;
  /** The environment the zone file's `${VAR}` references read. */
  readonly fileEnv: Env;
  /** The command, as errors name it (`export --into`, `drift --adopt`). */
  readonly command: string;
  /** The edits a plan of the file (as edited so far) asks for; none ends the rounds. */
  readonly pick: (config: ZoneConfig, plan: ZonePlan) => RefreshEdits;
}

/** The zone's files edited until `pick` asks for nothing (see the module's comment); nothing is written. */
export async function editZoneFiles(input: EditZoneFilesInput): Promise<EditedZoneFiles> {
  const { config, zoneId, state, command } = input;
  const texts = new Map<string, string>();
  const textOf = (file: string): string => {
    const known = texts.get(normalize(file));
    if (known !== undefined) return known;
    const text = readText(file, command);
    texts.set(normalize(file), text);
    return text;
  };
  const originals = new Map<string, string>();
  const sharedWith = new Map<string, readonly string[]>();
  let current = config;
  const done: RefreshEdit[] = [];
  for (let round = 0; ; round += 1) {
    const plan = planZone(current, zoneId, state);
    const refresh = input.pick(current, plan);
    if (refresh.edits.length === 0) {
      const changed = [...originals.entries()].filter(([file, before]) => texts.get(file) !== before).map(([file]) => file);
      // What zonectl writes never holds a credential's value (app/output/secret-redaction.ts), as export's files.
      const masked = changed.find((file) => redact(texts.get(file)!) !== texts.get(file));
      if (masked !== undefined)
        throw new EditFilesError('EDIT_REFUSED', `a live value to write into ${masked} holds a credential's value; nothing was written`);
      return { changed, before: originals, after: texts, done, notes: refresh.notes, plan };
    }
    if (round === MAX_ROUNDS)
      throw new EditFilesError(
        'EDIT_REFUSED',
        `${config.file}: after ${MAX_ROUNDS} rounds of edits the file still plans changes (${refresh.edits.map((e) => e.line).join('; ')}); nothing was written`,
      );
    // Which zones include each fragment of this zone is asked of the repository once.
    for (const f of new Set(current.records.flatMap((r) => (r.source !== undefined ? [r.source] : []))))
      if (!sharedWith.has(f)) sharedWith.set(f, await otherZonesIncluding(current.file, f));
    const routed = routeEdits(
      current.file,
      refresh.edits.map((e) => e.edit),
      (fragment) => sharedWith.get(fragment) ?? [],
    );
    if (!routed.ok) throw new EditFilesError('EDIT_REFUSED', `${routed.shared.map((s) => s.message).join('; ')}; nothing was written`);
    for (const f of routed.files) {
      if (f.edits.length === 0) continue;
      const before = textOf(f.file);
      if (!originals.has(normalize(f.file))) originals.set(normalize(f.file), before);
      const edited = editZoneFile(before, f.edits, { zone: config.zone });
      if (!edited.ok) {
        const at = edited.refusal.line !== undefined ? `${f.file}:${edited.refusal.line}` : f.file;
        throw new EditFilesError('EDIT_REFUSED', `${at}: ${edited.refusal.message} [${edited.refusal.reason}]; nothing was written`);
      }
      texts.set(normalize(f.file), edited.text);
    }
    done.push(...refresh.edits.filter((e) => e.line !== ''));
    // The edited files, loaded again as plan loads them.
    const reloaded = parseZoneFile({ path: config.file, text: textOf(config.file) }, input.fileEnv, readerWith(config.file, texts));
    const errors = reloaded.problems.filter((p) => p.severity === 'error');
    if (reloaded.config === undefined || errors.length > 0)
      throw new EditFilesError(
        'EDIT_REFUSED',
        `the edited ${config.file} would not validate (${errors.map(formatProblem).join('; ')}); nothing was written`,
      );
    current = reloaded.config;
  }
}

/**
 * The edited files written together (`writeFilesAtomic`), each checked inside the repository of
 * the zone file it was edited for (`zoneFile`) again, never through a link; nothing is written
 * when one is not.
 */
export function writeEditedFiles(
  files: ReadonlyArray<{ readonly zoneFile: string; readonly path: string; readonly content: string }>,
): void {
  for (const f of files) {
    const where = confineWrite(repositoryRoot(f.zoneFile), f.path);
    if (!where.ok) throw new EditFilesError('OUTPUT_UNWRITABLE', `${f.path}: ${where.message}; nothing was written`);
  }
  writeFilesAtomic(files.map((f) => ({ path: f.path, content: f.content, mode: statSync(f.path).mode & 0o777 })));
}
