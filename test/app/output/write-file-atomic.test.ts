/**
 * Atomic writes (src/app/output/write-file-atomic.ts): the temporary file has a random name and is
 * created exclusively, so a symlink planted where it used to be (`.NAME.PID.MILLIS.tmp`) is never
 * followed; it is removed when the write fails.
 */
import { existsSync, mkdirSync, readFileSync, readdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ReservedFile, temporaryPathFor, writeFileAtomic, writeFilesAtomic } from '../../../src/app/output/write-file-atomic.js';
import { tempDir } from '../../support/temp-dir.js';

const fresh = (): string => tempDir('atomic');

describe('writeFileAtomic', () => {
  it('does not follow a symlink planted at the predictable temporary names of this process', () => {
    const dir = fresh();
    const victim = join(dir, 'victim.yaml');
    writeFileSync(victim, 'untouched\n');
    // Every name the old scheme could pick in the next few seconds, each a symlink to the victim.
    const start = Date.now();
    for (let ms = start - 50; ms < start + 5_000; ms++) symlinkSync(victim, join(dir, `.zone.yaml.${process.pid}.${ms}.tmp`));
    const target = join(dir, 'zone.yaml');
    writeFileAtomic(target, 'new content\n');
    expect(readFileSync(victim, 'utf8')).toBe('untouched\n');
    expect(readFileSync(target, 'utf8')).toBe('new content\n');
  });

  it('picks an unpredictable temporary name beside the file', () => {
    const a = temporaryPathFor('/some/dir/zone.yaml');
    const b = temporaryPathFor('/some/dir/zone.yaml');
    expect(a).not.toBe(b);
    expect(a).toMatch(/^\/some\/dir\/\.zone\.yaml\.[0-9a-f]{16}\.tmp$/);
  });

  it('removes its temporary file when the rename fails, and leaves the target as it was', () => {
    const dir = fresh();
    const target = join(dir, 'taken');
    mkdirSync(join(target, 'inside'), { recursive: true }); // a non-empty directory: rename fails
    expect(() => writeFileAtomic(target, 'x')).toThrow(/EISDIR|ENOTEMPTY|EEXIST/);
    expect(readdirSync(dir)).toEqual(['taken']);
    expect(readdirSync(target)).toEqual(['inside']);
  });
});

describe('ReservedFile', () => {
  it('is created before its content is known, and committed into place with mode 0600', () => {
    const dir = fresh();
    const target = join(dir, 'tokens.json');
    const reserved = ReservedFile.reserve(target, 4096);
    expect(existsSync(reserved.temporaryPath)).toBe(true);
    expect(existsSync(target)).toBe(false);
    reserved.commit('{"a":"b"}\n');
    expect(readFileSync(target, 'utf8')).toBe('{"a":"b"}\n');
    expect(readdirSync(dir)).toEqual(['tokens.json']);
  });

  it('leaves nothing behind when discarded', () => {
    const dir = fresh();
    ReservedFile.reserve(join(dir, 'tokens.json'), 16).discard();
    expect(readdirSync(dir)).toEqual([]);
  });

  it('fails at once when the directory does not exist', () => {
    expect(() => ReservedFile.reserve(join(fresh(), 'missing', 'tokens.json'), 16)).toThrow(/ENOENT/);
  });
});

describe('writeFilesAtomic (export --into: a zone file and its fragment)', () => {
  it('writes every file, each with its own mode, and leaves no temporary file', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'a.yaml'), 'old a\n');
    writeFilesAtomic([
      { path: join(dir, 'a.yaml'), content: 'new a\n', mode: 0o600 },
      { path: join(dir, 'b.yaml'), content: 'new b\n', mode: 0o644 },
    ]);
    expect(readFileSync(join(dir, 'a.yaml'), 'utf8')).toBe('new a\n');
    expect(readFileSync(join(dir, 'b.yaml'), 'utf8')).toBe('new b\n');
    expect(readdirSync(dir).sort()).toEqual(['a.yaml', 'b.yaml']);
  });

  it('one file that cannot be staged: none is changed, no temporary file is left', () => {
    const dir = fresh();
    writeFileSync(join(dir, 'a.yaml'), 'old a\n');
    expect(() =>
      writeFilesAtomic([
        { path: join(dir, 'a.yaml'), content: 'new a\n', mode: 0o644 },
        { path: join(dir, 'missing', 'b.yaml'), content: 'new b\n', mode: 0o644 },
      ]),
    ).toThrow(/ENOENT/);
    expect(readFileSync(join(dir, 'a.yaml'), 'utf8')).toBe('old a\n');
    expect(readdirSync(dir)).toEqual(['a.yaml']);
  });
});
