/**
 * `zonectl apply`: the apply session (src/app/apply `runApply`), shown by ../views/apply/; the
 * exit code of how it ended. The flags are checked by the definition's `validate`, before any file
 * is read or API call made; with `--format json` the refusal still ends in the one document (the
 * runner tells the view the run's end: `refusalOutput`). The session asks its confirmation through
 * the prompt handed to it (../output/terminal-prompt.ts: a terminal, or `--yes`).
 */
import { type ApplyRequest, type ApplyResult, runApply, signalExitCode } from '../../app/apply/index.js';
import { waitDnsFlags } from '../../app/wait-dns/index.js';
import { ZonectlError } from '../../core/errors.js';
import { arg, defineCommand, flag, type FlagValues } from '../definition/define-command.js';
import { parseDuration, parseWholeNumber } from '../definition/values.js';
import { limitHeapGrowth } from '../heap-growth.js';
import { EXIT } from '../output/io.js';
import { terminalPrompt } from '../output/terminal-prompt.js';
import { baseUrlFlag, configFlag, nameserverFlag, parseWaitSeconds, rateLimitFlag, shardFlag, waitDnsFlag } from '../options.js';
import { APPLY_FORMATS, terminalOutput } from '../views/apply.js';

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

const APPLY_FLAGS = {
  plan: flag.text('--plan <plan.json>', 'apply a plan saved by `zonectl plan --out` (refused when live state changed since)'),
  expectDigest: flag.text(
    '--expect-digest <sha256>',
    'with --plan: refuse any plan file whose digest is not this one (the digest `plan --out` printed)',
  ),
  yes: flag.switch('-y, --yes', 'apply without asking'),
  dryRun: flag.switch('--dry-run', 'print the exact HTTP calls apply would make, send none; exits like plan --detailed-exitcode'),
  force: flag.switch('--force', 'apply even when deletes or updates exceed the safety thresholds'),
  concurrency: flag.text('--concurrency <n>', 'parallel calls when not batching', '4'),
  batch: flag.switch('--no-batch', 'single calls instead of the batch endpoint'),
  tokenOutput: flag.text('--token-output <file>', "write new tokens' secret values to this file (mode 0600, JSON {name: value})"),
  showTokenValues: flag.switch('--show-token-values', "print new tokens' secret values on stdout (shown once, never again)"),
  lockTimeout: flag.text('--lock-timeout <duration>', 'wait this long for the apply lock another run holds (e.g. 30s, 10m)', '10m'),
  forceUnlock: flag.switch('--force-unlock', "remove the zone's apply lock whoever holds it (a run that died on another host), then apply"),
  format: flag.choice(
    '--format <format>',
    'output format: text, or one JSON document on stdout (no plan, no secrets)',
    APPLY_FORMATS,
    'text',
  ),
  waitDns: waitDnsFlag,
  nameserver: nameserverFlag,
  changedSince: flag.text(
    '--changed-since <ref>',
    'apply only the zones whose file, included fragments or repository configuration (zonectl.yaml, --config) changed since the merge base of this git revision and HEAD (as plan --changed-since)',
  ),
  rateLimit: rateLimitFlag,
  shard: shardFlag,
  config: configFlag,
  baseUrl: baseUrlFlag,
};

type ApplyFlags = FlagValues<typeof APPLY_FLAGS>;

/** The checks of the flags and the files given with them, before anything starts (the definition's `validate`). */
function checkApplyFlags(paths: readonly string[], flags: ApplyFlags): void {
  const refuse = (message: string): never => {
    throw new ZonectlError('BAD_ARGS', message);
  };
  if (flags.plan !== undefined && paths.length > 0) refuse('give zone files or --plan, not both');
  if (flags.plan === undefined && paths.length === 0) refuse('give zone files to apply, or --plan PLAN.json');
  if (flags.expectDigest !== undefined && flags.plan === undefined) refuse('--expect-digest pins a saved plan: give it with --plan FILE');
  if (flags.plan !== undefined && flags.changedSince !== undefined)
    refuse('a saved plan holds the zones it was made for: give --changed-since to `zonectl plan --out`, not to apply --plan');
  if (flags.plan !== undefined && flags.shard !== undefined)
    refuse('a saved plan holds the zones of its own shard: give --shard to `zonectl plan --out`, not to apply --plan');
  // --show-token-values prints secrets on stdout, where --format json puts its one document.
  if (flags.format === 'json' && flags.showTokenValues) {
    throw new ZonectlError(
      'BAD_FLAG',
      '--show-token-values cannot be used with --format json: secrets are never put in the JSON document; use --token-output FILE (mode 0600) instead',
    );
  }
  parseWholeNumber('--concurrency', flags.concurrency, 1, 64);
  parseDuration('--lock-timeout', flags.lockTimeout);
  if (flags.nameserver.length > 0 && flags.waitDns === undefined)
    refuse('--nameserver names the nameservers --wait-dns asks: give --wait-dns too');
  if (flags.waitDns !== undefined && flags.dryRun) refuse('--dry-run sends nothing, so there is nothing for --wait-dns to wait for');
  if (flags.plan !== undefined && flags.config !== undefined)
    refuse(
      'a saved plan names its own zonectl.yaml (the one found from its zone files, with the bytes it recorded): --config is not used with --plan',
    );
  // --wait-dns's seconds and each --nameserver (HOST, HOST:PORT or [IPv6]:PORT).
  if (flags.waitDns !== undefined) waitDnsFlags(parseWaitSeconds(flags.waitDns), flags.nameserver);
}

/** The request the flags make (checked by `checkApplyFlags` before). */
function applyRequest(paths: readonly string[], flags: ApplyFlags): ApplyRequest {
  const concurrency = parseWholeNumber('--concurrency', flags.concurrency, 1, 64);
  const lockWaitMs = parseDuration('--lock-timeout', flags.lockTimeout);
  return {
    source:
      flags.plan !== undefined
        ? { kind: 'saved-plan', path: flags.plan, expectDigest: flags.expectDigest, cwd: process.cwd() }
        : { kind: 'files', paths, config: flags.config, shard: flags.shard, changedSince: flags.changedSince, cwd: process.cwd() },
    yes: flags.yes,
    dryRun: flags.dryRun,
    force: flags.force,
    forceUnlock: flags.forceUnlock,
    batch: flags.batch,
    concurrency,
    lockWaitMs,
    tokenOutput: flags.tokenOutput,
    showTokenValues: flags.showTokenValues,
    connection: { baseUrl: flags.baseUrl, rateLimit: flags.rateLimit, env: process.env },
    ...(flags.waitDns !== undefined ? { waitDns: waitDnsFlags(parseWaitSeconds(flags.waitDns), flags.nameserver) } : {}),
  };
}

export const applyCommand = defineCommand({
  name: 'apply',
  description: 'Apply the changes a plan shows, in dependency order, then verify that the zone converged',
  args: { paths: arg.variadic('paths', 'zone files, or directories of zone files (or use --plan)', { required: false }) },
  flags: APPLY_FLAGS,
  examples: [
    'zonectl apply zones/example.com.yaml --yes',
    'zonectl apply zones/ --yes --format json > apply.json',
    'zonectl apply --plan plan.json --yes --token-output tokens.json',
    'zonectl apply zones/ --dry-run --no-batch',
    'zonectl apply zones/ --changed-since HEAD~1 --yes',
    'zonectl apply zones/example.com.yaml --yes --wait-dns=300',
  ],
  validate: ({ args, flags }) => checkApplyFlags(args.paths, flags),
  // A refusal of the flags ends the run like any other (JSON: its one document).
  refusalOutput: ({ flags }) => terminalOutput(flags.format),
  run: async ({ args, flags }) => {
    limitHeapGrowth();
    const prompt = terminalPrompt({
      yes: flags.yes,
      unavailable: flags.format === 'json' ? '--format json shows no plan to confirm' : undefined,
    });
    const result = await runApply(applyRequest(args.paths, flags), { ...terminalOutput(flags.format), prompt });
    // Gave up waiting for calls in flight (a second signal): nothing more to wait for.
    if (result.status === 'interrupted' && result.abandon) process.exit(exitCode(result));
    return exitCode(result);
  },
});
