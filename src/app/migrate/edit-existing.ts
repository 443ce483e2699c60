/**
 * `import --force` over a zone file that exists (every source: BIND, octoDNS, Terraform,
 * DNSControl): the file is edited through the editor (src/core/yaml-edit, by the engine of
 * `export --into`), never rewritten, so that its comments, layout and the team's additions stay
 * (issue 40). The imported zone is taken as the live one; the file (and a fragment only it
 * includes) is edited until it plans nothing against it.
 */
import { isAbsolute, relative, resolve } from 'node:path';
import { ZonectlError } from '../../core/errors.js';
import { editsToMatchLive } from '../../core/export/refresh-edits.js';
import type { CanonicalRecord, LiveRecord } from '../../core/model/record.js';
import { formatProblem } from '../../core/yaml/index.js';
import { parseZoneFile } from '../../core/zonefile/index.js';
import { confineWrite, includeReader, readConfinedFile } from '../files/index.js';

/** A file to write: its path as shown, and its text. */
export interface EditedOutput {
  readonly path: string;
  readonly text: string;
}

/** What an import made of one zone: its records and settings, as the live zone would hold them. */
export interface ImportedZone {
  readonly zone: string;
  readonly records: readonly CanonicalRecord[];
  readonly settings?: Readonly<Record<string, unknown>>;
}

/** A path as a person gave it: relative to the working directory when inside it. */
export function shown(path: string, cwd: string): string {
  const rel = relative(cwd, path);
  return rel !== '' && !rel.startsWith('..') && !isAbsolute(rel) ? rel : path;
}

/** The id the import's records carry as a stand-in live zone (never sent anywhere). */
const STAND_IN_ZONE_ID = '00000000000000000000000000000000';

/**
 * The files changed, with their new text (none written here). A file that does not validate, that
 * is another zone's, or that would leave imported records out of it, is refused: nothing is written.
 */
export async function editExistingZoneFile(
  path: string,
  shownPath: string,
  z: ImportedZone,
  root: string,
  cwd: string,
): Promise<EditedOutput[]> {
  const read = readConfinedFile(root, path);
  if (!read.ok) throw new ZonectlError('READ_FAILED', `cannot read ${shownPath}: ${read.message}`);
  const loaded = parseZoneFile({ path, text: read.bytes.toString('utf8') }, process.env, includeReader(path));
  const errors = loaded.problems.filter((p) => p.severity === 'error');
  if (loaded.config === undefined || errors.length > 0)
    throw new ZonectlError(
      'EDIT_REFUSED',
      `${shownPath} exists and does not validate, so import --force cannot edit it (${errors.map(formatProblem).join('; ')}); nothing was written`,
    );
  if (loaded.config.zone !== z.zone)
    throw new ZonectlError('EDIT_REFUSED', `${shownPath} is the zone file of ${loaded.config.zone}, not ${z.zone}; nothing was written`);
  const records: LiveRecord[] = z.records.map((r, i) => ({ ...r, id: i.toString(16).padStart(32, '0') }));
  const settings = z.settings !== undefined && Object.keys(z.settings).length > 0 ? { settings: z.settings } : {};
  // Loaded only here: export's folder brings the API client, which an import that writes new
  // files never needs (test/install/module-graph.test.ts keeps import's start-up free of it).
  const { editZoneFiles } = await import('../export/index.js');
  const edited = await editZoneFiles({
    config: loaded.config,
    zoneId: STAND_IN_ZONE_ID,
    state: { records, ...settings },
    fileEnv: process.env,
    command: 'import --force',
    pick: (config, plan) => editsToMatchLive(config, plan),
  });
  // A file that keeps unlisted records (manage.unmanaged: keep) or leaves some alone would drop
  // imported records silently: refused instead, naming them.
  const outside = [...edited.plan.unmanaged, ...(edited.plan.leftAlone ?? []).map((l) => l.record)];
  if (outside.length > 0)
    throw new ZonectlError(
      'EDIT_REFUSED',
      `${shownPath}: ${outside.length} imported record(s) would stay out of the file, which leaves them alone (e.g. ${outside[0]!.name} ${outside[0]!.type}; manage.unmanaged or manage.ignore): list them in it, or import to another --out; nothing was written`,
    );
  return edited.changed.map((file) => ({ path: shown(file, cwd), text: edited.after.get(file)! }));
}

/**
 * Refuses, before anything is written, a path (as shown, relative to `cwd`) that a write would
 * reach through a link the repository holds: confined as reads are (issue 39 item 8).
 */
export function confineOutputPaths(root: string, cwd: string, paths: readonly string[]): void {
  for (const p of paths) {
    const where = confineWrite(root, resolve(cwd, p));
    if (!where.ok) throw new ZonectlError('UNSAFE_EXPORT_PATH', `${p}: ${where.message}; nothing was written`);
  }
}
