/**
 * `drift --baseline previous.json`: an earlier `drift --format json` (or `drift --out`) read as
 * the drift items it listed (docs/drift-report.md). Only what the JSON report documents is
 * read: `format_version` 1 and each zone's `items` with their ids. Pure: the CLI reads the file.
 */
import { ZonectlError } from '../errors.js';
import { printable } from '../text/index.js';
import { DRIFT_KINDS, type DriftItem, type DriftKind } from './drift-items.js';

export interface Baseline {
  /** What the messages call it (the file name). */
  readonly source: string;
  readonly ids: ReadonlySet<string>;
  /** The baseline's items by zone (failed zones of the baseline have none). */
  readonly byZone: ReadonlyMap<string, readonly DriftItem[]>;
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
const text = (v: unknown): string | null => (typeof v === 'string' ? v : null);

function readItem(source: string, where: string, raw: unknown): DriftItem {
  if (!isObject(raw) || typeof raw.id !== 'string' || !/^d1:[0-9a-f]{24}$/.test(raw.id)) {
    throw new BaselineError(source, `${where}: an item without a valid id`);
  }
  const kind = DRIFT_KINDS.includes(raw.kind as DriftKind) ? (raw.kind as DriftKind) : 'changed';
  return {
    id: raw.id,
    kind,
    zone: text(raw.zone) ?? '',
    name: text(raw.name) ?? '',
    type: text(raw.type) ?? '',
    field: text(raw.field) ?? '',
    file: text(raw.file),
    live: text(raw.live),
    counted: raw.counted !== false,
  };
}

/** The baseline in a parsed JSON document; a clear error naming what is wrong otherwise. */
export function readBaseline(source: string, doc: unknown): Baseline {
  if (!isObject(doc)) throw new BaselineError(source, 'not a JSON object');
  if (doc.format_version !== 1) throw new BaselineError(source, `format_version ${JSON.stringify(doc.format_version ?? null)} is not 1`);
  if (!Array.isArray(doc.zones)) throw new BaselineError(source, 'no "zones" list');
  const byZone = new Map<string, DriftItem[]>();
  const ids = new Set<string>();
  doc.zones.forEach((zone: unknown, z) => {
    if (!isObject(zone) || typeof zone.zone !== 'string') throw new BaselineError(source, `zones[${z}]: no zone name`);
    if (!Array.isArray(zone.items)) {
      throw new BaselineError(source, `zones[${z}] (${printable(zone.zone)}): no "items" (a report of an older zonectl? make a new one)`);
    }
    const items = zone.items.map((raw: unknown, i) => readItem(source, `zones[${z}].items[${i}]`, raw));
    for (const i of items) ids.add(i.id);
    byZone.set(zone.zone, [...(byZone.get(zone.zone) ?? []), ...items]);
  });
  return { source, ids, byZone };
}
