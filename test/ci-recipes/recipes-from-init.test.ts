/**
 * Issue 44 item 4: the recipes the docs show come from the same source as `zonectl init --ci`, so
 * that what the README shows is what a team gets. examples/ci holds, and the README's CI section
 * quotes (between `<!-- zonectl init --ci ... -->` and its yaml block), exactly what the generators
 * (src/core/ci) write for the example repositories of test/fixtures/ci-repos, read as `init --ci`
 * reads a repository (src/app/init). Only the GitLab tarball's SHA-256 differs from a real run: the
 * example repositories hold no tarball, so the docs show the placeholder the job refuses.
 *
 * After changing a generator: `ZONECTL_WRITE_RECIPES=1 npx vitest run test/ci-recipes/recipes-from-init.test.ts`
 * rewrites the examples and the README's blocks; review the diff, then run it again without it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { REPO_ROOT } from './doc-sources.js';
import { docsRecipes, EXAMPLE_REPOSITORIES, type ExampleRepository } from './example-repositories.js';

const WRITE = process.env.ZONECTL_WRITE_RECIPES === '1';

/** Compares a document with the text it must hold (or, with ZONECTL_WRITE_RECIPES=1, writes it). */
function same(path: string, text: string): void {
  const file = join(REPO_ROOT, path);
  if (WRITE) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
  expect(readFileSync(file, 'utf8'), `${path}: not what init --ci writes (ZONECTL_WRITE_RECIPES=1 rewrites it)`).toBe(text);
}

/** The README's generated blocks: `<!-- zonectl init --ci PLATFORM REPOSITORY FILE -->` then a yaml block. */
const README_BLOCK = /<!-- zonectl init --ci (github|gitlab) ([a-z-]+) (\S+) -->\n```yaml\n([\s\S]*?)```\n/g;

describe('the recipes of the docs are what zonectl init --ci writes', () => {
  it.each(Object.keys(EXAMPLE_REPOSITORIES) as ExampleRepository[])('%s: examples/ci', async (name) => {
    const { github, gitlab } = await docsRecipes(name);
    const where = EXAMPLE_REPOSITORIES[name];
    for (const f of github) same(join(where.github, f.path.replace('.github/workflows/', '')), f.text);
    same(where.gitlab, gitlab.text);
  });

  it("the README's recipe blocks", async () => {
    const readmePath = join(REPO_ROOT, 'README.md');
    let readme = readFileSync(readmePath, 'utf8');
    const blocks = [...readme.matchAll(README_BLOCK)];
    expect(blocks.length, 'the README shows a generated recipe').toBeGreaterThanOrEqual(1);
    for (const m of blocks) {
      const [whole, platform, name, file, shown] = m as unknown as [string, 'github' | 'gitlab', ExampleRepository, string, string];
      expect(Object.keys(EXAMPLE_REPOSITORIES)).toContain(name);
      const recipes = await docsRecipes(name);
      const text = platform === 'gitlab' ? recipes.gitlab.text : recipes.github.find((f) => f.path === file)?.text;
      expect(text, `${platform} ${name} ${file}: no such file`).toBeDefined();
      if (WRITE) readme = readme.replace(whole, `<!-- zonectl init --ci ${platform} ${name} ${file} -->\n\`\`\`yaml\n${text}\`\`\`\n`);
      else expect(shown, `README.md: the block of ${platform} ${name} ${file}`).toBe(text);
    }
    if (WRITE) writeFileSync(readmePath, readme);
  });

  it("the two-account repository is the README's: its zonectl.yaml is the README's block", () => {
    const readme = readFileSync(join(REPO_ROOT, 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('### Two accounts and shared records, step by step'));
    const block = /```yaml\n(# zonectl\.yaml\n[\s\S]*?)```/.exec(section)?.[1];
    expect(readFileSync(join(REPO_ROOT, 'test', 'fixtures', 'ci-repos', 'two-accounts', 'zonectl.yaml'), 'utf8')).toBe(block);
  });
});
