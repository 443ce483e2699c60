/**
 * `zonectl drift PATHS --adopt [ID...]`: the chosen drift items taken into the zone files, the
 * other way out of drift than `apply` (issue 42, item 2). Each zone of this shard is read and
 * planned as drift plans it, so its items and their ids are the JSON report's; the items chosen
 * (every adoptable one, or those whose ids are given) narrow the plan's operations
 * (src/core/export/adopt-items.ts), which become edits as for `export --into`
 * (src/core/export/refresh-edits.ts) and are made by the one editor through the same rounds
 * (../export/edit-zone-files.ts): a record in the file that holds it (the zone file, or a
 * fragment only this zone includes), a setting where the file sets it, comments and layout kept.
 * Every id is checked before anything is written: an id no zone shows, or one of an item that
 * cannot be adopted (a token, a zone that does not exist, the service's DNSSEC error), is refused
 * naming it. A refusal of the editor (file:line and reason) stops the run; the files of every
 * zone are written together at the end, or none are. `--dry-run` prints the unified diff.
 */
import { createTwoFilesPatch } from 'diff';
import { ZoneLookupError } from '../../api/index.js';
import { ZonectlError } from '../../core/errors.js';
import { adoptionItems, operationsToAdopt } from '../../core/export/adopt-items.js';
import { editsToMatchLive } from '../../core/export/refresh-edits.js';
import { planZone } from '../../core/plan/plan-zone.js';
import type { DriftItem } from '../../core/drift/index.js';
import { describeDriftItem } from '../../core/render/drift-words.js';
import type { ZoneConfig } from '../../core/zonefile/index.js';
import { editZoneFiles, type EditedZoneFiles, readZoneState, writeEditedFiles } from '../export/index.js';
import { credentialVariablesOf, filesToPlan, selectShard, zoneFileEnvironment } from '../files/index.js';
import { type Connection, resolveRunZone, runClients } from '../engine/index.js';
import { type MessageEvent, note, type SessionOutput, warning } from '../session/index.js';

export interface AdoptRequest {
  readonly paths: readonly string[];
  readonly config?: string | undefined;
  readonly shard?: string | undefined;
  /** The ids of the items to adopt (as in the JSON report; their form checked by the command's definition), or every adoptable item. */
  readonly ids: readonly string[] | 'all';
  /** Print the diff; write nothing. */
  readonly dryRun: boolean;
  readonly connection: Connection;
}

export type AdoptEvent = MessageEvent | { readonly kind: 'diff'; readonly text: string };

export interface AdoptResult {
  /** The files written (or, with --dry-run, that would be). */
  readonly changed: readonly string[];
}

class AdoptError extends ZonectlError {}

/** Why an item of the report cannot be adopted (the item has no adopt way out). */
function notAdoptable(i: DriftItem): string {
  if (i.kind === 'token')
    return "a token is not written back into the file (its secret is not the file's); edit the spec by hand, or revert with apply";
  if (i.kind === 'zone') return 'the zone does not exist at the service: there is nothing live to adopt';
  if (i.kind === 'unmanaged') return 'a kept record (manage.unmanaged: keep) is no drift; list it in the file to manage it';
  if (i.type === 'dnssec' && i.live === 'error') return "the service's DNSSEC error is not a value to write into the file";
  return 'it has no live value to write into the file';
}

interface ZoneAdoption {
  readonly config: ZoneConfig;
  readonly chosen: readonly DriftItem[];
  readonly edited: EditedZoneFiles;
  /** Counted items of the zone left as they were. */
  readonly left: number;
}

export async function runAdopt(request: AdoptRequest, output: SessionOutput<AdoptEvent>): Promise<AdoptResult> {
  const env = request.connection.env;
  const loaded = await filesToPlan(request.paths, { config: request.config, env }, (e) => output.emit(e));
  const { configs, shard, repo } = selectShard(loaded, request.shard);
  const fileEnv = zoneFileEnvironment(env, credentialVariablesOf(request.paths, request.config, env));
  const wanted = request.ids === 'all' ? undefined : new Set(request.ids);
  const seen = new Set<string>();
  const adoptions: ZoneAdoption[] = [];
  const clients = runClients(request.connection, shard, repo);
  try {
    for (const config of configs) {
      const client = clients.for(config);
      const zone = await resolveRunZone(client, config).catch((error: unknown) => {
        if (error instanceof ZoneLookupError && error.notFound) return undefined;
        throw error;
      });
      if (zone === undefined) {
        output.emit(note(`${config.zone}: the zone does not exist at the service; nothing to adopt (apply creates it)`));
        continue;
      }
      const state = await readZoneState(client, config, zone.id, zone.account?.id ?? '');
      const items = adoptionItems(planZone(config, zone.id, state));
      for (const { item } of items) seen.add(item.id);
      const refused = items.filter(({ item, adoptable }) => wanted?.has(item.id) === true && !adoptable);
      if (refused.length > 0)
        throw new AdoptError(
          'BAD_FLAG',
          `${refused
            .map(({ item }) => `--adopt ${item.id} (${config.file}: ${describeDriftItem(item)}): cannot be adopted: ${notAdoptable(item)}`)
            .join('; ')}; nothing was written`,
        );
      const chosen = items.flatMap(({ item, adoptable }) => (adoptable && (wanted === undefined || wanted.has(item.id)) ? [item] : []));
      const counted = items.filter(({ item }) => item.counted);
      if (wanted === undefined)
        for (const { item } of counted.filter((c) => !c.adoptable))
          output.emit(warning(`  not adopted: ${config.file}: ${describeDriftItem(item)}: ${notAdoptable(item)}`));
      if (chosen.length === 0) continue;
      // What is not chosen stays as it is, in every round (an item the edits settle anyway is told below).
      const chosenIds = new Set(chosen.map((i) => i.id));
      const keep = new Set(items.filter(({ item }) => !chosenIds.has(item.id)).map(({ item }) => item.id));
      const edited = await editZoneFiles({
        config,
        zoneId: zone.id,
        state,
        fileEnv,
        command: 'drift --adopt',
        pick: (current, plan) => editsToMatchLive(current, { operations: operationsToAdopt(plan, (i) => !keep.has(i.id)) }),
      });
      const after = new Set(adoptionItems(edited.plan).map(({ item }) => item.id));
      const still = chosen.filter((i) => after.has(i.id));
      if (still.length > 0)
        throw new AdoptError(
          'EDIT_REFUSED',
          `${config.file}: after the edits the file still differs from the zone in ${still.map((i) => `${i.id} (${describeDriftItem(i)})`).join('; ')}; nothing was written`,
        );
      const left = counted.filter(({ item }) => !chosenIds.has(item.id) && after.has(item.id)).length;
      adoptions.push({ config, chosen, edited, left });
    }
  } finally {
    await clients.close();
  }
  const unknown = wanted === undefined ? [] : [...wanted].filter((id) => !seen.has(id));
  if (unknown.length > 0)
    throw new AdoptError(
      'BAD_FLAG',
      `--adopt ${unknown.join(', ')}: no drift item of ${configs.length === 1 ? configs[0]!.file : `the ${configs.length} zone files given`} has ${unknown.length === 1 ? 'this id' : 'these ids'} (the ids are those of \`zonectl drift --format json\` now; the drift may be gone or changed); nothing was written`,
    );

  const changed = adoptions.flatMap((a) => a.edited.changed);
  for (const a of adoptions) {
    output.emit(note(`${a.config.zone}: ${a.chosen.length} item(s) adopted`));
    for (const e of a.edited.done) output.emit(note(`  ${e.line}`));
    if (request.dryRun)
      for (const file of a.edited.changed)
        output.emit({
          kind: 'diff',
          text: createTwoFilesPatch(file, file, a.edited.before.get(file)!, a.edited.after.get(file)!, '', '', { context: 3 }),
        });
  }
  if (changed.length === 0) {
    output.emit(
      note(adoptions.length === 0 ? 'no drift to adopt; nothing to write' : 'the files already say what was adopted; nothing to write'),
    );
    return { changed };
  }
  if (request.dryRun) {
    output.emit(note(`would write ${changed.join(', ')} (dry run: nothing was written)`));
    return { changed };
  }
  writeEditedFiles(
    adoptions.flatMap((a) => a.edited.changed.map((path) => ({ zoneFile: a.config.file, path, content: a.edited.after.get(path)! }))),
  );
  for (const a of adoptions) {
    const files = a.edited.changed.join(', ');
    output.emit(
      note(
        a.left === 0
          ? `${a.config.zone}: written to ${files}; a plan of ${a.config.file} is now empty`
          : `${a.config.zone}: written to ${files}; ${a.left} drift item(s) not chosen remain (revert them with apply, or adopt them too)`,
      ),
    );
  }
  return { changed };
}
