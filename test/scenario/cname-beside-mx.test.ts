/**
 * Issue 19, item 6: below the apex the service accepts a CNAME beside MX and TXT (a zone export
 * made by the service holds `www CNAME` and `www MX`; cloudflare/cloudflare-docs#30376), and
 * refuses it beside an A/AAAA. A file with the pair validates (a warning: the CNAME is not
 * flattened), applies and re-plans clean; a live A at the name is replaced first.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { parseZoneFile } from '../../src/core/zonefile/index.js';
import { planZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { converge, config, listRecords, startHarness, summarize, type Harness } from './harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h.close();
});

const HEAD = 'version: 1\nzone: example.com\nrecords:\n  - { name: "@", type: A, content: 192.0.2.1 }\n';

it('www CNAME beside www MX and TXT: validates with a warning, applies, replaces a live A, re-plans clean', async () => {
  await converge(
    h,
    config(`${HEAD}  - { name: www, type: A, content: 192.0.2.80 }\n  - { name: www, type: MX, content: mx.example.net, priority: 10 }\n`),
  );
  const text = `${HEAD}  - { name: www, type: CNAME, content: edge.example.net }\n  - { name: www, type: MX, content: mx.example.net, priority: 10 }\n  - { name: www, type: TXT, content: "site-verification=abc" }\n`;
  const { problems } = parseZoneFile({ path: 'zone.yaml', text }, {});
  expect(problems.map((p) => `${p.severity} ${p.line} ${p.code}`)).toEqual(['warning 5 cname.unflattened']);
  const run = await planZoneRun(h.client, config(text));
  expect((run.plan.replacements ?? []).map((r) => `${r.name} ${r.type} by ${r.by.join('/')}`)).toEqual(['www.example.com A by CNAME']);
  await converge(h, config(text));
  expect(summarize(await listRecords(h)).filter((l) => l.startsWith('www.'))).toEqual([
    'www.example.com CNAME edge.example.net ttl=1',
    'www.example.com MX 10 mx.example.net ttl=1',
    'www.example.com TXT "site-verification=abc" ttl=1',
  ]);
});
