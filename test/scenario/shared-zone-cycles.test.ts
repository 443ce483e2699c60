/**
 * `manage.unmanaged: owned` beside a foreign writer (issue 41 item 3): the scenario of
 * ./shared-zone-cycles.ts (its header says what each cycle checks), on a Free zone (the marker in
 * the comment) and a paid one (a tag). `npm test` runs 250 cycles of each (about 15 s each here);
 * the 1,000-cycle run is `npm run bench -- shared` (bench/shared-zone-bench.ts; figures in
 * bench/README.md), with the same checks.
 */
import { describe, expect, it } from 'vitest';
import { runSharedZoneCycles } from './shared-zone-cycles.js';

const CYCLES = 250;

describe('unmanaged: owned beside a foreign writer', () => {
  it('on a Free zone (the marker in the comment): no foreign record changed, none of zonectl left behind, every second plan empty', async () => {
    const r = await runSharedZoneCycles({ zonePlan: 'free', cycles: CYCLES, seed: 41 });
    expect(r.cycles).toBe(CYCLES);
    // The scenario did something: the foreign writer wrote, zonectl applied, records were checked.
    expect(r.foreignWrites).toBeGreaterThan(CYCLES);
    expect(r.zonectlWrites).toBeGreaterThan(CYCLES / 2);
    expect(r.foreignChecked).toBeGreaterThan(CYCLES * 10);
  }, 300_000);

  it('on a paid zone (the marker a tag): the same', async () => {
    const r = await runSharedZoneCycles({ zonePlan: 'pro', cycles: CYCLES, seed: 4141 });
    expect(r.foreignWrites).toBeGreaterThan(CYCLES);
    expect(r.zonectlWrites).toBeGreaterThan(CYCLES / 2);
    expect(r.foreignChecked).toBeGreaterThan(CYCLES * 10);
  }, 300_000);
});
