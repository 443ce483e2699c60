/**
 * Commander configured from a command definition (./define-command.ts): its arguments, its
 * flags in the order written, the examples after the help, and an action that checks the flags
 * (the definition's `validate`, before anything starts; a refusal told as a run's end to the
 * definition's `refusalOutput` when it has one), hands the handler its typed values and sets the
 * exit code it returns.
 */
import { type Command, Option } from 'commander';
import { runToEnd } from '../../app/session/index.js';
import { InternalError } from '../../core/errors.js';
import type { AnyCommand, ArgSpec, CommandContext, FlagSpec, FlagSpecs, FlagValues } from './define-command.js';

/** The "Examples:" section at the end of a command's `--help`. */
export function examplesText(lines: readonly string[]): string {
  return `\n${lines.length === 1 ? 'Example' : 'Examples'}:\n${lines.map((l) => `  ${l}`).join('\n')}`;
}

/** The commander option of a flag spec. */
export function optionOf(spec: FlagSpec): Option {
  const option = new Option(spec.flag, spec.description);
  switch (spec.kind) {
    case 'switch':
      return option;
    case 'text':
      return spec.default !== undefined ? option.default(spec.default) : option;
    case 'choice':
      option.choices([...spec.choices]);
      return spec.default !== undefined ? option.default(spec.default) : option;
    case 'parsed':
      option.argParser((value: string) => spec.parse(value));
      if (spec.preset !== undefined) option.preset(spec.preset);
      return spec.default !== undefined ? option.default(spec.default) : option;
    case 'list':
      option.argParser((value: string, previous: unknown[] | undefined) => [...(previous ?? []), spec.parse(value)]);
      if (spec.preset !== undefined) option.preset(spec.preset);
      return spec.empty ? option.default([]) : option;
  }
}

/** Adds the flags to a command (or the program), each under its key; the key must be commander's name of it. */
export function addFlags(command: Command, flags: FlagSpecs): void {
  for (const [key, spec] of Object.entries(flags)) {
    const option = optionOf(spec);
    if (option.attributeName() !== key)
      throw new InternalError(`flag ${spec.flag} is defined as "${key}", commander names it "${option.attributeName()}"`);
    command.addOption(option);
  }
}

/** The values of the flags as their types say: a switch is a boolean whether given or not. */
export function flagValues<F extends FlagSpecs>(flags: F, opts: Record<string, unknown>): FlagValues<F> {
  const values: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(flags)) values[key] = spec.kind === 'switch' ? opts[key] === true : opts[key];
  return values as FlagValues<F>;
}

/** Registers a command (and its subcommands) on `parent`. */
export function registerCommand(parent: Command, definition: AnyCommand): Command {
  const command = parent.command(definition.name).description(definition.description);
  if (definition.kind === 'group') {
    if (definition.examples.length > 0) command.addHelpText('after', examplesText(definition.examples));
    for (const sub of definition.commands) registerCommand(command, sub);
    return command;
  }
  const argNames = Object.keys(definition.args);
  for (const spec of Object.values<ArgSpec<unknown>>(definition.args)) command.argument(spec.syntax, spec.description, spec.default);
  addFlags(command, definition.flags);
  if (definition.examples.length > 0) command.addHelpText('after', examplesText(definition.examples));
  const context: CommandContext = {
    usageError: (message, options) => command.error(message, options?.code !== undefined ? { code: options.code } : undefined),
  };
  command.action(async (...values: unknown[]) => {
    const args = Object.fromEntries(argNames.map((name, i) => [name, values[i]]));
    const flags = flagValues(definition.flags, command.opts());
    try {
      definition.validate?.({ args, flags }, context);
    } catch (error) {
      // The refusal is the run's end where the view must say it (JSON: its one document).
      const output = definition.refusalOutput?.({ args, flags });
      if (output !== undefined) await runToEnd(output, () => Promise.reject(error));
      throw error;
    }
    const code = await definition.run({ args, flags }, context);
    if (code !== undefined) process.exitCode = code;
  });
  return command;
}
