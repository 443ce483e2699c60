/**
 * Reading a file a pull request may have placed, confined to the repository (repository-root.ts):
 * zone files (given or found by walking a directory), fragments (`include:`), `zonectl.yaml`, and
 * the files a saved plan names. One rule for all of them (SECURITY.md):
 *
 * - the path lies inside the root, and so does its real location (symlinks followed): a link to
 *   `/proc/self/environ`, `/dev/zero` or a YAML file of another checkout is refused;
 * - no component of it, below the root, is a version control system's own directory (`.git/`
 *   keeps the remote's credentials and the hooks: `include: [../.git/config]` is refused);
 * - it is a regular file (a FIFO or a device would hang or exhaust the run), opened without
 *   blocking, and at most MAX_ZONE_FILE_BYTES, checked before reading and while reading.
 */
import { closeSync, constants, fstatSync, openSync, readSync, realpathSync, statSync } from 'node:fs';
import { isAbsolute, relative, resolve, sep } from 'node:path';

/**
 * The largest file zonectl reads as a zone file, fragment or configuration: 256 MiB. A zone at
 * the largest documented record quota (1,000,000 records, docs/architecture.md "HTTP") written
 * one record a line (about 80 bytes) is about 80 MB.
 */
export const MAX_ZONE_FILE_BYTES = 256 * 1024 * 1024;

/**
 * Directories (and checkout files) of version control systems: git, Mercurial, Subversion,
 * Bazaar, Darcs, CVS, Jujutsu, Sapling, Pijul, Fossil. Compared without case (case-insensitive
 * file systems open `.GIT/config` as `.git/config`).
 */
export const VCS_NAMES: readonly string[] = [
  '.git',
  '.hg',
  '.svn',
  '.bzr',
  '_darcs',
  'cvs',
  '.jj',
  '.sl',
  '.pijul',
  '_fossil_',
  '.fslckout',
];

const VCS = new Set(VCS_NAMES);

/** True when `path` is `root` or lies below it (both absolute, compared as written). */
export function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel));
}

/** The first component of `path` below `root` that names a version control directory, if any. */
export function vcsComponent(root: string, path: string): string | undefined {
  const rel = relative(root, path);
  if (rel === '') return undefined;
  return rel.split(sep).find((part) => VCS.has(part.toLowerCase()));
}

export type ConfinedFailure = 'outside' | 'symlink-outside' | 'version-control' | 'not-found' | 'not-a-file' | 'too-large' | 'unreadable';

export type Confined =
  | { readonly ok: true; readonly real: string }
  | { readonly ok: false; readonly why: ConfinedFailure; readonly message: string };

export type ConfinedBytes =
  | { readonly ok: true; readonly real: string; readonly bytes: Buffer }
  | { readonly ok: false; readonly why: ConfinedFailure; readonly message: string };

function failure(why: ConfinedFailure, message: string): { ok: false; why: ConfinedFailure; message: string } {
  return { ok: false, why, message };
}

const errnoOf = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : 'unknown error';
};

function readFailure(error: unknown): { ok: false; why: ConfinedFailure; message: string } {
  const code = errnoOf(error);
  if (code === 'ENOENT' || code === 'ENOTDIR') return failure('not-found', 'file not found');
  if (code === 'EACCES' || code === 'EPERM') return failure('unreadable', 'permission denied');
  return failure('unreadable', `cannot be read (${code})`);
}

/**
 * Where `path` (absolute, or relative to the working directory) really is, when it is allowed:
 * inside `root` as written and once symlinks are followed, and never in a version control
 * directory. The file need not be regular (readConfinedFile checks that).
 */
export function confine(root: string, path: string): Confined {
  if (path.includes('\u0000')) return failure('unreadable', 'a path cannot hold a NUL character');
  const absoluteRoot = resolve(root);
  const target = resolve(path);
  if (!isInside(absoluteRoot, target))
    return failure(
      'outside',
      `the path leads outside the repository (root ${absoluteRoot}, the nearest directory with .git or zonectl.yaml)`,
    );
  const written = vcsComponent(absoluteRoot, target);
  if (written !== undefined) return vcsFailure(written);
  let real: string;
  let realRoot: string;
  try {
    realRoot = realpathSync(absoluteRoot);
    real = realpathSync(target);
  } catch (error) {
    return readFailure(error);
  }
  if (!isInside(realRoot, real)) return failure('symlink-outside', `a symlink leads outside the repository (root ${absoluteRoot})`);
  const linked = vcsComponent(realRoot, real);
  if (linked !== undefined) return vcsFailure(linked);
  return { ok: true, real };
}

function vcsFailure(name: string): { ok: false; why: ConfinedFailure; message: string } {
  return failure(
    'version-control',
    `the path leads into ${name}, a version control directory (it keeps the remote's credentials and the hooks): zonectl never reads it`,
  );
}

/**
 * The bytes of `path`, when confine() allows it and it is a regular file of at most
 * MAX_ZONE_FILE_BYTES (refused before reading, by its size, and while reading, should it grow).
 */
export function readConfinedFile(root: string, path: string): ConfinedBytes {
  const where = confine(root, path);
  if (!where.ok) return where;
  return readRegularFile(where.real, { maxBytes: MAX_ZONE_FILE_BYTES, kind: 'any zone file' });
}

/**
 * The bytes of `path` when it is a regular file of at most `maxBytes` (refused before reading, by
 * its size, and while reading, should it grow); a FIFO or a device is refused, never waited on.
 * No confinement: readConfinedFile adds it; the importers' inputs named on the command line use
 * this alone (`kind` names what the cap is for in the message: "larger than KIND").
 */
export function readRegularFile(path: string, cap: { readonly maxBytes: number; readonly kind: string }): ConfinedBytes {
  let fd: number | undefined;
  const tooLarge = (size: number): { ok: false; why: ConfinedFailure; message: string } =>
    failure('too-large', `larger than ${cap.kind} (${size} bytes; at most ${cap.maxBytes})`);
  try {
    // Checked before opening (a FIFO would wait for a writer), and once open: it is still the same kind of file.
    if (!statSync(path).isFile()) return notAFile(path);
    fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
    const stat = fstatSync(fd);
    if (!stat.isFile()) return notAFile(path);
    if (stat.size > cap.maxBytes) return tooLarge(stat.size);
    let buffer = Buffer.allocUnsafe(stat.size + 1);
    let length = 0;
    for (;;) {
      if (length === buffer.length) {
        // It grew since fstat: read on, up to the cap.
        if (length > cap.maxBytes) return tooLarge(length);
        const bigger = Buffer.allocUnsafe(Math.min(buffer.length * 2, cap.maxBytes + 1));
        buffer.copy(bigger, 0, 0, length);
        buffer = bigger;
      }
      const n = readSync(fd, buffer, length, buffer.length - length, null);
      if (n === 0) return { ok: true, real: path, bytes: buffer.subarray(0, length) };
      length += n;
    }
  } catch (error) {
    return errnoOf(error) === 'EISDIR' ? notAFile(path) : readFailure(error);
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

function notAFile(real: string): { ok: false; why: ConfinedFailure; message: string } {
  let directory = false;
  try {
    directory = statSync(real).isDirectory();
  } catch {
    // gone meanwhile: not a file either way
  }
  return failure('not-a-file', directory ? 'is a directory, not a file' : 'not a regular file (a device, a FIFO or a socket)');
}
