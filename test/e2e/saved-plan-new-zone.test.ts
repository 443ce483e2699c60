/**
 * Issue 33 item 2: a saved plan holds a zone to create. `plan --out` of a zone file whose zone
 * does not exist yet saves the zone's name, account and records (format_version 3); `apply --plan`
 * creates the zone and its records when the zone still does not exist, and refuses (nothing
 * written) when it exists now, when the plan was edited, or when its files changed. A plan that
 * cannot be saved fails the command (PLAN_NOT_SAVED), with what to do.
 */
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'savednew-token-0123456789abcdef01234567';

describe('a saved plan that creates a zone', () => {
  let emu: RunningEmulator;
  let dir: string;
  let env: Record<string, string>;
  const zoneFile = (zone: string, extra = ''): string => {
    mkdirSync(join(dir, 'zones'), { recursive: true });
    const file = `zones/${zone}.yaml`;
    writeFileSync(
      join(dir, file),
      `version: 1\nzone: ${zone}\naccount_id: ${emu.accountId}\nrecords:\n  - { name: www, type: A, content: 192.0.2.10 }\n  - { name: "@", type: TXT, content: "v=spf1 -all" }\n${extra}`,
    );
    return file;
  };
  const zonesNamed = async (zone: string): Promise<Array<{ id: string }>> =>
    (
      (await (await fetch(`${emu.baseUrl}/zones?name=${zone}`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as {
        result: Array<{ id: string }>;
      }
    ).result;
  const recordsOf = async (id: string): Promise<Array<{ type: string; name: string }>> =>
    (
      (await (await fetch(`${emu.baseUrl}/zones/${id}/dns_records`, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as {
        result: Array<{ type: string; name: string }>;
      }
    ).result;
  const cli = (args: string[]) => runCli(args, env, dir);

  beforeAll(async () => {
    emu = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN });
    dir = tempDir('saved-new');
    mkdirSync(join(dir, '.git'));
    env = { CLOUDFLARE_BASE_URL: emu.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await emu.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('plan --out saves the creation; apply --plan --expect-digest creates the zone and its records; a second plan is empty', async () => {
    const file = zoneFile('new-one.dev', 'settings: { ns_ttl: 3600 }\n');
    const plan = await cli(['plan', file, '--out', 'plan.json', '--detailed-exitcode']);
    expect(plan.code, plan.stderr).toBe(2);
    const digest = /--expect-digest (sha256:[0-9a-f]{64})/.exec(plan.stderr)?.[1];
    expect(digest, plan.stderr).toBeDefined();
    const saved = JSON.parse(readFileSync(join(dir, 'plan.json'), 'utf8')) as {
      format_version: number;
      zones: Array<{ plan: { zoneId: string; newZone: unknown; operations: Array<{ kind: string; action: string }> } }>;
    };
    expect(saved.format_version).toBe(3);
    expect(saved.zones[0]!.plan.zoneId).toBe('(new)');
    expect(saved.zones[0]!.plan.newZone).toEqual({ accountId: emu.accountId, type: 'full' });
    expect(saved.zones[0]!.plan.operations.map((o) => `${o.kind} ${o.action}`)).toEqual(['dns_record create', 'dns_record create']);
    expect(await zonesNamed('new-one.dev')).toEqual([]);

    const applied = await cli(['apply', '--plan', 'plan.json', '--expect-digest', digest!, '--yes']);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toMatch(/^new-one\.dev: zone created \(id [0-9a-f]{32}, pending\)/m);
    const [zone] = await zonesNamed('new-one.dev');
    expect((await recordsOf(zone!.id)).map((r) => `${r.name} ${r.type}`).sort()).toEqual(['new-one.dev TXT', 'www.new-one.dev A']);
    const again = await cli(['plan', file, '--detailed-exitcode']);
    expect(again.code, again.stdout + again.stderr).toBe(0);
  });

  it('the zone exists by apply time: the saved plan is stale, refused, nothing written', async () => {
    const file = zoneFile('raced.dev');
    const plan = await cli(['plan', file, '--out', 'raced.json']);
    expect(plan.code, plan.stderr).toBe(0);
    // Someone (another run, the dashboard) creates the zone before the apply.
    const created = await fetch(`${emu.baseUrl}/zones`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'raced.dev', account: { id: emu.accountId }, type: 'full' }),
    });
    expect(created.ok).toBe(true);
    const applied = await cli(['apply', '--plan', 'raced.json', '--yes']);
    expect(applied.code).toBe(1);
    expect(applied.stderr).toMatch(
      /error\[STALE_PLAN\]: raced\.dev: the saved plan creates this zone, but it exists now \(id [0-9a-f]{32}\): the plan is stale; run plan again/,
    );
    const [zone] = await zonesNamed('raced.dev');
    expect(await recordsOf(zone!.id)).toEqual([]);
    expect(await zonesNamed('raced.dev')).toHaveLength(1);
  });

  it('an edited or changed plan is refused before the zone is created', async () => {
    const file = zoneFile('edited.dev');
    expect((await cli(['plan', file, '--out', 'edited.json'])).code).toBe(0);
    const text = readFileSync(join(dir, 'edited.json'), 'utf8');
    type Saved = { zones: Array<{ config: { accountId?: string }; plan: { newZone: { accountId: string }; operations: unknown[] } }> };
    // Another account to create it in: a plan made now from the file says otherwise.
    const moved = JSON.parse(text) as Saved;
    moved.zones[0]!.plan.newZone.accountId = 'f'.repeat(32);
    writeFileSync(join(dir, 'other-account.json'), JSON.stringify(moved));
    const other = await cli(['apply', '--plan', 'other-account.json', '--yes']);
    expect(other.code).toBe(1);
    expect(other.stderr).toMatch(/error\[STALE_PLAN\]: edited\.dev: the saved plan is stale: .*the account or type of the zone to create/);
    // ... and in its configuration too: not what the zone file produces.
    moved.zones[0]!.config.accountId = 'f'.repeat(32);
    writeFileSync(join(dir, 'other-account.json'), JSON.stringify(moved));
    expect((await cli(['apply', '--plan', 'other-account.json', '--yes'])).stderr).toMatch(
      /error\[PLAN_FILE_MISMATCH\]: other-account\.json: the plan's configuration of zone edited\.dev is not what zones\/edited\.dev\.yaml produces/,
    );
    // A delete smuggled into a zone to create.
    const plan = JSON.parse(text) as Saved;
    plan.zones[0]!.plan.operations.push({
      kind: 'dns_record',
      action: 'delete',
      method: 'DELETE',
      path: `/zones/(new)/dns_records/${'a'.repeat(32)}`,
      zoneId: '(new)',
      recordId: 'a'.repeat(32),
      before: {},
      fields: [],
      phase: 0,
    });
    writeFileSync(join(dir, 'smuggled.json'), JSON.stringify(plan));
    const smuggled = await cli(['apply', '--plan', 'smuggled.json', '--yes']);
    expect(smuggled.stderr).toMatch(/error\[PLAN_FILE_INVALID\]: smuggled\.json: zones\[0\]: a zone to create carries only record creates/);
    // The same creation in a format 2 file (what a zonectl without zone creations would write) is not one.
    writeFileSync(join(dir, 'v2.json'), text.replace('"format_version": 3', '"format_version": 2'));
    expect((await cli(['apply', '--plan', 'v2.json', '--yes'])).stderr).toMatch(
      /error\[PLAN_FILE_INVALID\]: v2\.json: zones\[0\]: a zone to create in a plan of format_version 2/,
    );
    writeFileSync(join(dir, 'v4.json'), text.replace('"format_version": 3', '"format_version": 4'));
    expect((await cli(['apply', '--plan', 'v4.json', '--yes'])).stderr).toMatch(
      /error\[PLAN_FILE_VERSION\]: v4\.json: plan format_version 4 is not supported \(this zonectl reads 1, 2 and 3\)/,
    );
    // The zone file changed since the plan: refused by its hash.
    zoneFile('edited.dev', '  - { name: mail, type: A, content: 192.0.2.99 }\n');
    const changed = await cli(['apply', '--plan', 'edited.json', '--yes']);
    expect(changed.stderr).toMatch(/error\[PLAN_FILE_MISMATCH\]: edited\.json: zones\/edited\.dev\.yaml changed since the plan was made/);
    expect(await zonesNamed('edited.dev')).toEqual([]);
  });

  it('plan --out that cannot save fails with what to do: a zone to create whose file manages tokens', async () => {
    const file = zoneFile('tokens.dev', 'manage: { tokens: delete, tokens_prefix: dns- }\n');
    const plan = await cli(['plan', file, '--out', 'tokens.json']);
    expect(plan.code).toBe(1);
    expect(plan.stderr).toContain(
      `error[PLAN_NOT_SAVED]: no plan saved to tokens.json: tokens.dev does not exist yet and ${file} manages API tokens, which are planned only once the zone exists: create it with \`zonectl apply ${file}\``,
    );
  });
});
