/**
 * Issue 28, item 6: NAPTR flags. The service keeps them as written: a recorded answer holds
 * `"data": { "flags": "S", ... }` (test/fixtures/recorded/octodns-cloudflare, page 3). zonectl
 * used to lower-case them before sending, so a file's `S` was stored as `s`; it now sends and
 * compares them as written, and the emulator stores them so.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { config, converge, listRecords, startHarness, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

const file = (flags: string): string =>
  [
    'version: 1',
    'zone: example.com',
    'records:',
    `  - { name: "@", type: NAPTR, data: { order: 30, preference: 100, flags: ${flags}, service: SIP+D2T, regex: "", replacement: _sip._tls.example.com } }`,
    'manage: { unmanaged: delete, max_delete_percent: 100 }',
    '',
  ].join('\n');

it('stores the flags as the file writes them, and another case is a change back to the file', async () => {
  await converge(h, config(file('S')));
  expect((await listRecords(h)).map((r) => r.data?.flags)).toEqual(['S']);
  const run = await converge(h, config(file('s')));
  expect(run.plan.operations.map((o) => (o.kind === 'dns_record' ? `${o.action} ${[...o.fields].join(',')}` : o.kind))).toEqual([
    'update data',
  ]);
  expect((await listRecords(h)).map((r) => r.data?.flags)).toEqual(['s']);
});
