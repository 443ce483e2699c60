/**
 * A changed MX set (and SRV set) against the emulator (issue 33, item 7): the plan pairs old and
 * new values by priority, then by likeness of content, so that the review reads naturally
 * (`10 aspmx… → 10 mx1…`), applies as updates, and a second plan is empty after every step.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { planZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { renderZoneText } from '../../src/core/render/render-text.js';
import { config, converge, listRecords, startHarness, summarize, type Harness } from './harness.js';

const zone = (mx: string, srv: string): string => `
version: 1
zone: example.com
records:
${mx}${srv}manage: { unmanaged: keep }
`;

const GOOGLE = `  - { name: "@", type: MX, content: aspmx.l.google.example, priority: 10 }
  - { name: "@", type: MX, content: alt1.aspmx.l.google.example, priority: 20 }
  - { name: "@", type: MX, content: alt2.aspmx.l.google.example, priority: 30 }
`;
const FASTMAIL = `  - { name: "@", type: MX, content: mx1.fastmail.example, priority: 10 }
  - { name: "@", type: MX, content: mx2.fastmail.example, priority: 20 }
  - { name: "@", type: MX, content: mx3.fastmail.example, priority: 30 }
`;
const SIP = (
  a: string,
  b: string,
): string => `  - { name: _sip._tcp, type: SRV, data: { priority: 10, weight: 5, port: 5060, target: ${a} } }
  - { name: _sip._tcp, type: SRV, data: { priority: 20, weight: 5, port: 5060, target: ${b} } }
`;

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

it('a new mail provider: three updates, each at its own priority; a second plan is empty', async () => {
  await converge(h, config(zone(GOOGLE, SIP('sip1.example.com', 'sip2.example.com'))));
  const next = config(zone(FASTMAIL, SIP('sip-a.example.net', 'sip-b.example.net')));
  const run = await planZoneRun(h.client, next);
  expect(run.plan.summary).toMatchObject({ create: 0, update: 5, delete: 0 });
  const text = renderZoneText(run.plan);
  for (const [priority, old, now] of [
    [10, 'aspmx.l.google.example', 'mx1.fastmail.example'],
    [20, 'alt1.aspmx.l.google.example', 'mx2.fastmail.example'],
    [30, 'alt2.aspmx.l.google.example', 'mx3.fastmail.example'],
  ] as const) {
    expect(text).toContain(`content: ${priority} ${old} → ${priority} ${now}`);
  }
  expect(text).toContain('10 5 5060 sip1.example.com → 10 5 5060 sip-a.example.net');
  expect(text).toContain('20 5 5060 sip2.example.com → 20 5 5060 sip-b.example.net');
  await converge(h, next);
  expect(summarize(await listRecords(h)).filter((l) => l.includes(' MX '))).toEqual([
    'example.com MX 10 mx1.fastmail.example ttl=1',
    'example.com MX 20 mx2.fastmail.example ttl=1',
    'example.com MX 30 mx3.fastmail.example ttl=1',
  ]);
  // One host moves to a new priority, another is added: an update of that host and a create.
  const moved = config(
    zone(
      FASTMAIL.replace('mx3.fastmail.example, priority: 30', 'mx3.fastmail.example, priority: 40').concat(
        '  - { name: "@", type: MX, content: mx4.fastmail.example, priority: 50 }\n',
      ),
      SIP('sip-a.example.net', 'sip-b.example.net'),
    ),
  );
  const movedRun = await planZoneRun(h.client, moved);
  expect(renderZoneText(movedRun.plan)).toContain('priority: 30 mx3.fastmail.example → 40 mx3.fastmail.example');
  expect(movedRun.plan.summary).toMatchObject({ create: 1, update: 1, delete: 0 });
  await converge(h, moved);
});
