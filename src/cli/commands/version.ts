import type { Command } from 'commander';
import { out } from '../output/io.js';
import { versionLine } from '../version.js';

/**
 * `zonectl version`: the version and the commit it was built from (`--version`: the version alone,
 * for scripts). A module of its own so that it loads nothing of the zone file code.
 */
export function registerVersion(program: Command): void {
  program
    .command('version')
    .description("Print zonectl's version")
    .addHelpText('after', '\nExample:\n  zonectl version')
    .action(() => {
      out(versionLine());
    });
}
