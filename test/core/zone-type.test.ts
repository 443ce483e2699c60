/** A file's zone type against live zones' types, and the tier's refusal of an internal zone below Enterprise. */
import { describe, expect, it } from 'vitest';
import { tierProblems } from '../../src/core/tier-limits.js';
import { zoneTypeMatches } from '../../src/core/zone-type.js';

describe('zone types', () => {
  it('an internal file matches only internal zones; a public file every other type, or none given', () => {
    expect(zoneTypeMatches('internal', 'internal')).toBe(true);
    for (const live of ['full', 'partial', 'secondary', undefined]) expect(zoneTypeMatches('internal', live), String(live)).toBe(false);
    for (const live of ['full', 'partial', 'secondary', undefined]) expect(zoneTypeMatches('full', live), String(live)).toBe(true);
    expect(zoneTypeMatches('full', 'internal')).toBe(false);
  });

  it('zone_type internal is refused on a zone below Enterprise (tier.internal-zone), not on Enterprise', () => {
    for (const tier of ['free', 'pro', 'business'] as const) {
      const { errors } = tierProblems({ records: [], zoneType: 'internal' }, tier);
      expect(errors, tier).toEqual([
        `zone_type: internal on a ${tier} zone (internal DNS zones are for Enterprise only) [tier.internal-zone]`,
      ]);
    }
    expect(tierProblems({ records: [], zoneType: 'internal' }, 'enterprise').errors).toEqual([]);
    expect(tierProblems({ records: [], zoneType: 'full' }, 'free').errors).toEqual([]);
  });
});
