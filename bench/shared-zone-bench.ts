/**
 * `npm run bench -- shared`: the foreign-writer scenario of `manage.unmanaged: owned` (issue 41
 * item 3; test/scenario/shared-zone-cycles.ts) over 1,000 cycles on a Free zone (the marker in
 * the comment) and a paid one (a tag): every cycle checks that no foreign record changed, that no
 * record of zonectl was left behind and that a second plan is empty (it throws otherwise). The
 * figures: writes of each side, records checked, the zone's size at the end, wall time.
 */
import { runSharedZoneCycles, type CyclesResult } from '../test/scenario/shared-zone-cycles.js';

export const SHARED_CYCLES = 1000;

export async function benchSharedZone(): Promise<{ free: CyclesResult; pro: CyclesResult }> {
  const free = await runSharedZoneCycles({ zonePlan: 'free', cycles: SHARED_CYCLES, seed: 41 });
  const pro = await runSharedZoneCycles({ zonePlan: 'pro', cycles: SHARED_CYCLES, seed: 4141 });
  return { free, pro };
}
