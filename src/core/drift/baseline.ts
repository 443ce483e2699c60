/**
 * `drift --baseline previous.json`: an earlier `drift --format json` (or `drift --out`) read as
 * the drift items it accepted (docs/drift-report.md). Only what the JSON report documents is
 * read: `format_version` 1 or 2 and each zone's `items`. A baseline means what it shows:
 *
 * - an item's id is computed again from the fields it shows (zone, kind, name, type, field, file,
 *   live: drift-items.ts `driftItemId`); a version 2 item whose id is not that one is an error
 *   naming its line, so that an edited baseline cannot hide a record it does not name;
 * - the live value is part of the id, so a later, different live value of the same field is
 *   another item: new drift, never "still present";
 * - a version 1 report (ids of another form, which did not cover the live value) is read by what
 *   its items show: each id is computed again, the one it carries is not used.
 *
 * Pure: the CLI reads the file and hands its text here.
 */
import { isNode, LineCounter, parseDocument } from 'yaml';
import { ZonectlError } from '../errors.js';
import { printable } from '../text/index.js';
import { DRIFT_ITEM_ID, DRIFT_KINDS, driftItemId, type DriftItem, type DriftKind } from './drift-items.js';

export interface Baseline {
  /** What the messages call it (the file name). */
  readonly source: string;
  readonly ids: ReadonlySet<string>;
  /** The baseline's items by zone (failed zones of the baseline have none). */
  readonly byZone: ReadonlyMap<string, readonly DriftItem[]>;
  /** The report's format version: 1 was read by what its items show (ids computed again). */
  readonly version: 1 | 2;
}

export class BaselineError extends ZonectlError {
  constructor(source: string, problem: string) {
    super(
      'BASELINE_INVALID',
      `${printable(source)}: ${problem} (--baseline reads a report of \`zonectl drift --format json\` or \`--out\`)`,
    );
  }
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The line (1-based) where `zones[z].items[i]` starts in the text; undefined when it cannot be
 * found. JSON is YAML: the `yaml` package's document keeps each node's offsets (read only on this
 * error path; JSON.parse reads the file).
 */
function lineOf(text: string, path: Array<string | number>): number | undefined {
  const lineCounter = new LineCounter();
  const node = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false }).getIn(path, true);
  return isNode(node) && node.range !== undefined && node.range !== null ? lineCounter.linePos(node.range[0]).line : undefined;
}

/** Where an item is, for a message: `line 42: zones[0].items[3]`. */
function where(text: string, z: number, i: number): string {
  const line = lineOf(text, ['zones', z, 'items', i]);
  return `${line !== undefined ? `line ${line}: ` : ''}zones[${z}].items[${i}]`;
}

const shown = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function readItem(source: string, text: string, version: 1 | 2, z: number, i: number, raw: unknown): DriftItem {
  if (!isObject(raw)) throw new BaselineError(source, `${where(text, z, i)}: not a drift item`);
  const kind = raw.kind as DriftKind;
  const fields = [raw.zone, raw.name, raw.type, raw.field];
  if (!DRIFT_KINDS.includes(kind) || fields.some((f) => typeof f !== 'string')) {
    throw new BaselineError(source, `${where(text, z, i)}: an item without its kind, zone, name, type and field`);
  }
  const item = {
    kind,
    zone: raw.zone as string,
    name: raw.name as string,
    type: raw.type as string,
    field: raw.field as string,
    file: shown(raw.file),
    live: shown(raw.live),
    counted: raw.counted !== false,
  };
  const id = driftItemId(item);
  if (version === 2 && (typeof raw.id !== 'string' || !DRIFT_ITEM_ID.test(raw.id))) {
    throw new BaselineError(source, `${where(text, z, i)}: an item without a valid id`);
  }
  if (version === 2 && raw.id !== id) {
    const what = `${item.zone}: ${item.name} ${item.type} ${item.field}, file ${item.file ?? '(none)'}, live ${item.live ?? '(none)'}`;
    throw new BaselineError(
      source,
      `${where(text, z, i)}: its id ${printable(String(raw.id))} is not the id of what it shows (${printable(what)}: ${id}); was the file edited? make a new baseline with drift --out`,
    );
  }
  return { id, ...item };
}

/** The baseline in the text of a JSON report; a clear error naming what is wrong (and where) otherwise. */
export function readBaseline(source: string, text: string): Baseline {
  let doc: unknown;
  try {
    doc = JSON.parse(text);
  } catch (error) {
    throw new BaselineError(source, `not JSON (${error instanceof Error ? error.message : String(error)})`);
  }
  if (!isObject(doc)) throw new BaselineError(source, 'not a JSON object');
  const version = doc.format_version;
  if (version !== 1 && version !== 2) {
    throw new BaselineError(source, `format_version ${printable(JSON.stringify(version ?? null))} is not 1 or 2`);
  }
  if (!Array.isArray(doc.zones)) throw new BaselineError(source, 'no "zones" list');
  const byZone = new Map<string, DriftItem[]>();
  const ids = new Set<string>();
  doc.zones.forEach((zone: unknown, z) => {
    if (!isObject(zone) || typeof zone.zone !== 'string') throw new BaselineError(source, `zones[${z}]: no zone name`);
    if (!Array.isArray(zone.items)) {
      throw new BaselineError(source, `zones[${z}] (${printable(zone.zone)}): no "items" (a report of an older zonectl? make a new one)`);
    }
    const items = zone.items.map((raw: unknown, i) => readItem(source, text, version, z, i, raw));
    for (const item of items) {
      if (item.zone !== zone.zone) {
        throw new BaselineError(
          source,
          `${where(text, z, items.indexOf(item))}: an item of zone ${printable(item.zone)} under ${printable(zone.zone)}`,
        );
      }
      ids.add(item.id);
    }
    byZone.set(zone.zone, [...(byZone.get(zone.zone) ?? []), ...items]);
  });
  return { source, ids, byZone, version };
}
