/**
 * A token that lacks the permission the plan's writes need is told so before any write, with
 * the missing permission group and the token's name; apply refuses and sends no write.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, listRecords, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const DNS_READ = '82e64a83756745bbbb1c9c2701bf816b';
const DNS_WRITE = '4755a26eedb94da69e1066d98aa820be';
const TOKENS_READ = '0cc3a61731504c89b99ec1be78b77aa0';

describe('apply with a token that lacks a permission the plan needs', () => {
  let h: Harness;
  let file: string;
  const admin = async (method: string, path: string, body?: unknown) =>
    (await (
      await fetch(`${h.emulator.baseUrl}${path}`, {
        method,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      })
    ).json()) as { result: Record<string, unknown> };
  const makeToken = async (name: string, zoneGroups: string[], readSelf: boolean): Promise<string> => {
    // The user id, from the resources of the admin token's own policies.
    const self = (await admin('GET', `/user/tokens/${(await admin('GET', '/user/tokens/verify')).result.id as string}`)).result;
    const keys = (self.policies as Array<{ resources: Record<string, unknown> }>).flatMap((p) => Object.keys(p.resources));
    const user = keys.find((k) => k.startsWith('com.cloudflare.api.user.'))!.slice('com.cloudflare.api.user.'.length);
    const policies: unknown[] = [
      {
        effect: 'allow',
        permission_groups: zoneGroups.map((id) => ({ id })),
        resources: { [`com.cloudflare.api.account.zone.${h.zoneId}`]: '*' },
      },
    ];
    if (readSelf)
      policies.push({ effect: 'allow', permission_groups: [{ id: TOKENS_READ }], resources: { [`com.cloudflare.api.user.${user}`]: '*' } });
    return (await admin('POST', '/user/tokens', { name, policies })).result.value as string;
  };

  beforeAll(async () => {
    h = await startHarness();
    const dir = tempDir('perm');
    file = join(dir, 'zone.yaml');
    writeFileSync(
      file,
      `version: 1\nzone: example.com\nzone_id: ${'${ZONECTL_ZONE_ID}'}\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n`,
    );
  });
  afterAll(async () => {
    await h.close();
  });

  const env = (token: string) => ({ CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: token, ZONECTL_ZONE_ID: h.zoneId });

  it('a DNS Read token that can read itself: apply names the missing group and the token, and writes nothing', async () => {
    const token = await makeToken('ci-read-only', [DNS_READ], true);
    const r = await runCli(['apply', file, '--yes'], env(token));
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^zonectl: error\[MISSING_PERMISSION\]: example\.com: the token "ci-read-only" \(id [0-9a-f]{32}, from GET \/user\/tokens\/verify\) lacks the permission group DNS Write \(#dns_records:edit\) on this zone that 1 planned change needs; give the token DNS Write, or use one that has it; nothing was changed$/m,
    );
    expect((await listRecords(h)).some((x) => x.name === 'www.example.com')).toBe(false);
    const dry = await runCli(['apply', file, '--dry-run'], env(token));
    expect(dry.code).toBe(2);
    expect(dry.stderr).toMatch(/^zonectl: warning: example\.com: the token "ci-read-only" .* lacks the permission group DNS Write/m);
  });

  it('plan already says so (a warning; the plan itself is shown and exits as usual)', async () => {
    const token = await makeToken('ci-plan-read-only', [DNS_READ], true);
    const r = await runCli(['plan', file, '--detailed-exitcode'], env(token));
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(
      /^zonectl: warning: example\.com: the token "ci-plan-read-only" .* lacks the permission group DNS Write .*; apply would be refused$/m,
    );
  });

  it('a DNS Write token applies', async () => {
    const token = await makeToken('ci-write', [DNS_WRITE], true);
    const r = await runCli(['apply', file, '--yes'], env(token));
    expect(r.stderr).not.toMatch(/MISSING_PERMISSION|not checked/);
    expect(r.code).toBe(0);
  });

  it('a token that cannot read itself is not guessed about: a note says the check was not made', async () => {
    writeFileSync(
      file,
      `version: 1\nzone: example.com\nzone_id: ${'${ZONECTL_ZONE_ID}'}\nrecords:\n  - { name: www, type: A, content: 192.0.2.2 }\n`,
    );
    const token = await makeToken('ci-blind', [DNS_READ], false);
    const r = await runCli(['apply', file, '--yes'], env(token));
    expect(r.stderr).toMatch(
      /zonectl: note: the token's permissions were not checked before writing: the token cannot read its own permissions \(that needs API Tokens Read\)/,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/403.*; the token lacks a permission this write needs: DNS Write on the zone for records/);
  });
});
