/**
 * `manage.unmanaged: owned` beside a foreign writer (issue 41 item 3): the scenario of
 * ./shared-zone-cycles.ts (its header says what each cycle checks), on a Free zone (the marker in
 * the comment) and a paid one (a tag). `npm test` runs 80 cycles of each; the 1,000-cycle run is
 * `npm run bench -- shared` (bench/shared-zone-bench.ts; figures in bench/README.md), with the
 * same checks.
 *
 * Why 80 suffice: every check runs after every cycle, so a defect shows at the first cycle that
 * takes the step it breaks, and the cycles are drawn from a fixed seed (the same ones every run).
 * With these seeds, 80 cycles take each kind of step at least 8 times: the foreign writer's
 * create, change and delete, and zonectl's create, update and delete on both apply paths (batch,
 * single calls), which the test requires (`KINDS`); the foreign records standing beside zonectl's
 * reach 10 per cycle on average (the `foreignChecked` bound). Put back, the defects this targets
 * fail within the first cycles: foreign records taken as zonectl's (deleted at cycle 0) and
 * zonectl's records written without their marker (left behind).
 */
import { describe, expect, it } from 'vitest';
import { runSharedZoneCycles } from './shared-zone-cycles.js';

const CYCLES = 80;
/** Each kind of step the cycles must have taken, at least `MIN_EACH` times (./shared-zone-cycles.ts `kinds`). */
const KINDS = [
  'foreign create',
  'foreign change',
  'foreign delete',
  'batch create',
  'batch update',
  'batch delete',
  'single create',
  'single update',
  'single delete',
];
const MIN_EACH = 5;
const tookEveryKind = (kinds: Readonly<Record<string, number>>): void => {
  for (const kind of KINDS) expect(kinds[kind] ?? 0, kind).toBeGreaterThanOrEqual(MIN_EACH);
};

describe('unmanaged: owned beside a foreign writer', () => {
  it('on a Free zone (the marker in the comment): no foreign record changed, none of zonectl left behind, every second plan empty', async () => {
    const r = await runSharedZoneCycles({ zonePlan: 'free', cycles: CYCLES, seed: 41 });
    expect(r.cycles).toBe(CYCLES);
    // The scenario did something: the foreign writer wrote, zonectl applied, records were checked.
    expect(r.foreignWrites).toBeGreaterThan(CYCLES);
    expect(r.zonectlWrites).toBeGreaterThan(CYCLES / 2);
    expect(r.foreignChecked).toBeGreaterThan(CYCLES * 10);
    tookEveryKind(r.kinds);
  }, 300_000);

  it('on a paid zone (the marker a tag): the same', async () => {
    const r = await runSharedZoneCycles({ zonePlan: 'pro', cycles: CYCLES, seed: 4141 });
    expect(r.foreignWrites).toBeGreaterThan(CYCLES);
    expect(r.zonectlWrites).toBeGreaterThan(CYCLES / 2);
    expect(r.foreignChecked).toBeGreaterThan(CYCLES * 10);
    tookEveryKind(r.kinds);
  }, 300_000);
});
