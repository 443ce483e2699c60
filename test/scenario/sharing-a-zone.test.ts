/**
 * Sharing a zone (issue 41), through the real CLI against the emulator, each way in its own
 * zone: external-dns's registry (`manage.external_dns`), the presets of `manage.ignore`, zonectl's
 * ownership marker (`manage.unmanaged: owned`, on a Free zone: in the comment), team scopes
 * (zonectl.yaml `owners:`, `zonectl codeowners`), and what every report says of the records left
 * alone. Other writers' records are created through the raw API (as they would be) and checked
 * through it; every apply is followed by a plan that must be empty (`--detailed-exitcode` 0).
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCliInProcess as runCli } from '../support/run-cli-in-process.js';
import { tempDir } from '../support/temp-dir.js';
import { listRecords, startHarness, summarize, TOKEN, type Harness, type ListedRecord } from './harness.js';

const ZONES = ['edns.example', 'presets.example', 'owned.example', 'teams.example', 'report.example'];

interface LeftAloneJson {
  count: number;
  by_reason: Record<string, number>;
  records: Array<{ name: string; type: string; why: string; reason: { kind: string } }>;
}
interface PlanJson {
  summary: Record<string, number>;
  zones: Array<{
    zone: string;
    summary: Record<string, number>;
    left_alone: LeftAloneJson;
    changes: Array<{ action: string; mark?: boolean }>;
  }>;
}

describe('sharing a zone, through the CLI', () => {
  let h: Harness;
  let root: string;
  let env: Record<string, string>;
  const zoneIds = new Map<string, string>();
  const write = (name: string, text: string): string => {
    mkdirSync(dirname(join(root, name)), { recursive: true });
    writeFileSync(join(root, name), text);
    return name;
  };
  const cli = (...args: string[]) => runCli(args, env, root);
  /** Another writer's call through the raw API. */
  const foreign = async (zone: string, record: Record<string, unknown>): Promise<ListedRecord> => {
    const res = await fetch(`${h.emulator.baseUrl}/zones/${zoneIds.get(zone)}/dns_records`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ ttl: 1, ...record }),
    });
    const doc = (await res.json()) as { success: boolean; result: ListedRecord; errors: unknown };
    expect(doc.success, JSON.stringify(doc.errors)).toBe(true);
    return doc.result;
  };
  const records = async (zone: string): Promise<ListedRecord[]> => listRecords({ ...h, zoneId: zoneIds.get(zone)! });
  const applyThenEmpty = async (file: string): Promise<void> => {
    const apply = await cli('apply', file, '--yes');
    expect(apply.code, apply.stderr + apply.stdout).toBe(0);
    const again = await cli('plan', file, '--detailed-exitcode');
    expect(again.code, again.stdout + again.stderr).toBe(0);
  };
  const planJson = async (file: string): Promise<PlanJson> => {
    const r = await cli('plan', file, '--format', 'json');
    expect(r.code, r.stderr).toBe(0);
    return JSON.parse(r.stdout) as PlanJson;
  };
  const why = (doc: PlanJson): string[] => doc.zones[0]!.left_alone.records.map((r) => `${r.name} ${r.type}: ${r.why}`).sort();

  beforeAll(async () => {
    h = await startHarness({ zones: ZONES });
    for (const [i, z] of ZONES.entries()) zoneIds.set(z, h.emulator.zones[i]!.id);
    root = tempDir('sharing');
    mkdirSync(join(root, '.git'));
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await h.close();
  });

  it('1. external-dns: its records and registry records are left alone whatever unmanaged says; a file that lists one is refused, naming both', async () => {
    await foreign('edns.example', { type: 'A', name: 'app.edns.example', content: '192.0.2.50' });
    await foreign('edns.example', {
      type: 'TXT',
      name: 'a-app.edns.example',
      content: '"heritage=external-dns,external-dns/owner=k8s,external-dns/resource=ingress/default/app"',
    });
    // Another cluster's records: not this owner's, so they are the file's to delete.
    await foreign('edns.example', { type: 'A', name: 'other.edns.example', content: '192.0.2.60' });
    await foreign('edns.example', {
      type: 'TXT',
      name: 'a-other.edns.example',
      content: '"heritage=external-dns,external-dns/owner=staging"',
    });
    const before = (await records('edns.example')).filter((r) => r.name.startsWith('app.') || r.name.startsWith('a-app.'));
    const file = write(
      'zones/edns.example.yaml',
      'version: 1\nzone: edns.example\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\nmanage:\n  unmanaged: delete\n  max_delete_percent: 100\n  external_dns: { owner: k8s }\n',
    );
    const doc = await planJson(file);
    expect(why(doc)).toEqual([
      "a-app.edns.example TXT: external-dns's registry record (owner k8s)",
      'app.edns.example A: owned by external-dns (owner k8s; registry record a-app.edns.example)',
    ]);
    expect(doc.zones[0]!.summary).toMatchObject({ create: 1, delete: 2 });
    await applyThenEmpty(file);
    const after = await records('edns.example');
    expect(after.filter((r) => r.name.startsWith('app.') || r.name.startsWith('a-app.'))).toEqual(before);
    expect(summarize(after)).toEqual([
      'a-app.edns.example TXT "heritage=external-dns,external-dns/owner=k8s,external-dns/resource=ingress/default/app" ttl=1',
      'app.edns.example A 192.0.2.50 ttl=1',
      'www.edns.example A 192.0.2.1 ttl=1',
    ]);
    // The file lists external-dns's record: refused before any write, naming the file's line and the registry record.
    write(
      'zones/edns.example.yaml',
      'version: 1\nzone: edns.example\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n  - { name: app, type: A, content: 192.0.2.99 }\nmanage:\n  external_dns: { owner: k8s }\n',
    );
    const refused = await cli('plan', file);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('error[OWNERSHIP_CONFLICT]');
    expect(refused.stderr).toContain(
      'zones/edns.example.yaml:5 records[1] app.edns.example A is owned by external-dns (owner k8s; registry record a-app.edns.example TXT)',
    );
    // A registry record written in the file: validate refuses it at its line.
    write(
      'zones/edns-bad.yaml',
      'version: 1\nzone: edns.example\nrecords:\n  - { name: a-x, type: TXT, content: "heritage=external-dns,external-dns/owner=k8s" }\nmanage:\n  external_dns: {}\n',
    );
    const bad = await cli('validate', 'zones/edns-bad.yaml');
    expect(bad.code).toBe(1);
    expect(bad.stdout + bad.stderr).toMatch(
      /zones\/edns-bad\.yaml:4:\d+ records\[0\]\.content: this TXT record is one of external-dns's registry records/,
    );
  });

  it('2. presets: acme-challenge and the records the service creates for its products are left alone, each named by its rule', async () => {
    await foreign('presets.example', { type: 'TXT', name: '_acme-challenge.presets.example', content: 'token-1' });
    await foreign('presets.example', { type: 'TXT', name: '_acme-challenge.shop.presets.example', content: 'token-2' });
    await foreign('presets.example', {
      type: 'CNAME',
      name: 'tunnel.presets.example',
      content: '7f1c6b5e-1d5b-4b9e-9f5d-0c4e5a6b7c8d.cfargotunnel.com',
    });
    await foreign('presets.example', { type: 'A', name: 'stale.presets.example', content: '192.0.2.70' });
    const file = write(
      'zones/presets.example.yaml',
      'version: 1\nzone: presets.example\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\nmanage:\n  max_delete_percent: 100\n  ignore:\n    - preset: acme-challenge\n    - preset: cloudflare-products\n',
    );
    const doc = await planJson(file);
    expect(why(doc)).toEqual([
      '_acme-challenge.presets.example TXT: ignored by manage.ignore[0] (preset acme-challenge)',
      '_acme-challenge.shop.presets.example TXT: ignored by manage.ignore[0] (preset acme-challenge)',
      'tunnel.presets.example CNAME: ignored by manage.ignore[1] (preset cloudflare-products)',
    ]);
    await applyThenEmpty(file);
    expect(summarize(await records('presets.example'))).toEqual([
      '_acme-challenge.presets.example TXT token-1 ttl=1',
      '_acme-challenge.shop.presets.example TXT token-2 ttl=1',
      'tunnel.presets.example CNAME 7f1c6b5e-1d5b-4b9e-9f5d-0c4e5a6b7c8d.cfargotunnel.com ttl=1',
      'www.presets.example A 192.0.2.1 ttl=1',
    ]);
    // An unknown preset is a schema error at its line.
    write('zones/presets-bad.yaml', 'version: 1\nzone: presets.example\nrecords: []\nmanage:\n  ignore:\n    - preset: certbot\n');
    const bad = await cli('validate', 'zones/presets-bad.yaml');
    expect(bad.code).toBe(1);
    expect(bad.stdout + bad.stderr).toMatch(/zones\/presets-bad\.yaml:6:\d+ manage\.ignore\[0\]\.preset/);
  });

  it("3. the marker: adopting a zone marks its records in one apply (a saved plan); zonectl then deletes only what it marked; the user's comment compares equal", async () => {
    await foreign('owned.example', { type: 'A', name: 'www.owned.example', content: '192.0.2.1', comment: 'web origin' });
    await foreign('owned.example', { type: 'MX', name: 'owned.example', content: 'mx.example.net', priority: 10 });
    const theirs = await foreign('owned.example', {
      type: 'A',
      name: 'dashboard.owned.example',
      content: '192.0.2.80',
      comment: 'made by hand',
    });
    const file = write(
      'zones/owned.example.yaml',
      'version: 1\nzone: owned.example\nrecords:\n  - { name: www, type: A, content: 192.0.2.1, comment: web origin }\n  - { name: "@", type: MX, content: mx.example.net, priority: 10 }\n  - { name: api, type: A, content: 192.0.2.2 }\nmanage:\n  unmanaged: owned\n',
    );
    const text = await cli('plan', file);
    expect(text.code, text.stderr).toBe(0);
    expect(text.stdout).toContain("Plan: 1 to create, 0 to update, 0 to delete, 2 to mark as zonectl's, 0 unchanged.");
    expect(text.stdout).toContain(
      "2 record(s) of the file to mark as zonectl's (manage.unmanaged: owned): 1 batch call(s) of at most 200 records",
    );
    expect(text.stdout).toContain("dashboard.owned.example A 192.0.2.80: not marked as zonectl's (manage.unmanaged: owned)");
    const saved = await cli('plan', file, '--out', 'owned.plan.json');
    expect(saved.code, saved.stderr).toBe(0);
    const apply = await cli('apply', '--plan', 'owned.plan.json', '--yes');
    expect(apply.code, apply.stderr + apply.stdout).toBe(0);
    const again = await cli('plan', file, '--detailed-exitcode');
    expect(again.code, again.stdout).toBe(0);
    let live = await records('owned.example');
    const comments = Object.fromEntries(live.map((r) => [`${r.name} ${r.type}`, r.comment]));
    expect(comments).toEqual({
      'www.owned.example A': 'web origin [zonectl]',
      'owned.example MX': '[zonectl]',
      'api.owned.example A': '[zonectl]',
      'dashboard.owned.example A': 'made by hand',
    });
    // Drift sees no marker: in sync.
    const drift = await cli('drift', file);
    expect(drift.code, drift.stdout).toBe(0);
    expect(drift.stdout).not.toContain('[zonectl]');
    // Records leave the file: the marked ones are deleted, the unmarked one stays as it was.
    write(
      'zones/owned.example.yaml',
      'version: 1\nzone: owned.example\nrecords:\n  - { name: www, type: A, content: 192.0.2.1, comment: web origin }\nmanage:\n  unmanaged: owned\n  max_delete_percent: 100\n',
    );
    await applyThenEmpty(file);
    live = await records('owned.example');
    expect(live.map((r) => `${r.name} ${r.type} ${r.comment}`).sort()).toEqual([
      'dashboard.owned.example A made by hand',
      'www.owned.example A web origin [zonectl]',
    ]);
    expect(live.find((r) => r.id === theirs.id)).toEqual(theirs);
    // A comment that leaves no room for the marker on Free: refused before any write, naming the record.
    write(
      'zones/owned.example.yaml',
      `version: 1\nzone: owned.example\nrecords:\n  - { name: www, type: A, content: 192.0.2.1, comment: "${'x'.repeat(95)}" }\nmanage:\n  unmanaged: owned\n`,
    );
    const tooLong = await cli('plan', file);
    expect(tooLong.code).toBe(1);
    expect(tooLong.stderr).toContain('error[ZONE_PLAN_LIMIT]');
    expect(tooLong.stderr).toContain("a comment of 95 characters leaves no room for zonectl's ownership marker");
  });

  it("4. team scopes: validate refuses a record outside its file's scope; a plan leaves another team's names alone; codeowners follows the files", async () => {
    write(
      'zonectl.yaml',
      'version: 1\nowners:\n  web:\n    zones: { teams.example: [www, "@", "static*"] }\n    files: ["zones/teams.example.yaml"]\n    codeowners: ["@acme/web"]\n  payments:\n    zones: { teams.example: [pay, "*.pay"] }\n    files: ["payments/**"]\n    codeowners: ["@acme/payments"]\n',
    );
    await foreign('teams.example', { type: 'A', name: 'pay.teams.example', content: '192.0.2.90' });
    await foreign('teams.example', { type: 'A', name: 'api.pay.teams.example', content: '192.0.2.91' });
    const file = write(
      'zones/teams.example.yaml',
      'version: 1\nzone: teams.example\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n  - { name: api, type: A, content: 192.0.2.2 }\n',
    );
    const refused = await cli('validate', file);
    expect(refused.code).toBe(1);
    expect(refused.stdout + refused.stderr).toContain(
      "zones/teams.example.yaml:5:13 records[1].name: api is outside the scope of team web in teams.example (www, @, static* in zonectl.yaml): it is in no team's scope",
    );
    write('zones/teams.example.yaml', 'version: 1\nzone: teams.example\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n');
    const doc = await planJson(file);
    expect(why(doc)).toEqual([
      "api.pay.teams.example A: another team's scope (payments)",
      "pay.teams.example A: another team's scope (payments)",
    ]);
    await applyThenEmpty(file);
    expect(summarize(await records('teams.example'))).toEqual([
      'api.pay.teams.example A 192.0.2.91 ttl=1',
      'pay.teams.example A 192.0.2.90 ttl=1',
      'www.teams.example A 192.0.2.1 ttl=1',
    ]);
    write('payments/teams.example.yaml', 'version: 1\nrecords:\n  - { name: pay, type: A, content: 192.0.2.90 }\n');
    const owners = await cli('codeowners', 'zones', 'payments');
    expect(owners.code, owners.stderr).toBe(0);
    expect(owners.stdout.split('\n').filter((l) => l.startsWith('/'))).toEqual([
      '/payments/teams.example.yaml @acme/payments',
      '/zones/teams.example.yaml @acme/web',
    ]);
    writeFileSync(join(root, 'CODEOWNERS'), `* @acme/platform\n${owners.stdout}`);
    expect((await cli('codeowners', 'zones', 'payments', '--check', 'CODEOWNERS')).code).toBe(0);
    writeFileSync(join(root, 'CODEOWNERS'), '* @acme/platform\n/zones/teams.example.yaml @acme/web\n');
    const check = await cli('codeowners', 'zones', 'payments', '--check', 'CODEOWNERS');
    expect(check.code).toBe(1);
    expect(check.stderr).toContain('/payments/teams.example.yaml @acme/payments');
  });

  it('5. every report says, for each record left alone, why, counted: plan and drift in text, markdown (the PR comment), JSON, HTML, JUnit, Slack', async () => {
    await foreign('report.example', { type: 'TXT', name: '_acme-challenge.report.example', content: 'token' });
    await foreign('report.example', { type: 'A', name: 'svc.report.example', content: '192.0.2.30' });
    await foreign('report.example', {
      type: 'TXT',
      name: 'a-svc.report.example',
      content: '"heritage=external-dns,external-dns/owner=default"',
    });
    await foreign('report.example', { type: 'A', name: 'kept.report.example', content: '192.0.2.31' });
    const file = write(
      'zones/report.example.yaml',
      'version: 1\nzone: report.example\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\nmanage:\n  unmanaged: keep\n  ignore:\n    - preset: acme-challenge\n    - preset: external-dns\n',
    );
    const doc = await planJson(file);
    expect(doc.zones[0]!.left_alone.count).toBe(4);
    expect(doc.zones[0]!.left_alone.by_reason).toMatchObject({ ignored: 1, 'external-dns': 2, unmanaged: 1 });
    expect(doc.summary.left_alone).toBe(4);
    await applyThenEmpty(file);
    const heading = 'left alone: 4 records (1 ignored by manage.ignore, 2 owned by external-dns, 1 not in the file (kept))';
    const reasons = [
      'ignored by manage.ignore[0] (preset acme-challenge)',
      'owned by external-dns (owner default; registry record a-svc.report.example)',
      'not in the file (manage.unmanaged: keep)',
    ];
    // One run of each command: text on stdout, every other format written by --report.
    for (const command of ['plan', 'drift']) {
      const out = (format: string): string => join(root, `${command}.${format}`);
      const formats = ['markdown', 'json', 'html', 'junit', 'slack'];
      const run = await cli(command, file, ...formats.flatMap((f) => ['--report', `${f}=${out(f)}`]));
      expect(run.code, run.stderr).toBe(0);
      const read = (format: string): string => readFileSync(out(format), 'utf8');
      expect(run.stdout, command).toContain(heading);
      for (const r of reasons) expect(run.stdout, command).toContain(r);
      expect(read('markdown'), command).toContain('Left alone: 4 records');
      for (const r of reasons) expect(read('markdown'), command).toContain(r);
      const json = JSON.parse(read('json')) as PlanJson;
      expect(json.zones[0]!.left_alone.count, command).toBe(4);
      expect(json.zones[0]!.left_alone.records.map((r) => r.why).sort(), command).toEqual(
        [
          reasons[0],
          reasons[1],
          reasons[1].replace(
            /^owned by external-dns \(owner default; registry record a-svc\.report\.example\)$/,
            "external-dns's registry record (owner default)",
          ),
          reasons[2],
        ].sort(),
      );
      expect(read('html'), command).toContain('id="left-alone"');
      for (const r of reasons) expect(read('html'), command).toContain(r.replace(/'/g, '&#39;'));
      expect(read('junit'), command).toContain('<property name="zonectl.left-alone" value="4"/>');
      expect(read('junit'), command).toContain(`report.example: ${heading}`);
      expect(JSON.stringify(JSON.parse(read('slack'))), command).toContain(
        'Left alone: *4* records (1 ignored by manage.ignore, 2 owned by external-dns, 1 not in the file (kept))',
      );
    }
  });
});
