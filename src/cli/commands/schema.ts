import { schemaText } from '../../app/schema/index.js';
import { defineCommand } from '../definition/define-command.js';
import { out } from '../output/io.js';

/** `zonectl schema`: the zone file's JSON Schema (the published schemas/zone.schema.json), for editors and other tools. */
export const schemaCommand = defineCommand({
  name: 'schema',
  description: 'Print the JSON Schema of zone files (for editors: yaml-language-server, VS Code)',
  examples: ['zonectl schema > zone.schema.json'],
  run: () => {
    out(schemaText());
    return undefined;
  },
});
