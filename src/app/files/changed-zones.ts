/**
 * `plan --changed-since REF`: the zones selected (changed-since.ts) and what the user is told of
 * it: which zones are planned and why, how many were skipped, zone files deleted since REF.
 */
import { printable } from '../../core/text/index.js';
import type { AccountConfig, ZoneConfig } from '../../core/zonefile/index.js';
import { note, warning, type MessageEvent } from '../session/index.js';
import { changedFilesSince, selectChanged, type ChangedFiles, type ZoneSelection } from './changed-since.js';

export type ChangedSelection = ZoneSelection & { readonly changes: ChangedFiles };

/** Names shown on the line of skipped zones; the rest are counted. */
const SKIPPED_SHOWN = 10;

export async function selectChangedFiles(
  files: {
    readonly configs: readonly ZoneConfig[];
    readonly accounts: readonly AccountConfig[];
    readonly repo?: { readonly file: string } | undefined;
  },
  ref: string,
  paths: readonly string[],
  cwd: string,
  emit: (event: MessageEvent) => void,
): Promise<ChangedSelection> {
  const changes = await changedFilesSince(ref, cwd);
  const selection = selectChanged(files, changes, paths);
  const since = `since ${printable(ref)} (merge base ${changes.base.slice(0, 12)})`;
  for (const c of selection.configs)
    emit(note(`zonectl: ${printable(c.zone)}: planned, ${printable(selection.reasons.get(c.file) ?? '')} ${since}`));
  if (selection.skipped.length > 0) {
    const names = selection.skipped
      .slice(0, SKIPPED_SHOWN)
      .map((c) => printable(c.zone))
      .join(', ');
    const more = selection.skipped.length > SKIPPED_SHOWN ? ` and ${selection.skipped.length - SKIPPED_SHOWN} more` : '';
    emit(
      note(
        `zonectl: ${selection.skipped.length} zone(s) skipped, unchanged ${since} (no change to the zone file, its fragments or the repository configuration): ${names}${more}`,
      ),
    );
  }
  if (selection.skippedAccounts.length > 0)
    emit(note(`zonectl: ${selection.skippedAccounts.length} account file(s) skipped, unchanged ${since}`));
  for (const d of selection.deleted) {
    emit(
      warning(
        `zonectl: note: ${printable(d)} was deleted ${since}; if it described a zone, zonectl does not delete the zone (its records stay as they are): delete the zone in the dashboard or the API if that is intended`,
      ),
    );
  }
  if (selection.configs.length === 0 && selection.accounts.length === 0) emit(note(`zonectl: no zone changed ${since}: nothing to plan`));
  return { ...selection, changes };
}
