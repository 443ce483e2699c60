/**
 * `zonectl codeowners`: the CODEOWNERS lines of a repository's zone files and fragments, from
 * the teams of zonectl.yaml (`owners:`; README.md, "Sharing a zone"), so that the platform's
 * review rules follow the DNS ones. Pure: the app lists the files and their teams.
 *
 * One line per file that belongs to a team, `/path/from/the/root owner...`, sorted by path (the
 * output is stable and diffs line by line). Exact paths, never globs: a file's owners do not
 * depend on how GitHub or GitLab read a pattern, and each line matches one file whatever the
 * order ("the last matching pattern takes the most precedence": GitHub,
 * https://docs.github.com/en/repositories/managing-your-repositorys-settings-and-features/customizing-your-repository/about-code-owners;
 * GitLab, https://docs.gitlab.com/user/project/codeowners/reference/). A leading `/` anchors a
 * path at the repository's root (both). A path CODEOWNERS cannot hold as a plain path is
 * refused, naming the file: white space (GitLab escapes spaces, GitHub documents no escape),
 * pattern characters (`*`, `?`, `[`, `]`, `!`, `\`: the file would stand for other files) and
 * `#` (a comment on GitHub, which documents no escape for it); a line break would add a line of
 * the file's choosing.
 */

/** A file of the repository and the teams whose `files` globs match it. */
export interface OwnedFile {
  /** Relative to the repository's root, `/`-separated. */
  readonly path: string;
  readonly teams: readonly string[];
}

export interface CodeownersInput {
  readonly files: readonly OwnedFile[];
  /** Each team's code owners (zonectl.yaml `owners.TEAM.codeowners`), in the file's order of teams. */
  readonly codeowners: ReadonlyMap<string, readonly string[]>;
  /** zonectl.yaml as named in messages and in the header. */
  readonly source: string;
}

export interface Codeowners {
  /** The lines to write, header first. */
  readonly lines: readonly string[];
  /** Why a file has no line, one message each (an error: the output would not say what the teams own). */
  readonly problems: readonly string[];
  /** Files of no team (they get no line). */
  readonly unowned: readonly string[];
}

/** Characters a plain CODEOWNERS path cannot hold (see above). */
const UNSAFE = /[\s*?[\]!\\#\p{Cc}]/u;

const byCodePoint = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

export function renderCodeowners(input: CodeownersInput): Codeowners {
  const problems: string[] = [];
  const unowned: string[] = [];
  const lines: string[] = [];
  for (const f of [...input.files].sort((a, b) => byCodePoint(a.path, b.path))) {
    if (f.teams.length === 0) {
      unowned.push(f.path);
      continue;
    }
    if (f.teams.length > 1) {
      problems.push(
        `${f.path} belongs to ${f.teams.length} teams in ${input.source} (${f.teams.join(', ')}): narrow their owners.*.files globs`,
      );
      continue;
    }
    const team = f.teams[0]!;
    const owners = input.codeowners.get(team) ?? [];
    if (owners.length === 0) {
      problems.push(`${f.path} belongs to ${team}, which has no code owners: add owners.${team}.codeowners to ${input.source}`);
      continue;
    }
    if (UNSAFE.test(f.path)) {
      problems.push(`${JSON.stringify(f.path)} cannot be a CODEOWNERS path (white space, a pattern character or #): rename the file`);
      continue;
    }
    lines.push(`/${f.path} ${owners.join(' ')}`);
  }
  const header = [
    `# zonectl codeowners: the zone files and fragments of each team in ${input.source} (owners:).`,
    '# Made by `zonectl codeowners`; run it again when the teams or the files change.',
  ];
  return { lines: [...header, ...lines], problems, unowned };
}

/** The lines of `expected` (comments aside) that `actual` (a CODEOWNERS file's text) does not hold as they are. */
export function missingCodeownersLines(expected: readonly string[], actual: string): string[] {
  const present = new Set(actual.split(/\r?\n/).map((l) => l.trim()));
  return expected.filter((l) => !l.startsWith('#') && !present.has(l));
}
