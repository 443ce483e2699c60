/**
 * What the tests of `export --into`'s and `drift --adopt`'s edits (refresh-edits.test.ts,
 * adopt-items.test.ts) both build: live records of one zone, a zone file read back, and edits
 * routed to that file and made by the editor.
 */
import { expect } from 'vitest';
import type { RefreshEdit } from '../../../src/core/export/refresh-edits.js';
import type { LiveRecord, RecordInput } from '../../../src/core/model/index.js';
import { normalizeRecord } from '../../../src/core/model/normalize.js';
import { editZoneFile, routeEdits } from '../../../src/core/yaml-edit/index.js';
import { parseZoneFile, type ZoneConfig } from '../../../src/core/zonefile/index.js';

export const ZONE = 'example.com';
export const ZONE_ID = '0123456789abcdef0123456789abcdef';

let nextId = 0;

/** A live record of ZONE as the service answers it, with a fresh id. */
export const live = (r: RecordInput): LiveRecord => ({
  ...normalizeRecord({ comment: null, tags: [], ...r }, ZONE),
  id: (nextId += 1).toString(16).padStart(32, '0'),
});

/** The zone file `text` (as zone.yaml), which must read without an error. */
export function load(text: string): ZoneConfig {
  const { config, problems } = parseZoneFile({ path: 'zone.yaml', text }, {});
  expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  return config!;
}

/** `text` (zone.yaml, no fragments) with `edits` made by the editor; throws on a refusal. */
export function editText(text: string, edits: readonly RefreshEdit[]): string {
  const routed = routeEdits(
    'zone.yaml',
    edits.map((e) => e.edit),
    () => [],
  );
  if (!routed.ok) throw new Error('refused');
  const mine = routed.files.find((f) => f.file === 'zone.yaml')!;
  const r = editZoneFile(text, mine.edits, { zone: ZONE });
  if (!r.ok) throw new Error(r.refusal.message);
  return r.text;
}
