/**
 * One emulator per `--state` file (src/emulator/state-lock.ts): a second `zonectl emulator` on
 * the same state is refused with a clear error, and after the first is killed with SIGKILL the
 * state (which survives SIGKILL) can be opened again at once.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { spawnCli, type RunningCli } from '../support/spawn-cli.js';
import { tempDir } from '../support/temp-dir.js';

const TOKEN = 'state-lock-token-0123456789abcdef';

async function started(args: string[]): Promise<{ cli: RunningCli; baseUrl: string }> {
  const cli = spawnCli(['emulator', '--port', '0', '--token', TOKEN, ...args], {});
  await cli.waitForStdout(/^http:\/\/\S+\n/); // the base URL, once the emulator listens
  return { cli, baseUrl: cli.stdout().trim() };
}

const api = async (baseUrl: string, path: string, init: RequestInit = {}): Promise<{ result: unknown }> => {
  const res = await fetch(`${baseUrl}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
  });
  return (await res.json()) as { result: unknown };
};

describe('emulator --state: one emulator per state file', () => {
  it('refuses a second emulator on the same state; after SIGKILL of the first, a new one opens it with its data', async () => {
    const dir = tempDir('state-lock');
    const state = join(dir, 'state.json');
    const first = await started(['--zone', 'example.com', '--state', state]);
    try {
      const zones = (await api(first.baseUrl, '/zones?name=example.com')).result as Array<{ id: string }>;
      const zoneId = zones[0]!.id;
      await api(first.baseUrl, `/zones/${zoneId}/dns_records`, {
        method: 'POST',
        body: JSON.stringify({ type: 'A', name: 'kept.example.com', content: '192.0.2.7', ttl: 300 }),
      });

      const second = await runCli(['emulator', '--port', '0', '--state', state]);
      expect(second.code).toBe(1);
      expect(second.stderr).toBe(
        `zonectl: error[STATE_LOCKED]: --state ${state} is in use by another emulator (process ${first.cli.child.pid}, see ${state}.lock); two emulators on one state would each miss the other's writes\n`,
      );
      expect(second.stdout).toBe('');

      first.cli.child.kill('SIGKILL');
      await first.cli.done;
      expect(existsSync(`${state}.lock`)).toBe(true); // left behind by the killed process

      const third = await started(['--state', state]);
      try {
        const records = (await api(third.baseUrl, `/zones/${zoneId}/dns_records?name=kept.example.com`)).result as Array<{
          content: string;
        }>;
        expect(records.map((r) => r.content)).toEqual(['192.0.2.7']);
      } finally {
        third.cli.child.kill('SIGTERM');
        expect((await third.cli.done).code).toBe(0);
      }
      // Closed cleanly: the lock is released, and no temporary file is left.
      expect(readdirSync(dir).filter((name) => !/^state\.json(\.journal)?$/.test(name))).toEqual([]);
    } finally {
      first.cli.child.kill('SIGKILL');
    }
  });
});
