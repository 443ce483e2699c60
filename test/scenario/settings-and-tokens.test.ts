import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyZoneRuns } from '../../src/app/apply/zone-writes.js';
import { planZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { TOKEN, config, converge, startHarness, type Harness } from './harness.js';

const WITH_TOKEN = (expires: string, cidr: string) => `
version: 1
zone: example.com
settings:
  flatten_all_cnames: true
  multi_provider: false
records:
  - { name: "@", type: A, content: 192.0.2.1 }
tokens:
  - name: ci-dns-edit
    policies:
      - effect: allow
        permission_groups: [{ name: DNS Write }]
        resources: { "com.cloudflare.api.account.zone.{zone_id}": "*" }
    not_before: 2026-01-01T00:00:00Z
    expires_on: ${expires}
    condition: { request.ip: { in: [${cidr}, "2001:db8::/32"] } }
`;

async function api<T>(h: Harness, path: string): Promise<T> {
  const res = await fetch(`${h.emulator.baseUrl}${path}`, { headers: { authorization: `Bearer ${TOKEN}` } });
  return ((await res.json()) as { result: T }).result;
}

describe('DNS settings and API tokens in the zone file', () => {
  let h: Harness;
  beforeAll(async () => {
    // A Pro zone: the file sets flatten_all_cnames, a feature of paid plans.
    h = await startHarness({ zonePlan: 'pro' });
  });
  afterAll(async () => {
    await h.close();
  });

  it('creates the token and patches the settings, then plans clean', async () => {
    const c = config(WITH_TOKEN('2027-01-01T00:00:00Z', '192.0.2.0/24'));
    const run = await planZoneRun(h.client, c);
    const kinds = run.plan.operations.map((o) => `${o.kind} ${o.action}`);
    expect(kinds).toEqual(['dns_settings update', 'dns_record create', 'token create']);
    const tokenOp = run.plan.operations.find((o) => o.kind === 'token');
    expect(JSON.stringify(tokenOp?.body)).toContain(`com.cloudflare.api.account.zone.${h.zoneId}`);
    expect(JSON.stringify(tokenOp?.body)).toContain('4755a26eedb94da69e1066d98aa820be');
    const [outcome] = await applyZoneRuns(h.client, [run], { batch: true, concurrency: 2 });
    expect(outcome.result.ok).toBe(true);
    expect(Object.keys(outcome.result.tokenValues)).toEqual(['ci-dns-edit']);
    expect(outcome.result.tokenValues['ci-dns-edit']).toMatch(/^[A-Za-z0-9_-]{40}$/);
    expect(outcome.residual?.operations).toEqual([]);
    const settings = await api<{ flatten_all_cnames: boolean }>(h, `/zones/${h.zoneId}/dns_settings`);
    expect(settings.flatten_all_cnames).toBe(true);
  });

  it('updates the token in place when its spec changes (PUT, no new secret)', async () => {
    const c = config(WITH_TOKEN('2027-06-01T00:00:00Z', '198.51.100.0/24'));
    const run = await converge(h, c);
    const op = run.plan.operations.find((o) => o.kind === 'token');
    expect(op).toMatchObject({ action: 'update', method: 'PUT', fields: ['expires_on', 'condition'] });
    const tokens = await api<Array<{ name: string; expires_on: string; condition: Record<string, { in: string[] }> }>>(
      h,
      '/user/tokens?per_page=50',
    );
    const t = tokens.filter((x) => x.name === 'ci-dns-edit');
    expect(t).toHaveLength(1);
    expect(t[0].expires_on).toBe('2027-06-01T00:00:00Z');
    expect(t[0].condition['request.ip'].in).toContain('198.51.100.0/24');
  });
});
