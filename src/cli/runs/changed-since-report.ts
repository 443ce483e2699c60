/**
 * `plan --changed-since REF` on the command line: the selection (src/app/files/changed-since.ts)
 * and what it tells the user on stderr (which zones are planned and why, how many were skipped,
 * zone files deleted since REF) and in the JSON document (`changed_since`).
 */
import { changedFilesSince, selectChanged, type ChangedFiles, type ZoneSelection } from '../../app/files/index.js';
import { printable } from '../../core/text/index.js';
import type { AccountConfig, ZoneConfig } from '../../core/zonefile/index.js';
import { info, log } from '../output/io.js';

export type ChangedSelection = ZoneSelection & { readonly changes: ChangedFiles };

/** Names shown on the line of skipped zones; the rest are counted. */
const SKIPPED_SHOWN = 10;

export async function selectChangedFiles(
  files: { readonly configs: readonly ZoneConfig[]; readonly accounts: readonly AccountConfig[] },
  ref: string,
  paths: readonly string[],
): Promise<ChangedSelection> {
  const changes = await changedFilesSince(ref, process.cwd());
  const selection = selectChanged(files, changes, paths);
  const since = `since ${printable(ref)} (merge base ${changes.base.slice(0, 12)})`;
  for (const c of selection.configs)
    info(`zonectl: ${printable(c.zone)}: planned, ${printable(selection.reasons.get(c.file) ?? '')} ${since}`);
  if (selection.skipped.length > 0) {
    const names = selection.skipped
      .slice(0, SKIPPED_SHOWN)
      .map((c) => printable(c.zone))
      .join(', ');
    const more = selection.skipped.length > SKIPPED_SHOWN ? ` and ${selection.skipped.length - SKIPPED_SHOWN} more` : '';
    info(
      `zonectl: ${selection.skipped.length} zone(s) skipped, unchanged ${since} (no change to the zone file, its fragments or zonectl.yaml): ${names}${more}`,
    );
  }
  if (selection.skippedAccounts.length > 0)
    info(`zonectl: ${selection.skippedAccounts.length} account file(s) skipped, unchanged ${since}`);
  for (const d of selection.deleted) {
    log(
      `zonectl: note: ${printable(d)} was deleted ${since}; if it described a zone, zonectl does not delete the zone (its records stay as they are): delete the zone in the dashboard or the API if that is intended`,
    );
  }
  if (selection.configs.length === 0 && selection.accounts.length === 0) info(`zonectl: no zone changed ${since}: nothing to plan`);
  return { ...selection, changes };
}

/** The `changed_since` object of `plan --format json`. */
export function changedSinceJson(s: ChangedSelection): Record<string, unknown> {
  return {
    ref: s.changes.ref,
    base: s.changes.base,
    planned: s.configs.map((c) => ({ zone: c.zone, file: c.file, reason: s.reasons.get(c.file) })),
    skipped: s.skipped.map((c) => ({ zone: c.zone, file: c.file, reason: 'unchanged' })),
    deleted_files: s.deleted,
  };
}
