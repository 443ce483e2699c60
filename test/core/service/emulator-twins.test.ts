/**
 * zonectl's facts about the service (src/core/service) and the emulator's own copies of the same
 * facts (src/emulator) are twins on purpose: neither side imports the other, so that a test of
 * one against the other can fail. This test keeps the numbers of the twins equal, so that a fact
 * changed on one side only is caught here rather than as a puzzling scenario failure.
 */
import { describe, expect, it } from 'vitest';
import { SERVICE_DEFAULT_SETTINGS, NS_SET } from '../../../src/core/service/dns-settings.js';
import { SERVICE_DEFAULT_RNAME, SERVICE_DEFAULT_SOA, SOA_BOUNDS } from '../../../src/core/service/soa.js';
import { NS_TTL } from '../../../src/core/service/ttl.js';
import { BATCH_LIMIT } from '../../../src/core/service/zone-tiers.js';
import { FREE_BATCH_LIMIT, PAID_BATCH_LIMIT } from '../../../src/emulator/routes/dns-records.js';
import { DEFAULT_RNAME, defaultDnsSettings } from '../../../src/emulator/settings/defaults.js';
import { NS_SET_BOUNDS, NS_TTL_BOUNDS, SOA_BOUNDS as EMULATOR_SOA_BOUNDS } from '../../../src/emulator/settings/types.js';

describe('zonectl and the emulator agree on the facts each keeps for itself', () => {
  it('batch limits per plan', () => {
    expect({ free: FREE_BATCH_LIMIT, paid: PAID_BATCH_LIMIT }).toEqual(BATCH_LIMIT);
  });

  it('SOA bounds, ns_ttl and ns_set bounds', () => {
    const zonectl = Object.fromEntries(Object.entries(SOA_BOUNDS).map(([k, [min, max]]) => [k, { min, max }]));
    expect(EMULATOR_SOA_BOUNDS).toEqual(zonectl);
    expect(NS_TTL_BOUNDS).toEqual({ min: NS_TTL.min, max: NS_TTL.max });
    expect(NS_SET_BOUNDS).toEqual(NS_SET);
  });

  it("a new zone's DNS settings and SOA", () => {
    const { soa, ...settings } = defaultDnsSettings('ns1.example.net');
    expect(settings).toEqual(SERVICE_DEFAULT_SETTINGS);
    const { mname, rname, ...timers } = soa;
    expect(mname).toBe('ns1.example.net');
    expect(timers).toEqual(SERVICE_DEFAULT_SOA);
    expect([rname, DEFAULT_RNAME]).toEqual([SERVICE_DEFAULT_RNAME, SERVICE_DEFAULT_RNAME]);
  });
});
