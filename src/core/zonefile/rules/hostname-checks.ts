/** Host name checks shared by the name and target rules. Inputs are canonical (lower-case, punycode). */

export const MAX_LABEL = 63;
export const MAX_NAME = 253;

/** Why `name` is not a usable target host name (labels may contain `_`; `.` is the root), or undefined. */
export function targetHostnameProblem(name: string, allowRoot: boolean): string | undefined {
  if (name === '.') return allowRoot ? undefined : 'the root `.` is not a valid target here';
  if (name === '') return 'is empty';
  if (name.length > MAX_NAME) return `is ${name.length} characters long; a host name has at most ${MAX_NAME}`;
  for (const label of name.split('.')) {
    if (label === '') return 'has an empty label (two dots in a row, or a leading dot)';
    if (label.length > MAX_LABEL) return `has a label of ${label.length} characters (\`${label.slice(0, 20)}...\`); at most ${MAX_LABEL}`;
    if (!/^[a-z0-9_-]+$/.test(label) && !(label === '*')) {
      return `has a label with characters other than letters, digits, hyphens and underscores: \`${label}\``;
    }
  }
  return undefined;
}

/** True when text looks like an IP address (a common mistake in host name fields). */
export function looksLikeAddress(value: string): boolean {
  return /^\d{1,3}(\.\d{1,3}){3}$/.test(value) || (value.includes(':') && /^[0-9a-f:.]+$/i.test(value));
}
