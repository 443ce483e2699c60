#!/usr/bin/env node
/** The entry point: parse the command line with the program of program.ts, report a fatal error. */
import { CommanderError } from 'commander';
import { reportFatal } from './output/error-line.js';
import { handleClosedOutput } from './output/io.js';
import { buildProgram } from './program.js';

handleClosedOutput();

buildProgram()
  .then((program) => program.parseAsync(process.argv))
  .catch((error: unknown) => {
    if (error instanceof CommanderError) {
      process.exitCode = error.exitCode;
      return;
    }
    reportFatal(error);
  });
