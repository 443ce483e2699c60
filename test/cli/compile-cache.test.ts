/**
 * cli/compile-cache.ts: Node's module compile cache only in a directory this user alone can write,
 * never the shared temporary directory, and never when turned off.
 */
import { chmodSync, lstatSync, mkdirSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type CompileCacheContext, enablePrivateCompileCache, privateCompileCacheDir } from '../../src/cli/compile-cache.js';
import { tempDir } from '../support/temp-dir.js';

const uid = process.getuid?.() ?? 0;
const posix = typeof process.getuid === 'function';

function context(base: string, over: Partial<CompileCacheContext> = {}): CompileCacheContext {
  return { env: { XDG_CACHE_HOME: base }, uid, home: '/nonexistent-home', ...over };
}

/** A fresh base directory closed to group and others, like a home's `.cache`. */
function cacheBase(): string {
  const base = join(tempDir('compile-cache'), 'cache');
  mkdirSync(base, { mode: 0o755 });
  return base;
}

describe.runIf(posix)('privateCompileCacheDir', () => {
  it('makes $XDG_CACHE_HOME/zonectl/compile-cache with mode 0700 and names it', () => {
    const base = cacheBase();
    const dir = privateCompileCacheDir(context(base));
    expect(dir).toBe(join(base, 'zonectl', 'compile-cache'));
    expect(lstatSync(join(base, 'zonectl')).mode & 0o777).toBe(0o700);
    expect(lstatSync(join(base, 'zonectl', 'compile-cache')).mode & 0o777).toBe(0o700);
    // A second run finds it as it left it.
    expect(privateCompileCacheDir(context(base))).toBe(dir);
  });

  it('uses $HOME/.cache when XDG_CACHE_HOME is unset or not absolute', () => {
    const home = tempDir('compile-cache-home');
    chmodSync(home, 0o700);
    const expected = join(home, '.cache', 'zonectl', 'compile-cache');
    expect(privateCompileCacheDir({ env: {}, uid, home })).toBe(expected);
    expect(privateCompileCacheDir({ env: { XDG_CACHE_HOME: 'relative/cache' }, uid, home })).toBe(expected);
  });

  it('has none when turned off, without user ids, or without an absolute home', () => {
    const base = cacheBase();
    expect(privateCompileCacheDir(context(base, { env: { XDG_CACHE_HOME: base, ZONECTL_NO_COMPILE_CACHE: '1' } }))).toBeUndefined();
    expect(privateCompileCacheDir(context(base, { env: { XDG_CACHE_HOME: base, NODE_DISABLE_COMPILE_CACHE: '1' } }))).toBeUndefined();
    expect(privateCompileCacheDir(context(base, { uid: undefined }))).toBeUndefined();
    expect(privateCompileCacheDir({ env: {}, uid, home: '' })).toBeUndefined();
    expect(privateCompileCacheDir({ env: {}, uid, home: 'relative' })).toBeUndefined();
  });

  it('refuses a directory that group or others can enter, and leaves its mode alone', () => {
    const base = cacheBase();
    const dir = join(base, 'zonectl', 'compile-cache');
    mkdirSync(dir, { recursive: true, mode: 0o700 });
    chmodSync(dir, 0o777);
    expect(privateCompileCacheDir(context(base))).toBeUndefined();
    expect(lstatSync(dir).mode & 0o777).toBe(0o777);
    chmodSync(dir, 0o700);
    chmodSync(join(base, 'zonectl'), 0o750);
    expect(privateCompileCacheDir(context(base))).toBeUndefined();
  });

  it('refuses a link in place of the directory, even to a private one', () => {
    const base = cacheBase();
    const elsewhere = join(base, 'elsewhere');
    mkdirSync(elsewhere, { mode: 0o700 });
    mkdirSync(join(base, 'zonectl'), { mode: 0o700 });
    symlinkSync(elsewhere, join(base, 'zonectl', 'compile-cache'));
    expect(privateCompileCacheDir(context(base))).toBeUndefined();
  });

  it("refuses a directory owned by another user (another user's id here)", () => {
    const base = cacheBase();
    expect(privateCompileCacheDir(context(base, { uid: uid + 1 }))).toBeUndefined();
  });

  it('refuses a base that others can write into (a shared temporary directory)', () => {
    const base = cacheBase();
    chmodSync(base, 0o1777);
    expect(privateCompileCacheDir(context(base))).toBeUndefined();
    chmodSync(base, 0o775);
    expect(privateCompileCacheDir(context(base))).toBeUndefined();
  });
});

describe.runIf(posix)('enablePrivateCompileCache', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("hands Node's API the private directory, never no directory (Node's choice would be the shared temporary directory)", () => {
    const base = cacheBase();
    vi.stubEnv('XDG_CACHE_HOME', base);
    vi.stubEnv('NODE_COMPILE_CACHE', '');
    vi.stubEnv('ZONECTL_NO_COMPILE_CACHE', '');
    vi.stubEnv('NODE_DISABLE_COMPILE_CACHE', '');
    const enable = vi.fn();
    enablePrivateCompileCache(enable);
    expect(enable.mock.calls).toEqual([[join(base, 'zonectl', 'compile-cache')]]);
  });

  it('does nothing where Node has no compile cache, when turned off, or when NODE_COMPILE_CACHE names one; a failing API is no error', () => {
    const base = cacheBase();
    vi.stubEnv('XDG_CACHE_HOME', base);
    vi.stubEnv('NODE_COMPILE_CACHE', '');
    vi.stubEnv('NODE_DISABLE_COMPILE_CACHE', '');
    expect(() => enablePrivateCompileCache(undefined)).not.toThrow();
    const enable = vi.fn();
    vi.stubEnv('ZONECTL_NO_COMPILE_CACHE', '1');
    enablePrivateCompileCache(enable);
    vi.stubEnv('ZONECTL_NO_COMPILE_CACHE', '');
    vi.stubEnv('NODE_COMPILE_CACHE', join(base, 'users-own'));
    enablePrivateCompileCache(enable);
    expect(enable).not.toHaveBeenCalled();
    vi.stubEnv('NODE_COMPILE_CACHE', '');
    expect(() =>
      enablePrivateCompileCache(() => {
        throw new Error('read-only');
      }),
    ).not.toThrow();
  });
});
