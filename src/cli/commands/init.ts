import { REPO_SCHEMA, writeSchemaInto } from '../../app/schema/index.js';
import { arg, defineCommand } from '../definition/define-command.js';
import { out } from '../output/io.js';

/**
 * `zonectl init [DIR]`: sets a repository up for zone files. Writes the zone file's JSON Schema
 * to `.zonectl/zone.schema.json` at the repository root (the nearest directory with `.git` or
 * `zonectl.yaml`, else DIR), so that `$schema` lines are relative paths that work on every clone;
 * run again after upgrading zonectl to bring the schema up to date.
 */
export const initCommand = defineCommand({
  name: 'init',
  description: `Write the zone file schema into the repository (${REPO_SCHEMA}) for editor completion`,
  args: { dir: arg.optional('dir', 'a directory inside the repository', '.') },
  examples: ['zonectl init', 'zonectl export --zone example.com --out zones/example.com.yaml   # its $schema line points at .zonectl/'],
  run: ({ args }) => {
    const { path, result } = writeSchemaInto(args.dir);
    out(`${path}: ${result}`);
    out('Zone files written by export and import reference it with a relative # yaml-language-server: $schema= line.');
    return undefined;
  },
});
