/** The program's own flags (before any command), as definitions: program.ts registers them, completion reads them. */
import { InvalidArgumentError } from 'commander';
import { flag } from './definition/define-command.js';

/** `--request-timeout`: seconds, more than 0 and at most a day. */
function requestTimeoutSeconds(value: string): number {
  const n = Number(value);
  if (!/^\d+(\.\d+)?$/.test(value.trim()) || !(n > 0) || n > 86_400) {
    throw new InvalidArgumentError('--request-timeout must be a number of seconds above 0 (at most 86400), e.g. 300.');
  }
  return n;
}

export const PROGRAM_NAME = 'zonectl';

export const PROGRAM_DESCRIPTION = 'Keep a Cloudflare DNS zone in git: validate, plan and apply a YAML zone file against the API v4.';

/** `--version` (commander's own flag, spelled here so that completion offers it). */
export const VERSION_FLAG = flag.switch('-V, --version', 'output the version number');

export const GLOBAL_FLAGS = {
  quiet: flag.switch(
    '-q, --quiet',
    'print results, warnings and errors only: no progress (bar or lines), no notes such as "Plan saved to"',
  ),
  verbose: flag.switch(
    '-v, --verbose',
    'print one line per completed API call during apply (instead of the progress bar), and the stack trace of an internal error',
  ),
  color: flag.switch('--no-color', 'no colour in the output (as NO_COLOR=1); colour is used on a terminal only anyway'),
  requestTimeout: flag.parsed(
    '--request-timeout <seconds>',
    'give up on an API request whose answer is not complete after this many seconds (default 300)',
    requestTimeoutSeconds,
  ),
};

export const PROGRAM_HELP = `
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
  zonectl apply zones/ --yes --verbose`;
