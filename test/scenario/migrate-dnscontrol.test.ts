/**
 * The promise of `zonectl import --from dnscontrol`: the zone DNSControl's Cloudflare provider
 * wrote, imported from `dnscontrol print-ir` JSON (test/fixtures/migrate/dnscontrol/ir.json, written
 * after DNSControl's own parse tests, pkg/js/parse_tests), plans empty; an edit plans exactly that
 * edit. The emulator holds the records as providers/cloudflare `createRecDiff2` sends them (TXT as
 * quoted 255-byte chunks, TTL 1 once proxied, MX/SRV targets with their trailing dots), plus a
 * record an IGNORE rule protects and one NO_PURGE keeps.
 */
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFrom } from '../../src/app/migrate/index.js';
import { planZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { config, converge, listRecords, startHarness, TOKEN, type Harness } from './harness.js';
import { tempDir } from '../support/temp-dir.js';
import {
  irOnCloudflare,
  OPENPGPKEY_BASE64,
  OPENPGPKEY_HEX,
  OPENPGPKEY_NAME,
  SMIMEA_NAME,
} from '../fixtures/migrate/dnscontrol/parse-tests.js';

const IR = 'test/fixtures/migrate/dnscontrol/ir.json';

const DNSCONTROL_WROTE: ReadonlyArray<Record<string, unknown>> = [
  { name: 'example.com', type: 'A', content: '192.0.2.10', ttl: 1, proxied: true },
  { name: 'www.example.com', type: 'A', content: '192.0.2.11', ttl: 300, proxied: false, comment: 'web front' },
  { name: 'example.com', type: 'MX', content: 'mx1.example.net.', priority: 10, ttl: 3600 },
  { name: 'example.com', type: 'TXT', content: '"v=spf1 include:_spf.example.net -all"', ttl: 300 },
  { name: 'example.com', type: 'CAA', data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' }, ttl: 300 },
  { name: '_sip._tcp.example.com', type: 'SRV', data: { priority: 10, weight: 5, port: 5060, target: 'sip.example.com.' }, ttl: 300 },
  {
    name: 'docs.example.com',
    type: 'CNAME',
    content: 'docs.example-host.net.',
    ttl: 300,
    proxied: false,
    settings: { flatten_cname: true },
  },
  // IGNORE("_acme-challenge", "TXT") and NO_PURGE: records DNSControl never touches.
  { name: '_acme-challenge.example.com', type: 'TXT', content: 'token-from-certbot', ttl: 120 },
  { name: 'legacy.example.com', type: 'A', content: '198.51.100.70', ttl: 300 },
];

describe('import --from dnscontrol: the zone DNSControl wrote plans empty', () => {
  let h: Harness;
  let out: string;
  let yaml: string;
  beforeAll(async () => {
    // CNAME flattening of one record needs a paid plan.
    h = await startHarness({ zones: ['example.com'], zonePlan: 'pro' });
    for (const body of DNSCONTROL_WROTE) {
      const res = await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(res.status, await res.clone().text()).toBe(200);
    }
    out = tempDir('dnscontrol');
    const result = await importFrom('dnscontrol', [IR], { outDir: out, force: false, allZones: false, origin: 'test' });
    expect(result.written.map((p) => p.slice(out.length + 1))).toEqual(['example.com.yaml']);
    expect(result.report.other.map((i) => i.subject)).toEqual(['domain example.org']);
    yaml = readFileSync(join(out, 'example.com.yaml'), 'utf8');
  });
  afterAll(async () => {
    await h?.close();
    if (out !== undefined) rmSync(out, { recursive: true, force: true });
  });

  it('the first plan is empty; what NO_PURGE kept is reported, not deleted', async () => {
    const run = await planZoneRun(h.client, config(yaml));
    expect(run.plan.operations).toEqual([]);
    expect(JSON.stringify(run.plan)).toContain('legacy.example.com');
  });

  it('an edit in the imported file plans exactly that edit', async () => {
    const edited = yaml.replace('content: 192.0.2.11', 'content: 192.0.2.12');
    const run = await planZoneRun(h.client, config(edited));
    expect(run.plan.operations).toHaveLength(1);
    expect(run.plan.operations[0]!.action).toBe('update');
    expect(JSON.stringify(run.plan.operations[0])).toContain('192.0.2.12');
  });
});

/**
 * SMIMEA and OPENPGPKEY, which DNSControl's Cloudflare provider never wrote (its print-ir refuses
 * them without --raw): imported as DNSControl represents them (pkg/js/parse_tests/056-openpgpkey and
 * 057-smimea; https://github.com/StackExchange/dnscontrol/tree/main/pkg/js/parse_tests), the key
 * left in hex as `print-ir --raw` leaves it. The file is valid, the first plan creates both, the
 * service holds the key in base64 as DNSControl would send it, and the plan after is empty.
 */
describe('import --from dnscontrol: SMIMEA and OPENPGPKEY', () => {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ zones: ['example.com'] });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('imports both, plans their creation, and plans empty once applied', async () => {
    const dir = tempDir('dnscontrol-dane');
    const ir = join(dir, 'ir.json');
    writeFileSync(
      ir,
      JSON.stringify(
        irOnCloudflare('example.com', [
          { name: SMIMEA_NAME, type: 'SMIMEA', smimeausage: 3, target: '30820353308202f8a003020102', ttl: 300 },
          { name: OPENPGPKEY_NAME, type: 'OPENPGPKEY', target: OPENPGPKEY_HEX, ttl: 300 },
        ]),
      ),
    );
    const out = join(dir, 'zones');
    const result = await importFrom('dnscontrol', [ir], { outDir: out, force: false, allZones: false, origin: 'test' });
    expect(result.report.zones[0]?.items.map((i) => [i.kind, i.subject.split(' ')[1]])).toEqual([
      ['meaning_changes', 'SMIMEA'],
      ['meaning_changes', 'OPENPGPKEY'],
    ]);
    const c = config(readFileSync(join(out, 'example.com.yaml'), 'utf8'));
    const first = await converge(h, c);
    expect(first.plan.operations.map((o) => o.action)).toEqual(['create', 'create']);
    const live = (await listRecords(h)).filter((r) => r.type === 'SMIMEA' || r.type === 'OPENPGPKEY');
    expect(live.map((r) => [r.name, r.type, r.type === 'OPENPGPKEY' ? r.content : r.data])).toEqual(
      expect.arrayContaining([
        [`${OPENPGPKEY_NAME}.example.com`, 'OPENPGPKEY', OPENPGPKEY_BASE64],
        [`${SMIMEA_NAME}.example.com`, 'SMIMEA', { usage: 3, selector: 0, matching_type: 0, certificate: '30820353308202F8A003020102' }],
      ]),
    );
    expect(live).toHaveLength(2);
  });
});
