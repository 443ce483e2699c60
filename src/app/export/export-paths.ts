/**
 * `export --all --out DIR`: the file of each zone is named after the zone, a name that comes from
 * the API (GET /zones). The name must be a domain name (LDH labels, as the service's zone names
 * are: `xn--` for IDNs), so that it cannot hold `/`, `..` or anything a file system or a shell
 * reads specially, and the resolved path must be a file directly in DIR, not a symlink (DIR's own
 * symlinks resolved): nothing is written outside DIR, nor through a link planted in it.
 */
import { lstatSync, realpathSync } from 'node:fs';
import { dirname, join, relative, sep } from 'node:path';
import { ZonectlError } from '../../core/errors.js';

/** A zone name from the API that cannot name a file, or a path that leaves the output directory. */
export class UnsafeExportPathError extends ZonectlError {
  constructor(message: string) {
    super('UNSAFE_EXPORT_PATH', message);
  }
}

const LABEL = /^(?!-)[a-z0-9-]{1,63}(?<!-)$/;

/** A zone name as the service gives it: 2+ LDH labels, at most 253 characters, lower case, no trailing dot. */
export function isZoneName(name: string): boolean {
  if (name.length > 253) return false;
  const labels = name.split('.');
  return labels.length >= 2 && labels.every((l) => LABEL.test(l));
}

/**
 * The file for zone `zoneName` in `dir` (which exists); throws UnsafeExportPathError when the name
 * is no zone name, the path would leave `dir`, or a symlink sits at that path.
 */
export function exportFileIn(dir: string, zoneName: unknown, extension: string): string {
  const name = typeof zoneName === 'string' ? zoneName.toLowerCase().replace(/\.$/, '') : '';
  if (!isZoneName(name)) {
    throw new UnsafeExportPathError(
      `the zones list holds a zone named ${JSON.stringify(zoneName)}, which is not a domain name; refusing to make a file name of it (nothing was written)`,
    );
  }
  const realDir = realpathSync(dir);
  const file = join(realDir, `${name}.${extension}`);
  const rel = relative(realDir, file);
  if (rel === '' || rel.startsWith('..') || rel.includes(sep) || dirname(file) !== realDir) {
    throw new UnsafeExportPathError(`the file of zone ${JSON.stringify(name)} would be outside ${dir}; nothing was written`);
  }
  let isLink = false;
  try {
    isLink = lstatSync(file).isSymbolicLink();
  } catch {
    // no file there yet
  }
  if (isLink)
    throw new UnsafeExportPathError(
      `${join(dir, `${name}.${extension}`)} is a symlink; zonectl export does not write through or replace one (remove it, or use another --out)`,
    );
  return join(dir, `${name}.${extension}`);
}
