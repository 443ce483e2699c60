/**
 * One typed definition per command: name, description, positional arguments, flags (their
 * spelling, type, choices and default), examples and handler. Commander is configured from it
 * (register-command.ts), the handler's argument type is inferred from it, and shell completion
 * reads it (../completion/completion-model.ts): a flag is written once. In the spirit of
 * wrangler's `createCommand` (cloudflare/workers-sdk, packages/wrangler/src/core/create-command.ts).
 */
import type { RunEvent, SessionOutput } from '../../app/session/index.js';

/** `--dry-run` or `-y, --yes`: true when given; `--no-batch`: true unless given. */
export interface SwitchFlag {
  readonly kind: 'switch';
  readonly flag: string;
  readonly description: string;
}

/** `--out <file>`: the text given, else `default`. */
export interface TextFlag<D extends string | undefined> {
  readonly kind: 'text';
  readonly flag: string;
  readonly description: string;
  readonly default: D;
}

/** `--format <format>`: one of `choices` (commander refuses others), else `default`. */
export interface ChoiceFlag<C extends string, D extends C | undefined> {
  readonly kind: 'choice';
  readonly flag: string;
  readonly description: string;
  readonly choices: readonly C[];
  readonly default: D;
}

/** `--port <port>`: the value read by `parse` (which throws commander's InvalidArgumentError), else `default`. */
export interface ParsedFlag<T, D extends T | undefined> {
  readonly kind: 'parsed';
  readonly flag: string;
  readonly description: string;
  readonly parse: (value: string) => T;
  readonly default: D;
  /** With an optional value (`--wait-dns [seconds]`): what the flag given alone means, parsed as a value. */
  readonly preset?: string;
}

/** `--zone <name>`, repeatable: every value read by `parse`, in order; `[]` when `empty`, else undefined when absent. */
export interface ListFlag<T, E extends boolean> {
  readonly kind: 'list';
  readonly flag: string;
  readonly description: string;
  readonly parse: (value: string) => T;
  /** The default is an empty list (shown in the help as `(default: [])`). */
  readonly empty: E;
  /** With optional values (`--adopt [ids...]`): what the flag given alone means, parsed as one value. */
  readonly preset?: string;
}

// biome-ignore lint/suspicious/noExplicitAny: any flag spec; its value type is inferred by FlagValue
export type FlagSpec = SwitchFlag | TextFlag<any> | ChoiceFlag<any, any> | ParsedFlag<any, any> | ListFlag<any, boolean>;

type Defaulted<D, T> = [D] extends [undefined] ? T | undefined : T;

/** The value a handler gets for a flag. */
export type FlagValue<S> = S extends SwitchFlag
  ? boolean
  : S extends TextFlag<infer D>
    ? Defaulted<D, string>
    : S extends ChoiceFlag<infer C, infer D>
      ? Defaulted<D, C>
      : S extends ParsedFlag<infer T, infer D>
        ? Defaulted<D, T>
        : S extends ListFlag<infer T, infer E>
          ? E extends true
            ? T[]
            : T[] | undefined
          : never;

export type FlagSpecs = Readonly<Record<string, FlagSpec>>;
export type FlagValues<F extends FlagSpecs> = { readonly [K in keyof F]: FlagValue<F[K]> };

/** The flag builders: `flag.switch('--force', '...')`, `flag.choice('--format <format>', '...', ['text', 'json'], 'text')`. */
export const flag = {
  switch: (spelling: string, description: string): SwitchFlag => ({ kind: 'switch', flag: spelling, description }),
  text: <D extends string | undefined = undefined>(spelling: string, description: string, defaultValue?: D): TextFlag<D> => ({
    kind: 'text',
    flag: spelling,
    description,
    default: defaultValue as D,
  }),
  choice: <const C extends string, D extends C | undefined = undefined>(
    spelling: string,
    description: string,
    choices: readonly C[],
    defaultValue?: D,
  ): ChoiceFlag<C, D> => ({ kind: 'choice', flag: spelling, description, choices, default: defaultValue as D }),
  parsed: <T, D extends T | undefined = undefined>(
    spelling: string,
    description: string,
    parse: (value: string) => T,
    defaultValue?: D,
  ): ParsedFlag<T, D> => ({ kind: 'parsed', flag: spelling, description, parse, default: defaultValue as D }),
  /** `--flag [value]`: the flag alone stands for `preset`; either way the value goes through `parse`. */
  optionalValue: <T>(spelling: string, description: string, parse: (value: string) => T, preset: string): ParsedFlag<T, undefined> => ({
    kind: 'parsed',
    flag: spelling,
    description,
    parse,
    default: undefined,
    preset,
  }),
  list: <T, E extends boolean = false>(
    spelling: string,
    description: string,
    parse: (value: string) => T,
    options?: { readonly empty?: E; readonly preset?: string },
  ): ListFlag<T, E> => ({
    kind: 'list',
    flag: spelling,
    description,
    parse,
    empty: (options?.empty ?? false) as E,
    ...(options?.preset !== undefined ? { preset: options.preset } : {}),
  }),
};

/** A positional argument: `<file>`, `[type]` (with its default), `<paths...>` or `[files...]`. */
export interface ArgSpec<V> {
  /** As commander writes it: `<paths...>`, `[type]`. */
  readonly syntax: string;
  readonly description: string;
  readonly default?: string;
  /** Only for the type: the value the handler gets. */
  readonly value?: V;
}

export const arg = {
  /** `<name>`: a word. */
  required: (name: string, description: string): ArgSpec<string> => ({ syntax: `<${name}>`, description }),
  /** `[name]`, with a default or not. */
  optional: <D extends string | undefined = undefined>(
    name: string,
    description: string,
    defaultValue?: D,
  ): ArgSpec<[D] extends [undefined] ? string | undefined : string> => ({
    syntax: `[${name}]`,
    description,
    ...(defaultValue !== undefined ? { default: defaultValue } : {}),
  }),
  /** `<name...>` (at least one) or `[name...]` (none is an empty list). */
  variadic: (name: string, description: string, options: { readonly required: boolean }): ArgSpec<string[]> => ({
    syntax: options.required ? `<${name}...>` : `[${name}...]`,
    description,
  }),
};

// biome-ignore lint/suspicious/noExplicitAny: any argument spec; its value type is inferred by ArgValues
export type ArgSpecs = Readonly<Record<string, ArgSpec<any>>>;
export type ArgValues<A extends ArgSpecs> = { readonly [K in keyof A]: A[K] extends ArgSpec<infer V> ? V : never };

/** What a handler may ask of the command line beyond its values. */
export interface CommandContext {
  /** A usage error, as commander reports its own (`error: ...` on stderr, exit 1). */
  usageError(message: string, options?: { readonly code?: string }): never;
}

/** What a handler returns: the exit code (undefined: 0, or whatever was set). */
export type ExitCode = number | undefined;

/** One command: what commander, the help and completion read, and the handler with its inferred input. */
export interface CommandDefinition<A extends ArgSpecs = ArgSpecs, F extends FlagSpecs = FlagSpecs> {
  readonly kind: 'command';
  readonly name: string;
  readonly description: string;
  readonly args: A;
  readonly flags: F;
  readonly examples: readonly string[];
  /**
   * The checks of the flags' values and combinations (and of the arguments they go with), raising
   * `BAD_FLAG` or `BAD_ARGS`: run by the runner (./register-command.ts) before `run`, so no session
   * starts, no file is read and no request is made when they refuse. Checks that need a file's
   * contents or the API stay in the session. `context.usageError` refuses as commander refuses
   * its own usage errors.
   */
  readonly validate?: (input: CommandInput<A, F>, context: CommandContext) => void;
  /**
   * The output that hears a refusal of `validate` as a run's end, for a view that must end every
   * run its own way (apply's `--format json`: one document, with the error): the runner tells it
   * `started`, `failed` and `finished` (src/app/session/run-to-end.ts). Without it the refusal is
   * the error line alone.
   */
  readonly refusalOutput?: (input: CommandInput<A, F>) => SessionOutput<RunEvent<never>>;
  readonly run: (input: CommandInput<A, F>, context: CommandContext) => Promise<ExitCode> | ExitCode;
}

/** What a command's `validate` and `run` get: its arguments and flags, typed by its definition. */
export interface CommandInput<A extends ArgSpecs, F extends FlagSpecs> {
  readonly args: ArgValues<A>;
  readonly flags: FlagValues<F>;
}

/** A command that only groups subcommands (`zonectl token roll`). */
export interface CommandGroup {
  readonly kind: 'group';
  readonly name: string;
  readonly description: string;
  readonly examples: readonly string[];
  readonly commands: readonly AnyCommand[];
}

// biome-ignore lint/suspicious/noExplicitAny: a definition of any arguments and flags (the handler's own type stays checked where it is defined)
export type AnyCommand = CommandDefinition<any, any> | CommandGroup;

/** A command definition, its handler typed by its own arguments and flags. */
export function defineCommand<const A extends ArgSpecs, const F extends FlagSpecs>(
  definition: Omit<CommandDefinition<A, F>, 'kind' | 'args' | 'flags' | 'examples'> & {
    readonly args?: A;
    readonly flags?: F;
    readonly examples?: readonly string[];
  },
): CommandDefinition<A, F> {
  return {
    kind: 'command',
    ...definition,
    args: definition.args ?? ({} as A),
    flags: definition.flags ?? ({} as F),
    examples: definition.examples ?? [],
  };
}

export function defineGroup(definition: Omit<CommandGroup, 'kind'>): CommandGroup {
  return { kind: 'group', ...definition };
}
