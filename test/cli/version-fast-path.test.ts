/** cli/version-fast-path.ts: `zonectl version` answered by the bundle's entry without the program. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { printedVersionFast } from '../../src/cli/version-fast-path.js';
import { versionLine } from '../../src/cli/version.js';

describe('printedVersionFast', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  function capture(): string[] {
    const written: string[] = [];
    vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => {
      written.push(String(chunk));
      return true;
    });
    return written;
  }

  it('prints the line of `zonectl version` for exactly `version`', () => {
    const written = capture();
    expect(printedVersionFast(['version'], {})).toBe(true);
    expect(written).toEqual([`${versionLine()}\n`]);
  });

  it('leaves every other command line to the program, printing nothing', () => {
    const written = capture();
    for (const args of [[], ['--version'], ['version', '--help'], ['--no-color', 'version'], ['versio'], ['validate', 'version']])
      expect(printedVersionFast(args, {})).toBe(false);
    expect(written).toEqual([]);
  });

  it('leaves the line to the program when it holds the value of an environment variable that could be a masked secret', () => {
    const written = capture();
    const secretInLine = versionLine().slice(0, 10);
    expect(printedVersionFast(['version'], { CLOUDFLARE_API_TOKEN: secretInLine })).toBe(false);
    // Shorter values are never masked (app/output/secret-redaction.ts): the line is printed.
    expect(printedVersionFast(['version'], { NO_COLOR: '1', SHORT: versionLine().slice(0, 7) })).toBe(true);
    expect(written).toEqual([`${versionLine()}\n`]);
  });
});
