/**
 * The installed CLI is the bundle `npm run build` writes (scripts/bundle.mjs, package.json `bin`).
 * This builds one (into node_modules/.cache, so that the bundle's `createRequire` finds the
 * packages as an installed one does) and runs it as users do: validate, plan and apply against the
 * emulator over loopback, and the emulator command answering a DNS query, which needs the
 * CommonJS `require` the bundle's banner provides.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { query } from '../dns/wire-client.js';
import { runProcess, startProcess } from '../support/run-process.js';
import { tempDir } from '../support/temp-dir.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TOKEN = 'bundle-test-token-3c5e7a9b1d2f4e6a';

/** Runs the bundle asynchronously (the emulator answering it lives in this process). */
async function run(
  bin: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  const r = await runProcess(process.execPath, [bin, ...args], { cwd: root, env: { PATH: process.env.PATH, NO_COLOR: '1', ...env } });
  return { code: r.code ?? -1, stdout: r.stdout, stderr: r.stderr };
}

describe('the bundled CLI (npm run build)', () => {
  let outDir: string;
  let bin: string;
  let emulator: RunningEmulator;
  let dir: string;

  beforeAll(async () => {
    const cache = join(root, 'node_modules', '.cache');
    mkdirSync(cache, { recursive: true });
    outDir = mkdtempSync(join(cache, 'zonectl-bundle-'));
    execFileSync(process.execPath, [join(root, 'scripts', 'bundle.mjs'), outDir], { cwd: root, stdio: 'pipe' });
    bin = join(outDir, 'zonectl.js');
    emulator = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN });
    dir = tempDir('bundle');
  }, 180_000);
  afterAll(async () => {
    rmSync(outDir, { recursive: true, force: true });
    await emulator?.close();
  });

  it('is an executable script whose version is the package version', async () => {
    expect(readFileSync(bin, 'utf8').startsWith('#!/usr/bin/env node\n')).toBe(true);
    const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version: string; bin: Record<string, string> };
    expect(pkg.bin.zonectl).toBe('dist/bundle/zonectl.js');
    expect((await run(bin, ['--version'])).stdout.trim()).toBe(pkg.version);
  });

  it('prints the same `version` line on its fast path (the entry) as through the program', async () => {
    const fast = await run(bin, ['version']);
    // `--no-color` is a global flag: the command line is no longer exactly `version`, so the program runs.
    const full = await run(bin, ['--no-color', 'version']);
    expect(fast).toEqual({ code: 0, stdout: full.stdout, stderr: '' });
    expect(fast.stdout).toMatch(/^zonectl \d+\.\d+\.\d+ \(commit [0-9a-f]{12}(-dirty)?\)\n$/);
  });

  it('validates, plans and applies a zone against the emulator; a second plan is empty', async () => {
    const file = join(dir, 'example.com.yaml');
    writeFileSync(
      file,
      'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.10 }\n  - { name: "@", type: MX, content: mail.example.net, priority: 10 }\n',
    );
    const env = { CLOUDFLARE_BASE_URL: emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    expect((await run(bin, ['validate', file])).code).toBe(0);
    const plan = await run(bin, ['plan', file, '--detailed-exitcode'], env);
    expect(plan.code).toBe(2);
    expect(plan.stdout).toContain('2 to create');
    const apply = await run(bin, ['apply', '--yes', file], env);
    expect(apply.code).toBe(0);
    expect((await run(bin, ['plan', file, '--detailed-exitcode'], env)).code).toBe(0);
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 999.0.0.1 }\n');
    const invalid = await run(bin, ['validate', bad]);
    expect(invalid.code).toBe(1);
    expect(invalid.stdout + invalid.stderr).toMatch(/bad\.yaml:4:\d+ records\[0\]\.content/);
    expect(invalid.stdout + invalid.stderr).not.toMatch(/\n\s+at /); // no stack trace
  });

  it('runs the emulator command, whose DNS server answers', async () => {
    const emulator = startProcess(process.execPath, [bin, 'emulator', '--port', '0', '--dns-port', '0', '--zone', 'bundle.example'], {
      cwd: root,
    });
    try {
      const dnsPort = Number((await emulator.waitFor('output', /DNS on 127\.0\.0\.1 port (\d+)/))[1]);
      const reply = await query(dnsPort, 'bundle.example', 'SOA');
      expect(reply.rcode).toBe('NOERROR');
      expect(reply.answer.map((rr) => rr.type)).toEqual(['SOA']);
    } finally {
      emulator.child.kill('SIGTERM');
      await emulator.done;
    }
  });
});
