/** The program: its global flags, help, and the command definitions, each loaded only when needed. */
import { Command } from 'commander';
import { registerCredentialsOf } from '../app/output/index.js';
import { InternalError, ZonectlError } from '../core/errors.js';
import type { AnyCommand } from './definition/define-command.js';
import { addFlags, flagValues, registerCommand } from './definition/register-command.js';
import { GLOBAL_FLAGS, PROGRAM_DESCRIPTION, PROGRAM_HELP, PROGRAM_NAME, VERSION_FLAG } from './global-flags.js';
import { disableColour, log, setVerbosity } from './output/io.js';
import { VERSION } from './version.js';

/**
 * Command definitions, loaded only when needed: `validate` must not pay for undici, the API client
 * or the emulator at start-up (CI starts the CLI once per command: start-up time counts). The order
 * is the order of `--help`.
 */
const COMMANDS: ReadonlyArray<readonly [name: string, load: () => Promise<AnyCommand>]> = [
  ['validate', async () => (await import('./commands/validate.js')).validateCommand()],
  ['plan', async () => (await import('./commands/plan.js')).planCommand],
  ['apply', async () => (await import('./commands/apply.js')).applyCommand],
  ['wait-dns', async () => (await import('./commands/wait-dns.js')).waitDnsCommand],
  ['drift', async () => (await import('./commands/drift.js')).driftCommand],
  ['export', async () => (await import('./commands/export.js')).exportCommand],
  ['import', async () => (await import('./commands/import.js')).importCommand],
  ['lint', async () => (await import('./commands/lint.js')).lintCommand],
  ['resolve', async () => (await import('./commands/resolve.js')).resolveCommand],
  ['token', async () => (await import('./commands/token.js')).tokenCommand],
  ['codeowners', async () => (await import('./commands/codeowners.js')).codeownersCommand],
  ['schema', async () => (await import('./commands/schema.js')).schemaCommand],
  ['init', async () => (await import('./commands/init.js')).initCommand],
  // Completion reads every command's definition: it is handed a way to load them all.
  ['completion', async () => (await import('./commands/completion.js')).completionCommand(allCommands)],
  ['version', async () => (await import('./commands/version.js')).versionCommand],
  ['emulator', async () => (await import('./commands/emulator.js')).emulatorCommand],
];

/** Every command definition, in the order of `--help` (the verb contract's test walks them: test/cli/verb-contract.test.ts). */
export async function allCommands(): Promise<AnyCommand[]> {
  return loadCommands(COMMANDS);
}

async function loadCommands(entries: typeof COMMANDS): Promise<AnyCommand[]> {
  const definitions = await Promise.all(entries.map(([, load]) => load()));
  definitions.forEach((d, i) => {
    if (d.name !== entries[i]![0]) throw new InternalError(`command "${entries[i]![0]}" loads the definition of "${d.name}"`);
  });
  return definitions;
}

/**
 * The command a command line runs, when it names one before any option; otherwise (help,
 * version, a mistyped command, an option first) every command is registered, so that help and
 * "did you mean" see them all.
 */
export function selectedCommand(args: readonly string[]): string | undefined {
  const first = args[0];
  return first !== undefined && COMMANDS.some(([name]) => name === first) ? first : undefined;
}

/** The program with the command `args` runs registered (all of them when it names none). */
export async function buildProgram(args: readonly string[] = process.argv.slice(2)): Promise<Command> {
  const program = new Command(PROGRAM_NAME).description(PROGRAM_DESCRIPTION).version(VERSION, VERSION_FLAG.flag, VERSION_FLAG.description);
  addFlags(program, GLOBAL_FLAGS);
  program
    .hook('preAction', async (root) => {
      // Whatever is printed or written from here on masks the credentials' values (defence in depth).
      registerCredentialsOf(process.env);
      const { quiet, verbose, color, requestTimeout } = flagValues(GLOBAL_FLAGS, root.opts());
      // Loaded only when given: the connect module brings the HTTP client, which validate, lint,
      // resolve and import never load (docs/architecture.md, "Start-up").
      if (requestTimeout !== undefined) (await import('../app/connect/index.js')).setRequestTimeout(requestTimeout * 1000);
      if (!color) disableColour();
      if (quiet && verbose) throw new ZonectlError('BAD_FLAG', '--quiet and --verbose cannot be used together');
      setVerbosity(quiet ? 'quiet' : verbose ? 'verbose' : 'normal');
      // The installed CLI is a bundle (scripts/bundle.mjs): stack traces name the source files.
      if (verbose) process.setSourceMapsEnabled(true);
    })
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeErr: (s) => log(s) });
  const only = selectedCommand(args);
  for (const definition of await loadCommands(COMMANDS.filter(([name]) => only === undefined || name === only)))
    registerCommand(program, definition);
  program.addHelpText('after', PROGRAM_HELP);
  return program;
}
