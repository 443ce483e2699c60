/**
 * The zone file's JSON Schema kept inside the repository (`.zonectl/zone.schema.json` at its
 * root), so that the `# yaml-language-server: $schema=` line of every zone file is a relative
 * path that resolves on every clone: never a path into a local installation, never a URL.
 *
 * The repository root is the one includes are confined to (repository-root.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { ZonectlError } from '../../core/errors.js';
import { buildZoneSchema } from '../../core/schema/index.js';
import { confineWrite } from './confined-write.js';
import { repositoryRootOfDir } from './repository-root.js';
import { writeOutputFile } from '../output/index.js';

export const REPO_SCHEMA = join('.zonectl', 'zone.schema.json');

/** The schema text this zonectl publishes. */
export function schemaText(): string {
  return `${JSON.stringify(buildZoneSchema(), null, 2)}\n`;
}

export type SchemaWrite = 'created' | 'updated' | 'unchanged';

/**
 * Writes the schema into the repository at `root` (created, brought up to date, or left as it is).
 * Never through a link: `.zonectl` committed as a link out of the repository is refused before
 * anything is read or written there (confined-write.ts).
 */
export function writeRepoSchema(root: string): { path: string; result: SchemaWrite } {
  const path = join(root, REPO_SCHEMA);
  const where = confineWrite(root, path);
  if (!where.ok) throw new ZonectlError('UNSAFE_EXPORT_PATH', `${path}: ${where.message}; nothing was written`);
  const text = schemaText();
  const existing = existsSync(path) ? readFileSync(path, 'utf8') : undefined;
  if (existing === text) return { path, result: 'unchanged' };
  writeOutputFile(path, text);
  return { path, result: existing === undefined ? 'created' : 'updated' };
}

/** The `$schema` reference from a file in `fileDir` to the repository's schema at `root`. */
export function schemaRefFrom(fileDir: string, root: string): string {
  const rel = relative(resolve(fileDir), join(root, REPO_SCHEMA)).split('\\').join('/');
  return rel.startsWith('../') ? rel : `./${rel}`;
}

/**
 * The `$schema` line's reference for a zone file written to `outFile` (stdout when undefined:
 * relative to the working directory), and the repository's schema to write first when it is
 * missing (`missing`: its root), with nothing written yet: a caller that may still refuse its
 * output (an import whose result is not valid) writes the schema only once it writes the file
 * (`writeRepoSchema`). For stdout, the reference is given only when the schema is already there.
 */
export function plannedSchemaRef(
  outFile: string | undefined,
  cwd: string = process.cwd(),
  /** The repository root when the caller knows it (an import writing zonectl.yaml there): else found from the file. */
  knownRoot?: string,
): { ref?: string; missing?: string } {
  const dir = outFile === undefined ? cwd : dirname(resolve(cwd, outFile));
  const root = knownRoot ?? repositoryRootOfDir(outFile === undefined ? cwd : nearestExisting(dir));
  if (outFile === undefined) return existsSync(join(root, REPO_SCHEMA)) ? { ref: schemaRefFrom(dir, root) } : {};
  // A `.zonectl` that leads out of the repository is refused whether or not the schema is there yet.
  const where = confineWrite(root, join(root, REPO_SCHEMA));
  if (!where.ok) throw new ZonectlError('UNSAFE_EXPORT_PATH', `${join(root, REPO_SCHEMA)}: ${where.message}; nothing was written`);
  return { ref: schemaRefFrom(dir, root), ...(existsSync(join(root, REPO_SCHEMA)) ? {} : { missing: root }) };
}

/**
 * The same, with the schema written at once when it is missing (the first export or import sets
 * the repository up).
 */
export function schemaRefForOutput(
  outFile: string | undefined,
  cwd: string = process.cwd(),
  knownRoot?: string,
): { ref?: string; wrote?: string } {
  const { ref, missing } = plannedSchemaRef(outFile, cwd, knownRoot);
  const written = missing !== undefined ? writeRepoSchema(missing).path : undefined;
  return { ...(ref !== undefined ? { ref } : {}), ...(written !== undefined ? { wrote: written } : {}) };
}

/** `dir` or its nearest ancestor that exists (an `--out` directory may not exist yet). */
function nearestExisting(dir: string): string {
  let d = dir;
  while (!existsSync(d) && dirname(d) !== d) d = dirname(d);
  return d;
}
