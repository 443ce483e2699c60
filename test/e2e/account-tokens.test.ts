/**
 * Account-owned API tokens as code (issue 43, item 7): `owner: account` in a zone file is created,
 * updated, rolled, reported and deleted under `/accounts/{account_id}/tokens` (the account of
 * zonectl.yaml), never among the user's tokens; its secret is given once, into a 0600 file.
 * Through the real CLI against the emulator.
 */
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

interface Listed {
  id: string;
  name: string;
  expires_on?: string;
}

const zoneFile = (tokens: string, manage = '') => `version: 1
zone: example.com
account: main
records:
  - { name: www, type: A, content: 192.0.2.10 }
${manage}tokens:
${tokens}`;

const ciToken = (expires: string) => `  - name: ci-deploy
    owner: account
    expires_on: ${expires}
    policies:
      - effect: allow
        permission_groups: [{ name: DNS Write }]
        resources: { "com.cloudflare.api.account.zone.{zone_id}": "*" }
`;

describe('tokens with owner: account', () => {
  let h: Harness;
  let dir: string;
  let env: Record<string, string>;
  const cli = (...args: string[]) => runCli(args, env, dir);
  const list = async (path: string): Promise<Listed[]> => {
    const res = await fetch(`${h.emulator.baseUrl}${path}?per_page=50`, { headers: { authorization: `Bearer ${TOKEN}` } });
    return ((await res.json()) as { result: Listed[] }).result;
  };
  const works = async (secret: string): Promise<number> =>
    (await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records`, { headers: { authorization: `Bearer ${secret}` } })).status;

  beforeAll(async () => {
    h = await startHarness();
    dir = tempDir('account-tokens');
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    writeFileSync(
      join(dir, 'zonectl.yaml'),
      `version: 1\naccounts:\n  main:\n    account_id: ${h.emulator.accountId}\n    credentials: { token_env: CLOUDFLARE_API_TOKEN }\n`,
    );
  });
  afterAll(async () => {
    await h.close();
  });

  it("creates it in the zone file's account, its secret once into a 0600 file; a second plan is empty", async () => {
    writeFileSync(join(dir, 'zone.yaml'), zoneFile(ciToken('2099-01-01T00:00:00Z')));
    const plan = await cli('plan', 'zone.yaml');
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toContain(`+ token "ci-deploy" (account ${h.emulator.accountId})`);
    const apply = await cli('apply', 'zone.yaml', '--yes', '--token-output', 'tokens.json');
    expect(apply.code, apply.stderr).toBe(0);
    const secret = (JSON.parse(readFileSync(join(dir, 'tokens.json'), 'utf8')) as Record<string, string>)['ci-deploy']!;
    expect(statSync(join(dir, 'tokens.json')).mode & 0o777).toBe(0o600);
    expect(`${apply.stdout}${apply.stderr}`).not.toContain(secret);
    expect((await list(`/accounts/${h.emulator.accountId}/tokens`)).map((t) => t.name)).toEqual(['ci-deploy']);
    expect((await list('/user/tokens')).map((t) => t.name)).not.toContain('ci-deploy');
    expect(await works(secret)).toBe(200);
    const again = await cli('plan', 'zone.yaml', '--detailed-exitcode');
    expect(again.code, again.stdout).toBe(0);
  });

  it('updates it in place (PUT under the account), then rolls it by name with token roll --account', async () => {
    writeFileSync(join(dir, 'zone.yaml'), zoneFile(ciToken('2098-01-01T00:00:00Z')));
    const apply = await cli('apply', 'zone.yaml', '--yes');
    expect(apply.code, apply.stderr).toBe(0);
    expect(apply.stdout).toMatch(/~ token "ci-deploy" \(account [0-9a-f]{32}\) \(expires_on\)/);
    const [token] = await list(`/accounts/${h.emulator.accountId}/tokens`);
    expect(token?.expires_on).toBe('2098-01-01T00:00:00Z');
    const old = (JSON.parse(readFileSync(join(dir, 'tokens.json'), 'utf8')) as Record<string, string>)['ci-deploy']!;
    // A user token of that name there is none: without --account the roll finds nothing.
    const wrong = await cli('token', 'roll', 'ci-deploy', '--token-output', 'rolled.json');
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toMatch(/no token named "ci-deploy"/);
    const bad = await cli('token', 'roll', 'ci-deploy', '--account', 'main', '--token-output', 'rolled.json');
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/--account main: an account id is 32 hexadecimal characters/);
    const roll = await cli('token', 'roll', 'ci-deploy', '--account', h.emulator.accountId, '--token-output', 'rolled.json');
    expect(roll.code, roll.stderr).toBe(0);
    const rolled = (JSON.parse(readFileSync(join(dir, 'rolled.json'), 'utf8')) as Record<string, string>)['ci-deploy']!;
    expect(statSync(join(dir, 'rolled.json')).mode & 0o777).toBe(0o600);
    expect(await works(old)).toBe(403);
    expect(await works(rolled)).toBe(200);
  });

  it("reports the account's tokens no file lists, and deletes those under the prefix with manage.tokens: delete", async () => {
    const base = `/accounts/${h.emulator.accountId}/tokens`;
    for (const name of ['zonectl-old', 'someone-else']) {
      const res = await fetch(`${h.emulator.baseUrl}${base}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name,
          policies: [
            {
              effect: 'allow',
              permission_groups: [{ id: '82e64a83756745bbbb1c9c2701bf816b' }],
              resources: { [`com.cloudflare.api.account.zone.${h.zoneId}`]: '*' },
            },
          ],
        }),
      });
      expect(res.status).toBe(200);
    }
    const drift = await cli('drift', 'zone.yaml', '--tokens');
    expect(drift.stdout).toMatch(/"zonectl-old" \(id [0-9a-f]{32}, account [0-9a-f]{32}\)/);
    expect(drift.stdout).toMatch(/"someone-else" \(id [0-9a-f]{32}, account [0-9a-f]{32}\)/);
    writeFileSync(
      join(dir, 'zone.yaml'),
      zoneFile(ciToken('2098-01-01T00:00:00Z'), 'manage: { tokens: delete, tokens_prefix: "zonectl-" }\n'),
    );
    const apply = await cli('apply', 'zone.yaml', '--yes');
    expect(apply.code, apply.stderr).toBe(0);
    expect((await list(base)).map((t) => t.name).sort()).toEqual(['ci-deploy', 'someone-else']);
    const again = await cli('plan', 'zone.yaml', '--detailed-exitcode');
    expect(again.code, again.stdout).toBe(0);
  });

  it('a saved plan carries the account: applied as planned; a path moved to the user tokens is refused', async () => {
    const extra = `  - name: ci-saved
    owner: account
    policies:
      - effect: allow
        permission_groups: [{ name: DNS Read }]
        resources: { "com.cloudflare.api.account.zone.{zone_id}": "*" }
`;
    writeFileSync(join(dir, 'zone.yaml'), zoneFile(ciToken('2098-01-01T00:00:00Z') + extra));
    const made = await cli('plan', 'zone.yaml', '--out', 'saved.json');
    expect(made.code, made.stderr).toBe(0);
    type Doc = { zones: Array<{ plan: { operations: Array<{ kind: string; path: string; accountId?: string }> } }> };
    const doc = JSON.parse(readFileSync(join(dir, 'saved.json'), 'utf8')) as Doc;
    const op = doc.zones[0]!.plan.operations.find((o) => o.kind === 'token')!;
    expect(op).toMatchObject({ path: `/accounts/${h.emulator.accountId}/tokens`, accountId: h.emulator.accountId });
    op.path = '/user/tokens';
    writeFileSync(join(dir, 'tampered.json'), JSON.stringify(doc));
    const tampered = await cli('apply', '--plan', 'tampered.json', '--yes');
    expect(tampered.code).not.toBe(0);
    expect(tampered.stderr).toMatch(/is not a token create/);
    expect((await list('/user/tokens')).map((t) => t.name)).not.toContain('ci-saved');
    const applied = await cli('apply', '--plan', 'saved.json', '--yes', '--show-token-values');
    expect(applied.code, applied.stderr).toBe(0);
    expect((await list(`/accounts/${h.emulator.accountId}/tokens`)).map((t) => t.name)).toContain('ci-saved');
  });

  it('a credential without Account API Tokens Write is told before any write', async () => {
    const admin = async (method: string, path: string, body?: unknown) =>
      (await (
        await fetch(`${h.emulator.baseUrl}${path}`, {
          method,
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        })
      ).json()) as { result: Record<string, unknown> };
    const self = (await admin('GET', `/user/tokens/${(await admin('GET', '/user/tokens/verify')).result.id as string}`)).result;
    const user = (self.policies as Array<{ resources: Record<string, unknown> }>)
      .flatMap((p) => Object.keys(p.resources))
      .find((k) => k.startsWith('com.cloudflare.api.user.'))!;
    const limited = (
      await admin('POST', '/user/tokens', {
        name: 'no-account-tokens-write',
        policies: [
          {
            effect: 'allow',
            permission_groups: [{ id: '4755a26eedb94da69e1066d98aa820be' }, { id: 'c8fed203ed3043cba015a93ad1616f1f' }],
            resources: { [`com.cloudflare.api.account.zone.${h.zoneId}`]: '*' },
          },
          { effect: 'allow', permission_groups: [{ id: '0cc3a61731504c89b99ec1be78b77aa0' }], resources: { [user]: '*' } },
          {
            effect: 'allow',
            permission_groups: [{ id: 'eb56a6953c034b9d97dd838155666f06' }],
            resources: { [`com.cloudflare.api.account.${h.emulator.accountId}`]: '*' },
          },
        ],
      })
    ).result.value as string;
    const extra = `  - name: ci-other
    owner: account
    policies:
      - effect: allow
        permission_groups: [{ name: DNS Read }]
        resources: { "com.cloudflare.api.account.zone.{zone_id}": "*" }
`;
    writeFileSync(join(dir, 'zone.yaml'), zoneFile(ciToken('2098-01-01T00:00:00Z') + extra));
    const before = (await list(`/accounts/${h.emulator.accountId}/tokens`)).map((t) => t.name).sort();
    const r = await runCli(['apply', 'zone.yaml', '--yes'], { ...env, CLOUDFLARE_API_TOKEN: limited }, dir);
    expect(r.code).not.toBe(0);
    expect(r.stderr).toMatch(
      /lacks the permission group Account API Tokens Write \(com\.cloudflare\.api\.account\.token\.create\) on account [0-9a-f]{32}/,
    );
    expect((await list(`/accounts/${h.emulator.accountId}/tokens`)).map((t) => t.name).sort()).toEqual(before);
  });
});
