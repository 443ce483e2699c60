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

/** Each file with its own config (when valid) and problems, in the order given. */
export async function loadZoneFilesDetailed(
  paths: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<LoadedZoneFile[]> {
  return Promise.all(
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
}

/** Valid configs and every problem of every file. Two files for the same zone are an error. */
export async function loadZoneFiles(
  paths: readonly string[],
  env: Readonly<Record<string, string | undefined>> = process.env,
): Promise<{ configs: ZoneConfig[]; problems: Problem[] }> {
  const loaded = await loadZoneFilesDetailed(paths, env);
  const configs: ZoneConfig[] = [];
  const problems: Problem[] = [];
  const seen = new Map<string, string>();
  for (const f of loaded) {
    problems.push(...f.problems);
    if (!f.config) continue;
    const earlier = seen.get(f.config.zone);
    if (earlier !== undefined) {
      problems.push({
        severity: 'error', file: f.path, line: 1, col: 1, path: 'zone',
        message: `zone ${f.config.zone} is also described by ${earlier}; one file per zone`, code: 'file.same-zone',
      });
      continue;
    }
    seen.set(f.config.zone, f.path);
    configs.push(f.config);
  }
  return { configs, problems };
}
