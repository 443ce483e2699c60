/**
 * `zonectl token roll NAME`: roll one of your tokens' secret (src/app/token), shown by
 * ../views/token.ts; exit 0, or 128 + the signal's number when interrupted (130 for Ctrl-C).
 */
import { signalExitCode } from '../../app/session/index.js';
import { runTokenRoll } from '../../app/token/index.js';
import { arg, defineCommand, defineGroup, flag } from '../definition/define-command.js';
import { baseUrlFlag } from '../options.js';
import { tokenRollOutput } from '../views/token.js';

const rollCommand = defineCommand({
  name: 'roll',
  description: 'Roll the secret of one of your tokens (by name): the old secret stops working, the new one is shown once',
  args: { name: arg.required('name', 'the token name') },
  flags: {
    account: flag.text('--account <account_id>', "roll one of this account's own tokens (owner: account) instead of one of yours"),
    tokenOutput: flag.text('--token-output <file>', 'write the new secret to this file (mode 0600, JSON {name: value}, merged)'),
    showTokenValues: flag.switch('--show-token-values', 'print the new secret on stdout'),
    baseUrl: baseUrlFlag,
  },
  examples: [
    'zonectl token roll ci-dns-edit --token-output tokens.json',
    'zonectl token roll ci-deploy --account 023e105f4ecef8ad9ca31a8372d0c353 --token-output tokens.json',
  ],
  run: async ({ args, flags }) => {
    const result = await runTokenRoll(
      { name: args.name, account: flags.account, tokenOutput: flags.tokenOutput, showValue: flags.showTokenValues, baseUrl: flags.baseUrl },
      tokenRollOutput,
    );
    return result.status === 'interrupted' ? signalExitCode(result.signal) : undefined;
  },
});

export const tokenCommand = defineGroup({
  name: 'token',
  description: "Work with API tokens: the user's, or an account's own (--account)",
  examples: ['zonectl token roll ci-dns-edit --token-output tokens.json'],
  commands: [rollCommand],
});
