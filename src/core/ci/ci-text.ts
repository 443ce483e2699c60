/**
 * Values written into the CI files `zonectl init --ci` makes: as YAML strings (double-quoted, JSON
 * escapes, which YAML reads as written), as shell words (single-quoted), and the repository paths
 * they may hold. A path goes into path filters, the action's space-separated `paths` input and
 * shell commands: only characters that mean the same in all of them are written (no whitespace,
 * quote, glob, `$` or expression character), anything else is refused by name. Pure.
 */

/** A YAML double-quoted scalar (JSON's escapes are YAML's). */
export const yamlString = (value: string): string => JSON.stringify(value);

/** A YAML flow sequence of strings: `["a", "b"]`. */
export const yamlList = (values: readonly string[]): string => `[${values.map(yamlString).join(', ')}]`;

/** A word for bash, single-quoted when it is not plain. */
export function shellWord(value: string): string {
  return /^[A-Za-z0-9._/@+=,:-]+$/.test(value) ? value : `'${value.replace(/'/g, `'\\''`)}'`;
}

/** The characters a path written into a CI file may hold. */
const PLAIN_PATH = /^[A-Za-z0-9._][A-Za-z0-9._@+=,~/-]*$/;

/** Why a repository path cannot be written into a CI file, or undefined when it can. */
export function unwritablePath(path: string): string | undefined {
  if (PLAIN_PATH.test(path) && !path.split('/').includes('..')) return undefined;
  return `${JSON.stringify(path)} holds a character init --ci does not write into a workflow (whitespace, quotes, glob, $ or expression characters; letters, digits and . _ @ + = , ~ / - are written, starting with a letter, a digit, . or _): rename it`;
}
