/**
 * Every `zonectl.yaml` the README shows (a yaml block whose first line is `# zonectl.yaml`) is one
 * zonectl accepts as written: a reader copies these, and a block that refuses itself (a
 * `${VAR}` zonectl.yaml may not read) fails them on their first run.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseRepoConfig } from '../../src/core/zonefile/index.js';

const readme = readFileSync(join(import.meta.dirname, '..', '..', 'README.md'), 'utf8');
const blocks = [...readme.matchAll(/```yaml\n(# zonectl\.yaml\n[\s\S]*?)```/g)].map((m) => m[1]!);

/** A 32-hex value for every `${ZONECTL_*}` a block reads (as a job would set it). */
function envFor(text: string): Record<string, string> {
  const names = [...text.matchAll(/\$\{(ZONECTL_[A-Z0-9_]+)\}/g)].map((m) => m[1]!);
  return Object.fromEntries(names.map((n) => [n, '0123456789abcdef0123456789abcdef']));
}

describe('the zonectl.yaml blocks of the README', () => {
  it('finds the blocks', () => {
    expect(blocks.length).toBeGreaterThanOrEqual(2);
  });

  it.each(blocks.map((text, i) => [i, text] as const))('block %i is accepted as written', (_i, text) => {
    const { config, problems } = parseRepoConfig({ path: 'zonectl.yaml', text }, envFor(text));
    expect(problems.filter((p) => p.severity === 'error')).toEqual([]);
    expect(config?.accounts.size).toBeGreaterThan(0);
  });
});
