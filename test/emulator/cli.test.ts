import { describe, expect, it } from 'vitest';
import { cliNodeArgs } from '../support/run-cli.js';
import { runProcess, startProcess, type ProcessResult } from '../support/run-process.js';

/**
 * Runs `zonectl emulator args` (the run's bundle of the CLI, test/support/cli-bundle.ts: a fourth
 * of the CPU the sources through tsx took); with `untilUrl`, stops it (SIGTERM, once) when its
 * first stdout line is there.
 */
function run(args: string[], untilUrl: boolean): Promise<ProcessResult> {
  let stopped = false;
  return runProcess(process.execPath, [...cliNodeArgs(), 'emulator', ...args], {
    onOutput: (seen, child) => {
      if (!untilUrl || stopped || !seen.stdout.includes('\n')) return;
      stopped = true;
      child.kill('SIGTERM');
    },
  });
}

describe('zonectl emulator (CLI)', () => {
  it('prints exactly one line with the base URL, the generated token once on stderr, and stops on SIGTERM', async () => {
    const res = await run(['--port', '0', '--zone', 'example.com', '--zone', 'example.org', '--zone-plan', 'pro'], true);
    expect(res.code).toBe(0);
    expect(res.stdout).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/client\/v4\n$/);
    expect(res.stderr.match(/API token \(shown once\): [A-Za-z0-9_-]{40}/g)).toHaveLength(1);
    expect(res.stderr).toContain('zone example.org');
  });

  it('does not print a token it was given', async () => {
    const res = await run(['--port', '0', '--zone', 'example.com', '--token', 'given-secret-token-value'], true);
    expect(res.code).toBe(0);
    expect(res.stderr).not.toContain('given-secret-token-value');
    expect(res.stdout).not.toContain('given-secret-token-value');
  });

  it("--account: another account with its own user and token, named on stderr without its token; every seeded account's id, the first's too, in order", async () => {
    const res = await run(
      [
        '--port',
        '0',
        '--zone',
        'example.com',
        '--token',
        'first-token-value-0123456789',
        '--account',
        'second-token-value-0123456789:example.org,example.net',
      ],
      true,
    );
    expect(res.code).toBe(0);
    expect(res.stderr).toMatch(
      /^emulator: account [0-9a-f]{32} \(user account2@example\.com\): example\.org id [0-9a-f]{32}, example\.net id [0-9a-f]{32}$/m,
    );
    expect(res.stderr + res.stdout).not.toContain('second-token-value');
    const accounts = [...res.stderr.matchAll(/^emulator: account [0-9a-f]{32} \(user (\S+)\): (.*)$/gm)].map((m) => [m[1], m[2]]);
    expect(accounts).toHaveLength(2);
    expect(accounts[0]![0]).toMatch(/@/);
    expect(accounts[0]![1]).toMatch(/^example\.com id [0-9a-f]{32}$/);
    expect(accounts[1]![0]).toBe('account2@example.com');
    expect(res.stderr + res.stdout).not.toContain('first-token-value');
  });

  it('--priority-in-data: MX answers carry priority inside data', async () => {
    const emulator = startProcess(process.execPath, [
      ...cliNodeArgs(),
      'emulator',
      '--port',
      '0',
      '--zone',
      'example.com',
      '--token',
      'cli-priority-token-value',
      '--priority-in-data',
    ]);
    const baseUrl = (await emulator.waitFor('stdout', /^(.*)\n/))[1].trim();
    const headers = { authorization: 'Bearer cli-priority-token-value', 'content-type': 'application/json' };
    const zones = (await (await fetch(`${baseUrl}/zones?name=example.com`, { headers })).json()) as { result: Array<{ id: string }> };
    const res = await fetch(`${baseUrl}/zones/${zones.result[0].id}/dns_records`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ type: 'MX', name: '@', content: 'mx.example.net', data: { priority: 7 } }),
    });
    const body = (await res.json()) as { result: Record<string, unknown> };
    emulator.child.kill('SIGTERM');
    expect((await emulator.done).code).toBe(0);
    expect([res.status, body.result.data, 'priority' in body.result]).toEqual([200, { priority: 7 }, false]);
  });

  it.each([
    [['--rate-limit', '10'], '--rate-limit must be N/SECONDS'],
    [['--fail-rate', '2'], '--fail-rate must be a probability'],
    [['--api-date', '2024-02-30'], '--api-date must be a date'],
    [['--port', 'x'], '--port must be an integer'],
    [['--zone-plan', 'gold'], 'Allowed choices are free, pro, business, enterprise'],
    [['--zone', 'not a zone'], 'is not a zone name'],
    [['--account', ':example.org'], '--account must be TOKEN:ZONE'],
    [['--account', 'tok:not a zone'], 'is not a zone name'],
  ])('rejects bad flags %j with a clear error', async (args, message) => {
    const res = await run(args, false);
    expect(res.code).not.toBe(0);
    expect(res.stderr).toContain(message);
    expect(res.stderr).not.toMatch(/\n\s+at /);
    expect(res.stdout).toBe('');
  });
});
