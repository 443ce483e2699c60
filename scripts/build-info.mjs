/**
 * What a build embeds about itself: the commit it was built from, read once at build time so that
 * `zonectl version` needs no git at run time. ZONECTL_COMMIT overrides it (a build from a source
 * tarball, where there is no .git); without either the commit is "unknown".
 */
import { execFileSync } from 'node:child_process';

export function buildCommit() {
  const fromEnv = process.env.ZONECTL_COMMIT;
  if (fromEnv !== undefined && /^[0-9a-zA-Z._-]{1,64}$/.test(fromEnv)) return fromEnv;
  try {
    const sha = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
    const dirty =
      execFileSync('git', ['status', '--porcelain', '--untracked-files=no'], {
        encoding: 'utf8',
        stdio: ['ignore', 'pipe', 'ignore'],
      }).trim() !== '';
    return dirty ? `${sha}-dirty` : sha;
  } catch {
    return 'unknown';
  }
}

/** esbuild options every build of the CLI shares (the npm bundle and the single executable's script). */
export function sharedBuildOptions() {
  return {
    entryPoints: { zonectl: 'src/cli/main.ts' },
    bundle: true,
    platform: 'node',
    target: 'node20',
    define: { __ZONECTL_COMMIT__: JSON.stringify(buildCommit()) },
    logLevel: 'warning',
  };
}
