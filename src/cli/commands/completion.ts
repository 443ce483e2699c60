import type { Command } from 'commander';
import { ZonectlError } from '../../core/errors.js';
import { completionModel } from '../completion/completion-model.js';
import { renderCompletion, SHELLS, type Shell } from '../completion/render-completion.js';
import { examplesText } from '../help-examples.js';
import { out } from '../output/io.js';

/** `zonectl completion bash|zsh|fish`: a completion script for the shell, from the program's own commands and flags. */
export function registerCompletion(program: Command, wholeProgram: () => Promise<Command>): void {
  program
    .command('completion')
    .argument('<shell>', `${SHELLS.join(', ')}`)
    .description('Print a shell completion script (commands, flags, flag values, file names)')
    .addHelpText(
      'after',
      examplesText([
        'zonectl completion bash > ~/.local/share/bash-completion/completions/zonectl',
        'source <(zonectl completion zsh)        # in ~/.zshrc',
        'zonectl completion fish > ~/.config/fish/completions/zonectl.fish',
      ]),
    )
    .action(async (shell: string) => {
      if (!(SHELLS as readonly string[]).includes(shell))
        throw new ZonectlError('BAD_ARGS', `completion: unknown shell "${shell}" (one of ${SHELLS.join(', ')})`);
      // Every command registered, whichever this command line named.
      out(renderCompletion(shell as Shell, completionModel(await wholeProgram())).trimEnd());
    });
}
