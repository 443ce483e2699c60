/**
 * `zonectl version` without the program: the bundle's entry (./entry.ts) prints the version line
 * itself when the command line is exactly `version`, before it loads commander and the rest of
 * the CLI (./main.ts), which cost that command half its instructions (bench/README.md, part 4).
 * The line is the one `zonectl version` prints (./commands/version.ts); anything else on the
 * command line (a flag, `--help`, another word) takes the full path, so help, errors and
 * completion stay as they are.
 */
import { versionLine } from './version.js';

/** Values this short are never masked as secrets (app/output/secret-redaction.ts, MIN_SECRET_LENGTH). */
const SHORTEST_MASKED = 8;

/**
 * Prints the version line and returns true when `args` is exactly `version` and the line holds
 * nothing the full path would print differently: output is masked where it contains the value
 * of a credential variable (app/output/secret-redaction.ts), so a line containing the value of
 * any environment variable long enough to be masked takes the full path instead.
 */
export function printedVersionFast(args: readonly string[], env: NodeJS.ProcessEnv = process.env): boolean {
  if (args.length !== 1 || args[0] !== 'version') return false;
  const line = versionLine();
  for (const value of Object.values(env)) {
    const v = value?.trim();
    if (v !== undefined && v.length >= SHORTEST_MASKED && line.includes(v)) return false;
  }
  // A reader that closed stdout is no error (output/io.ts, handleClosedOutput).
  process.stdout.on('error', () => {});
  process.stdout.write(`${line}\n`);
  return true;
}
