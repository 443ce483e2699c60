/**
 * The one way the CLI runs, for every entry (main.ts: the bundle's and the tests'; binary-entry.ts:
 * the single executable's): parse the command line with the program of program.ts, map commander's
 * own exits (help, a bad flag) to their exit code, and report any other error as one fatal line.
 * Kept apart from main.ts because importing main.ts runs the CLI, which the single executable's
 * code-cache build must not do.
 */
import { CommanderError } from 'commander';
import { reportFatal } from './output/error-line.js';
import { handleClosedOutput } from './output/io.js';
import { buildProgram } from './program.js';

export function runCli(argv: readonly string[] = process.argv): Promise<void> {
  handleClosedOutput();
  return buildProgram()
    .then((program) => program.parseAsync([...argv]))
    .then(
      () => undefined,
      (error: unknown) => {
        if (error instanceof CommanderError) {
          process.exitCode = error.exitCode;
          return;
        }
        reportFatal(error);
      },
    );
}
