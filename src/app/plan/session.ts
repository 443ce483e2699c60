/**
 * The plan session: the zone and account files (valid, or the run is refused before any API
 * call), the zones changed since a git revision (`--changed-since`), this shard's, each planned
 * against the live zone with the run's own clients, the permission check (advice), the report,
 * then the saved plan (`--out`) when every zone was planned (zones to create included).
 */
import { resolveBaseUrl } from '../connect/index.js';
import { type ChangedSelection, filesToPlan, selectChangedFiles, selectShard, tellWarnings } from '../files/index.js';
import { errorEvent, note, type MessageEvent, type SessionOutput, warning } from '../session/index.js';
import { accountsChange, type Connection, type RunReport, runReport, runZones } from '../engine/index.js';
import { hasChanges, plannedRuns } from '../engine/index.js';
import type { ZoneRun } from '../engine/index.js';
import { savePlanFile, unsavableRepositoryConfig } from '../engine/index.js';
import { unsavableNewZone } from '../engine/index.js';

export interface PlanRequest {
  readonly paths: readonly string[];
  /** `--config FILE`: the repository configuration (default: zonectl.yaml found upwards). */
  readonly config?: string | undefined;
  /** `--changed-since REF`: only the zones whose file or fragments changed since, or all when the repository configuration in use did. */
  readonly changedSince?: string | undefined;
  /** `--shard K/N`. */
  readonly shard?: string | undefined;
  /** `--out FILE`: save the plan for `apply --plan`. */
  readonly out?: string | undefined;
  readonly connection: Connection;
  /** Where git is asked about `--changed-since`. */
  readonly cwd: string;
}

/** The report comes once every zone was planned; messages before and after it. */
export type PlanEvent = MessageEvent | { readonly kind: 'report'; readonly report: RunReport };

export interface PlanResult {
  /** A zone or account file could not be planned. */
  readonly failed: boolean;
  /** Something would change: an operation, a zone to create, an account's defaults. */
  readonly changes: boolean;
}

export async function runPlan(request: PlanRequest, output: SessionOutput<PlanEvent>): Promise<PlanResult> {
  const emit = (event: MessageEvent): void => output.emit(event);
  const valid = await filesToPlan(request.paths, { config: request.config, env: request.connection.env }, emit);
  let changed: ChangedSelection | undefined;
  if (request.changedSince !== undefined) changed = await selectChangedFiles(valid, request.changedSince, request.paths, request.cwd, emit);
  // The repository configuration (accounts, credentials) goes on with the zones selected.
  const { configs, accounts, shard, repo } = selectShard({ ...(changed ?? valid), repo: valid.repo }, request.shard);
  // Only the zones this run plans speak: a skipped zone's warnings are not told (issue 44, item 3).
  const fileWarnings = tellWarnings(valid.warnings, { configs, accounts }, emit);
  const outcomes = await runZones({ configs, accounts, repo }, request.connection, shard, emit, { checkPermissions: true });
  output.emit({ kind: 'report', report: runReport('plan', outcomes, { ...(changed ? { changedSince: changed } : {}), fileWarnings }) });
  const runs = plannedRuns(outcomes.zones);
  const failed = outcomes.zones.length - runs.length + outcomes.accounts.filter((o) => o.kind === 'failed').length;
  const unsaved = request.out !== undefined && !savePlan(request.out, request, runs, outcomes, failed, repo?.file, emit);
  if (configs.length === 0 && accounts.length === 0 && !changed)
    emit(warning('zonectl: warning: no zone to plan (no zone file in this shard)'));
  // `--out` that saved nothing fails the run: the step after it (apply --plan) has no plan to apply.
  return { failed: failed > 0 || unsaved, changes: hasChanges(runs) || accountsChange(outcomes) };
}

/**
 * `--out`: the plan saved when every zone was planned (zones to create included, with their
 * records), or an error that says why none was and what to do. Returns whether it was saved.
 */
function savePlan(
  out: string,
  request: PlanRequest,
  runs: readonly ZoneRun[],
  outcomes: Awaited<ReturnType<typeof runZones>>,
  failed: number,
  repoFile: string | undefined,
  emit: (event: MessageEvent) => void,
): boolean {
  // Zones of zonectl.yaml accounts: the plan records that file, whose bytes apply --plan checks
  // and whose credential variables it uses (./saved-plan.ts).
  const repositoryConfig = runs.some((r) => r.config.account !== undefined) ? repoFile : undefined;
  const newZone = runs.flatMap((r) => (r.plan.newZone !== undefined ? [unsavableNewZone(r.config)] : [])).find((w) => w !== undefined);
  const why =
    failed > 0
      ? `${failed} zone(s) could not be planned (see above); fix them and plan again`
      : (newZone ?? unsavableRepositoryConfig(runs, repositoryConfig));
  if (why !== undefined) {
    emit(errorEvent('PLAN_NOT_SAVED', `no plan saved to ${out}: ${why}`));
    return false;
  }
  const accountRuns = outcomes.accounts.flatMap((o) => (o.kind === 'planned' ? [o.run] : []));
  // Fragments too: apply --plan refuses a plan whose zone files or included fragments changed since.
  const files = [
    ...new Set([...runs.flatMap((r) => [r.config.file, ...(r.config.includes ?? [])]), ...accountRuns.map((a) => a.config.file)]),
  ];
  const baseUrl = resolveBaseUrl(request.connection.baseUrl, request.connection.env);
  const saved = savePlanFile(out, runs, baseUrl, files, accountRuns, repositoryConfig, request.cwd);
  if (saved.kind === 'unsavable') {
    emit(errorEvent('PLAN_NOT_SAVED', `no plan saved to ${out}: ${saved.why}`));
    return false;
  }
  emit(note(`Plan saved to ${out} (${saved.digest}); apply it with: zonectl apply --plan ${out} --expect-digest ${saved.digest}`));
  return true;
}
