/** `emulator --state` given a directory, or a path under a file: one clear line, no raw EISDIR. */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

describe('emulator --state', () => {
  it('a directory is refused with a message that says to give a file', async () => {
    const dir = tempDir('state');
    const r = await runCli(['emulator', '--port', '0', '--state', dir]);
    expect(r.code).toBe(1);
    expect(r.stderr).toBe(
      `zonectl: error[BAD_FLAG]: --state ${dir} is a directory; give a file path, e.g. --state ${dir}/emulator-state.json (the emulator keeps that file and FILE.journal beside it)\n`,
    );
  });

  it('a path under a regular file names the problem', async () => {
    const dir = tempDir('state');
    writeFileSync(join(dir, 'file'), '');
    const path = join(dir, 'file', 'state.json');
    const r = await runCli(['emulator', '--port', '0', '--state', path]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      new RegExp(
        `^zonectl: error\\[BAD_FLAG\\]: --state ${path.replace(/[.]/g, '\\.')}: cannot keep the emulator's state there \\(a part of the path is a file, not a directory, E[A-Z]+\\); give a writable file path\\n$`,
      ),
    );
  });
});
