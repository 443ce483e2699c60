/**
 * What `zonectl init --ci` shows of its session (src/app/init): each CI file's outcome (created,
 * unchanged, replaced, or differs, the last two after their unified diff), then what to set up:
 * the secrets and variables the files read, the protected environment, the action to pin. A
 * difference without --force writes nothing and ends in one OUTPUT_EXISTS error.
 */
import type { InitCiEvent, InitCiResult } from '../../app/init/index.js';
import type { RunEvent, SessionOutput } from '../../app/session/index.js';
import { type CiPlatform, ENVIRONMENT, readSecretOf, usedBy, writeSecretOf } from '../../core/ci/index.js';
import { ZonectlError } from '../../core/errors.js';
import { out } from '../output/io.js';
import { showMessage } from '../output/messages.js';

const WORD = { created: 'created', unchanged: 'unchanged', replaced: 'replaced', differs: 'differs' } as const;

/** The action a default `--action` names: a placeholder until the project has one home. */
export const ACTION_PLACEHOLDER_OWNER = 'OWNER/';

/** The lines that say what to set up once the files are written. */
function setupLines(platform: CiPlatform, result: InitCiResult): string[] {
  const repo = result.repository;
  const where = platform === 'github' ? 'repository secrets' : 'CI/CD variables (masked)';
  const lines = [
    `Set up (${where}):`,
    ...repo.credentials.map((c) => `  ${readSecretOf(c)}: a READ-ONLY token (Zone Read + DNS Read) for plan and drift, ${usedBy(c)}`),
    ...repo.credentials.map(
      (c) =>
        `  ${writeSecretOf(c)}: a WRITE token (DNS Write; Zone Write to create zones), ${platform === 'github' ? `a secret of the environment ${ENVIRONMENT} (required reviewers, ${repo.branch} only)` : `PROTECTED, environment scope ${ENVIRONMENT}`}`,
    ),
    ...repo.variables.map(
      (v) =>
        `  ${v}: not a secret (${platform === 'github' ? 'a repository variable' : 'a CI/CD variable'}), read by the files as \${${v}}`,
    ),
  ];
  if (platform === 'gitlab')
    lines.push(
      `  the tarball ${repo.tarball.path} is pinned by its SHA-256: commit it with .gitlab-ci.yml; GITLAB_NOTE_TOKEN (optional) posts the note`,
    );
  if (platform === 'github' && repo.action.startsWith(ACTION_PLACEHOLDER_OWNER))
    lines.push(`  the workflows use ${repo.action}: run again with --action <the zonectl repository you reviewed>@<commit SHA>`);
  return lines;
}

/**
 * The view of one `init --ci` run: each CI file's outcome as it comes, then, at the run's end
 * (`finished`, told by the runner with the result), the files that differ refused as one
 * OUTPUT_EXISTS error, or what to set up. A run that threw has no result: the error line says why.
 */
export function initCiView(platform: CiPlatform): SessionOutput<InitCiEvent | RunEvent<InitCiResult>> {
  const showEnd = (result: InitCiResult): void => {
    const differing = result.files.filter((f) => f.status === 'differs');
    if (differing.length > 0)
      throw new ZonectlError(
        'OUTPUT_EXISTS',
        `${differing.map((f) => f.path).join(', ')} differ${differing.length === 1 ? 's' : ''} from what init --ci writes (the diff above): nothing written; run it again with --force to write ${differing.length === 1 ? 'it' : 'them'}`,
      );
    for (const line of setupLines(platform, result)) out(line);
  };
  return {
    emit(event) {
      switch (event.kind) {
        case 'started':
        case 'failed':
          return;
        case 'finished':
          if (event.result !== undefined) showEnd(event.result);
          return;
        case 'ci-file': {
          const { outcome } = event;
          if (outcome.diff !== undefined) out(outcome.diff.replace(/\n$/, ''));
          out(`${WORD[outcome.status]} ${outcome.path}`);
          return;
        }
        default:
          showMessage(event);
      }
    },
  };
}
