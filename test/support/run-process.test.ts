import { describe, expect, it } from 'vitest';
import { runProcess, startProcess } from './run-process.js';

const node = (script: string): [string, string[]] => [process.execPath, ['-e', script]];

describe('runProcess', () => {
  it('collects stdout, stderr, both in order, and the exit code', async () => {
    const r = await runProcess(...node("process.stdout.write('a'); process.stderr.write('b'); process.exitCode = 3;"));
    expect(r).toEqual({ code: 3, signal: null, stdout: 'a', stderr: 'b', output: expect.stringMatching(/^(ab|ba)$/) });
  });

  it('writes input to stdin and closes it; the child sees exactly env and cwd', async () => {
    const script =
      "let s = ''; process.stdin.on('data', (d) => (s += d)).on('end', () => console.log(s, process.env.ONLY, process.env.PATH, process.cwd()));";
    const r = await runProcess(...node(script), { input: 'hello', env: { ONLY: 'one' }, cwd: '/' });
    expect(r.stdout).toBe('hello one undefined /\n');
  });

  it('a signal that ends the child: code null, the signal named', async () => {
    const r = await runProcess(...node("process.kill(process.pid, 'SIGKILL')"));
    expect([r.code, r.signal]).toEqual([null, 'SIGKILL']);
  });

  it('stdout closed before the child writes: the write meets a closed pipe (EPIPE), stdout stays empty', async () => {
    const script =
      "process.stdout.on('error', () => {}); const w = () => process.stdout.write('x', (e) => (e ? (console.error(e.code), (process.exitCode = 4)) : w())); w();";
    const r = await runProcess(...node(script), { stdout: 'closed' });
    expect([r.code, r.stdout, r.stderr]).toEqual([4, '', 'EPIPE\n']);
  });

  it('rejects when the command cannot be started', async () => {
    await expect(runProcess('/nonexistent/zonectl-no-such-command', [])).rejects.toThrow(/ENOENT/);
  });
});

describe('startProcess', () => {
  it('waitFor resolves with the match; the test may signal the child', async () => {
    const p = startProcess(...node("console.log('port 4711'); setInterval(() => {}, 1000);"));
    expect((await p.waitFor('stdout', /port (\d+)/))[1]).toBe('4711');
    p.child.kill('SIGTERM');
    expect((await p.done).signal).toBe('SIGTERM');
  });

  it('waitFor rejects when the child ends before its output matches, with its stderr', async () => {
    const p = startProcess(...node("console.error('gave up'); process.exitCode = 2;"));
    await expect(p.waitFor('stdout', /never/)).rejects.toThrow(/ended \(2\) before its stdout matched \/never\/:\ngave up/);
  });
});
