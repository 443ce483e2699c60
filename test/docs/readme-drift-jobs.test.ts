/**
 * README.md, "Nightly drift", quotes the recipes' drift steps: each quoted line is in the recipe
 * it quotes (examples/ci), so that the README cannot show a job the recipes no longer run.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const readme = readFileSync(join(root, 'README.md'), 'utf8');
const section = readme.slice(readme.indexOf('## Nightly drift'), readme.indexOf('## Commands'));
const blocks = [...section.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map((m) => m[1]!);

describe('README "Nightly drift" quotes the recipes', () => {
  it.each([
    ['the GitHub job', 0, 'examples/ci/github/zonectl-drift.yml'],
    ['the GitLab job', 1, 'examples/ci/gitlab/.gitlab-ci.yml'],
  ])('%s', (_what, index, file) => {
    expect(blocks).toHaveLength(2);
    const recipe = readFileSync(join(root, file), 'utf8').split('\n');
    for (const line of blocks[index]!.split('\n').filter((l) => l.trim() !== '')) {
      const quoted = line.replace(/\s+#.*$/, '');
      expect(
        recipe.some((r) => r.replace(/\s+#.*$/, '') === quoted),
        quoted,
      ).toBe(true);
    }
  });
});
