/**
 * GitHub Actions workflow commands for validate's problems: `::error file=F,line=L,col=C::msg`
 * (warnings `::warning`), shown inline in the pull request's diff. Escaping as the runner
 * expects it: `%`, CR and LF in the message; also `:` and `,` in properties
 * (https://docs.github.com/en/actions/reference/workflows-and-actions/workflow-commands).
 */
import type { Problem } from '../../core/yaml/index.js';

export function isGitHubActions(env: Readonly<Record<string, string | undefined>>): boolean {
  return env.GITHUB_ACTIONS === 'true';
}

function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}

function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

export function annotation(p: Problem): string {
  const level = p.severity === 'error' ? 'error' : 'warning';
  const message = p.path === '' ? p.message : `${p.path}: ${p.message}`;
  return `::${level} file=${escapeProperty(p.file)},line=${p.line},col=${p.col}::${escapeData(message)}`;
}
