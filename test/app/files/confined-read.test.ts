/** The one rule for reading a file a pull request may have placed (src/app/files/confined-read.ts), case by case. */
import { mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isInside, readConfinedFile, vcsComponent } from '../../../src/app/files/confined-read.js';
import { tempDir } from '../../support/temp-dir.js';

describe('confined reads', () => {
  let base: string;
  let root: string;

  beforeAll(() => {
    base = tempDir('confined');
    root = join(base, 'repo');
    mkdirSync(join(root, 'zones'), { recursive: true });
    mkdirSync(join(root, '..dots'), { recursive: true });
    mkdirSync(join(root, '.GIT'), { recursive: true });
    writeFileSync(join(root, 'zones/a.yaml'), 'version: 1\n');
    writeFileSync(join(root, '..dots/b.yaml'), 'b\n');
    writeFileSync(join(root, '.GIT/config'), 'secret\n');
    writeFileSync(join(base, 'outside.yaml'), 'outside\n');
    symlinkSync('a.yaml', join(root, 'zones/inside-link.yaml'));
    symlinkSync('../../outside.yaml', join(root, 'zones/outside-link.yaml'));
    symlinkSync('../.GIT/config', join(root, 'zones/git-link.yaml'));
  });
  afterAll(() => {
    rmSync(base, { recursive: true, force: true });
  });

  it('isInside: the root and below it; a sibling whose name starts with the root, or with "..", is judged by path, not by prefix', () => {
    expect(isInside('/r', '/r')).toBe(true);
    expect(isInside('/r', '/r/a/b')).toBe(true);
    expect(isInside('/r', '/r/..dots/b')).toBe(true);
    expect(isInside('/r', '/rx/a')).toBe(false);
    expect(isInside('/r', '/a')).toBe(false);
  });

  it('vcsComponent: any component below the root, without case', () => {
    expect(vcsComponent('/r', '/r/.git/config')).toBe('.git');
    expect(vcsComponent('/r', '/r/a/.Hg/hgrc')).toBe('.Hg');
    expect(vcsComponent('/r', '/r/CVS/Root')).toBe('CVS');
    expect(vcsComponent('/.git/r', '/.git/r/zones/a.yaml')).toBeUndefined(); // above the root: not the repository's business
    expect(vcsComponent('/r', '/r/zones/gitlab.yaml')).toBeUndefined();
  });

  it.each([
    ['zones/a.yaml', 'ok'],
    ['zones/inside-link.yaml', 'ok'],
    ['..dots/b.yaml', 'ok'],
    ['zones/outside-link.yaml', 'symlink-outside'],
    ['../outside.yaml', 'outside'],
    ['.GIT/config', 'version-control'],
    ['zones/git-link.yaml', 'version-control'],
    ['zones', 'not-a-file'],
    ['zones/none.yaml', 'not-found'],
    ['zones/a\u0000.yaml', 'unreadable'],
  ])('%s: %s', (path, expected) => {
    const read = readConfinedFile(root, join(root, path));
    expect(read.ok ? 'ok' : read.why).toBe(expected);
  });
});
