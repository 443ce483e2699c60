#!/usr/bin/env node
/** The entry point of the bundle (through entry.ts) and of the tests: run the CLI (run-cli.ts). */
import { runCli } from './run-cli.js';

void runCli();
