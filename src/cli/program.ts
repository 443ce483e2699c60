/** The program: its global flags, help, and the command modules, each loaded only when needed. */
import { Command, InvalidArgumentError } from 'commander';
import { registerCredentialsOf } from '../app/output/index.js';
import { ZonectlError } from '../core/errors.js';
import { disableColour, log, setVerbosity } from './output/io.js';
import { VERSION } from './version.js';

type Register = (program: Command) => void;

/**
 * Command modules, loaded only when needed: `validate` must not pay for undici, the API client
 * or the emulator at start-up (CI starts the CLI once per command: start-up time counts). The order
 * is the order of `--help`.
 */
const COMMANDS: ReadonlyArray<readonly [name: string, load: () => Promise<Register>]> = [
  ['validate', async () => (await import('./commands/validate.js')).registerValidate],
  ['plan', async () => (await import('./commands/plan.js')).registerPlan],
  ['apply', async () => (await import('./commands/apply.js')).registerApply],
  ['drift', async () => (await import('./commands/drift.js')).registerDrift],
  ['export', async () => (await import('./commands/export.js')).registerExport],
  ['import', async () => (await import('./commands/import.js')).registerImport],
  ['lint', async () => (await import('./commands/lint.js')).registerLint],
  ['resolve', async () => (await import('./commands/resolve.js')).registerResolve],
  ['token', async () => (await import('./commands/token.js')).registerToken],
  ['schema', async () => (await import('./commands/schema.js')).registerSchema],
  ['init', async () => (await import('./commands/init.js')).registerInit],
  // Completion reads every command's flags: it is handed a way to build the whole program.
  [
    'completion',
    async () => {
      const { registerCompletion } = await import('./commands/completion.js');
      return (program) => registerCompletion(program, () => buildProgram([]));
    },
  ],
  ['version', async () => (await import('./commands/version.js')).registerVersion],
  ['emulator', async () => (await import('./commands/emulator.js')).registerEmulator],
];

/**
 * The command a command line runs, when it names one before any option; otherwise (help,
 * version, a mistyped command, an option first) every command is registered, so that help and
 * "did you mean" see them all.
 */
export function selectedCommand(args: readonly string[]): string | undefined {
  const first = args[0];
  return first !== undefined && COMMANDS.some(([name]) => name === first) ? first : undefined;
}

/** `--request-timeout`: seconds, more than 0 and at most a day. */
function requestTimeoutSeconds(value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value.trim()) || !(n > 0) || n > 86_400) {
    throw new InvalidArgumentError('--request-timeout must be a number of seconds above 0 (at most 86400), e.g. 300.');
  }
  return n;
}

/** The program with the command `args` runs registered (all of them when it names none). */
export async function buildProgram(args: readonly string[] = process.argv.slice(2)): Promise<Command> {
  const program = new Command('zonectl')
    .description('Keep a Cloudflare DNS zone in git: validate, plan and apply a YAML zone file against the API v4.')
    .version(VERSION)
    .option('-q, --quiet', 'print results, warnings and errors only: no progress (bar or lines), no notes such as "Plan saved to"')
    .option(
      '-v, --verbose',
      'print one line per completed API call during apply (instead of the progress bar), and the stack trace of an internal error',
    )
    .option('--no-color', 'no colour in the output (as NO_COLOR=1); colour is used on a terminal only anyway')
    .option(
      '--request-timeout <seconds>',
      'give up on an API request whose answer is not complete after this many seconds (default 300)',
      requestTimeoutSeconds,
    )
    .hook('preAction', async (root) => {
      // Whatever is printed or written from here on masks the credentials' values (defence in depth).
      registerCredentialsOf(process.env);
      const { quiet, verbose, color, requestTimeout } = root.opts<{
        quiet?: boolean;
        verbose?: boolean;
        color?: boolean;
        requestTimeout?: number;
      }>();
      // Loaded only when given: the connect module brings the HTTP client, which validate, lint,
      // resolve and import never load (docs/architecture.md, "Start-up").
      if (requestTimeout !== undefined) (await import('../app/connect/index.js')).setRequestTimeout(requestTimeout * 1000);
      if (color === false) disableColour();
      if (quiet === true && verbose === true) throw new ZonectlError('BAD_FLAG', '--quiet and --verbose cannot be used together');
      setVerbosity(quiet === true ? 'quiet' : verbose === true ? 'verbose' : 'normal');
      // The installed CLI is a bundle (scripts/bundle.mjs): stack traces name the source files.
      if (verbose === true) process.setSourceMapsEnabled(true);
    })
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeErr: (s) => log(s) });
  const only = selectedCommand(args);
  const wanted = COMMANDS.filter(([name]) => only === undefined || name === only);
  const registers = await Promise.all(wanted.map(([, load]) => load()));
  for (const register of registers) register(program);
  program.addHelpText(
    'after',
    `
Environment:
  CLOUDFLARE_API_TOKEN                 API token (Bearer), or
  CLOUDFLARE_EMAIL + CLOUDFLARE_API_KEY  global key pair
  CLOUDFLARE_BASE_URL                  API base URL (default https://api.cloudflare.com/client/v4)
  NO_COLOR                             disable colour

Exit codes: 0 success / no changes, 1 error, 2 changes present (with --detailed-exitcode).

Examples:
  zonectl validate zones/
  zonectl plan zones/ --out plan.json
  zonectl --quiet apply --plan plan.json --yes
  zonectl apply zones/ --yes --verbose`,
  );
  return program;
}
