/** The "Examples:" section at the end of a command's `--help`. */
export function examplesText(lines: readonly string[]): string {
  return `\n${lines.length === 1 ? 'Example' : 'Examples'}:\n${lines.map((l) => `  ${l}`).join('\n')}`;
}
