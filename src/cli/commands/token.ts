import type { Command } from 'commander';
import { connect } from '../../app/connect/index.js';
import { rollToken } from '../../app/roll-token.js';
import { openTokenOutput } from '../../app/output/index.js';
import { ZonectlError } from '../../core/errors.js';
import { log, out } from '../output/io.js';
import { baseUrlOption } from '../options.js';

interface RollFlags {
  tokenOutput?: string;
  showTokenValues?: boolean;
  baseUrl?: string;
}

class TokenCommandError extends ZonectlError {}

export function registerToken(program: Command): void {
  const token = program
    .command('token')
    .description("Work with the user's API tokens")
    .addHelpText('after', '\nExample:\n  zonectl token roll ci-dns-edit --token-output tokens.json');
  token
    .command('roll')
    .description('Roll the secret of one of your tokens (by name): the old secret stops working, the new one is shown once')
    .argument('<name>', 'the token name')
    .option('--token-output <file>', 'write the new secret to this file (mode 0600, JSON {name: value}, merged)')
    .option('--show-token-values', 'print the new secret on stdout')
    .addOption(baseUrlOption())
    .addHelpText('after', '\nExample:\n  zonectl token roll ci-dns-edit --token-output tokens.json')
    .action(async (name: string, flags: RollFlags) => {
      if (flags.tokenOutput === undefined && flags.showTokenValues !== true) {
        throw new TokenCommandError('BAD_ARGS', 'the new secret is shown only once: give --token-output FILE or --show-token-values');
      }
      // Opened (created, with room for the secret) before the roll: a secret that cannot be saved
      // would be lost with the old one revoked.
      const output = flags.tokenOutput !== undefined ? openTokenOutput(flags.tokenOutput) : undefined;
      let saved = false;
      let client: ReturnType<typeof connect> | undefined;
      try {
        client = connect({ baseUrl: flags.baseUrl });
        const rolled = await rollToken(client, name);
        if (flags.showTokenValues === true) out(`${rolled.name}: ${rolled.value}`);
        if (output !== undefined) {
          saved = true; // from here the temporary file may hold the secret: never removed
          output.save({ [rolled.name]: rolled.value });
          log(
            `Rolled token ${JSON.stringify(rolled.name)} (id ${rolled.id}); its new secret was written to ${flags.tokenOutput} (mode 0600).`,
          );
        } else {
          log(`Rolled token ${JSON.stringify(rolled.name)} (id ${rolled.id}); the old secret no longer works.`);
        }
      } finally {
        if (!saved) output?.discard();
        await client?.close();
      }
    });
}
