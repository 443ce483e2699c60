/**
 * What shell completion knows, read from the command definitions themselves
 * (../definition/define-command.ts), so that a new command or flag completes without anyone
 * editing a script: the commands with their subcommands and flags, the flags that take a value,
 * and the values of flags that have a fixed list.
 */
import type { AnyCommand, FlagSpec } from '../definition/define-command.js';
import { optionOf } from '../definition/register-command.js';

export interface CompletionFlag {
  /** `--format`, or `-q` when the flag has no long form. */
  readonly name: string;
  readonly takesValue: boolean;
  /** The fixed values (`--format text|json`), if any. */
  readonly choices: readonly string[];
  /** The value is a git revision (its placeholder is `<ref>`: `--changed-since <ref>`): completed with the repository's refs. */
  readonly gitRef: boolean;
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

const HELP: CompletionFlag = { name: '--help', takesValue: false, choices: [], gitRef: false, description: 'show help' };

function flagOf(spec: FlagSpec): CompletionFlag {
  // Commander reads the spelling (short and long forms, value placeholder) as the help shows it.
  const o = optionOf(spec);
  return {
    name: o.long ?? o.short ?? o.flags,
    takesValue: o.required || o.optional,
    choices: spec.kind === 'choice' ? spec.choices : [],
    gitRef: /<ref>/.test(o.flags),
    description: spec.description,
  };
}

function collect(commands: readonly AnyCommand[], prefix: string, out: CompletionCommand[]): void {
  for (const c of commands) {
    const path = prefix === '' ? c.name : `${prefix} ${c.name}`;
    const flags = c.kind === 'command' ? Object.values<FlagSpec>(c.flags).map(flagOf) : [];
    out.push({ path, description: c.description, flags: [...flags, HELP] });
    if (c.kind === 'group') collect(c.commands, path, out);
  }
}

/** The model of a program: its name, its own flags, and its commands in order. */
export function completionModel(
  program: { readonly name: string; readonly flags: readonly FlagSpec[] },
  commands: readonly AnyCommand[],
): CompletionModel {
  const out: CompletionCommand[] = [];
  collect(commands, '', out);
  return { program: program.name, globalFlags: [...program.flags.map(flagOf), HELP], commands: out };
}
