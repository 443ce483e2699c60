/**
 * FILE.lock (src/emulator/state-lock.ts): a lock left by a process of this host that is gone is
 * taken over; one of another host, or one that is not a lock this code wrote, never is.
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StateLockedError, lockState } from '../../src/emulator/state-lock.js';
import { tempDir } from '../support/temp-dir.js';

const freshState = (): string => join(tempDir('state-lock'), 'state.json');

/** The pid of a process that has exited. */
async function deadPid(): Promise<number> {
  const child = spawn(process.execPath, ['-e', '']);
  await new Promise((resolve) => child.on('exit', resolve));
  return child.pid!;
}

describe('lockState', () => {
  it('takes the lock, refuses a second taker in the same process, and releases it', async () => {
    const state = freshState();
    const lock = await lockState(state);
    expect(JSON.parse(readFileSync(`${state}.lock`, 'utf8'))).toMatchObject({ pid: process.pid, host: hostname() });
    await expect(lockState(state)).rejects.toThrow(StateLockedError);
    await lock.release();
    expect(existsSync(`${state}.lock`)).toBe(false);
    await (await lockState(state)).release();
  });

  it('takes over a lock whose process on this host is gone, leaving no file behind', async () => {
    const state = freshState();
    writeFileSync(`${state}.lock`, `${JSON.stringify({ pid: await deadPid(), host: hostname(), nonce: 'n' })}\n`);
    const lock = await lockState(state);
    expect(JSON.parse(readFileSync(`${state}.lock`, 'utf8'))).toMatchObject({ pid: process.pid });
    await lock.release();
    expect(readdirSync(join(state, '..'))).toEqual([]);
  });

  it('never takes over a lock of another host, and says how to clear it', async () => {
    const state = freshState();
    writeFileSync(`${state}.lock`, `${JSON.stringify({ pid: await deadPid(), host: 'elsewhere.invalid', nonce: 'n' })}\n`);
    await expect(lockState(state)).rejects.toThrow(
      `on host elsewhere.invalid, see ${state}.lock); two emulators on one state would each miss the other's writes; if that emulator is gone, remove ${state}.lock`,
    );
  });

  it('never takes over a lock file it cannot read as one', async () => {
    const state = freshState();
    writeFileSync(`${state}.lock`, '');
    await expect(lockState(state)).rejects.toThrow(`(an unreadable lock, see ${state}.lock)`);
    expect(readFileSync(`${state}.lock`, 'utf8')).toBe('');
  });
});
