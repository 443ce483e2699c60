import { type Command, Option } from 'commander';
import { runApply, signalExitCode, type ApplyResult } from '../../app/apply/index.js';
import { beforeApplying, type ApplyFlags } from '../apply/flags.js';
import { ApplyReport } from '../apply/report.js';
import { terminalOutput } from '../apply/terminal-output.js';
import { limitHeapGrowth } from '../heap-growth.js';
import { examplesText } from '../help-examples.js';
import { EXIT } from '../output/io.js';
import { baseUrlOption, configOption, rateLimitOption, shardOption } from '../options.js';
import { runClients } from '../runs/many-zones.js';

/** The exit code of a run's end (docs/architecture.md, "Exit codes"). */
function exitCode(result: ApplyResult): number {
  switch (result.status) {
    case 'ok':
      return EXIT.ok;
    case 'changes':
      return EXIT.changes;
    case 'failed':
    case 'cancelled':
      return EXIT.error;
    case 'interrupted':
      return signalExitCode(result.signal);
  }
}

export function registerApply(program: Command): void {
  program
    .command('apply')
    .description('Apply the changes a plan shows, in dependency order, then verify that the zone converged')
    .argument('[paths...]', 'zone files, or directories of zone files (or use --plan)')
    .option('--plan <plan.json>', 'apply a plan saved by `zonectl plan --out` (refused when live state changed since)')
    .option('--expect-digest <sha256>', 'with --plan: refuse any plan file whose digest is not this one (the digest `plan --out` printed)')
    .option('-y, --yes', 'apply without asking')
    .option('--dry-run', 'print the exact HTTP calls apply would make, send none; exits like plan --detailed-exitcode')
    .option('--force', 'apply even when deletes or updates exceed the safety thresholds')
    .addOption(new Option('--concurrency <n>', 'parallel calls when not batching').default('4'))
    .option('--no-batch', 'single calls instead of the batch endpoint')
    .option('--token-output <file>', "write new tokens' secret values to this file (mode 0600, JSON {name: value})")
    .option('--show-token-values', "print new tokens' secret values on stdout (shown once, never again)")
    .addOption(
      new Option('--lock-timeout <duration>', 'wait this long for the apply lock another run holds (e.g. 30s, 10m)').default('10m'),
    )
    .option('--force-unlock', "remove the zone's apply lock whoever holds it (a run that died on another host), then apply")
    .addOption(
      new Option('--format <format>', 'output format: text, or one JSON document on stdout (no plan, no secrets)')
        .choices(['text', 'json'])
        .default('text'),
    )
    .addOption(rateLimitOption())
    .addOption(shardOption())
    .addOption(configOption())
    .addOption(baseUrlOption())
    .addHelpText(
      'after',
      examplesText([
        'zonectl apply zones/example.com.yaml --yes',
        'zonectl apply zones/ --yes --format json > apply.json',
        'zonectl apply --plan plan.json --yes --token-output tokens.json',
        'zonectl apply zones/ --dry-run --no-batch',
      ]),
    )
    .action(async (files: string[], opts: ApplyFlags) => {
      limitHeapGrowth();
      const report = new ApplyReport(opts.format);
      const { request, shard, repo } = await beforeApplying(files, opts).catch((error: unknown) => {
        // JSON: a run refused before any call still prints its one document.
        report.fail(error);
        report.finish();
        throw error;
      });
      // One client per credential (the accounts of zonectl.yaml); the environment's otherwise.
      const clients = runClients(opts, shard, repo);
      try {
        const result = await runApply(request, clients, terminalOutput(report));
        // Gave up waiting for calls in flight (a second signal): nothing more to wait for.
        if (result.status === 'interrupted' && result.abandon) process.exit(exitCode(result));
        process.exitCode = exitCode(result);
      } finally {
        await clients.close();
      }
    });
}
