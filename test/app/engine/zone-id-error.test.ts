/** An unknown zone_id is named by file and line (not only by the service's "could not route"). */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planZoneRunExplained, zoneIdPosition } from '../../../src/app/engine/zone-id-error.js';
import { parseZoneFile } from '../../../src/core/zonefile/index.js';
import { startHarness, type Harness } from '../../scenario/harness.js';
import { tempDir } from '../../support/temp-dir.js';

describe('an unknown zone_id', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('names the file, line and column of zone_id', async () => {
    const dir = tempDir('zoneid');
    const file = join(dir, 'zone.yaml');
    const text = 'version: 1\nzone: example.com\n# comment\nzone_id: 0123456789abcdef0123456789abcdef\nrecords: []\n';
    writeFileSync(file, text);
    const { config } = parseZoneFile({ path: file, text }, {});
    expect(config).toBeDefined();
    const err = await planZoneRunExplained(h.client, config!).catch((e: unknown) => e as Error);
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).message).toBe(
      `${file}:4:1 zone_id: the service knows no zone 0123456789abcdef0123456789abcdef (GET /zones/0123456789abcdef0123456789abcdef answered 404); check zone_id, or remove it to look the zone up by name (example.com); nothing was planned`,
    );
  });

  it('a known zone_id plans as before', async () => {
    const text = `version: 1\nzone: example.com\nzone_id: ${h.zoneId}\nrecords: []\n`;
    const { config } = parseZoneFile({ path: 'zone.yaml', text }, {});
    const run = await planZoneRunExplained(h.client, config!);
    expect(run.zoneId).toBe(h.zoneId);
  });

  it('zoneIdPosition finds an indented key and falls back to the file', () => {
    expect(zoneIdPosition('z.yaml', 'version: 1\n  zone_id: x\n')).toBe('z.yaml:2:3');
    expect(zoneIdPosition('z.yaml', 'version: 1\n')).toBe('z.yaml');
  });
});
