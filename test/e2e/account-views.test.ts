/**
 * The account's internal DNS views (issue 43 item 8) through the real CLI against the emulator:
 * `views:` in the account file moves through states (created with a zone the same apply
 * creates, zones added, a view deleted, drift at the service put back, every view deleted), a
 * second plan empty after every apply; bad input (a view name twice, a public zone in a view,
 * two internal zones of one name in a view) refused with file, line and field and no request.
 * Source of the rules: https://developers.cloudflare.com/dns/internal-dns/dns-views/ and
 * https://developers.cloudflare.com/dns/internal-dns/internal-zones/setup/.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDropProxy, type DropProxy } from '../api/drop-proxy.js';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { runCliInProcess as runCli } from '../support/run-cli-in-process.js';
import type { CliResult } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

interface LiveView {
  id: string;
  name: string;
  zones: string[];
}

describe('DNS views in the account file, through the CLI', () => {
  let h: Harness;
  let proxy: DropProxy;
  let dir: string;
  let zones: string;
  let env: Record<string, string>;
  const cli = (args: string[]): Promise<CliResult> => runCli(args, env);
  const write = (name: string, text: string): void => writeFileSync(join(zones, name), text);
  const account = (views: string): void =>
    write('account.yaml', `version: 1\naccount_id: \${ZONECTL_ACCOUNT_ID}\nzone_defaults: {}\n${views}`);
  const internalZone = (file: string, name: string, extra = ''): void =>
    write(
      file,
      `version: 1\nzone: ${name}\nzone_type: internal\naccount_id: \${ZONECTL_ACCOUNT_ID}\n${extra}records:\n  - { name: www, type: A, content: 10.0.0.10 }\n`,
    );
  const api = async <T>(path: string, init: { method?: string; body?: unknown } = {}): Promise<T> => {
    const res = await fetch(`${h.emulator.baseUrl}${path}`, {
      method: init.method ?? 'GET',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
    });
    return ((await res.json()) as { result: T }).result;
  };
  const liveViews = async (): Promise<Record<string, string[]>> =>
    Object.fromEntries(
      (await api<LiveView[]>(`/accounts/${h.emulator.accountId}/dns_settings/views`)).map((v) => [v.name, [...v.zones].sort()]),
    );
  const internalId = async (name: string): Promise<string> => {
    const found = (await api<Array<{ id: string; type?: string }>>(`/zones?name=${name}`)).filter((z) => z.type === 'internal');
    expect(found).toHaveLength(1);
    return found[0]!.id;
  };
  const expectEmptyPlan = async (): Promise<void> => {
    proxy.forwarded.length = 0;
    const again = await cli(['plan', zones, '--detailed-exitcode']);
    expect(again.code, again.stdout + again.stderr).toBe(0);
    expect(proxy.forwarded.filter((r) => !r.startsWith('GET '))).toEqual([]);
  };

  beforeAll(async () => {
    h = await startHarness({ zones: ['example.com'] });
    proxy = await startDropProxy(h.emulator.baseUrl);
    dir = tempDir('views');
    zones = join(dir, 'zones');
    mkdirSync(zones);
    mkdirSync(join(dir, '.git'));
    env = { CLOUDFLARE_BASE_URL: proxy.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN, ZONECTL_ACCOUNT_ID: h.emulator.accountId };
    write('example.yaml', 'version: 1\nzone: example.com\nrecords: []\n');
  });
  afterAll(async () => {
    await proxy.close();
    await h.close();
  });

  it('moves the views through states; a second plan is empty after every apply', async () => {
    // 1. A view of an internal zone this apply creates, and an empty view.
    internalZone('corp.yaml', 'corp.internal');
    account('views:\n  office: [corp.internal]\n  empty: []\n');
    const plan = await cli(['plan', zones, '--detailed-exitcode']);
    expect(plan.code, plan.stdout + plan.stderr).toBe(2);
    expect(plan.stdout).toContain('+ zone corp.internal');
    expect(plan.stdout).toContain('+ view office');
    expect(plan.stdout).toContain('zones: corp.internal (created by this apply)');
    expect(plan.stdout).toContain('+ view empty');
    expect(plan.stdout).toContain('Plan: 2 DNS view(s) to create.');
    const dry = await cli(['apply', zones, '--dry-run']);
    expect(dry.stdout).toContain(
      `POST /accounts/${h.emulator.accountId}/dns_settings/views {"name":"office","zones":["<id of corp.internal>"]}`,
    );

    proxy.forwarded.length = 0;
    const apply = await cli(['apply', zones, '--yes']);
    expect(apply.code, apply.stdout + apply.stderr).toBe(0);
    const writes = proxy.forwarded.filter((r) => !r.startsWith('GET '));
    // The zone is created before the view that names it.
    expect(writes.indexOf('POST /client/v4/zones')).toBeGreaterThanOrEqual(0);
    expect(writes.indexOf('POST /client/v4/zones')).toBeLessThan(
      writes.indexOf(`POST /client/v4/accounts/${h.emulator.accountId}/dns_settings/views`),
    );
    const corp = await internalId('corp.internal');
    expect(await liveViews()).toEqual({ office: [corp], empty: [] });
    await expectEmptyPlan();

    // 2. A second internal zone joins the view; the empty view leaves the file and is deleted.
    internalZone('lab.yaml', 'lab.internal');
    account('views:\n  office:\n    - corp.internal\n    - lab.internal\n');
    const plan2 = await cli(['plan', zones]);
    expect(plan2.stdout).toContain('~ view office');
    expect(plan2.stdout).toContain(`zones: corp.internal (${corp}) → corp.internal (${corp}), lab.internal (created by this apply)`);
    expect(plan2.stdout).toContain('- view empty');
    expect(plan2.stdout).toContain('! view "empty": deleting a DNS view leaves its internal zones');
    expect((await cli(['apply', zones, '--yes'])).code).toBe(0);
    const lab = await internalId('lab.internal');
    expect(await liveViews()).toEqual({ office: [corp, lab].sort() });
    await expectEmptyPlan();
  }, 180_000);

  it('drift at the service is reported and put back', async () => {
    const corp = await internalId('corp.internal');
    const lab = await internalId('lab.internal');
    // 3. Changed at the service: drift says so, apply puts it back.
    const [office] = await api<LiveView[]>(`/accounts/${h.emulator.accountId}/dns_settings/views`);
    await api(`/accounts/${h.emulator.accountId}/dns_settings/views/${office!.id}`, { method: 'PATCH', body: { zones: [lab] } });
    const drift = await cli(['drift', zones]);
    expect(drift.code, drift.stdout + drift.stderr).not.toBe(0);
    expect(drift.stdout).toContain(`view office changed at the service: live lab.internal (${lab})`);
    proxy.forwarded.length = 0;
    expect((await cli(['apply', zones, '--yes'])).code).toBe(0);
    expect(proxy.forwarded.filter((r) => !r.startsWith('GET '))).toEqual([
      `PATCH /client/v4/accounts/${h.emulator.accountId}/dns_settings/views/${office!.id}`,
    ]);
    expect(await liveViews()).toEqual({ office: [corp, lab].sort() });
    await expectEmptyPlan();
  }, 180_000);

  it('views by id; `views: {}` deletes every view, the zones stay; without `views:` they are left alone', async () => {
    const lab = await internalId('lab.internal');

    // 4. By id, then `views: {}` deletes every view; the zones stay.
    account(`views:\n  office:\n    - { zone_id: ${lab} }\n`);
    expect((await cli(['apply', zones, '--yes'])).code).toBe(0);
    expect(await liveViews()).toEqual({ office: [lab] });
    await expectEmptyPlan();
    account('views: {}\n');
    expect((await cli(['apply', zones, '--yes'])).code).toBe(0);
    expect(await liveViews()).toEqual({});
    expect(await internalId('lab.internal')).toBe(lab);
    await expectEmptyPlan();
    // Without `views:`, the account's views are not managed.
    await api(`/accounts/${h.emulator.accountId}/dns_settings/views`, { method: 'POST', body: { name: 'by-hand', zones: [] } });
    account('');
    await expectEmptyPlan();
  }, 180_000);

  it('refuses bad views with file, line and field, and sends no request', async () => {
    const refused = async (views: string, expected: RegExp): Promise<void> => {
      account(views);
      // plan reads the files as validate does, and must stop before any request.
      proxy.forwarded.length = 0;
      const r = await cli(['plan', zones]);
      expect(r.code, r.stdout + r.stderr).toBe(1);
      expect(r.stdout + r.stderr).toMatch(expected);
      expect(r.stderr).not.toMatch(/at .*\.ts:\d+/);
      expect(proxy.forwarded).toEqual([]);
    };
    // A view name twice (a view name is unique within an account).
    await refused('views:\n  office: []\n  office: [corp.internal]\n', /account\.yaml:6:\d+: YAML syntax error: duplicated mapping key/);
    // A public zone of this repository.
    await refused(
      'views:\n  office:\n    - corp.internal\n    - example.com\n',
      /account\.yaml:7:\d+ views\.office\[1\]: view "office": example\.com is a public zone .*cannot contain public DNS zones/,
    );
    // The same zone twice.
    await refused(
      'views:\n  office: [lab.internal, lab.internal]\n',
      /account\.yaml:5:\d+ views\.office\[1\]: view "office" names zone lab\.internal twice/,
    );
    // Two internal zones of one name in one view (each file pins its zone).
    const a = 'a'.repeat(32);
    const b = 'b'.repeat(32);
    rmSync(join(zones, 'corp.yaml'));
    internalZone('corp-a.yaml', 'corp.internal', `zone_id: ${a}\n`);
    internalZone('corp-b.yaml', 'corp.internal', `zone_id: ${b}\n`);
    await refused(
      `views:\n  office:\n    - { zone_id: ${a} }\n    - { zone_id: ${b} }\n`,
      /account\.yaml:7:\d+ views\.office\[1\]\.zone_id: view "office": .* both internal zones named corp\.internal; two internal zones with the same name cannot be linked to the same view/,
    );
    // A name several internal zone files describe: which one is meant?
    await refused(
      'views:\n  office: [corp.internal]\n',
      /account\.yaml:5:\d+ views\.office\[0\]: view "office": 2 internal zone files name corp\.internal .*\{ zone_id: \.\.\. \}/,
    );
  }, 180_000);

  it('refuses at plan a zone id the account holds as a public zone, before any write', async () => {
    // Only the account file: a zone file would have apply take its zone's lock (a record of zonectl's) before planning.
    for (const f of ['corp-a.yaml', 'corp-b.yaml', 'lab.yaml']) rmSync(join(zones, f), { force: true });
    rmSync(join(zones, 'example.yaml'));
    account(`views:\n  office:\n    - { zone_id: ${h.zoneId} }\n`);
    expect((await cli(['validate', zones])).code).toBe(0);
    proxy.forwarded.length = 0;
    const r = await cli(['apply', zones, '--yes']);
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toMatch(
      /DNS_VIEW.*account\.yaml:6 views\.office\[0\]\.zone_id: view "office": zone example\.com .* is a public zone/,
    );
    expect(
      proxy.forwarded.filter((q) => !q.startsWith('GET ')),
      r.stdout + r.stderr,
    ).toEqual([]);
  }, 120_000);
});
