/**
 * What shell completion knows, read from the commander program itself (so a new command or flag
 * completes without anyone editing a script): the commands with their subcommands and flags,
 * the flags that take a value, and the values of flags that have a fixed list.
 */
import type { Command, Option } from 'commander';

export interface CompletionFlag {
  /** `--format`, or `-q` when the flag has no long form. */
  readonly name: string;
  readonly takesValue: boolean;
  /** The fixed values (`--format text|json`), if any. */
  readonly choices: readonly string[];
  readonly description: string;
}

export interface CompletionCommand {
  /** `plan`, or `token roll` for a subcommand. */
  readonly path: string;
  readonly description: string;
  readonly flags: readonly CompletionFlag[];
}

export interface CompletionModel {
  readonly program: string;
  readonly globalFlags: readonly CompletionFlag[];
  readonly commands: readonly CompletionCommand[];
}

function flagOf(o: Option): CompletionFlag {
  return {
    name: o.long ?? o.short ?? o.flags,
    takesValue: o.required || o.optional,
    choices: o.argChoices ?? [],
    description: o.description,
  };
}

function collect(cmd: Command, prefix: string, out: CompletionCommand[]): void {
  for (const sub of cmd.commands) {
    const path = prefix === '' ? sub.name() : `${prefix} ${sub.name()}`;
    out.push({
      path,
      description: sub.description(),
      flags: [...sub.options.map(flagOf), { name: '--help', takesValue: false, choices: [], description: 'show help' }],
    });
    collect(sub, path, out);
  }
}

export function completionModel(program: Command): CompletionModel {
  const commands: CompletionCommand[] = [];
  collect(program, '', commands);
  return {
    program: program.name(),
    globalFlags: [...program.options.map(flagOf), { name: '--help', takesValue: false, choices: [], description: 'show help' }],
    commands,
  };
}
