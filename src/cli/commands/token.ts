/**
 * `zonectl token roll NAME`: roll one of your tokens' secret (src/app/token), shown by
 * ../views/token.ts; exit 0, or 128 + the signal's number when interrupted (130 for Ctrl-C).
 */
import { signalExitCode } from '../../app/session/index.js';
import { runTokenRoll, type SecretDestination } from '../../app/token/index.js';
import { InternalError, ZonectlError } from '../../core/errors.js';
import { printable } from '../output/printable.js';
import { arg, defineCommand, defineGroup, flag } from '../definition/define-command.js';
import { baseUrlFlag } from '../options.js';
import { tokenRollOutput } from '../views/token.js';

/** An account id as `--account` takes it: 32 hexadecimal characters, lower case (as the API writes them). */
const ACCOUNT_ID = /^[0-9a-f]{32}$/;

/** Where the flags send the new secret; none when neither --token-output nor --show-token-values was given. */
function secretDestination(flags: {
  readonly tokenOutput: string | undefined;
  readonly showTokenValues: boolean;
}): SecretDestination | undefined {
  if (flags.tokenOutput !== undefined) return { tokenOutput: flags.tokenOutput, showValue: flags.showTokenValues };
  return flags.showTokenValues ? { showValue: true } : undefined;
}

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
  validate: ({ flags }) => {
    // The service shows the new secret once: a roll with nowhere to keep it would lose it.
    if (secretDestination(flags) === undefined)
      throw new ZonectlError('BAD_ARGS', 'the new secret is shown only once: give --token-output FILE or --show-token-values');
    if (flags.account !== undefined && !ACCOUNT_ID.test(flags.account))
      throw new ZonectlError('BAD_ARGS', `--account ${printable(flags.account)}: an account id is 32 hexadecimal characters (lower case)`);
  },
  run: async ({ args, flags }) => {
    const destination = secretDestination(flags);
    if (destination === undefined)
      throw new InternalError('token roll: validate lets no roll through without a destination for its secret');
    const result = await runTokenRoll({ name: args.name, account: flags.account, ...destination, baseUrl: flags.baseUrl }, tokenRollOutput);
    return result.status === 'interrupted' ? signalExitCode(result.signal) : undefined;
  },
});

export const tokenCommand = defineGroup({
  name: 'token',
  description: "Work with API tokens: the user's, or an account's own (--account)",
  examples: ['zonectl token roll ci-dns-edit --token-output tokens.json'],
  commands: [rollCommand],
});
