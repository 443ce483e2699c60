/**
 * SECURITY.md stays true (issue 27): in "What a pull request can make a run read, run or send",
 * every promise names at least one test that proves it, as `test/....test.ts` "title", and each
 * test named exists: the file, and in it a test (`it(`, `test(` or an `it.each(...)(` template)
 * with exactly that title.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const doc = readFileSync(join(root, 'SECURITY.md'), 'utf8');
const HEADING = '## What a pull request can make a run read, run or send';
const start = doc.indexOf(HEADING);
const section = doc.slice(start, doc.indexOf('\n## ', start + HEADING.length));

/** The section's promises: its bullet items, each with its continuation lines. */
const promises = section
  .split(/\n(?=- )/)
  .filter((p) => p.startsWith('- '))
  .map((p) => p.split(/\n\n/)[0]!);

const REFERENCE = /`(test\/[^`]+\.test\.ts)` "([^"\n]+)"/g;
const references = [...section.matchAll(REFERENCE)].map((m) => [m[1]!, m[2]!] as const);

/** True when `source` defines a test titled `title`. */
function definesTest(source: string, title: string): boolean {
  for (const quote of ["'", '"', '`']) {
    let at = source.indexOf(`${quote}${title}${quote}`);
    while (at >= 0) {
      const before = source.slice(0, at).trimEnd();
      if (/(\bit|\btest|\))\($/.test(before)) return true;
      at = source.indexOf(`${quote}${title}${quote}`, at + 1);
    }
  }
  return false;
}

describe('SECURITY.md, "What a pull request can make a run read, run or send"', () => {
  it('is there, with promises', () => {
    expect(start).toBeGreaterThan(0);
    expect(promises.length).toBeGreaterThanOrEqual(10);
  });

  it('every promise names a test', () => {
    expect(promises.filter((p) => [...p.matchAll(REFERENCE)].length === 0)).toEqual([]);
  });

  it.each(references)('%s defines the test "%s"', (file, title) => {
    const path = join(root, file);
    expect(existsSync(path), `${file} exists`).toBe(true);
    expect(definesTest(readFileSync(path, 'utf8'), title), `a test titled ${JSON.stringify(title)} in ${file}`).toBe(true);
  });

  it('the check sees a test that is not there', () => {
    const source = readFileSync(join(root, 'test/security/include-depth.test.ts'), 'utf8');
    expect(definesTest(source, 'plan of the directory: refused with the same error, no request sent')).toBe(true);
    expect(definesTest(source, 'plan of the directory: refused')).toBe(false);
  });
});
