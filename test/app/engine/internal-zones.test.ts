/**
 * "The internal zones of this name" (src/app/engine/internal-zones.ts), the one filter of the
 * views' plan, apply's lookup of a zone it created, and export's views: matched by name without
 * case and by type, a public zone of the name never among them, several internal zones all kept.
 */
import { describe, expect, it } from 'vitest';
import { internalZonesNamed } from '../../../src/app/engine/index.js';

const zones = [
  { id: 'a', name: 'corp.internal', type: 'internal' },
  { id: 'b', name: 'example.com', type: 'full' },
  { id: 'c', name: 'Example.com', type: 'internal' },
  { id: 'd', name: 'example.com', type: 'internal' },
  { id: 'e', name: 'example.com' },
  { id: 'f', name: 'example.com', type: 'partial' },
];

describe('internalZonesNamed', () => {
  it('keeps the internal zones of the name, every one, in their order, whatever the case', () => {
    expect(internalZonesNamed(zones, 'example.com').map((z) => z.id)).toEqual(['c', 'd']);
    expect(internalZonesNamed(zones, 'EXAMPLE.COM').map((z) => z.id)).toEqual(['c', 'd']);
    expect(internalZonesNamed(zones, 'corp.internal').map((z) => z.id)).toEqual(['a']);
  });

  it('never takes a public zone (full, partial, or listed without a type), nor another name', () => {
    expect(internalZonesNamed(zones, 'other.internal')).toEqual([]);
    expect(internalZonesNamed([zones[1]!, zones[4]!, zones[5]!], 'example.com')).toEqual([]);
    expect(internalZonesNamed(zones, 'corp')).toEqual([]);
  });
});
