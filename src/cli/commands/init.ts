import type { Command } from 'commander';
import { REPO_SCHEMA, writeRepoSchema, repositoryRootOfDir } from '../../app/files/index.js';
import { out } from '../output/io.js';
import { examplesText } from '../help-examples.js';

/**
 * `zonectl init [DIR]`: sets a repository up for zone files. Writes the zone file's JSON Schema
 * to `.zonectl/zone.schema.json` at the repository root (the nearest directory with `.git` or
 * `zonectl.yaml`, else DIR), so that `$schema` lines are relative paths that work on every clone;
 * run again after upgrading zonectl to bring the schema up to date.
 */
export function registerInit(program: Command): void {
  program
    .command('init')
    .argument('[dir]', 'a directory inside the repository', '.')
    .description(`Write the zone file schema into the repository (${REPO_SCHEMA}) for editor completion`)
    .addHelpText(
      'after',
      examplesText([
        'zonectl init',
        'zonectl export --zone example.com --out zones/example.com.yaml   # its $schema line points at .zonectl/',
      ]),
    )
    .action((dir: string) => {
      const root = repositoryRootOfDir(dir);
      const { path, result } = writeRepoSchema(root);
      out(`${path}: ${result}`);
      out('Zone files written by export and import reference it with a relative # yaml-language-server: $schema= line.');
    });
}
