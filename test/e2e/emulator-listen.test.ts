/** `emulator --port` / `--dns-port` on a port that is taken: one clear line naming the flag, exit 1, no stack trace. */
import { createServer, type Server, type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

describe('emulator on a port in use', () => {
  let taken: Server;
  let port: number;
  beforeAll(async () => {
    taken = createServer();
    await new Promise<void>((resolve) => taken.listen(0, '127.0.0.1', resolve));
    port = (taken.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => taken.close(() => resolve())));

  it('--port names the flag and says how to pick a free port', async () => {
    const r = await runCli(['emulator', '--port', String(port), '--zone', 'example.com']);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `zonectl: error[BAD_FLAG]: the emulator cannot listen: --port ${port} on 127.0.0.1 is already in use (EADDRINUSE); choose another port, or --port 0 for a free one\n`,
    );
  });

  it('--dns-port (its TCP side taken) names --dns-port', async () => {
    const r = await runCli(['emulator', '--port', '0', '--dns-port', String(port), '--zone', 'example.com']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(
      `zonectl: error[BAD_FLAG]: the emulator cannot listen: --dns-port ${port} on 127.0.0.1 is already in use (EADDRINUSE); choose another port, or --dns-port 0 for a free one\n`,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });
});
