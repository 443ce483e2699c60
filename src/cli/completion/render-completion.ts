/**
 * Completion scripts for bash, zsh and fish, rendered from the completion model. bash: a
 * function for `complete -F`; zsh: the same function through zsh's `bashcompinit`; fish:
 * `complete` lines. Words that are not flags complete as file names (zone files, directories);
 * the program's own flags complete before and after the command (it takes them anywhere).
 *
 * A git revision (`--changed-since <ref>`) completes with the repository's branch, remote and tag
 * names, asked of git as `plan --changed-since` asks it (src/app/files/changed-since.ts): with the
 * configuration that keeps a repository's own files from running anything (no fsmonitor, hooks,
 * pager; no bare repository found by discovery), nothing typed on the command line passed to
 * git, and its answer never evaluated by the shell: a ref name is only offered when it is made of
 * `A-Za-z0-9._/@+-` and does not start with `-` (a ref named `$(cmd)` is legal in git: inserted
 * on the command line, it would run).
 */
import { SAFE_CONFIG } from '../../app/files/index.js';
import type { CompletionCommand, CompletionFlag, CompletionModel } from './completion-model.js';

export type Shell = 'bash' | 'zsh' | 'fish';
export const SHELLS: readonly Shell[] = ['bash', 'zsh', 'fish'];

/** A word for a shell script: only the characters commander names and choices are made of. */
function word(s: string): string {
  if (!/^[A-Za-z0-9_./:-]+$/.test(s)) throw new Error(`completion: unexpected word ${JSON.stringify(s)}`);
  return s;
}

/** git's `-c NAME=VALUE` settings, checked to be plain words too. */
function gitSafeConfig(): string {
  return SAFE_CONFIG.map((c) => {
    if (!/^[A-Za-z.]+=[A-Za-z0-9_./-]+$/.test(c)) throw new Error(`completion: unexpected git setting ${JSON.stringify(c)}`);
    return `-c ${c}`;
  }).join(' ');
}

const GIT_REFS = (): string =>
  `git ${gitSafeConfig()} for-each-ref --format='%(refname:short)' refs/heads refs/remotes refs/tags 2>/dev/null`;

const topLevel = (m: CompletionModel): CompletionCommand[] => m.commands.filter((c) => !c.path.includes(' '));
const subcommands = (m: CompletionModel, parent: string): CompletionCommand[] => m.commands.filter((c) => c.path.startsWith(`${parent} `));

function bashValueCases(m: CompletionModel): string[] {
  const lines: string[] = [];
  const add = (scope: string, f: CompletionFlag): void => {
    if (!f.takesValue) return;
    const values =
      f.choices.length > 0
        ? `COMPREPLY=($(compgen -W "${f.choices.map(word).join(' ')}" -- "$cur"))`
        : f.gitRef
          ? `_${word(m.program)}_git_refs`
          : 'COMPREPLY=()';
    lines.push(`    ${scope}:${word(f.name)}) ${values}; return ;;`);
  };
  for (const c of m.commands) for (const f of c.flags) add(word(c.path.split(' ').pop()!), f);
  // The program's own flags, after any command or none.
  for (const f of m.globalFlags) add('*', f);
  return lines;
}

export function renderBash(m: CompletionModel): string {
  const fn = `_${word(m.program)}`;
  const optionCases = m.commands.map((c) => {
    const subs = subcommands(m, c.path).map((s) => word(s.path.split(' ').pop()!));
    return `    ${word(c.path.split(' ').pop()!)}) words_here="${[...subs, ...c.flags.map((f) => word(f.name))].join(' ')}" ;;`;
  });
  const globals = m.globalFlags.map((f) => word(f.name)).join(' ');
  return `# ${m.program} completion for bash: source it, or put it in your bash-completion directory:
#   ${m.program} completion bash > ~/.local/share/bash-completion/completions/${m.program}
# The git refs of the repository (branches, remote branches, tags) that start with the word typed:
# git runs with nothing that could run a command, and a name is offered only when it is a plain word.
${fn}_git_refs() {
  local ref
  COMPREPLY=()
  while IFS= read -r ref; do
    case "$ref" in
      -* | *[!A-Za-z0-9._/@+-]*) ;;
      "$cur"*) COMPREPLY+=("$ref") ;;
    esac
  done < <(${GIT_REFS()})
  case "HEAD" in "$cur"*) COMPREPLY+=("HEAD") ;; esac
}
${fn}() {
  local cur prev cmd="" words_here="" i
  cur="\${COMP_WORDS[COMP_CWORD]}"
  prev="\${COMP_WORDS[COMP_CWORD-1]}"
  # The innermost command named so far (flags skipped): "plan", or "roll" after "token".
  for ((i = 1; i < COMP_CWORD; i++)); do
    case "\${COMP_WORDS[i]}" in
      -*) ;;
      *) case "$cmd:\${COMP_WORDS[i]}" in
           ${topLevel(m)
             .map((c) => `:${word(c.path)}`)
             .join('|')}${subcommands(m, '')
             .filter((c) => c.path.includes(' '))
             .map((c) => `|${word(c.path.split(' ')[0]!)}:${word(c.path.split(' ').pop()!)}`)
             .join('')}) cmd="\${COMP_WORDS[i]}" ;;
         esac ;;
    esac
  done
  case "$cmd:$prev" in
${bashValueCases(m).join('\n')}
  esac
  if [[ -z "$cmd" ]]; then
    words_here="${[...topLevel(m).map((c) => word(c.path)), ...m.globalFlags.map((f) => word(f.name))].join(' ')}"
  else
    case "$cmd" in
${optionCases.join('\n')}
    esac
    words_here="$words_here ${globals}"
  fi
  if [[ -z "$cmd" || "$cur" == -* || -n "$(compgen -W "$words_here" -- "$cur" | grep -v -- '^-')" ]]; then
    COMPREPLY=($(compgen -W "$words_here" -- "$cur"))
  else
    COMPREPLY=($(compgen -f -- "$cur"))
  fi
}
complete -o default -F ${fn} ${word(m.program)}
`;
}

export function renderZsh(m: CompletionModel): string {
  return `#compdef ${word(m.program)}
# ${m.program} completion for zsh (through zsh's bash completion support): source it from ~/.zshrc:
#   source <(${m.program} completion zsh)
autoload -U +X compinit && compinit
autoload -U +X bashcompinit && bashcompinit
${renderBash(m)
  .split('\n')
  .filter((l) => !l.startsWith('#'))
  .join('\n')}`;
}

/** Text for a fish description: one line, single-quoted. */
function fishText(s: string): string {
  return `'${s
    .replace(/[\r\n]+/g, ' ')
    .replace(/\\/g, '\\\\')
    .replace(/'/g, "\\'")}'`;
}

export function renderFish(m: CompletionModel): string {
  const p = word(m.program);
  const refs = `__${p}_git_refs`;
  const lines = [
    `# ${m.program} completion for fish: ${m.program} completion fish > ~/.config/fish/completions/${m.program}.fish`,
    `complete -c ${p} -f`,
    '# The git refs of the repository (git runs with nothing that could run a command; plain names only).',
    `function ${refs}`,
    `    ${GIT_REFS()} | string match -r -- '^[A-Za-z0-9._/@+][A-Za-z0-9._/@+-]*$'`,
    '    echo HEAD',
    'end',
  ];
  const flagLine = (condition: string, f: CompletionFlag): string => {
    const name = f.name.startsWith('--') ? `-l ${word(f.name.slice(2))}` : `-s ${word(f.name.slice(1))}`;
    const value =
      f.choices.length > 0
        ? ` -xa ${fishText(f.choices.map(word).join(' '))}`
        : f.gitRef
          ? ` -xa '(${refs})'`
          : f.takesValue
            ? ' -r -F'
            : '';
    return `complete -c ${p} -n ${fishText(condition)} ${name}${value} -d ${fishText(f.description)}`;
  };
  for (const f of m.globalFlags) lines.push(flagLine('true', f));
  for (const c of topLevel(m)) lines.push(`complete -c ${p} -n '__fish_use_subcommand' -a ${word(c.path)} -d ${fishText(c.description)}`);
  for (const c of m.commands) {
    const parts = c.path.split(' ').map(word);
    const seen = `__fish_seen_subcommand_from ${parts[parts.length - 1]}`;
    for (const s of subcommands(m, c.path))
      lines.push(`complete -c ${p} -n ${fishText(seen)} -a ${word(s.path.split(' ').pop()!)} -d ${fishText(s.description)}`);
    for (const f of c.flags) lines.push(flagLine(seen, f));
    lines.push(`complete -c ${p} -n ${fishText(seen)} -F`);
  }
  return `${lines.join('\n')}\n`;
}

export function renderCompletion(shell: Shell, m: CompletionModel): string {
  return shell === 'bash' ? renderBash(m) : shell === 'zsh' ? renderZsh(m) : renderFish(m);
}
