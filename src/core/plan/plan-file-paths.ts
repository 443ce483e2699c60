/**
 * The file paths a saved plan holds, all in one place: the files and their digests, the repository
 * configuration, each zone's file, its fragments (`include:`) and the fragment each record comes
 * from, each zone plan's file and sources, each account file. From format 2 on they are recorded
 * relative to the repository root, `/`-separated (README.md, "Saved plans"); apply --plan maps them
 * back to paths it reads (src/app/engine/saved-plan.ts).
 */
import type { PlanFile } from './plan-file.js';

/**
 * `plan` with every path passed through `to`. A value that is not a string (an edited plan may
 * hold anything there) is left as it is, for the checks that follow to refuse.
 */
export function mapPlanPaths(plan: PlanFile, to: (path: string) => string): PlanFile {
  const map = <T>(p: T): T => (typeof p === 'string' ? (to(p) as T) : p);
  // Not a list (an edited plan): left as it is, as above.
  const list = <T>(items: readonly T[] | undefined, each: (item: T) => T): T[] | undefined =>
    Array.isArray(items) ? items.map(each) : (items as T[] | undefined);
  return {
    ...plan,
    files: list(plan.files, (f) => ({ ...f, path: map(f.path) })) ?? plan.files,
    ...(plan.repository_config !== undefined ? { repository_config: map(plan.repository_config) } : {}),
    zones: plan.zones.map((z) => ({
      ...z,
      config: {
        ...z.config,
        file: map(z.config.file),
        ...(z.config.includes !== undefined ? { includes: list(z.config.includes, map) } : {}),
        records: list(z.config.records, (r) => (r?.source !== undefined ? { ...r, source: map(r.source) } : r)) ?? z.config.records,
      },
      plan: {
        ...z.plan,
        ...(z.plan.file !== undefined ? { file: map(z.plan.file) } : {}),
        ...(z.plan.sources !== undefined && typeof z.plan.sources === 'object' && z.plan.sources !== null
          ? { sources: Object.fromEntries(Object.entries(z.plan.sources).map(([key, source]) => [key, map(source)])) }
          : {}),
      },
    })),
    ...(plan.accounts !== undefined
      ? { accounts: list(plan.accounts, (a) => ({ ...a, config: { ...a.config, file: map(a.config.file) } })) ?? plan.accounts }
      : {}),
  };
}
