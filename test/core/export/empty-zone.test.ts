/**
 * An exported empty zone is a file a person adds records to (issue 33 item 7): `records:` with a
 * comment line under it, not `records: []` (after which an appended `  - { ... }` line is a YAML
 * syntax error). Both YAML readers (src/core/yaml: the fast reader, and js-yaml behind it) read
 * the block as null, which a zone file takes as no records; a record appended under it is read.
 */
import { describe, expect, it } from 'vitest';
import { exportZone } from '../../../src/core/export/export-zone.js';
import { renderExportYaml } from '../../../src/core/export/render-export.js';
import { parseYaml, parseYamlWithJsYaml, resolvePlainScalar } from '../../../src/core/yaml/parse-yaml.js';
import { readSimpleYaml } from '../../../src/core/yaml/simple-yaml.js';
import { parseZoneFile } from '../../../src/core/zonefile/index.js';

const empty = exportZone({ zone: 'example.com', zoneId: 'z1', nameServers: [], records: [], unknownTypes: [], settings: {} });
const text = renderExportYaml(empty, { schemaRef: 'zone.schema.json', origin: 'Exported by zonectl test.' });

describe('the export of an empty zone', () => {
  it('writes `records:` and a comment line showing where records go, never `records: []`', () => {
    expect(text).not.toContain('records: []');
    expect(text).toMatch(
      /^records:\n {2}# no records yet; add them here, one a line: - \{ name: www, type: A, content: 192\.0\.2\.10 \}\n/m,
    );
  });

  it('reads as no records with both YAML readers and as a valid zone file', () => {
    const simple = readSimpleYaml(text, resolvePlainScalar);
    expect(simple, 'the fast reader reads it itself').toBeDefined();
    expect((simple!.value as { records: unknown }).records).toBeNull();
    const jsYaml = parseYamlWithJsYaml(text);
    expect(jsYaml.ok && (jsYaml.value as { records: unknown }).records).toBeNull();
    expect(parseYaml(text).ok).toBe(true);
    const loaded = parseZoneFile({ path: 'example.com.yaml', text }, {});
    expect(loaded.problems).toEqual([]);
    expect(loaded.config?.records).toEqual([]);
  });

  it('takes a record appended under the comment, as a person writes it', () => {
    const appended = `${text}  - { name: www, type: A, content: 192.0.2.10 }\n`;
    const loaded = parseZoneFile({ path: 'example.com.yaml', text: appended }, {});
    expect(loaded.problems).toEqual([]);
    expect(loaded.config?.records.map((r) => `${r.record.name} ${r.record.type} ${r.record.content}`)).toEqual([
      'www.example.com A 192.0.2.10',
    ]);
  });
});
