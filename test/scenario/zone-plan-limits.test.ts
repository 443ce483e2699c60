/**
 * What depends on the zone's plan is not in the file (validate gives a TTL of 30..59 a warning
 * only), so plan checks it once the zone is read: a Free zone refuses TTL 30..59 and comments over
 * 100 characters, and the run stops before any write, naming the lines; settings.flatten_cname
 * on a Free zone is a warning of the plan (the service's answer is not published).
 * Without this check the batch was sent and the service refused all of it (issue 19: a file that
 * validates is never refused for a reason the file shows).
 */
import { afterEach, expect, it } from 'vitest';
import { planZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { TierLimitError } from '../../src/core/tier-limits.js';
import { converge, config, listRecords, startHarness, type Harness } from './harness.js';

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

const FILE = `version: 1
zone: example.com
records:
  - { name: "@", type: A, content: 192.0.2.1 }
  - { name: fast, type: A, content: 192.0.2.2, ttl: 30 }
  - { name: noted, type: TXT, content: x, comment: "${'c'.repeat(101)}" }
  - { name: flat, type: CNAME, content: target.example.net, settings: { flatten_cname: true } }
`;

it('a Free zone: the plan stops before any write and names each line', async () => {
  h = await startHarness({ zonePlan: 'free' });
  const err = await planZoneRun(h.client, config(FILE)).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(TierLimitError);
  const message = (err as Error).message;
  expect(message).toMatch(/on the free plan/);
  expect(message).toMatch(/records\[1\] \(line 5\) fast\.example\.com A: ttl 30/);
  expect(message).toMatch(/records\[2\] \(line 6\) noted\.example\.com TXT: a comment of 101 characters/);
  expect(message).not.toMatch(/flatten_cname/);
  expect(await listRecords(h)).toEqual([]);
});

it('settings.flatten_cname on a Free zone is a warning of the plan, naming its line', async () => {
  h = await startHarness({ zonePlan: 'free' });
  const run = await planZoneRun(h.client, config(FILE.replace(/ {2}- \{ name: (fast|noted).*\n/g, '')));
  expect(run.plan.warnings).toContainEqual(
    expect.stringMatching(/records\[1\] \(line 5\) flat\.example\.com CNAME: settings\.flatten_cname is a feature of paid plans/),
  );
});

it('an Enterprise zone accepts them: applied, and the second plan is empty', async () => {
  h = await startHarness({ zonePlan: 'enterprise' });
  await converge(h, config(FILE));
});
