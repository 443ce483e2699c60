/**
 * apply's flags, and what is checked of them and of the files before any API call: the argument
 * combinations, numbers and durations, where new token secrets go. `ApplyRefusedError` is a
 * refusal before anything was changed.
 */
import { ApplyRefusedError, type ApplyRequest } from '../../app/apply/index.js';
import { openSavedPlan } from '../../app/plan/index.js';
import type { Shard } from '../../core/shard.js';
import type { RepoConfig } from '../../core/zonefile/index.js';
import { checkJsonFlags } from './report.js';
import { loadValidFiles } from '../runs/load-files.js';
import { selectShard } from '../runs/many-zones.js';

export interface ApplyFlags {
  expectDigest?: string;
  yes?: boolean;
  config?: string;
  dryRun?: boolean;
  force?: boolean;
  concurrency: string;
  batch: boolean;
  plan?: string;
  baseUrl?: string;
  tokenOutput?: string;
  showTokenValues?: boolean;
  lockTimeout: string;
  forceUnlock?: boolean;
  format: 'text' | 'json';
  rateLimit?: string;
  shard?: string;
}

function parseConcurrency(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 64)
    throw new ApplyRefusedError('BAD_FLAG', `--concurrency must be a whole number from 1 to 64, got "${value}"`);
  return n;
}

/** `--lock-timeout`: `90s`, `10m`, `1h`, or seconds. */
export function parseDuration(flag: string, value: string): number {
  const m = /^(\d+(?:\.\d+)?)(ms|s|m|h)?$/.exec(value.trim());
  if (!m) throw new ApplyRefusedError('BAD_FLAG', `${flag} must be a duration such as 30s, 10m or 1h, got "${value}"`);
  const unit = { ms: 1, s: 1_000, m: 60_000, h: 3_600_000 }[(m[2] ?? 's') as 'ms' | 's' | 'm' | 'h'];
  return Math.round(Number(m[1]) * unit);
}

/** Arguments and files, checked before any API call: the request to run, and what its clients need. */
export async function beforeApplying(
  files: readonly string[],
  opts: ApplyFlags,
): Promise<{ request: ApplyRequest; shard: Shard | undefined; repo: RepoConfig | undefined }> {
  if (opts.plan !== undefined && files.length > 0) throw new ApplyRefusedError('BAD_ARGS', 'give zone files or --plan, not both');
  if (opts.plan === undefined && files.length === 0)
    throw new ApplyRefusedError('BAD_ARGS', 'give zone files to apply, or --plan PLAN.json');
  if (opts.expectDigest !== undefined && opts.plan === undefined)
    throw new ApplyRefusedError('BAD_ARGS', '--expect-digest pins a saved plan: give it with --plan FILE');
  if (opts.plan !== undefined && opts.shard !== undefined)
    throw new ApplyRefusedError(
      'BAD_ARGS',
      'a saved plan holds the zones of its own shard: give --shard to `zonectl plan --out`, not to apply --plan',
    );
  checkJsonFlags(opts.format, opts);
  const concurrency = parseConcurrency(opts.concurrency);
  const lockWaitMs = parseDuration('--lock-timeout', opts.lockTimeout);
  if (opts.plan !== undefined && opts.config !== undefined)
    throw new ApplyRefusedError(
      'BAD_ARGS',
      'a saved plan names its own zonectl.yaml (the one found from its zone files, with the bytes it recorded): --config is not used with --plan',
    );
  // A saved plan is read once, here, before any call: its repository configuration gives the clients.
  const savedPlan = opts.plan !== undefined ? openSavedPlan(opts.plan, opts.expectDigest) : undefined;
  const { configs, accounts, shard, repo } =
    savedPlan === undefined
      ? selectShard(await loadValidFiles(files, { ...(opts.config !== undefined ? { config: opts.config } : {}) }), opts.shard)
      : { configs: [], accounts: [], shard: undefined, repo: savedPlan.repo };
  const request: ApplyRequest = {
    configs,
    accounts,
    repo,
    savedPlan,
    yes: opts.yes === true,
    dryRun: opts.dryRun === true,
    force: opts.force === true,
    forceUnlock: opts.forceUnlock === true,
    batch: opts.batch,
    concurrency,
    lockWaitMs,
    tokenOutput: opts.tokenOutput,
    showTokenValues: opts.showTokenValues,
  };
  return { request, shard, repo };
}
