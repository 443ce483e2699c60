import { closeSync, fsyncSync, mkdirSync, openSync, renameSync, unlinkSync, writeSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { ZonectlError } from '../core/errors.js';

/**
 * Write a file so that readers see the old or the new content, never a part (temp + fsync +
 * rename). Missing parent directories are created first, the same way for every `--out`. A file
 * that cannot be written is `OUTPUT_UNWRITABLE`, naming the path and the reason.
 */
export function writeFileAtomic(path: string, content: string, mode = 0o644): void {
  try {
    writeAtomically(path, content, mode);
  } catch (err) {
    if (err instanceof ZonectlError) throw err;
    const reason = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new ZonectlError('OUTPUT_UNWRITABLE', `cannot write ${path}: ${describeWriteError(reason)}`, { cause: err });
  }
}

function describeWriteError(code: string): string {
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'a part of the path is a file, not a directory';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'ENOSPC') return 'no space left on the device';
  if (code === 'EROFS') return 'read-only file system';
  return code;
}

function writeAtomically(path: string, content: string, mode: number): void {
  mkdirSync(dirname(path), { recursive: true });
  const tmp = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.tmp`);
  const fd = openSync(tmp, 'w', mode);
  try {
    writeSync(fd, content);
    fsyncSync(fd);
  } catch (e) {
    closeSync(fd);
    unlinkSync(tmp);
    throw e;
  }
  closeSync(fd);
  renameSync(tmp, path);
}
