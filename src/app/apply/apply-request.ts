/** What an apply run is asked to do (the flags, checked), how it may end, and the files (or saved plan) it reads before any call. */
import type { Shard } from '../../core/shard.js';
import type { AccountConfig, RepoConfig, ZoneConfig } from '../../core/zonefile/index.js';
import type { RunClients } from '../engine/index.js';
import { filesToPlan, selectChangedFiles, selectShard, tellWarnings } from '../files/index.js';
import type { Connection } from '../engine/index.js';
import { openSavedPlan } from '../engine/index.js';
import type { ApplyEvent } from './events.js';
import type { SignalSource, StopSignal } from '../session/index.js';
import type { TokenValueFlags } from './token-values.js';
import type { WaitDnsFlags } from '../wait-dns/index.js';

/** What to apply: zone files (a directory: every file under it), or a plan saved by `plan --out`. */
export type ApplySource =
  | {
      readonly kind: 'files';
      readonly paths: readonly string[];
      /** `--config FILE`: the repository configuration (default: zonectl.yaml found upwards). */
      readonly config?: string | undefined;
      readonly shard?: string | undefined;
      /** `--changed-since REF`: only the zones whose file, fragments or repository configuration changed since (as plan's). */
      readonly changedSince?: string | undefined;
      /** Where git is asked about `--changed-since`. */
      readonly cwd?: string | undefined;
    }
  | {
      readonly kind: 'saved-plan';
      readonly path: string;
      readonly expectDigest?: string | undefined;
      /** Where apply runs: the files the plan names are read only inside this directory's repository. */
      readonly cwd: string;
    };

/** What to apply and how: the flags, checked. */
export interface ApplyRequest extends TokenValueFlags {
  readonly source: ApplySource;
  readonly yes: boolean;
  readonly dryRun: boolean;
  readonly force: boolean;
  readonly forceUnlock: boolean;
  readonly batch: boolean;
  readonly concurrency: number;
  readonly lockWaitMs: number;
  readonly connection: Connection;
  /** `--wait-dns`: after the zones converged, wait until their nameservers serve the change. */
  readonly waitDns?: WaitDnsFlags;
}

/**
 * How the run ended. `changes`: a dry run with something to do. `interrupted`: by `signal`;
 * with `abandon`, calls may still be in flight and the caller should exit now.
 */
export type ApplyResult =
  | { readonly status: 'ok' | 'changes' | 'failed' | 'cancelled' }
  | { readonly status: 'interrupted'; readonly signal: StopSignal; readonly abandon: boolean };

/** Where signals come from and how long calls in flight may finish after the first (tests inject both). */
export interface ApplySignals {
  readonly source?: SignalSource;
  readonly graceMs?: number;
}

/** The files (or the saved plan), read and checked before any API call. */
export interface Loaded {
  readonly configs: readonly ZoneConfig[];
  readonly accounts: readonly AccountConfig[];
  readonly repo: RepoConfig | undefined;
  readonly savedPlan: ReturnType<typeof openSavedPlan> | undefined;
  readonly clients: RunClients;
}

export async function loadApplied(
  request: ApplyRequest,
  emit: (event: ApplyEvent) => void,
): Promise<Omit<Loaded, 'clients'> & { shard?: Shard }> {
  const { source } = request;
  // A saved plan is read once, here, before any call: its repository configuration gives the clients.
  if (source.kind === 'saved-plan') {
    const savedPlan = openSavedPlan(source.path, source.expectDigest, source.cwd);
    return { configs: [], accounts: [], repo: savedPlan.repo, savedPlan };
  }
  const files = await filesToPlan(source.paths, { config: source.config, env: request.connection.env }, emit);
  // `--changed-since`: the selection plan makes (../files/changed-zones.ts), told the same way.
  const changed =
    source.changedSince !== undefined
      ? await selectChangedFiles(files, source.changedSince, source.paths, source.cwd ?? process.cwd(), emit)
      : undefined;
  if (changed) emit({ kind: 'changed-since', selection: changed });
  const { configs, accounts, shard, repo } = selectShard({ ...(changed ?? files), repo: files.repo }, source.shard);
  // Only the zones this run applies speak (issue 44, item 3).
  tellWarnings(files.warnings, { configs, accounts }, emit);
  return { configs, accounts, repo, savedPlan: undefined, ...(shard ? { shard } : {}) };
}
