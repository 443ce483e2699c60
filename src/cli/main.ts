#!/usr/bin/env node
import { Command, CommanderError } from 'commander';
import { registerApply } from './commands/apply.js';
import { registerDrift } from './commands/drift.js';
import { registerEmulator } from './commands/emulator.js';
import { registerPlan } from './commands/plan.js';
import { registerValidate } from './commands/validate.js';
import { reportFatal } from './errors.js';
import { VERSION } from './version.js';

export function buildProgram(): Command {
  const program = new Command('zonectl')
    .description('Keep a Cloudflare DNS zone in git: validate, plan and apply a YAML zone file against the API v4.')
    .version(VERSION)
    .showHelpAfterError('(run with --help for usage)')
    .configureOutput({ writeErr: (s) => process.stderr.write(s) });
  registerValidate(program);
  registerPlan(program);
  registerApply(program);
  registerDrift(program);
  registerEmulator(program);
  program.addHelpText(
    'after',
    `
Environment:
  CLOUDFLARE_API_TOKEN                 API token (Bearer), or
  CLOUDFLARE_EMAIL + CLOUDFLARE_API_KEY  global key pair
  CLOUDFLARE_BASE_URL                  API base URL (default https://api.cloudflare.com/client/v4)
  NO_COLOR                             disable colour

Exit codes: 0 success / no changes, 1 error, 2 changes present (with --detailed-exitcode).`,
  );
  return program;
}

buildProgram()
  .parseAsync(process.argv)
  .catch((error: unknown) => {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode;
      return;
    }
    reportFatal(error);
  });
