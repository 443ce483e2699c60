/**
 * Who changed it (issue 42, item 3), end to end through the real CLI: the emulator logs every
 * write in its account audit log (Audit Logs v2); `zonectl drift` reads the log of each drifted
 * zone and joins each item with the entry that made it (by record id, by the name and type the
 * log shows for a removed record, by the zone's DNS settings), in every format. A credential
 * without Account Settings Read, or a change older than the window read (the last 30 days), is
 * said once, and the report goes on.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli, type CliResult } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'drift-audit-token-0123456789abcdef';
const ZONE = 'who.example';
const DNS_READ = '82e64a83756745bbbb1c9c2701bf816b';
const DNS_WRITE = '4755a26eedb94da69e1066d98aa820be';
const ZONE_READ = 'c8fed203ed3043cba015a93ad1616f1f';
const DAY = 86_400_000;

interface Item {
  name: string;
  type: string;
  field: string;
  happened: string;
  who?: { actor: string; interface: string; context: string; token_name?: string; time: string; action: string; log_id: string };
}
interface Report {
  audit_log?: { days: number; zones_read: number; joined: number; not_found: number; notes: string[] };
  zones: Array<{ items: Item[] }>;
}

describe('drift: who changed it, from the account’s audit log', () => {
  let emu: RunningEmulator;
  let dir: string;
  /** The emulator's clock runs this far from now (a change made "40 days ago"). */
  let shift = 0;
  const cli = (args: string[], token = TOKEN): Promise<CliResult> =>
    runCli(args, { CLOUDFLARE_BASE_URL: emu.baseUrl, CLOUDFLARE_API_TOKEN: token }, dir);
  const api = async (token: string, method: string, path: string, body?: unknown): Promise<{ success: boolean; result: unknown }> => {
    const res = await fetch(`${emu.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    return (await res.json()) as { success: boolean; result: unknown };
  };
  /** A token of the seeded user on the account's zones; `audit`: with Account Settings Read too. */
  const token = async (name: string, groups: string[], audit: boolean): Promise<string> => {
    const zones = { [`com.cloudflare.api.account.${emu.accountId}`]: { 'com.cloudflare.api.account.zone.*': '*' } };
    const policies = [
      { effect: 'allow', permission_groups: groups.map((id) => ({ id })), resources: zones },
      ...(audit
        ? [
            {
              effect: 'allow',
              permission_groups: [{ id: 'c1fde68c7bcc44588cbb6ddbc16d6480' }],
              resources: { [`com.cloudflare.api.account.${emu.accountId}`]: '*' },
            },
          ]
        : []),
    ];
    const r = await api(TOKEN, 'POST', '/user/tokens', { name, policies });
    expect(r.success, JSON.stringify(r)).toBe(true);
    return (r.result as { value: string }).value;
  };

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, zones: [ZONE], token: TOKEN, now: () => new Date(Date.now() + shift) });
    dir = tempDir('drift-audit');
    writeFileSync(
      join(dir, 'zone.yaml'),
      `version: 1\nzone: ${ZONE}\nsettings:\n  ns_ttl: 86400\nrecords:\n  - { name: www, type: A, content: 192.0.2.10 }\n  - { name: api, type: A, content: 192.0.2.20 }\n  - { name: old, type: A, content: 192.0.2.30 }\n`,
    );
    const applied = await cli(['apply', 'zone.yaml', '--yes']);
    expect(applied.code, applied.stderr).toBe(0);

    // At the service, with another token of the same user: a laptop's script.
    const laptop = await token('ops-laptop', [DNS_WRITE, ZONE_READ], false);
    const zoneId = emu.zones[0]!.id;
    const records = (await api(TOKEN, 'GET', `/zones/${zoneId}/dns_records`)).result as Array<{ id: string; name: string }>;
    const idOf = (name: string): string => records.find((r) => r.name === `${name}.${ZONE}`)!.id;
    const must = async (call: Promise<{ success: boolean }>): Promise<void> => expect((await call).success).toBe(true);
    await must(api(laptop, 'PATCH', `/zones/${zoneId}/dns_records/${idOf('www')}`, { content: '192.0.2.99' }));
    await must(api(laptop, 'DELETE', `/zones/${zoneId}/dns_records/${idOf('api')}`));
    await must(api(laptop, 'POST', `/zones/${zoneId}/dns_records`, { type: 'TXT', name: `promo.${ZONE}`, content: 'promo', ttl: 1 }));
    await must(api(laptop, 'PATCH', `/zones/${zoneId}/dns_settings`, { ns_ttl: 7200 }));
    // A change made 40 days ago: beyond the 30 days drift reads.
    shift = -40 * DAY;
    await must(api(laptop, 'PATCH', `/zones/${zoneId}/dns_records/${idOf('old')}`, { content: '192.0.2.31' }));
    shift = 0;
  }, 120_000);
  afterAll(async () => {
    await emu?.close();
  });

  const items = (r: CliResult): Item[] => (JSON.parse(r.stdout) as Report).zones[0]!.items;
  const byName = (list: Item[], name: string, field = 'record'): Item =>
    list.find((i) => i.name === `${name}.${ZONE}` && (field === 'record' || i.field === field)) ?? list.find((i) => i.name === name)!;

  it('joins each item with the entry that made it: actor, interface, time; beyond the window, said once', async () => {
    const r = await cli(['drift', 'zone.yaml', '--format', 'json']);
    expect(r.code, r.stderr).toBe(2);
    const report = JSON.parse(r.stdout) as Report;
    const list = items(r);
    const www = byName(list, 'www', 'value');
    expect(www.who).toMatchObject({ actor: emu.email, interface: 'API', context: 'api_token', token_name: 'ops-laptop', action: 'update' });
    expect(Date.now() - Date.parse(www.who!.time)).toBeLessThan(DAY);
    expect(byName(list, 'api').who).toMatchObject({ actor: emu.email, token_name: 'ops-laptop', action: 'delete' }); // removed: by the name the log showed for its id
    expect(byName(list, 'promo').who).toMatchObject({ token_name: 'ops-laptop', action: 'create' });
    expect(list.find((i) => i.type === 'dns_settings')!.who).toMatchObject({ token_name: 'ops-laptop', action: 'update' });
    // The change of 40 days ago: no entry in the window read.
    expect(byName(list, 'old', 'value').who).toBeUndefined();
    expect(report.audit_log).toEqual({
      days: 30,
      zones_read: 1,
      joined: 4,
      not_found: 1,
      notes: [
        '1 drift item has no entry in the audit log of the last 30 days: changed before that, or by something the log does not record',
      ],
    });
  }, 60_000);

  it('shows who in every format', async () => {
    const by = `by ${emu.email} via the API (token "ops-laptop"), `;
    const text = await cli(['drift', 'zone.yaml']);
    expect(text.stdout).toMatch(
      new RegExp(
        `  www\\.who\\.example A value changed at the service: live 192\\.0\\.2\\.99, file 192\\.0\\.2\\.10\\n {6}${by.replace(/[.()]/g, '\\$&')}\\S+ \\(update\\)\\n`,
      ),
    );
    expect(text.stdout.match(/^note: audit log: 1 drift item has no entry in the audit log of the last 30 days/gm)).toHaveLength(1);
    const md = await cli(['drift', 'zone.yaml', '--format', 'markdown']);
    expect(md.stdout).toContain(
      `\`www.who.example A value changed at the service: live 192.0.2.99, file 192.0.2.10\` ${by.replace('by ', 'by `')}`,
    );
    expect(md.stdout.match(/> audit log: 1 drift item has no entry/g)).toHaveLength(1);
    const html = await cli(['drift', 'zone.yaml', '--format', 'html']);
    expect(html.stdout).toContain(`<td class="who">${emu.email} via the API (token &quot;ops-laptop&quot;), `);
    expect(html.stdout).toContain('<p class="audit-note">Audit log: 1 drift item has no entry in the audit log of the last 30 days');
    const junit = await cli(['drift', 'zone.yaml', '--format', 'junit']);
    expect(junit.stdout).toContain(`&#10;    by ${emu.email} via the API (token &quot;ops-laptop&quot;), `);
    expect(junit.stdout).toContain('<property name="zonectl.audit-log-joined" value="4"/>');
    const slack = await cli(['drift', 'zone.yaml', '--format', 'slack']);
    expect(slack.stdout).toContain(`· by ${emu.email} via the API (token \\"ops-laptop\\"), `);
  }, 60_000);

  it('without the permission (Account Settings Read): said once, and the report goes on', async () => {
    const reader = await token('dns-reader', [DNS_READ, ZONE_READ], false);
    const r = await cli(['drift', 'zone.yaml', '--format', 'json'], reader);
    expect(r.code, r.stderr).toBe(2);
    const report = JSON.parse(r.stdout) as Report;
    expect(items(r).filter((i) => i.who !== undefined)).toEqual([]);
    expect(
      items(r)
        .map((i) => i.happened)
        .sort(),
    ).toEqual(['added', 'changed', 'changed', 'changed', 'removed']);
    expect(report.audit_log?.zones_read).toBe(0);
    expect(report.audit_log?.notes).toHaveLength(1);
    expect(report.audit_log?.notes[0]).toMatch(
      /^who made each change is not shown for who\.example: the credential may not read the account's audit log \(.*403.*10000.*\); it needs Account Settings Read$/,
    );
    const text = await cli(['drift', 'zone.yaml'], reader);
    expect(text.code).toBe(2);
    expect(text.stdout.match(/^note: audit log: who made each change is not shown/gm)).toHaveLength(1);
    expect(text.stdout).not.toMatch(/^ {6}by /m);
    expect(text.stderr).not.toContain(reader);
    // With it, the same report names who.
    const withIt = await token('dns-reader-audit', [DNS_READ, ZONE_READ], true);
    expect(items(await cli(['drift', 'zone.yaml', '--format', 'json'], withIt)).filter((i) => i.who !== undefined)).toHaveLength(4);
  }, 60_000);
});
