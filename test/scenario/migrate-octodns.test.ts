/**
 * The promise of `zonectl import --from octodns`: the zone octoDNS's Cloudflare provider wrote,
 * imported from octoDNS's own configuration, plans empty; an edit of the imported file then plans
 * exactly that edit. The emulator is seeded with the bodies octodns_cloudflare's `_gen_data`
 * sends for test/fixtures/migrate/octodns/config (TTL 1 for proxied and auto-ttl records, at least
 * min_ttl 120 otherwise, `"`-quoted TXT chunks with `\;` unescaped, SRV data with the retired
 * service/proto/name it still sends, the trailing dots it keeps), plus what octoDNS never touches
 * (an `ignored` record, one excluded from this target), and the meta TXT record `manager.include_meta`
 * makes it write.
 */
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { importFrom } from '../../src/app/migrate/index.js';
import { planZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { config, startHarness, TOKEN, type Harness } from './harness.js';
import { tempDir } from '../support/temp-dir.js';

const CONFIG = 'test/fixtures/migrate/octodns/config/production.yaml';
const DKIM =
  'v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEAzXUN8Mkr6S4DCT0Pmi7ECm7lrnMv8dHjPSsGDTbMIGlTBtfuTlAlFyD7k0pBYwLp6Nf2JDDBwz2tRbwnlrbxPxs3mAuN4bzy0ppPeeZzUCbUzFzSE3uG4jIUfxgmdC0CFgRjIHq4AdVTVdo4r0gDhYM7ocC6rUcT7LLuCwzAaR1YqeTzsJ9kfXhvlAT1zTOUo7s8lQnF0DtnJ2HAPs8cC5qbbvAcrUCgfzkSEDfJkhMSTZ8DB2nLUZgxd2BTxIFGbthyaUv3xzKbTN';
/** octoDNS cut the escaped value (`\;` counting two characters) at 255 characters, then unescaped. */
const DKIM_CHUNKS = (() => {
  const escaped = DKIM.replace(/;/g, '\\;');
  return `"${escaped.slice(0, 255)}" "${escaped.slice(255)}"`.replace(/\\;/g, ';');
})();

/** What octodns_cloudflare POSTs for the example.com zone of the fixture (`_gen_data`). */
const OCTODNS_WROTE: ReadonlyArray<Record<string, unknown>> = [
  { name: 'example.com', type: 'A', content: '192.0.2.10', ttl: 1, proxied: true },
  { name: 'example.com', type: 'A', content: '192.0.2.11', ttl: 1, proxied: true },
  { name: 'example.com', type: 'MX', content: 'mx1.example.net.', priority: 10, ttl: 3600 },
  { name: 'example.com', type: 'MX', content: 'mx2.example.net.', priority: 20, ttl: 3600 },
  { name: 'example.com', type: 'TXT', content: '"v=spf1 include:_spf.example.net -all"', ttl: 3600 },
  { name: 'example.com', type: 'TXT', content: '"google-site-verification=abc123"', ttl: 3600 },
  { name: 'example.com', type: 'CAA', data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' }, ttl: 3600 },
  { name: '_dmarc.example.com', type: 'TXT', content: '"v=DMARC1; p=reject; rua=mailto:dmarc@example.com"', ttl: 300 },
  {
    name: '_sip._tcp.example.com',
    type: 'SRV',
    data: { service: '_sip', proto: '_tcp', name: 'example.com', priority: 10, weight: 5, port: 5060, target: 'sip.example.com' },
    ttl: 3600,
  },
  {
    name: 'api.example.com',
    type: 'CNAME',
    content: 'api.example-backend.net.',
    ttl: 1,
    proxied: false,
    comment: 'managed by octoDNS',
    tags: ['team:api'],
  },
  { name: 'low.example.com', type: 'A', content: '198.51.100.8', ttl: 120, proxied: false },
  { name: 'sel._domainkey.example.com', type: 'TXT', content: DKIM_CHUNKS, ttl: 3600 },
  { name: 'www.example.com', type: 'CNAME', content: 'example.com.', ttl: 1, proxied: true },
  // manager.include_meta: octoDNS's MetaProcessor record (octodns/processor/meta.py: TTL 60, raised to min_ttl).
  { name: 'octodns-meta.example.com', type: 'TXT', content: '"provider=cloudflare"', ttl: 120 },
  // Never touched by octoDNS: `ignored`, and excluded from this target.
  { name: 'legacy.example.com', type: 'A', content: '198.51.100.70', ttl: 300, proxied: false },
  { name: 'only-route53.example.com', type: 'A', content: '198.51.100.90', ttl: 300, proxied: false },
];

async function post(h: Harness, body: Record<string, unknown>): Promise<void> {
  let sent = body;
  let res = await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records`, {
    method: 'POST',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify(sent),
  });
  if (res.status === 400 && body.type === 'SRV') {
    // The service retired SRV data.service/proto/name (the name carries them): octoDNS's body
    // minus those is what a current API keeps.
    const { service: _s, proto: _p, name: _n, ...data } = body.data as Record<string, unknown>;
    sent = { ...body, data };
    res = await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify(sent),
    });
  }
  expect(res.status, `${JSON.stringify(sent)}: ${await res.clone().text()}`).toBe(200);
}

describe('import --from octodns: the zone octoDNS wrote plans empty', () => {
  let h: Harness;
  let out: string;
  let yaml: string;
  beforeAll(async () => {
    // A Pro zone: the records carry tags, a feature of paid plans.
    h = await startHarness({ zones: ['example.com'], zonePlan: 'pro' });
    for (const body of OCTODNS_WROTE) await post(h, body);
    out = tempDir('octodns');
    const result = await importFrom('octodns', [CONFIG], { outDir: out, force: false, allZones: false, origin: 'test' });
    expect(result.written.map((p) => p.slice(out.length + 1)).sort()).toEqual([
      'example.com.yaml',
      'example.net.yaml',
      'example.org.yaml',
      'zonectl.yaml',
    ]);
    yaml = readFileSync(join(out, 'example.com.yaml'), 'utf8');
  });
  afterAll(async () => {
    await h.close();
    rmSync(out, { recursive: true, force: true });
  });

  it('the first plan is empty: nothing created, updated, deleted or replaced', async () => {
    const run = await planZoneRun(h.client, config(yaml));
    expect(run.plan.operations.map((o) => `${o.action} ${'name' in o ? String(o.name) : ''}`)).toEqual([]);
  });

  it('an edit in the imported file plans exactly that edit', async () => {
    const edited = yaml.replace('content: 198.51.100.8, ttl: 120', 'content: 198.51.100.18, ttl: 120');
    expect(edited).not.toBe(yaml);
    const run = await planZoneRun(h.client, config(edited));
    expect(run.plan.operations).toHaveLength(1);
    const op = run.plan.operations[0]!;
    expect(op.action).toBe('update');
    expect(JSON.stringify(op)).toContain('198.51.100.18');
    expect(JSON.stringify(op)).toContain('low.example.com');
  });

  it('records octoDNS left alone stay alone (manage.ignore), and zonectl.yaml names the variables octoDNS read', () => {
    expect(yaml).toContain('{ name: legacy, type: A }');
    expect(yaml).toContain('{ name: only-route53, type: A }');
    // include_meta: octoDNS's own meta record is left as it is, and the report says so.
    expect(yaml).toContain('{ name: octodns-meta, type: TXT }');
    expect(yaml).toMatch(
      /manager\.include_meta: octoDNS writes a TXT record octodns-meta \(provider=cloudflare\): it becomes manage\.ignore/,
    );
    const accounts = readFileSync(join(out, 'zonectl.yaml'), 'utf8');
    expect(accounts).toContain('token_env: CF_MAIN_TOKEN');
    expect(accounts).toContain('token_env: CF_SHOP_TOKEN');
    expect(accounts).toContain('account_id: ${ZONECTL_CF_MAIN_ACCOUNT}');
  });
});
