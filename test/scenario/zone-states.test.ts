import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { converge, config, listRecords, startHarness, summarize, type Harness } from './harness.js';

const LONG_TXT = `v=DKIM1; k=rsa; p=${'A'.repeat(400)}`;

const STATE_1 = `
version: 1
zone: example.com
records:
  - { name: "@", type: A, content: 192.0.2.10, proxied: true }
  - { name: www, type: A, content: 192.0.2.11 }
  - { name: api, type: A, content: 198.51.100.1, ttl: 300 }
  - { name: api, type: A, content: 198.51.100.2, ttl: 300 }
  - { name: blog, type: CNAME, content: example.com, proxied: true }
  - { name: "@", type: MX, content: mx1.example.net, priority: 10 }
  - { name: "@", type: MX, content: mx2.example.net, priority: 20 }
  - { name: dkim._domainkey, type: TXT, content: "${LONG_TXT}" }
  - { name: "@", type: TXT, content: "v=spf1 -all" }
  - { name: _sip._tcp, type: SRV, data: { priority: 10, weight: 5, port: 5060, target: sip.example.com } }
  - { name: old, type: A, content: 203.0.113.5 }
manage: { unmanaged: keep }
`;

// A<->CNAME swaps in both directions, content and TTL edits, proxied toggles, MX priority,
// long TXT change, SRV port, a value leaving a multi-value name.
const STATE_2 = `
version: 1
zone: example.com
records:
  - { name: "@", type: A, content: 192.0.2.10, proxied: false, ttl: 600 }
  - { name: www, type: CNAME, content: example.com }
  - { name: api, type: A, content: 198.51.100.1, ttl: 120 }
  - { name: blog, type: A, content: 192.0.2.12, proxied: true }
  - { name: "@", type: MX, content: mx1.example.net, priority: 5 }
  - { name: "@", type: MX, content: mx2.example.net, priority: 20 }
  - { name: dkim._domainkey, type: TXT, content: "${LONG_TXT}B" }
  - { name: "@", type: TXT, content: '"v=spf1 include:_spf.example.net -all"' }
  - { name: _sip._tcp, type: SRV, data: { priority: 10, weight: 5, port: 5061, target: sip.example.com } }
  - { name: old, type: A, content: 203.0.113.5 }
manage: { unmanaged: keep }
`;

// Drop records from the file with unmanaged: delete.
const STATE_3 = `
version: 1
zone: example.com
records:
  - { name: "@", type: A, content: 192.0.2.10, proxied: true }
  - { name: www, type: CNAME, content: example.com, proxied: true }
  - { name: "@", type: MX, content: mx1.example.net, priority: 5 }
manage: { unmanaged: delete, max_delete_percent: 100 }
`;

describe.each([
  { mode: 'batch', batch: true },
  { mode: 'single calls', batch: false },
])('a zone moves through states ($mode)', ({ batch }) => {
  let h: Harness;
  beforeAll(async () => {
    h = await startHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('state 1: creates everything from an empty zone', async () => {
    const run = await converge(h, config(STATE_1), { batch });
    expect(run.plan.summary).toMatchObject({ create: 11, update: 0, delete: 0 });
    const live = summarize(await listRecords(h));
    expect(live).toContain('api.example.com A 198.51.100.1 ttl=300');
    expect(live).toContain('example.com A 192.0.2.10 ttl=1 proxied');
    expect(live).toContain('_sip._tcp.example.com SRV 5 5060 sip.example.com ttl=1');
    const dkim = (await listRecords(h)).find((r) => r.name === 'dkim._domainkey.example.com');
    expect(dkim?.content).toBe(`"${LONG_TXT.slice(0, 255)}" "${LONG_TXT.slice(255)}"`);
  });

  it('state 2: swaps, edits and toggles converge', async () => {
    const run = await converge(h, config(STATE_2), { batch });
    expect(run.plan.operations.filter((o) => o.kind === 'dns_record' && o.replacement)).toHaveLength(4);
    const live = summarize(await listRecords(h));
    expect(live).toEqual(
      [
        'example.com A 192.0.2.10 ttl=600',
        'www.example.com CNAME example.com ttl=1',
        'api.example.com A 198.51.100.1 ttl=120',
        'blog.example.com A 192.0.2.12 ttl=1 proxied',
        'example.com MX 5 mx1.example.net ttl=1',
        'example.com MX 20 mx2.example.net ttl=1',
        `dkim._domainkey.example.com TXT "${(`${LONG_TXT}B`).slice(0, 255)}" "${(`${LONG_TXT}B`).slice(255)}" ttl=1`,
        'example.com TXT "v=spf1 include:_spf.example.net -all" ttl=1',
        '_sip._tcp.example.com SRV 5 5061 sip.example.com ttl=1',
        'old.example.com A 203.0.113.5 ttl=1',
      ].sort(),
    );
  });

  it('state 3: unmanaged: delete removes what the file no longer lists', async () => {
    const run = await converge(h, config(STATE_3), { batch });
    expect(run.plan.summary.delete).toBeGreaterThanOrEqual(7);
    expect(summarize(await listRecords(h))).toEqual(
      [
        'example.com A 192.0.2.10 ttl=1 proxied',
        'www.example.com CNAME example.com ttl=1 proxied',
        'example.com MX 5 mx1.example.net ttl=1',
      ].sort(),
    );
  });
});
