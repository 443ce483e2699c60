/**
 * The invariant of issue 19: a file that validates is never refused by the service. For random
 * valid zone files over all 21 record types (valid-zone.ts), zonectl's own validate, plan and
 * apply (the real client and app layer against the emulator over loopback) must get every
 * record accepted; a second plan is empty; the live records equal the file field by field (read
 * with the raw API, not through zonectl's reader); export -> plan is empty.
 *
 * Bounded and seeded: PROPERTY_RUNS runs (default 100: about 4 s here; 400 runs take 13 s), seed PROPERTY_SEED
 * (default: the suite seed, test/support/fast-check-seed.ts), printed on failure with the command to replay it.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { readZoneExport } from '../../src/app/export/read-export.js';
import { planZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { renderExportYaml } from '../../src/core/export/render-export.js';
import { converge, config, listRecords, startHarness, type Harness, type ListedRecord } from '../scenario/harness.js';
import { ALL_TYPES, fqdn, validZone, zoneFileOf, ZONE, type Spec } from './valid-zone.js';

const RUNS = Number(process.env.PROPERTY_RUNS ?? 100);
// The suite seed (test/support/fast-check-seed.ts) unless PROPERTY_SEED names one; a new one only
// under ZONECTL_FUZZ_SEED=random. It is printed on failure with the command that replays it.
const SEED = Number(process.env.PROPERTY_SEED ?? fc.readConfigureGlobal().seed ?? Date.now() % 2 ** 31);
const EMPTY = `version: 1\nzone: ${ZONE}\nrecords: []\nmanage: { unmanaged: delete, max_delete_percent: 100 }\n`;

let h: Harness;
beforeAll(async () => {
  // A paid plan: settings.flatten_cname needs one; comments up to 500 characters.
  h = await startHarness({ zonePlan: 'pro' });
});
afterAll(async () => {
  await h?.close();
});

/** The text of TXT content as stored: quoted strings joined, or the unquoted content as written. */
function txtText(content: string): string {
  if (!content.startsWith('"')) return content;
  return [...content.matchAll(/"([^"]*)"/g)].map((m) => m[1]).join('');
}

const HOST_FIELDS = new Set(['target', 'replacement']);
const HEX_FIELDS = new Set(['digest', 'fingerprint', 'certificate']);

/**
 * Compared by meaning: SvcParams a value may be written quoted or not (RFC 9460 §2.1), and the
 * service answers them quoted (`ipv4hint="…"`, caddyserver/caddy#7301). The generator's values
 * hold no spaces, so dropping the quotes keeps the meaning.
 */
function svcMeaning(type: string, key: string, value: unknown): unknown {
  if (typeof value !== 'string') return value;
  if ((type === 'HTTPS' || type === 'SVCB') && key === 'value') return value.replaceAll('"', '');
  // NAPTR flags are stored as written (the service answers `"S"`, test/fixtures/recorded/octodns-cloudflare): no case folding (issue 28).
  return value;
}

/** The value the service stores for data field `key` (its documented storage forms). */
function storedField(type: string, key: string, value: string | number): unknown {
  if (typeof value !== 'string') return value;
  if (key === 'value') return svcMeaning(type, key, value);
  if (HOST_FIELDS.has(key) && type !== 'URI') return value === '.' ? value : value.toLowerCase().replace(/\.$/, '');
  if (HEX_FIELDS.has(key) && type !== 'CERT') return value.toUpperCase();
  return value;
}

/** What the service stores for a spec, in the fields the list answer carries. */
function expectedLive(s: Spec): Record<string, unknown> {
  const out: Record<string, unknown> = {
    name: fqdn(s.name),
    type: s.type,
    ttl: s.proxied ? 1 : (s.ttl ?? 1),
    proxied: s.proxied === true,
    comment: s.comment ?? null,
    tags: [...(s.tags ?? [])].sort(),
    settings: {
      flatten_cname: s.settings?.flatten_cname ?? false,
      ipv4_only: s.settings?.ipv4_only ?? false,
      ipv6_only: s.settings?.ipv6_only ?? false,
    },
  };
  if (s.type === 'TXT') out.content = s.txt;
  else if (s.content !== undefined)
    out.content =
      ['CNAME', 'MX', 'NS', 'PTR'].includes(s.type) && s.content !== '.' ? s.content.toLowerCase().replace(/\.$/, '') : s.content;
  if (s.data !== undefined) out.data = Object.fromEntries(Object.entries(s.data).map(([k, v]) => [k, storedField(s.type, k, v)]));
  if (s.priority !== undefined) out.priority = s.priority;
  return out;
}

/** The same fields of a live record, as the raw API lists it. */
function liveFields(r: ListedRecord & { settings?: Record<string, unknown> }, s: Spec): Record<string, unknown> {
  const out: Record<string, unknown> = {
    name: r.name,
    type: r.type,
    ttl: r.ttl,
    proxied: r.proxied,
    comment: r.comment ?? null,
    tags: [...r.tags].sort(),
    settings: {
      flatten_cname: r.settings?.flatten_cname ?? false,
      ipv4_only: r.settings?.ipv4_only ?? false,
      ipv6_only: r.settings?.ipv6_only ?? false,
    },
  };
  if (s.type === 'TXT') out.content = txtText(r.content);
  else if (s.content !== undefined) out.content = r.content;
  if (s.data !== undefined) out.data = Object.fromEntries(Object.keys(s.data).map((k) => [k, svcMeaning(s.type, k, r.data?.[k])]));
  if (s.priority !== undefined) out.priority = r.priority;
  return out;
}

/** Pairs each spec with a distinct live record of the same fields; what is left over on either side fails the test. */
function compareFieldByField(specs: readonly Spec[], live: readonly ListedRecord[]): void {
  const left = [...live];
  for (const s of specs) {
    const want = expectedLive(s);
    const i = left.findIndex((r) => r.name === want.name && r.type === s.type && JSON.stringify(liveFields(r, s)) === JSON.stringify(want));
    if (i < 0) {
      const near = left.filter((r) => r.name === want.name && r.type === s.type).map((r) => liveFields(r, s));
      throw new Error(`no live record equals ${JSON.stringify(s)}:\n want ${JSON.stringify(want)}\n live ${JSON.stringify(near)}`);
    }
    left.splice(i, 1);
  }
  expect(
    left.map((r) => `${r.name} ${r.type}`),
    'live records the file does not have',
  ).toEqual([]);
}

it('covers every record type zonectl supports', () => {
  const seen = new Set<string>();
  for (const z of fc.sample(validZone, { numRuns: 200, seed: 1 })) for (const s of z) seen.add(s.type);
  expect([...seen].sort()).toEqual([...ALL_TYPES].sort());
});

it('a valid file is applied without refusal, re-plans clean, equals the file field by field, and exports clean', async () => {
  const property = fc.asyncProperty(validZone, async (specs) => {
    await converge(h, config(EMPTY));
    const file = zoneFileOf(specs);
    // config() fails on any validate error; converge() fails on any refusal and requires a clean second plan.
    const c = config(file);
    await converge(h, c);
    compareFieldByField(specs, await listRecords(h));
    const { export: exp } = await readZoneExport(h.client, ZONE);
    const again = await planZoneRun(h.client, config(renderExportYaml(exp, { schemaRef: 'zone.schema.json' })));
    expect(again.plan.operations).toEqual([]);
  });
  try {
    await fc.assert(property, { numRuns: RUNS, seed: SEED, endOnFailure: true });
  } catch (err) {
    const cause = err instanceof Error && err.cause instanceof Error ? `\n${err.cause.message}` : '';
    throw new Error(
      `valid-means-accepted failed with seed ${SEED} (replay: PROPERTY_SEED=${SEED} npx vitest run test/property/valid-means-accepted.test.ts)\n${String(err instanceof Error ? err.message : err)}${cause}`,
    );
  }
}, 120_000);
