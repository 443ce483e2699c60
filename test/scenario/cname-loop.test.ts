/**
 * Issue 28: a loop of CNAMEs of two names or more (`a -> b -> a`) is a warning, not a refusal.
 * RFC 1034 §3.6.2 makes it a configuration error, but nothing shows the service refusing it (it
 * refuses a CNAME to its own name: `cname.self`, 9039). The file validates with one warning at
 * the loop's first record, plans with the same warning, applies (no write waits for another of
 * the loop), and a second plan is empty; a CNAME to its own name is still refused.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { planZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { parseZoneFile } from '../../src/core/zonefile/index.js';
import { converge, config, listRecords, startHarness, summarize, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const LOOP = `version: 1
zone: example.com
records:
  - { name: "@", type: A, content: 192.0.2.1 }
  - { name: a, type: CNAME, content: b.example.com }
  - { name: b, type: CNAME, content: c.example.com }
  - { name: c, type: CNAME, content: a.example.com }
`;
const MESSAGE =
  'CNAME records form a loop: a.example.com -> b.example.com -> c.example.com -> a.example.com; no name of it resolves (RFC 1034 §3.6.2); the service keeps them';

it('a loop of three CNAMEs: a warning at validate and plan, applied, a second plan empty', async () => {
  const { problems } = parseZoneFile({ path: 'zone.yaml', text: LOOP }, {});
  expect(problems.map((p) => `${p.severity} ${p.line} ${p.code} ${p.message}`)).toEqual([`warning 5 cname.loop ${MESSAGE}`]);
  const run = await planZoneRun(h.client, config(LOOP));
  expect(run.plan.warnings).toContain(MESSAGE);
  await converge(h, config(LOOP));
  expect(summarize(await listRecords(h)).filter((l) => l.includes('CNAME'))).toEqual([
    'a.example.com CNAME b.example.com ttl=1',
    'b.example.com CNAME c.example.com ttl=1',
    'c.example.com CNAME a.example.com ttl=1',
  ]);
});

it('a CNAME to its own name is still refused (cname.self: the service answers 9039)', () => {
  const { problems, config: c } = parseZoneFile(
    { path: 'zone.yaml', text: 'version: 1\nzone: example.com\nrecords:\n  - { name: a, type: CNAME, content: a.example.com }\n' },
    {},
  );
  expect(c).toBeUndefined();
  expect(problems.map((p) => `${p.severity} ${p.code}`)).toEqual(['error cname.self']);
});
