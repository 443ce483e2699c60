/** Kept in step with package.json by a test. */
export const VERSION = '0.1.0';

/** Set by the build (scripts/build-info.mjs: esbuild `define`); absent when run from source. */
declare const __ZONECTL_COMMIT__: string | undefined;

/** The commit this build was made from, embedded at build time (no git at run time); "source" when run unbuilt. */
export const COMMIT: string = typeof __ZONECTL_COMMIT__ === 'string' ? __ZONECTL_COMMIT__ : 'source';

/** `zonectl version`: the package version and the commit, e.g. `zonectl 0.1.0 (commit 1a2b3c4d5e6f)`. */
export function versionLine(): string {
  return `zonectl ${VERSION} (commit ${COMMIT})`;
}
