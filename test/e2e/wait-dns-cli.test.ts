/**
 * `apply --wait-dns` and `zonectl wait-dns` through the real CLI against an emulator with two
 * nameservers, the second held (its view frozen until the test releases it: the emulator's
 * deterministic control, src/emulator/README.md). The run returns only once both serve the
 * change; the test waits for the progress lines it prints, never for time.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { spawnCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';

const BEFORE = `version: 1
zone: example.com
records:
  - { name: www, type: A, content: 192.0.2.1, ttl: 300 }
  - { name: old, type: TXT, content: "bye", ttl: 300 }
`;
const AFTER = `version: 1
zone: example.com
records:
  - { name: www, type: A, content: 192.0.2.2, ttl: 300 }
`;

describe('waiting until the nameservers serve the change', () => {
  let h: Harness;
  let dir: string;
  let env: Record<string, string>;
  let servers: [string, string];
  const write = (name: string, text: string): string => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };
  const nameserverArgs = (): string[] => servers.flatMap((s) => ['--nameserver', s]);

  beforeAll(async () => {
    h = await startHarness({ dnsPorts: [0, 0] });
    servers = h.emulator.nameservers.map((n) => `127.0.0.1:${n.port}`) as [string, string];
    dir = tempDir('wait-dns');
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterEach(() => h.emulator.nameservers[1]!.release());
  afterAll(async () => {
    await h.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('apply --wait-dns returns only once both nameservers serve the new data', async () => {
    const before = write('before.yaml', BEFORE);
    expect((await runCli(['apply', before, '--yes'], env, dir)).code).toBe(0);
    h.emulator.nameservers[1]!.hold();

    const after = write('after.yaml', AFTER);
    const [ns1, ns2] = servers;
    const run = spawnCli(['apply', after, '--yes', '--wait-dns=600', ...nameserverArgs()], env, dir);
    // ns1 serves at once; ns2, held, still answers the old data.
    await run.waitForStderr(new RegExp(`wait-dns: ${ns1}: 2/2 served`));
    await run.waitForStderr(new RegExp(`wait-dns: ${ns2}: 0/2 served; waiting for old\\.example\\.com TXT: answers TXT "bye"`));
    expect(run.child.exitCode).toBeNull();
    expect(run.stdout()).toContain('verified: a new plan is empty');

    h.emulator.nameservers[1]!.release();
    const result = await run.done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`wait-dns: ${ns2}: 2/2 served`);
    expect(result.stderr).toContain('wait-dns: served by 2 nameservers');
  });

  it('exits 1 with DNS_NOT_SERVED once the deadline passes, naming what is not served where', async () => {
    const file = write('deadline-before.yaml', AFTER);
    expect((await runCli(['apply', file, '--yes'], env, dir)).code).toBe(0);
    h.emulator.nameservers[1]!.hold();
    const changed = write('deadline.yaml', AFTER.replace('192.0.2.2', '192.0.2.3'));
    const result = await runCli(['apply', changed, '--yes', '--wait-dns=1', ...nameserverArgs()], env, dir);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('verified: a new plan is empty');
    expect(result.stderr).toMatch(
      new RegExp(
        `error\\[DNS_NOT_SERVED\\]: example\\.com: the deadline passed .*${servers[1]}: www\\.example\\.com A \\(answers A 192\\.0\\.2\\.2`,
      ),
    );
    expect(result.stderr).not.toMatch(new RegExp(`${servers[0]}: www`));
  });

  it('zonectl wait-dns FILE waits for every record of the file at both nameservers', async () => {
    const file = write('command.yaml', AFTER.replace('192.0.2.2', '192.0.2.4'));
    h.emulator.nameservers[1]!.hold();
    expect((await runCli(['apply', file, '--yes'], env, dir)).code).toBe(0);
    const [ns1, ns2] = servers;
    const run = spawnCli(['wait-dns', file, '--timeout', '600', ...nameserverArgs()], env, dir);
    await run.waitForStderr(new RegExp(`wait-dns: ${ns2}: 0/1 served; waiting for www\\.example\\.com A: answers A 192\\.0\\.2\\.[23]`));
    expect(run.stderr()).toContain(`wait-dns: ${ns1}: 1/1 served`);
    expect(run.child.exitCode).toBeNull();
    h.emulator.nameservers[1]!.release();
    const result = await run.done;
    expect(result.code, result.stderr).toBe(0);
    expect(result.stderr).toContain(`wait-dns: ${ns2}: 1/1 served`);

    // Held again, with a deadline: exit 1, DNS_NOT_SERVED, what is missing where.
    h.emulator.nameservers[1]!.hold();
    const next = write('command-next.yaml', AFTER.replace('192.0.2.2', '192.0.2.5'));
    expect((await runCli(['apply', next, '--yes'], env, dir)).code).toBe(0);
    const late = await runCli(['wait-dns', next, '--timeout', '1', ...nameserverArgs()], env, dir);
    expect(late.code).toBe(1);
    expect(late.stderr).toMatch(new RegExp(`error\\[DNS_NOT_SERVED\\]: example\\.com: .*${ns2}: www\\.example\\.com A`));
    const help = await runCli(['wait-dns', '--help'], env, dir);
    expect(help.stdout).toContain('--nameserver <host[:port]>');
    expect(help.stdout).toContain('zonectl wait-dns zones/example.com.yaml');
  });

  it('SIGINT during the wait stops it: exit 130, the zone applied, the wait said stopped', async () => {
    const file = write('signal-before.yaml', AFTER.replace('192.0.2.2', '192.0.2.6'));
    expect((await runCli(['apply', file, '--yes'], env, dir)).code).toBe(0);
    h.emulator.nameservers[1]!.hold();
    const next = write('signal.yaml', AFTER.replace('192.0.2.2', '192.0.2.7'));
    const run = spawnCli(['apply', next, '--yes', '--wait-dns=600', ...nameserverArgs()], env, dir);
    await run.waitForStderr(new RegExp(`wait-dns: ${servers[1]}: 0/1 served`));
    run.child.kill('SIGINT');
    const result = await run.done;
    expect(result.code, result.stderr).toBe(130);
    expect(result.stdout).toContain('verified: a new plan is empty');
    expect(result.stderr).toMatch(
      /interrupted by SIGINT while waiting for the nameservers of example\.com: example\.com applied and verified; the wait was stopped/,
    );
    expect(result.stderr).not.toContain('DNS_NOT_SERVED');
  });

  it('apply --format json --wait-dns says per zone what the nameservers served', async () => {
    const file = write('json-before.yaml', AFTER.replace('192.0.2.2', '192.0.2.8'));
    expect((await runCli(['apply', file, '--yes'], env, dir)).code).toBe(0);
    const next = write('json.yaml', AFTER.replace('192.0.2.2', '192.0.2.9'));
    const served = await runCli(['apply', next, '--yes', '--format', 'json', '--wait-dns=600', ...nameserverArgs()], env, dir);
    expect(served.code, served.stderr).toBe(0);
    const doc = JSON.parse(served.stdout) as { zones: Array<{ zone: string; wait_dns?: unknown }> };
    expect(doc.zones[0]!.wait_dns).toEqual({ status: 'served', servers: servers, skipped: [] });

    h.emulator.nameservers[1]!.hold();
    const late = write('json-late.yaml', AFTER.replace('192.0.2.2', '192.0.2.10'));
    const result = await runCli(['apply', late, '--yes', '--format', 'json', '--wait-dns=1', ...nameserverArgs()], env, dir);
    expect(result.code).toBe(1);
    const failed = JSON.parse(result.stdout) as {
      zones: Array<{ wait_dns?: { status: string; not_served: Array<{ server: string; checks: Array<{ name: string; type: string }> }> } }>;
    };
    const wait = failed.zones[0]!.wait_dns!;
    expect(wait.status).toBe('not-served');
    expect(wait.not_served.map((n) => n.server)).toEqual([servers[1]]);
    expect(wait.not_served[0]!.checks).toEqual([expect.objectContaining({ name: 'www.example.com', type: 'A' })]);
  });

  it('refuses bad flags before any API call', async () => {
    const file = write('flags.yaml', AFTER);
    const bad = await runCli(
      ['apply', file, '--yes', '--wait-dns=soon'],
      { CLOUDFLARE_BASE_URL: 'http://127.0.0.1:9/client/v4', CLOUDFLARE_API_TOKEN: TOKEN },
      dir,
    );
    expect(bad.code).toBe(1);
    expect(bad.stderr).toContain('error[BAD_FLAG]: --wait-dns must be a whole number of seconds');
    const ns = await runCli(['apply', file, '--yes', '--wait-dns', '--nameserver', 'ns1.example.net:99999'], env, dir);
    expect(ns.code).toBe(1);
    expect(ns.stderr).toContain('nameserver "ns1.example.net:99999": the port must be 1..65535');
    const alone = await runCli(['apply', file, '--yes', '--nameserver', servers[0]], env, dir);
    expect(alone.stderr).toContain('--nameserver names the nameservers --wait-dns asks');
  });
});
