/**
 * No secret in any output in the modes that print the most: `--verbose` (one line per call,
 * the emulator's request log, stack traces of internal errors) and key-pair credentials
 * (CLOUDFLARE_EMAIL + CLOUDFLARE_API_KEY), through the real CLI against `zonectl emulator`
 * run as its own process with its request log on.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli, type CliResult } from '../support/run-cli.js';
import { spawnCli, type RunningCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'verbose-secret-token-4f0c2d9a7be15e38c6a1';
const EMAIL = 'owner@example.com';
const KEY = '0123456789abcdef0123456789abcdef01234';
const ZONE = `version: 1
zone: example.com
records:
  - { name: www, type: A, content: 192.0.2.1 }
  - { name: "@", type: TXT, content: "v=spf1 -all" }
tokens:
  - name: verbose-minted
    policies:
      - effect: allow
        permission_groups: [{ name: DNS Read }]
        resources: { "com.cloudflare.api.account.zone.{zone_id}": "*" }
`;

describe('no secret in verbose output, with a token or a key pair', () => {
  let emulator: RunningCli;
  let baseUrl: string;
  let dir: string;
  beforeAll(async () => {
    emulator = spawnCli(
      ['emulator', '--port', '0', '--zone', 'example.com', '--token', TOKEN, '--email', EMAIL, '--key', KEY, '--verbose'],
      {},
    );
    await emulator.waitForStdout(/\n/);
    baseUrl = emulator.stdout().trim();
    expect(baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/client\/v4$/);
    dir = tempDir('verbose');
  });
  afterAll(async () => {
    emulator.child.kill('SIGTERM');
    await emulator.done;
  });

  it('every command under --verbose, with a token, then with a key pair, and failing calls: no token, key or minted secret anywhere', async () => {
    const file = join(dir, 'zone.yaml');
    writeFileSync(file, ZONE);
    const planFile = join(dir, 'plan.json');
    const tokenFile = join(dir, 'tokens.json');
    const results: CliResult[] = [];
    const run = async (args: string[], env: Record<string, string>): Promise<CliResult> => {
      const r = await runCli(['--verbose', ...args], { CLOUDFLARE_BASE_URL: baseUrl, ...env });
      results.push(r);
      return r;
    };
    const token = { CLOUDFLARE_API_TOKEN: TOKEN };
    const keyPair = { CLOUDFLARE_EMAIL: EMAIL, CLOUDFLARE_API_KEY: KEY };

    expect((await run(['plan', file, '--format', 'json', '--out', planFile], token)).code).toBe(0);
    const applied = await run(['apply', file, '--yes', '--token-output', tokenFile], token);
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stderr).toMatch(/operations applied \((POST|PATCH|PUT|DELETE) /); // the verbose per-call lines
    const minted = (JSON.parse(readFileSync(tokenFile, 'utf8')) as Record<string, string>)['verbose-minted'];
    expect(minted).toMatch(/^[A-Za-z0-9_-]{40}$/);

    // The same zone through the key pair: plan, drift, an apply that changes a record.
    expect((await run(['plan', file, '--detailed-exitcode'], keyPair)).code).toBe(0);
    writeFileSync(file, ZONE.replace('192.0.2.1', '192.0.2.2'));
    const keyApply = await run(['apply', file, '--yes', '--token-output', tokenFile], keyPair);
    expect(keyApply.code, keyApply.stderr).toBe(0);
    expect((await run(['drift', file], keyPair)).code).toBe(0);
    expect((await run(['export', '--zone', 'example.com', '--format', 'bind'], keyPair)).code).toBe(0);

    // Refused calls under --verbose: a wrong key (the service's 9103 path), a token the service
    // does not know, and an endpoint that is not there.
    expect((await run(['plan', file], { CLOUDFLARE_EMAIL: EMAIL, CLOUDFLARE_API_KEY: KEY.replace('0', 'f') })).code).toBe(1);
    expect((await run(['plan', file], { CLOUDFLARE_API_TOKEN: `${TOKEN}x` })).code).toBe(1);
    const unreachable = await runCli(['--verbose', 'plan', file], { CLOUDFLARE_BASE_URL: 'http://127.0.0.1:9/client/v4', ...token });
    results.push(unreachable);
    expect(unreachable.code).toBe(1);

    const everything = [
      ...results.map((r) => r.stdout + r.stderr),
      readFileSync(planFile, 'utf8'),
      emulator.stdout(),
      emulator.stderr(),
    ].join('\n');
    expect(emulator.stderr()).toMatch(/emulator: (GET|POST|PATCH) \/client\/v4\/zones/); // its request log was on
    expect(everything).toContain('verbose-minted');
    for (const secret of [TOKEN, KEY, minted!]) expect(everything).not.toContain(secret);
  }, 120_000);
});
