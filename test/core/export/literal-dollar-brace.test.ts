/**
 * A live value holding `${` (a TXT record, a comment) is exported so that the zone file reads it
 * back as is: a zone file reads `${` as a variable reference, so export writes `$${`. Found by
 * the property test of issue 19 (test/property/valid-means-accepted.test.ts): export -> plan
 * failed on such a comment.
 */
import { expect, it } from 'vitest';
import { renderExportJson, renderExportYaml } from '../../../src/core/export/render-export.js';
import type { ZoneExport } from '../../../src/core/export/export-zone.js';
import { parseZoneFile } from '../../../src/core/zonefile/index.js';

const exp = {
  file: {
    version: 1,
    zone: 'example.com',
    records: [{ name: 'tpl', type: 'TXT', content: 'v=${HOME} $${x} ${', comment: 'see ${VAR:-x}' }],
  },
  leftOut: [],
  unknown: [],
  notes: [],
} as unknown as ZoneExport;

it.each([
  ['YAML', renderExportYaml(exp, { schemaRef: 'zone.schema.json' })],
  ['JSON', renderExportJson(exp)],
])('the %s export reads back the live text, ${ included', (_format, text) => {
  const { config, problems } = parseZoneFile({ path: 'zone.yaml', text }, { HOME: '/root', VAR: 'set' });
  expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  // TXT content in its canonical form: its one string, quoted (src/core/model/txt-strings.ts).
  expect(config?.records[0]?.record.content).toBe('"v=${HOME} $${x} ${"');
  expect(config?.records[0]?.record.comment).toBe('see ${VAR:-x}');
});
