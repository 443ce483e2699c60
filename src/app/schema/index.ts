/**
 * The zone file's JSON Schema as zonectl publishes it: `zonectl schema` prints it, `zonectl init`
 * writes it into the repository (src/app/files/repository-schema.ts).
 */
import { repositoryRootOfDir } from '../files/index.js';
import { writeRepoSchema, type SchemaWrite } from '../files/index.js';

export { REPO_SCHEMA, schemaText } from '../files/index.js';

/** `zonectl init DIR`: the schema written at the root of DIR's repository (created, updated, or left as it is). */
export function writeSchemaInto(dir: string): { readonly path: string; readonly result: SchemaWrite } {
  return writeRepoSchema(repositoryRootOfDir(dir));
}
