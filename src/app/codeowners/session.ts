/**
 * The codeowners session: the CODEOWNERS lines of the repository's zone files and fragments, from
 * zonectl.yaml's teams (`owners:`), as src/core/codeowners/codeowners.ts writes them; with
 * `check`, which of them a CODEOWNERS file does not hold. It reads file names only (never a zone
 * file's content) and writes nothing.
 */
import { existsSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { missingCodeownersLines, renderCodeowners } from '../../core/codeowners/codeowners.js';
import { ZonectlError } from '../../core/errors.js';
import { teamsOfFile } from '../../core/ownership/index.js';
import { parseRepoConfig } from '../../core/zonefile/index.js';
import { findRepoConfig, readRepoConfigText } from '../files/index.js';
import { expandZoneFilePaths } from '../files/index.js';
import { readConfinedFile } from '../files/index.js';
import { repositoryRoot } from '../files/index.js';
import { note, warning, type MessageEvent, type SessionOutput } from '../session/index.js';

export interface CodeownersRequest {
  /** Zone files and directories (default: zonectl.yaml's directory). */
  readonly paths: readonly string[];
  /** `--config FILE`. */
  readonly config?: string;
  /** `--check FILE`: a CODEOWNERS file that must hold every line. */
  readonly check?: string;
  readonly env: Readonly<Record<string, string | undefined>>;
}

export type CodeownersEvent = MessageEvent;

export interface CodeownersResult {
  /** The lines, header first. */
  readonly lines: readonly string[];
  /** With `check`: the lines the CODEOWNERS file does not hold. */
  readonly missing?: readonly string[];
}

class CodeownersError extends ZonectlError {
  constructor(message: string) {
    super('CODEOWNERS', message);
  }
}

/** The git repository's root above a directory (CODEOWNERS paths start there), else the directory. */
function gitRoot(dir: string): string {
  for (let d = resolve(dir); ; d = dirname(d)) {
    if (existsSync(join(d, '.git'))) return d;
    if (dirname(d) === d) return resolve(dir);
  }
}

const isDirectory = (path: string): boolean => {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
};

export async function runCodeowners(request: CodeownersRequest, output: SessionOutput<CodeownersEvent>): Promise<CodeownersResult> {
  const start = request.paths.length > 0 ? request.paths : ['.'];
  const file = request.config ?? findRepoConfig(start);
  if (file === undefined)
    throw new CodeownersError('no zonectl.yaml found (give --config FILE): its owners: say which files belong to which team');
  const read = readRepoConfigText(file);
  if (!read.ok) throw new CodeownersError(`${file}: ${read.message}`);
  const parsed = parseRepoConfig({ path: file, text: read.text }, request.env);
  for (const problem of parsed.problems) output.emit({ kind: 'problem', problem });
  if (parsed.config === undefined) throw new CodeownersError(`${file} is not valid`);
  const owners = parsed.config.owners ?? [];
  if (owners.length === 0) throw new CodeownersError(`${file} has no owners: (the teams, their files and code owners)`);
  const base = dirname(resolve(file));
  const root = gitRoot(base);
  const paths = request.paths.length > 0 ? request.paths : [base];
  const { files, emptyDirectories } = await expandZoneFilePaths(paths);
  for (const dir of emptyDirectories) output.emit(warning(`${dir}: no zone file (*.yaml, *.yml) in this directory`));
  const missingFile = files.find((f) => !existsSync(f) || isDirectory(f));
  if (missingFile !== undefined) throw new CodeownersError(`${missingFile}: no such file`);
  const posix = (p: string): string => p.split(sep).join('/');
  const outside = files.find((f) => relative(root, resolve(f)).startsWith('..'));
  if (outside !== undefined) throw new CodeownersError(`${outside} is outside the repository of ${file}`);
  const owned = files.map((f) => ({
    path: posix(relative(root, resolve(f))),
    teams: teamsOfFile(posix(relative(base, resolve(f))), owners),
  }));
  const rendered = renderCodeowners({
    files: owned,
    codeowners: new Map(owners.map((o) => [o.name, o.codeowners])),
    source: posix(relative(root, resolve(file))) || file,
  });
  if (rendered.problems.length > 0) throw new CodeownersError(rendered.problems.join('; '));
  if (rendered.unowned.length > 0)
    output.emit(
      note(
        `${rendered.unowned.length} file(s) belong to no team and get no line: ${rendered.unowned.slice(0, 5).join(', ')}${rendered.unowned.length > 5 ? ', …' : ''}`,
      ),
    );
  if (request.check === undefined) return { lines: rendered.lines };
  const existing = readConfinedFile(repositoryRoot(request.check), request.check);
  if (!existing.ok) throw new CodeownersError(`${request.check}: ${existing.message}`);
  return { lines: rendered.lines, missing: missingCodeownersLines(rendered.lines, existing.bytes.toString('utf8')) };
}
