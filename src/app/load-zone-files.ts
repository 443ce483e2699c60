/**
 * Read zone files from disk and load them with the process environment. A missing or unreadable
 * file is a problem like any other (never a crash); files are independent of each other.
 */
import { readFile } from 'node:fs/promises';
import { loadZoneFile, type Problem, type ZoneConfig } from '../core/zonefile/index.js';

export interface LoadedZoneFile {
  path: string;
  config?: ZoneConfig;
  problems: Problem[];
}

function readProblem(path: string, error: unknown): Problem {
  const code = (error as { code?: unknown })?.code;
  const reason = code === 'ENOENT'
    ? 'file not found'
    : code === 'EISDIR'
      ? 'is a directory, not a zone file'
      : code === 'EACCES' || code === 'EPERM'
        ? 'permission denied'
        : `cannot be read (${typeof code === 'string' ? code : 'unknown error'})`;
  return { severity: 'error', file: path, line: 1, col: 1, path: '', message: reason, code: 'file.read' };
}

/**
 * Each file with its own config (when valid) and problems, in the order given. Two files for
 * the same zone are an error on the later one (one file per zone).
 */
export async function loadZoneFilesDetailed(
  paths: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<LoadedZoneFile[]> {
  const loaded = await Promise.all(
    paths.map(async (path): Promise<LoadedZoneFile> => {
      let text: string;
      try {
        text = await readFile(path, 'utf8');
      } catch (error) {
        return { path, problems: [readProblem(path, error)] };
      }
      const { config, problems } = loadZoneFile({ path, text }, env);
      return config ? { path, config, problems } : { path, problems };
    }),
  );
  const seen = new Map<string, string>();
  return loaded.map((f) => {
    if (!f.config) return f;
    const earlier = seen.get(f.config.zone);
    if (earlier === undefined) {
      seen.set(f.config.zone, f.path);
      return f;
    }
    const problem: Problem = {
      severity: 'error', file: f.path, line: 1, col: 1, path: 'zone',
      message: `zone ${f.config.zone} is also described by ${earlier}; one file per zone`, code: 'file.same-zone',
    };
    return { path: f.path, problems: [...f.problems, problem] };
  });
}

/** Valid configs and every problem of every file. */
export async function loadZoneFiles(
  paths: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<{ configs: ZoneConfig[]; problems: Problem[] }> {
  const loaded = await loadZoneFilesDetailed(paths, env);
  return {
    configs: loaded.flatMap((f) => (f.config ? [f.config] : [])),
    problems: loaded.flatMap((f) => f.problems),
  };
}
