/**
 * Issue 28, item 3: `export` writes names that read back. A record `example.com.example.com` in
 * zone example.com is a name of that zone like any other; written `name: example.com` it reads
 * back as the apex (found in a real zone: hack.club's record `hack.club`, test/scenario/
 * real-zones.test.ts). For names equal to, or ending in, the zone's name (and its labels), the
 * export must validate and plan empty against the live records it came from: every record reads
 * back at its own name.
 *
 * Pure (no emulator): live records -> exportZone -> YAML -> parseZoneFile -> diffRecords against
 * the same live records. Seeded (PROPERTY_SEED, printed on failure), PROPERTY_RUNS runs (default 200).
 */
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { diffRecords } from '../../src/core/diff/diff-records.js';
import { exportZone } from '../../src/core/export/export-zone.js';
import { renderExportYaml } from '../../src/core/export/render-export.js';
import { normalizeRecord } from '../../src/core/model/normalize.js';
import type { LiveRecord } from '../../src/core/model/record.js';
import { formatProblem } from '../../src/core/yaml/index.js';
import { parseZoneFile } from '../../src/core/zonefile/index.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 200);
// The suite seed (test/support/fast-check-seed.ts) unless PROPERTY_SEED names one; a new one only
// under ZONECTL_FUZZ_SEED=random. It is printed on failure with the command that replays it.
const SEED = Number(process.env.PROPERTY_SEED ?? fc.readConfigureGlobal().seed ?? Date.now() % 2 ** 31);

/** Zones of two and three labels, so that names can repeat the zone, its parent or its first label. */
const zoneArb = fc.constantFrom('example.com', 'example.co.uk', 'com.example.net', 'a.b.c');

/** A relative name built from the zone's own labels and a few others, so that it often equals or ends in the zone. */
function relativeNameArb(zone: string): fc.Arbitrary<string> {
  const labels = zone.split('.');
  const pieces = fc.constantFrom(zone, ...labels, labels.slice(1).join('.'), 'www', 'x-1', '_dmarc', 'mail');
  return fc.array(pieces, { minLength: 1, maxLength: 3 }).map((parts) => parts.join('.'));
}

type Body =
  | { type: 'A'; content: string }
  | { type: 'TXT'; content: string }
  | { type: 'CNAME'; content: string }
  | { type: 'MX'; content: string; priority: number };

const bodyArb: fc.Arbitrary<Body> = fc.oneof(
  fc.integer({ min: 1, max: 254 }).map((n): Body => ({ type: 'A', content: `192.0.2.${n}` })),
  fc.constantFrom('v=spf1 -all', 'hello', 'token-1').map((content): Body => ({ type: 'TXT', content })),
  fc.constantFrom('target.example.net', 'lb.example.org').map((content): Body => ({ type: 'CNAME', content })),
  fc.integer({ min: 0, max: 50 }).map((priority): Body => ({ type: 'MX', content: 'mx.example.net', priority })),
);

const zoneWithRecords = zoneArb.chain((zone) =>
  fc
    .uniqueArray(fc.tuple(relativeNameArb(zone), bodyArb), {
      minLength: 1,
      maxLength: 12,
      // One record per name: a CNAME never shares a name (the point here is names, not coexistence).
      selector: ([name]) => name,
    })
    .map((entries) => ({ zone, entries })),
);

it('export writes every name so that it reads back as itself: validate is clean and the plan is empty', () => {
  const property = fc.property(zoneWithRecords, ({ zone, entries }) => {
    const live: LiveRecord[] = entries.map(([name, body], i) => ({
      ...normalizeRecord({ name: `${name}.${zone}.`, ttl: 300, comment: null, tags: [], ...body }, zone),
      id: `${i + 1}`.padStart(32, '0'),
    }));
    const exp = exportZone({ zone, zoneId: 'z1', records: live, unknownTypes: [], settings: {} });
    const text = renderExportYaml(exp, {});
    const { config, problems } = parseZoneFile({ path: 'export.yaml', text }, {});
    expect(problems.filter((p) => p.severity === 'error').map(formatProblem), text).toEqual([]);
    expect(config!.records.map((d) => d.record.name).sort(), text).toEqual(live.map((r) => r.name).sort());
    const diff = diffRecords({ zone, desired: config!.records.map((d) => d.record), live, rules: { unmanaged: 'delete', ignore: [] } });
    expect(diff.changes, text).toEqual([]);
  });
  try {
    fc.assert(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
  } catch (err) {
    throw new Error(
      `export-names failed with seed ${SEED} (replay: PROPERTY_SEED=${SEED} npx vitest run test/property/export-names.test.ts)\n${String(err instanceof Error ? err.message : err)}`,
    );
  }
});

it('the name of the issue: example.com.example.com is exported absolute and reads back below the apex', () => {
  const zone = 'example.com';
  const live: LiveRecord[] = [
    {
      ...normalizeRecord({ name: 'example.com.example.com.', type: 'CNAME', content: 'target.example.net' }, zone),
      id: '1'.padStart(32, '0'),
    },
    { ...normalizeRecord({ name: '@', type: 'A', content: '192.0.2.1' }, zone), id: '2'.padStart(32, '0') },
  ];
  const exp = exportZone({ zone, zoneId: 'z1', records: live, unknownTypes: [], settings: {} });
  expect(exp.file.records.map((r) => r.name)).toEqual(['@', 'example.com.example.com.']);
});
