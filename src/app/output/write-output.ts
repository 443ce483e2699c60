/**
 * Writes what a command was asked to put in a file (`--out` of export, import and plan): the
 * same way everywhere. Missing parent directories are created, the write is atomic, the
 * credentials' values are masked (app/output/secret-redaction.ts), and a path
 * that cannot be written is one OUTPUT_UNWRITABLE error naming the path and the reason.
 */
import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { ZonectlError } from '../../core/errors.js';
import { redact } from './secret-redaction.js';
import { writeChunksAtomic, writeFileAtomic } from './write-file-atomic.js';

export function writeOutputFile(path: string, content: string | Iterable<string>): void {
  try {
    mkdirSync(dirname(path), { recursive: true });
    if (typeof content === 'string') writeFileAtomic(path, redact(content));
    else writeChunksAtomic(path, redactEach(content));
  } catch (err) {
    if (err instanceof ZonectlError) throw err;
    const code = (err as NodeJS.ErrnoException).code ?? (err as Error).message;
    throw new ZonectlError('OUTPUT_UNWRITABLE', `cannot write ${path}: ${describeWriteError(code)}`, { cause: err });
  }
}

function* redactEach(chunks: Iterable<string>): Generator<string> {
  for (const chunk of chunks) yield redact(chunk);
}

function describeWriteError(code: string): string {
  if (code === 'EACCES' || code === 'EPERM') return 'permission denied';
  if (code === 'ENOTDIR' || code === 'EEXIST') return 'a part of the path is a file, not a directory';
  if (code === 'EISDIR') return 'it is a directory';
  if (code === 'ENOSPC') return 'no space left on the device';
  if (code === 'EROFS') return 'read-only file system';
  return code;
}
