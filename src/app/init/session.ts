/**
 * `zonectl init --ci github|gitlab` (issue 44 item 1): the plan, apply and nightly drift CI files
 * for the repository as it is (read-ci-repository.ts), written by the pure generators of
 * src/core/ci, put in place by write-ci-files.ts. Tells each file's outcome (with its diff when it
 * differs) and returns the repository read, for the renderer to say which secrets to create.
 */
import { type CiPlatform, type CiRepository, ciFiles } from '../../core/ci/index.js';
import { repositoryRootOfDir } from '../files/index.js';
import type { MessageEvent, SessionOutput } from '../session/index.js';
import { readCiRepository } from './read-ci-repository.js';
import { type CiFileOutcome, writeCiFiles } from './write-ci-files.js';

export interface InitCiRequest {
  /** A directory inside the repository. */
  readonly dir: string;
  readonly platform: CiPlatform;
  /** What the jobs plan, relative to the repository root. */
  readonly paths: readonly string[];
  readonly version: string;
  readonly action: string;
  readonly branch: string;
  readonly tarball?: string | undefined;
  readonly force: boolean;
  /** GitHub: the nightly drift workflow also opens one pull request adopting the drift (`--adopt-pr`). */
  readonly adoptPr?: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
}

export type InitCiEvent = MessageEvent | { readonly kind: 'ci-file'; readonly outcome: CiFileOutcome };

export interface InitCiResult {
  readonly root: string;
  readonly repository: CiRepository;
  readonly files: readonly CiFileOutcome[];
  /** A file differs and `force` was not given: nothing was written. */
  readonly refused: boolean;
}

export async function runInitCi(request: InitCiRequest, output: SessionOutput<InitCiEvent>): Promise<InitCiResult> {
  const root = repositoryRootOfDir(request.dir);
  const read = await readCiRepository(
    {
      root,
      paths: request.paths,
      version: request.version,
      action: request.action,
      branch: request.branch,
      ...(request.tarball !== undefined ? { tarball: request.tarball } : {}),
      gitlab: request.platform === 'gitlab',
      env: request.env,
    },
    (event) => output.emit(event),
  );
  const repository: CiRepository = request.adoptPr === true ? { ...read, adoptPr: true } : read;
  const files = writeCiFiles(root, ciFiles(request.platform, repository), request.force);
  for (const outcome of files) output.emit({ kind: 'ci-file', outcome });
  return { root, repository, files, refused: files.some((f) => f.status === 'differs') };
}
