/**
 * The example repositories of the CI recipes (test/fixtures/ci-repos) and what `zonectl init --ci`
 * writes for them as the docs show it (recipes-from-init.test.ts): read as init reads a
 * repository (src/app/init), with the default action and no vendored tarball.
 */
import { cpSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { readCiRepository } from '../../src/app/init/read-ci-repository.js';
import { initCommand } from '../../src/cli/commands/init.js';
import { VERSION } from '../../src/cli/version.js';
import { type CiFile, gitHubWorkflows, gitLabPipeline } from '../../src/core/ci/index.js';
import { tempDir } from '../support/temp-dir.js';
import { REPO_ROOT } from './doc-sources.js';

/** Each example repository and where its recipes are kept. */
export const EXAMPLE_REPOSITORIES = {
  'one-account': { github: 'examples/ci/github', gitlab: 'examples/ci/gitlab/.gitlab-ci.yml' },
  'two-accounts': { github: 'examples/ci/github-two-accounts', gitlab: 'examples/ci/gitlab/two-accounts.gitlab-ci.yml' },
} as const;
export type ExampleRepository = keyof typeof EXAMPLE_REPOSITORIES;

/** A copy of an example repository (a checkout: `.git` marks its root). */
export function exampleRepository(name: ExampleRepository): string {
  const dir = join(tempDir(`ci-repo-${name}`), 'repo');
  cpSync(join(REPO_ROOT, 'test', 'fixtures', 'ci-repos', name), dir, { recursive: true });
  mkdirSync(join(dir, '.git'));
  return dir;
}

/** What init --ci writes for the example repository, as the docs show it (the default action, no tarball). */
export async function docsRecipes(name: ExampleRepository): Promise<{ github: CiFile[]; gitlab: CiFile }> {
  const root = exampleRepository(name);
  const repository = await readCiRepository(
    {
      root,
      paths: ['zones/'],
      version: VERSION,
      action: initCommand.flags.action.default,
      branch: initCommand.flags.branch.default,
      gitlab: false,
      env: {},
    },
    () => undefined,
  );
  return { github: gitHubWorkflows(repository), gitlab: gitLabPipeline(repository) };
}
