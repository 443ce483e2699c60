import { defineCommand } from '../definition/define-command.js';
import { out } from '../output/io.js';
import { versionLine } from '../version.js';

/**
 * `zonectl version`: the version and the commit it was built from (`--version`: the version alone,
 * for scripts). A module of its own so that it loads nothing of the zone file code.
 */
export const versionCommand = defineCommand({
  name: 'version',
  description: "Print zonectl's version",
  examples: ['zonectl version'],
  run: () => {
    out(versionLine());
    return undefined;
  },
});
