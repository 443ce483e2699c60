/** `zonectl init --ci`: the CI files of a repository, written from what it holds (issue 44). Pure. */
export {
  type CiCredential,
  type CiFile,
  type CiRepository,
  ENVIRONMENT,
  PLAN_MARKER,
  readSecretOf,
  usedBy,
  writeSecretOf,
} from './ci-repository.js';
export { unwritablePath } from './ci-text.js';
export { GITHUB_WORKFLOW_FILES, gitHubWorkflows } from './github-workflows.js';
export { GITLAB_PIPELINE_FILE, gitLabPipeline } from './gitlab-pipeline.js';
export { gitHubPaths, gitLabChanges } from './triggers.js';

import type { CiFile, CiRepository } from './ci-repository.js';
import { gitHubWorkflows } from './github-workflows.js';
import { gitLabPipeline } from './gitlab-pipeline.js';

export const CI_PLATFORMS = ['github', 'gitlab'] as const;
export type CiPlatform = (typeof CI_PLATFORMS)[number];

/** The files `init --ci PLATFORM` writes for the repository. */
export function ciFiles(platform: CiPlatform, repo: CiRepository): CiFile[] {
  return platform === 'github' ? gitHubWorkflows(repo) : [gitLabPipeline(repo)];
}
