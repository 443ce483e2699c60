import type { Command } from 'commander';
import { buildZoneSchema } from '../../core/schema/index.js';
import { out } from '../output/io.js';

/** `zonectl schema`: the zone file's JSON Schema (the published schemas/zone.schema.json), for editors and other tools. */
export function registerSchema(program: Command): void {
  program
    .command('schema')
    .description('Print the JSON Schema of zone files (for editors: yaml-language-server, VS Code)')
    .addHelpText('after', '\nExample:\n  zonectl schema > zone.schema.json')
    .action(() => {
      out(`${JSON.stringify(buildZoneSchema(), null, 2)}`);
    });
}
