/**
 * What a wait for the nameservers ends with, through the real CLI (issue 39 item 1, issue 43
 * item 10). Each outcome has its own message and exit: the deadline passed (DNS_NOT_SERVED, and
 * the deadline bounds the whole wait whatever the file holds), a nameserver that cannot be
 * resolved or reached (NAMESERVER_UNREACHABLE, said at once with the detail, never "the deadline
 * passed"), and nothing to wait for (exit 0, said so).
 *
 * The silent nameserver is a UDP socket that reads every question and never answers; it counts
 * the questions. Nothing here is timed: the assertions are on exit codes, messages and counts.
 */
import { type Socket, createSocket } from 'node:dgram';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

/** A nameserver that reads and drops: every question counted, none answered. */
async function silentNameserver(): Promise<{ address: string; questions: () => number; close: () => Promise<void> }> {
  const socket: Socket = createSocket('udp4');
  let questions = 0;
  socket.on('message', () => {
    questions += 1;
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  return {
    address: `127.0.0.1:${socket.address().port}`,
    questions: () => questions,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}

/** A loopback UDP port nobody listens on (bound, then closed): questions there are refused. */
async function closedPort(): Promise<string> {
  const socket = createSocket('udp4');
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const port = socket.address().port;
  await new Promise<void>((resolve) => socket.close(() => resolve()));
  return `127.0.0.1:${port}`;
}

/** Records of the file (the titles say 40). */
const RECORDS = 40;
const MANY = `version: 1
zone: example.com
records:
${Array.from({ length: RECORDS }, (_, i) => `  - { name: r${i}, type: A, content: 192.0.2.${(i % 250) + 1}, ttl: 300 }`).join('\n')}
`;

describe('how a wait for the nameservers ends', () => {
  let h: Harness;
  let dir: string;
  let env: Record<string, string>;
  const write = (name: string, text: string): string => {
    const p = join(dir, name);
    writeFileSync(p, text);
    return p;
  };

  beforeAll(async () => {
    h = await startHarness();
    dir = tempDir('wait-dns-outcomes');
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await h.close();
  });

  // The deadline is 3 s, the time of one question (DEFAULT_QUERY_TIMEOUT_MS): the first round's
  // questions are asked even when a busy machine takes seconds to reach them (with 1 s, a run at
  // load 16 once reached the deadline before its first question), and no second round fits.
  it('the deadline bounds the whole wait: 40 records, a nameserver that never answers, --timeout 3', async () => {
    const ns = await silentNameserver();
    try {
      const file = write('many.yaml', MANY);
      const r = await runCli(['wait-dns', file, '--timeout', '3', '--nameserver', ns.address], env, dir);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stderr).toMatch(
        new RegExp(
          `error\\[DNS_NOT_SERVED\\]: example\\.com: the deadline passed before every nameserver served the change; not served: ${ns.address}: `,
        ),
      );
      expect(r.stderr).toContain(`wait-dns: ${ns.address}: does not serve r0.example.com A: no answer from ${ns.address} over UDP within`);
      expect(r.stderr).toContain('not asked: the deadline passed first');
      // A round asks what it can within the deadline: not every record of the file.
      expect(ns.questions()).toBeGreaterThan(0);
      expect(ns.questions()).toBeLessThan(RECORDS);
    } finally {
      await ns.close();
    }
  });

  it('apply --wait-dns=3: the same deadline bounds the wait after an apply of 40 records', async () => {
    const ns = await silentNameserver();
    try {
      const file = write('apply-many.yaml', MANY.replace(/192\.0\.2\./g, '198.51.100.'));
      const r = await runCli(['apply', file, '--yes', '--wait-dns=3', '--nameserver', ns.address], env, dir);
      expect(r.code, r.stderr).toBe(1);
      expect(r.stdout).toContain('verified: a new plan is empty');
      expect(r.stderr).toMatch(/error\[DNS_NOT_SERVED\]: example\.com: the deadline passed before every nameserver served the change/);
      expect(ns.questions()).toBeGreaterThan(0);
      expect(ns.questions()).toBeLessThan(RECORDS);
    } finally {
      await ns.close();
    }
  });

  it('a nameserver whose name cannot be resolved: said at once with the detail, NAMESERVER_UNREACHABLE, never the deadline message', async () => {
    const file = write('one.yaml', 'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1, ttl: 300 }\n');
    // .invalid never resolves (RFC 6761 §6.4).
    const r = await runCli(['wait-dns', file, '--timeout', '600', '--nameserver', 'ns1.zonectl-test.invalid'], env, dir);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toMatch(
      /wait-dns: ns1\.zonectl-test\.invalid: cannot be asked: ns1\.zonectl-test\.invalid could not be resolved \([A-Z_]+\)/,
    );
    expect(r.stderr).toMatch(
      /error\[NAMESERVER_UNREACHABLE\]: example\.com: a nameserver cannot be asked, so the wait ended before its deadline: ns1\.zonectl-test\.invalid: ns1\.zonectl-test\.invalid could not be resolved \([A-Z_]+\)/,
    );
    expect(r.stderr).not.toContain('deadline passed');
  });

  it('a nameserver that cannot be reached (its port refuses): said with the detail, NAMESERVER_UNREACHABLE, never the deadline message', async () => {
    const refused = await closedPort();
    const file = write('two.yaml', 'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1, ttl: 300 }\n');
    const r = await runCli(['wait-dns', file, '--timeout', '600', '--nameserver', refused], env, dir);
    expect(r.code, r.stderr).toBe(1);
    expect(r.stderr).toContain(`wait-dns: ${refused}: cannot be reached: UDP to ${refused} failed: connection refused (ECONNREFUSED)`);
    expect(r.stderr).toContain(
      `error[NAMESERVER_UNREACHABLE]: example.com: a nameserver cannot be asked, so the wait ended before its deadline: ${refused}: UDP to ${refused} failed: connection refused (ECONNREFUSED)`,
    );
    expect(r.stderr).not.toContain('deadline passed');
  });

  it('apply --wait-dns of a change that is only DNSSEC: nothing to wait for, said, exit 0', async () => {
    const base =
      'version: 1\nzone: example.com\nmanage: { unmanaged: keep }\nrecords:\n  - { name: only, type: A, content: 192.0.2.77, ttl: 300 }\n';
    expect((await runCli(['apply', write('dnssec-before.yaml', base), '--yes'], env, dir)).code).toBe(0);
    const refused = await closedPort();
    const r = await runCli(
      ['apply', write('dnssec.yaml', `${base}dnssec: { status: active }\n`), '--yes', '--wait-dns=20', '--nameserver', refused],
      env,
      dir,
    );
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain('wait-dns: example.com: nothing to wait for: the change holds no DNS record');
    const json = await runCli(
      ['apply', write('dnssec-off.yaml', `${base}dnssec: { status: disabled }\n`), '--yes', '--format', 'json', '--wait-dns=20'],
      env,
      dir,
    );
    expect(json.code, json.stderr).toBe(0);
    const doc = JSON.parse(json.stdout) as { zones: Array<{ wait_dns?: unknown }> };
    expect(doc.zones[0]!.wait_dns).toEqual({
      status: 'nothing',
      reason: expect.stringMatching(/^the change holds no DNS record/),
      skipped: [],
    });
  });

  it('zonectl wait-dns of a file that lists no record: nothing to wait for, said, exit 0, nothing asked', async () => {
    const ns = await silentNameserver();
    try {
      const file = write('empty.yaml', 'version: 1\nzone: example.com\nmanage: { unmanaged: keep }\nrecords: []\n');
      const r = await runCli(['wait-dns', file, '--nameserver', ns.address], env, dir);
      expect(r.code, r.stderr).toBe(0);
      expect(r.stderr).toContain('wait-dns: example.com: nothing to wait for: the file lists no record');
      expect(ns.questions()).toBe(0);
    } finally {
      await ns.close();
    }
  });
});
