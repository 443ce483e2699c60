/**
 * Issue 28, item 2: zones nobody here wrote (test/fixtures/real-zones, sources in its
 * SOURCES.md): a zone export made by the service (read with `zonectl import`), a team's octoDNS
 * zones synced to the service on every push (converted by test/support/octodns-zone.ts), and
 * DNSControl zones on the service (written by hand as zonectl files). Each must validate with
 * no error, apply to an empty zone of the emulator with the real client, plan empty a second
 * time, and export to a file that plans empty again. A refusal of something such a zone holds
 * is a bug in zonectl (or in the emulator), never in the zone.
 */
import { readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readZoneExport } from '../../src/app/export/read-export.js';
import { planZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { renderExportYaml } from '../../src/core/export/render-export.js';
import { formatProblem } from '../../src/core/yaml/index.js';
import { parseZoneFile } from '../../src/core/zonefile/index.js';
import { octodnsToZoneFile } from '../support/octodns-zone.js';
import { runCliInProcess as runCli } from '../support/run-cli-in-process.js';
import { TOKEN, converge, config, listRecords, startHarness, type Harness } from './harness.js';
import { tempDir } from '../support/temp-dir.js';

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'real-zones');
const read = (path: string): string => readFileSync(join(FIXTURES, path), 'utf8');

/** The YamlProvider's `default_ttl` of hackclub/dns config/production.yaml (kept beside the zones). */
const HACKCLUB_DEFAULT_TTL = 600;
const HACKCLUB = [
  'hackclub.com',
  'hack.club',
  'hackclub.community',
  'hackclub.io',
  'hackclub.org',
  'hackedu.us',
  'hackfoundation.org',
  'cpu.land',
  'nonprofit.new',
  'bulckcah.com',
];
const DNSCONTROL = ['babeljs.io', 'betterinformatics.com', 'equalstreetnames.eu', 'hearth.cards', 'captncraig.io'];
const EXPORTS = ['garygigabytes.com'];

let h: Harness;
let tmp: string;
beforeAll(async () => {
  h = await startHarness({ zones: [...HACKCLUB, ...DNSCONTROL, ...EXPORTS], zonePlan: 'pro' });
  tmp = tempDir('real-zones');
});
afterAll(async () => {
  await h?.close();
  if (tmp !== undefined) rmSync(tmp, { recursive: true, force: true });
});

/** Validate (no error, whatever the warnings), apply from empty, plan empty, export, plan empty again. */
async function holds(zone: string, text: string): Promise<number> {
  const { config: loaded, problems } = parseZoneFile({ path: `${zone}.yaml`, text }, {});
  expect(problems.filter((p) => p.severity === 'error').map(formatProblem), `${zone}: validate refuses a zone the service holds`).toEqual(
    [],
  );
  expect(loaded).toBeDefined();
  await converge(h, config(text));
  const { export: exp } = await readZoneExport(h.client, zone);
  const again = await planZoneRun(h.client, config(renderExportYaml(exp, { schemaRef: 'zone.schema.json' })));
  expect(again.plan.operations, `${zone}: its export does not plan clean`).toEqual([]);
  return loaded!.records.length;
}

const liveCount = async (zone: string): Promise<number> => {
  const id = h.emulator.zones.find((z) => z.name === zone)?.id;
  const res = await fetch(`${h.emulator.baseUrl}/zones/${id}/dns_records?per_page=5000`, {
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  return ((await res.json()) as { result: unknown[] }).result.length;
};

describe('octoDNS zones of a team on the service (hackclub/dns)', () => {
  it.each(HACKCLUB)(
    '%s validates, applies, plans empty, exports clean',
    async (zone) => {
      const converted = octodnsToZoneFile(read(`octodns-hackclub/${zone}.yaml`), zone, HACKCLUB_DEFAULT_TTL);
      const records = await holds(zone, converted.text);
      expect(records).toBe(converted.records);
      expect(await liveCount(zone)).toBe(converted.records);
    },
    120_000,
  );

  it('the large zone is large: over 1,000 records, with the shapes the service holds there', () => {
    const converted = octodnsToZoneFile(read('octodns-hackclub/hackclub.com.yaml'), 'hackclub.com', HACKCLUB_DEFAULT_TTL);
    expect(converted.records).toBeGreaterThan(1000);
    const { config: c } = parseZoneFile({ path: 'hackclub.com.yaml', text: converted.text }, {});
    const recs = c!.records.map((d) => d.record);
    // NS below the apex beside TXT and MX at one name (a delegation with shadowed records).
    const besideNs = recs.filter((r) => r.type === 'NS').map((r) => r.name);
    expect(recs.some((r) => r.type !== 'NS' && besideNs.includes(r.name))).toBe(true);
    // Proxied CNAMEs whose in-zone target is a DNS-only CNAME leaving the zone, or a name only a wildcard answers.
    expect(recs.some((r) => r.type === 'CNAME' && r.proxied && r.content === 'a.selfhosted.hackclub.com')).toBe(true);
    expect(recs.some((r) => r.name === '*.a.selfhosted.hackclub.com')).toBe(true);
    // DKIM keys over 255 bytes, written as one value.
    expect(recs.some((r) => r.type === 'TXT' && (r.content ?? '').length > 255)).toBe(true);
  });
});

describe('DNSControl zones on the service (written as zonectl files)', () => {
  it.each(DNSCONTROL)(
    '%s validates, applies, plans empty, exports clean',
    async (zone) => {
      const text = read(`dnscontrol/${zone}.yaml`);
      const records = await holds(zone, text);
      expect(await liveCount(zone)).toBe(records);
    },
    60_000,
  );
});

describe('zone exports made by the service, read with `zonectl import`', () => {
  it.each(EXPORTS)(
    '%s imports, validates, applies, plans empty, exports clean',
    async (zone) => {
      const out = join(tmp, `${zone}.yaml`);
      const imported = await runCli(['import', join(FIXTURES, 'cloudflare-exports', `${zone}.txt`), '--zone', zone, '--out', out]);
      expect(imported.code, imported.stderr).toBe(0);
      const records = await holds(zone, readFileSync(out, 'utf8'));
      expect(records).toBeGreaterThan(0);
      expect(await liveCount(zone)).toBe(records);
      // The proxied wildcard of the export stays proxied.
      const live = (await listRecords({ ...h, zoneId: h.emulator.zones.find((z) => z.name === zone)!.id })).filter((r) =>
        r.name.startsWith('*.'),
      );
      expect(live.map((r) => `${r.name} ${r.type} ${r.content} ${r.proxied}`)).toEqual([`*.${zone} A 34.36.126.59 true`]);
    },
    60_000,
  );
});

describe("the same octoDNS zones through `zonectl import --from octodns` (the team's own config)", () => {
  let dir: string;
  beforeAll(async () => {
    dir = join(tmp, 'octodns-import');
    // The YamlProvider's `directory: ./` is read from the working directory, as octoDNS does.
    const r = await runCli(['import', '--from', 'octodns', 'config-production.yaml', '--out', dir], {}, join(FIXTURES, 'octodns-hackclub'));
    expect(r.code, r.stderr).toBe(0);
  }, 120_000);

  it.each(HACKCLUB)(
    '%s imports, validates, applies, plans empty, exports clean',
    async (zone) => {
      const records = await holds(zone, readFileSync(join(dir, `${zone}.yaml`), 'utf8'));
      expect(records).toBeGreaterThan(0);
    },
    120_000,
  );
});
