/**
 * Issue 28, item 1: records beside a delegation. The service keeps an A (TXT, MX) at a name that
 * also holds NS records below the apex ("shadowed" records,
 * https://developers.cloudflare.com/dns/manage-dns-records/reference/shadowed-records/); its own
 * export then lists the NS in `;; NS Records` before the A in `;; A Records`. Such an export
 * imports, validates (a warning, no error), applies (the A before the NS: a record created where an
 * NS exists is refused, 81056) and plans empty. The export text here has the service's layout;
 * real zones of that shape are in test/fixtures/real-zones (hackclub.com: NS beside TXT and MX).
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { planZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { parseZoneFile } from '../../src/core/zonefile/index.js';
import { runCliInProcess as runCli } from '../support/run-cli-in-process.js';
import { TOKEN, config, converge, listRecords, startHarness, type Harness } from './harness.js';
import { tempDir } from '../support/temp-dir.js';

const EXPORT = [
  ';;',
  ';; Domain:     example.com.',
  ';; Exported:   2026-11-20 10:00:00',
  ';;',
  ';; SOA Record',
  'example.com\t3600\tIN\tSOA\tada.ns.cloudflare.com. dns.cloudflare.com. 2050131287 10000 2400 604800 3600',
  '',
  ';; NS Records',
  'example.com.\t86400\tIN\tNS\tada.ns.cloudflare.com.',
  'example.com.\t86400\tIN\tNS\tbob.ns.cloudflare.com.',
  'lab.example.com.\t300\tIN\tNS\tns1.lab-provider.example.net.',
  'lab.example.com.\t300\tIN\tNS\tns2.lab-provider.example.net.',
  '',
  ';; A Records',
  'example.com.\t1\tIN\tA\t192.0.2.1 ; cf_tags=cf-proxied:false',
  'lab.example.com.\t300\tIN\tA\t192.0.2.7 ; cf_tags=cf-proxied:false',
  '',
  ';; TXT Records',
  'lab.example.com.\t300\tIN\tTXT\t"owner=lab"',
  '',
].join('\n');

let h: Harness;
let dir: string;
beforeAll(async () => {
  h = await startHarness();
  dir = tempDir('shadowed');
});
afterAll(async () => {
  await h?.close();
  rmSync(dir, { recursive: true, force: true });
});

it('an export with an A and a TXT beside a delegation imports, validates with a warning, applies and plans empty', async () => {
  writeFileSync(join(dir, 'example.com.txt'), EXPORT);
  const out = join(dir, 'example.com.yaml');
  const imported = await runCli(['import', join(dir, 'example.com.txt'), '--zone', 'example.com', '--out', out]);
  expect(imported.code, imported.stderr).toBe(0);
  const text = readFileSync(out, 'utf8');
  const { problems } = parseZoneFile({ path: 'example.com.yaml', text }, {});
  expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
  expect(problems.filter((p) => p.code === 'ns.delegation-alone').map((p) => p.severity)).toEqual(['warning', 'warning']);
  const run = await converge(h, config(text));
  const order = run.plan.operations.map((o) => (o.kind === 'dns_record' && o.action === 'create' ? `${o.phase} ${o.after.type}` : ''));
  const phaseOf = (type: string): number => Math.max(...order.filter((o) => o.endsWith(` ${type}`)).map((o) => Number(o.split(' ')[0])));
  expect(phaseOf('NS')).toBeGreaterThan(phaseOf('A'));
  expect(phaseOf('NS')).toBeGreaterThan(phaseOf('TXT'));
  expect(
    (await listRecords(h))
      .filter((r) => r.name === 'lab.example.com')
      .map((r) => r.type)
      .sort(),
  ).toEqual(['A', 'NS', 'NS', 'TXT']);
});

it('a record added where the NS is already live: the plan warns that the service refuses it (81056)', async () => {
  const text = `${readFileSync(join(dir, 'example.com.yaml'), 'utf8')}`.replace(
    'records:\n',
    'records:\n  - { name: lab, type: MX, content: mx.example.net., priority: 10 }\n',
  );
  const run = await planZoneRun(h.client, config(text));
  expect(run.plan.warnings.filter((w) => w.includes('81056'))).toEqual([
    expect.stringMatching(
      /^lab\.example\.com MX: NS records are live at this name .* refuses a record created where an NS exists \(81056\)/,
    ),
  ]);
  const res = await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ name: 'lab.example.com', type: 'MX', content: 'mx.example.net', priority: 10 }),
  });
  expect(((await res.json()) as { errors: { code: number }[] }).errors[0]?.code).toBe(81056);
});
