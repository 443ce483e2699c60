/** Inputs the benchmarks generate for themselves (nothing large is committed). */
import type { CanonicalRecord, LiveRecord } from '../src/core/model/record.js';
import { parseZoneFile } from '../src/core/zonefile/index.js';
import { generateLargeZone } from '../test/fixtures/zonefile/generate-large-zone.js';

export { generateLargeZone };

/** The canonical records of a generated zone file of `count` records. */
export function desiredRecords(count: number, zone = 'example.com'): CanonicalRecord[] {
  const { config, problems } = parseZoneFile({ path: `${zone}.yaml`, text: generateLargeZone(count, zone) }, {});
  if (!config) throw new Error(`generated zone is invalid: ${problems.map((p) => p.message).join('; ')}`);
  return config.records.map((r) => r.record);
}

/**
 * Live records for `desired` with `changePercent` % of them differing, in equal thirds: a changed
 * TTL (update), a missing record (create), and an extra value in an owned (name, type) (delete).
 */
export function liveWithChanges(desired: readonly CanonicalRecord[], changePercent: number): LiveRecord[] {
  const every = Math.round(100 / changePercent);
  const live: LiveRecord[] = [];
  desired.forEach((r, i) => {
    const id = i.toString(16).padStart(32, '0');
    if (i % every !== 0) {
      live.push({ ...r, id });
      return;
    }
    switch ((i / every) % 3) {
      case 0:
        live.push({ ...r, id, ttl: r.ttl === 7200 ? 3600 : 7200, proxied: false });
        break;
      case 1:
        break; // missing: created
      default:
        live.push({ ...r, id });
        live.push({ ...r, id: `e${id.slice(1)}`, ...(r.content !== undefined ? { content: extraValue(r) } : {}) });
        break;
    }
  });
  return live;
}

function extraValue(r: CanonicalRecord): string {
  switch (r.type) {
    case 'A':
      return '203.0.113.254';
    case 'AAAA':
      return '2001:db8::ffff';
    case 'CNAME':
      return 'other.example.net';
    default:
      return `"extra ${r.name}"`;
  }
}

/**
 * The record quota of the benchmarks' emulator zones: above any size they fill (a Pro zone's own
 * quota is 3,500 records, `--record-quota` in src/emulator/README.md), so that they measure
 * zonectl, not the quota.
 */
export const BENCH_RECORD_QUOTA = 10_000_000;
