/**
 * For every recorded answer of the real API (test/fixtures/recorded), `zonectl plan` of the
 * zone file a user would write for it is empty: zonectl reads the service's answers the way the
 * service means them (quoting, trailing dots, case, data maps, settings, meta).
 */
import { afterEach, describe, expect, it } from 'vitest';
import { FIXTURES, zoneFileText } from './fixtures.js';
import { loadConfig, plan, startReplay, type Replay } from './replay-harness.js';

let replay: Replay | undefined;
afterEach(async () => {
  await replay?.close();
  replay = undefined;
});

describe('plan against recorded answers of the real API', () => {
  it.each(FIXTURES.map((f) => [f.name, f] as const))('%s: the equivalent zone file plans nothing', async (_name, f) => {
    replay = await startReplay(f);
    const run = await plan(replay, loadConfig(zoneFileText(f), f.zoneFile));
    expect(run.live).toHaveLength(f.readCount);
    expect(run.plan.operations).toEqual([]);
    expect(run.plan.summary.unchanged).toBe(f.readCount);
  });

  it('follows the recorded paging (octodns: 3 pages of 10; libcloud: 2 pages of 5)', async () => {
    const octo = FIXTURES.find((f) => f.source === 'octodns-cloudflare')!;
    replay = await startReplay(octo);
    await plan(replay, loadConfig(zoneFileText(octo)));
    const pages = replay.server.requests
      .filter((q) => q.includes('/dns_records'))
      .map((q) => new URL(q.slice(4), 'http://x').searchParams.get('page'));
    expect(pages.sort()).toEqual(['1', '2', '3']);
  });

  it('sets record types it does not manage aside with a warning (octodns: SPF, SOA)', async () => {
    const octo = FIXTURES.find((f) => f.source === 'octodns-cloudflare')!;
    replay = await startReplay(octo);
    const run = await plan(replay, loadConfig(zoneFileText(octo)));
    expect(run.plan.warnings.join('\n')).toMatch(
      /2 live record\(s\) of types zonectl does not manage.*spf\.unit\.tests SPF.*unit\.tests SOA/,
    );
  });
});
