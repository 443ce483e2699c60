import { ZonectlError } from '../../core/errors.js';
import { completionModel } from '../completion/completion-model.js';
import { renderCompletion, SHELLS, type Shell } from '../completion/render-completion.js';
import { type AnyCommand, arg, defineCommand, type FlagSpec } from '../definition/define-command.js';
import { GLOBAL_FLAGS, PROGRAM_NAME, VERSION_FLAG } from '../global-flags.js';
import { out } from '../output/io.js';

/**
 * `zonectl completion bash|zsh|fish`: a completion script for the shell, from the command
 * definitions themselves (`allCommands` loads every one, whichever this command line named).
 */
export function completionCommand(allCommands: () => Promise<readonly AnyCommand[]>) {
  return defineCommand({
    name: 'completion',
    description: 'Print a shell completion script (commands, flags, flag values, file names, git refs after --changed-since)',
    args: { shell: arg.required('shell', `${SHELLS.join(', ')}`) },
    examples: [
      'zonectl completion bash > ~/.local/share/bash-completion/completions/zonectl',
      'source <(zonectl completion zsh)        # in ~/.zshrc',
      'zonectl completion fish > ~/.config/fish/completions/zonectl.fish',
    ],
    validate: ({ args }) => {
      if (!(SHELLS as readonly string[]).includes(args.shell))
        throw new ZonectlError('BAD_ARGS', `completion: unknown shell "${args.shell}" (one of ${SHELLS.join(', ')})`);
    },
    run: async ({ args }) => {
      const program = { name: PROGRAM_NAME, flags: [VERSION_FLAG, ...Object.values<FlagSpec>(GLOBAL_FLAGS)] };
      out(renderCompletion(args.shell as Shell, completionModel(program, await allCommands())).trimEnd());
      return undefined;
    },
  });
}
