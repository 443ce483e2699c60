/**
 * apply on a terminal: it shows the plan and asks; only "yes" applies. Colour on a terminal
 * only, and never with NO_COLOR. A real pseudo-terminal through util-linux `script`.
 */
import { spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TOKEN, listRecords, startHarness, type Harness } from '../scenario/harness.js';
import { commandRuns, needsTool } from '../support/needs-tool.js';
import { cliNodeArgs, runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const SCRIPT = needsTool({ name: 'script', available: commandRuns('script', ['--version']), install: 'Debian package util-linux' });

function onTerminal(args: string[], input: string, env: Record<string, string>): Promise<{ code: number; output: string }> {
  const command = [process.execPath, ...cliNodeArgs(), ...args].map((a) => `'${a}'`).join(' ');
  return new Promise((resolve, reject) => {
    const child = spawn('script', ['-qec', command, '/dev/null'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm', ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    let output = '';
    let answered = false;
    child.stdout.on('data', (d: Buffer) => {
      output += d.toString();
      if (!answered && output.includes('Only "yes" is accepted')) {
        answered = true;
        child.stdin.write(input);
      }
    });
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, output }));
  });
}

SCRIPT.describe('apply on a terminal', () => {
  let h: Harness;
  let file: string;
  let env: Record<string, string>;
  beforeAll(async () => {
    h = await startHarness();
    file = join(tempDir('tty'), 'zone.yaml');
    writeFileSync(file, 'version: 1\nzone: example.com\nrecords:\n  - { name: www, type: A, content: 192.0.2.1 }\n');
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await h.close();
  });

  it('asks, and anything but "yes" changes nothing', async () => {
    const r = await onTerminal(['apply', file], 'no\n', { ...env, NO_COLOR: '1' });
    expect(r.output).toContain('+ www.example.com A 192.0.2.1');
    expect(r.output).toContain('Apply cancelled; nothing was changed.');
    expect(r.code).toBe(1);
    expect(await listRecords(h)).toEqual([]);
  });

  it('no terminal, or --format json, and no --yes: the prompt cannot ask, apply refuses and changes nothing', async () => {
    const piped = await runCli(['apply', file], env);
    expect(piped.code).toBe(1);
    expect(piped.stderr).toContain(
      'error[NO_CONFIRMATION]: refusing to apply: no terminal to ask for confirmation; pass --yes to apply (nothing was changed)',
    );
    const json = await onTerminal(['apply', file, '--format', 'json'], 'yes\n', { ...env, NO_COLOR: '1' });
    expect(json.code).toBe(1);
    expect(json.output).toContain('refusing to apply: --format json shows no plan to confirm; pass --yes to apply (nothing was changed)');
    expect(json.output).not.toContain('Only "yes" is accepted');
    expect(await listRecords(h)).toEqual([]);
  });

  it('"yes" applies; the plan is coloured on a terminal', async () => {
    const r = await onTerminal(['apply', file], 'yes\n', env);
    expect(r.output).toMatch(/\x1b\[32m {2}\+ www\.example\.com A 192\.0\.2\.1/);
    expect(r.code).toBe(0);
    expect((await listRecords(h)).map((x) => x.name)).toEqual(['www.example.com']);
  });

  it('NO_COLOR turns colour off on a terminal', async () => {
    const r = await onTerminal(['plan', file], '', { ...env, NO_COLOR: '1' });
    expect(r.code).toBe(0);
    expect(r.output).toContain('No changes.');
    expect(r.output).not.toMatch(/\x1b\[\d+m/);
  });
});
