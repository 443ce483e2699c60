/**
 * Signals have one owner per process: only the session watch (src/app/session/interrupts.ts,
 * installed for the whole run by the session of the command that writes: apply's
 * src/app/apply/session.ts, token roll's src/app/token/session.ts) listens for SIGINT and
 * SIGTERM, and only the apply command ends the process (when its session gave up waiting for calls
 * in flight; token roll abandons its call instead and returns). The emulator's server is the one
 * other listener: it stops itself, nothing of a session.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** Files whose code (comments left out) matches `pattern`. */
function filesMatching(pattern: RegExp): string[] {
  return sources(join(root, 'src'))
    .filter((file) => {
      const code = readFileSync(file, 'utf8')
        .split('\n')
        .filter((line) => !/^\s*(\*|\/\/|\/\*)/.test(line))
        .join('\n');
      return pattern.test(code);
    })
    .map((file) => relative(root, file))
    .sort();
}

describe('signals have one owner', () => {
  it('only the session watch and the emulator command listen for SIGINT or SIGTERM', () => {
    expect(filesMatching(/\.(on|once|addListener|prependListener)\(\s*'SIG(INT|TERM)'/)).toEqual([
      'src/app/session/interrupts.ts',
      'src/cli/commands/emulator.ts',
    ]);
  });

  it('only the sessions of apply and token roll install the watch', () => {
    expect(filesMatching(/\bwatchInterrupts\(/)).toEqual([
      'src/app/apply/session.ts',
      'src/app/session/interrupts.ts',
      'src/app/token/session.ts',
    ]);
  });

  it('only the apply command ends the process', () => {
    expect(filesMatching(/process\.(exit|abort)\(|process\.kill\(\s*process\.pid/)).toEqual(['src/cli/commands/apply.ts']);
  });
});
