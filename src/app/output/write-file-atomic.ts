/**
 * Writing a file so that readers see the old or the new content, never a part: a temporary file
 * beside it is written, fsync'd and renamed over it.
 *
 * The temporary file has a random name and is created exclusively (O_CREAT | O_EXCL, flag 'wx'):
 * a file or symlink already at that name makes the open fail instead of being followed, so a
 * symlink planted in a shared directory cannot redirect the write. It is removed when anything
 * fails before the rename.
 */
import { randomBytes } from 'node:crypto';
import { closeSync, fsyncSync, ftruncateSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** A fresh, unpredictable name for the temporary file of `path`, in the same directory (so that rename is atomic). */
export function temporaryPathFor(path: string): string {
  return join(dirname(path), `.${basename(path)}.${randomBytes(8).toString('hex')}.tmp`);
}

/** Removes a temporary file, ignoring that it may already be gone. */
function removeQuietly(tmp: string): void {
  try {
    unlinkSync(tmp);
  } catch {
    // already gone, or the directory went away: nothing left to clean
  }
}

/** Writes all of `bytes` at offset 0 of `fd`, then cuts the file there and syncs it. */
function writeWhole(fd: number, bytes: Buffer): void {
  let done = 0;
  while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done, done);
  ftruncateSync(fd, bytes.length);
  fsyncSync(fd);
}

/** Write a file atomically (see the header): temp file created exclusively, fsync, rename; the temp file is removed on failure. */
export function writeFileAtomic(path: string, content: string, mode = 0o644): void {
  writeChunksAtomic(path, [content], mode);
}

/**
 * As `writeFileAtomic`, for content made in chunks (a report of 1,000 zones): each chunk is
 * written as it comes, so that the whole never has to be one string in memory.
 */
export function writeChunksAtomic(path: string, chunks: Iterable<string>, mode = 0o644): void {
  const tmp = temporaryPathFor(path);
  const fd = openSync(tmp, 'wx', mode);
  try {
    try {
      for (const chunk of chunks) {
        const bytes = Buffer.from(chunk, 'utf8');
        let done = 0;
        while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
      }
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, path);
  } catch (e) {
    removeQuietly(tmp);
    throw e;
  }
}

/**
 * Several files written together as far as a file system allows: every temporary file is
 * written and synced first (any failure removes them all: nothing changed), then each is renamed
 * into place. `mode` per file (an edited file keeps its own).
 */
export function writeFilesAtomic(files: ReadonlyArray<{ readonly path: string; readonly content: string; readonly mode: number }>): void {
  const staged: Array<{ readonly tmp: string; readonly path: string }> = [];
  try {
    for (const f of files) {
      const tmp = temporaryPathFor(f.path);
      const fd = openSync(tmp, 'wx', f.mode);
      staged.push({ tmp, path: f.path });
      try {
        const bytes = Buffer.from(f.content, 'utf8');
        let done = 0;
        while (done < bytes.length) done += writeSync(fd, bytes, done, bytes.length - done);
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
    }
  } catch (e) {
    for (const s of staged) removeQuietly(s.tmp);
    throw e;
  }
  for (const [i, s] of staged.entries()) {
    try {
      renameSync(s.tmp, s.path);
    } catch (e) {
      for (const rest of staged.slice(i)) removeQuietly(rest.tmp);
      throw e;
    }
  }
}

/**
 * A temporary file created (exclusively, as above) and filled before its content is known, so
 * that what can fail about creating and filling it fails early: `token roll` opens it before the
 * secret exists. `reserveBytes` of blank are written and synced at once, so that the disk space
 * is allocated; `commit` then overwrites them (content up to that size needs no new space) and
 * renames the file into place.
 */
export class ReservedFile {
  private fd: number | undefined;

  private constructor(
    readonly path: string,
    /** Where the content waits before the rename (a random name beside `path`). */
    readonly temporaryPath: string,
    fd: number,
  ) {
    this.fd = fd;
  }

  static reserve(path: string, reserveBytes: number, mode = 0o600): ReservedFile {
    const tmp = temporaryPathFor(path);
    const fd = openSync(tmp, 'wx', mode);
    try {
      writeWhole(fd, Buffer.alloc(reserveBytes, 0x20));
    } catch (e) {
      closeSync(fd);
      removeQuietly(tmp);
      throw e;
    }
    return new ReservedFile(path, tmp, fd);
  }

  /**
   * Writes the content and renames the file into place. When the rename fails, the content stays
   * in `temporaryPath` (it is not removed: it may hold what cannot be had again).
   */
  commit(content: string): void {
    if (this.fd === undefined) throw new Error('the reserved file was already committed or discarded');
    const fd = this.fd;
    this.fd = undefined;
    try {
      writeWhole(fd, Buffer.from(content, 'utf8'));
    } finally {
      closeSync(fd);
    }
    renameSync(this.temporaryPath, this.path);
  }

  /** Closes and removes the temporary file (nothing was written to `path`). */
  discard(): void {
    if (this.fd === undefined) return;
    closeSync(this.fd);
    this.fd = undefined;
    removeQuietly(this.temporaryPath);
  }
}
