/** `zonectl schema` prints the published schema; `zonectl version` the package's version. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { headCommit } from '../install/installed-cli.js';
import { cliNodeArgs, runCli } from '../support/run-cli.js';

describe('zonectl schema and version', () => {
  it('schema is the committed schemas/zone.schema.json', async () => {
    const r = await runCli(['schema']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(readFileSync('schemas/zone.schema.json', 'utf8')));
  });

  it('version is package.json\'s, with the commit ("source" when run unbuilt, the build\'s commit from the bundle)', async () => {
    const r = await runCli(['version']);
    expect(r.code).toBe(0);
    // The tests' CLI is the run's bundle (test/support/cli-bundle.ts), built from this checkout:
    // its commit is HEAD's, `-dirty` when the tree has uncommitted changes (scripts/build-info.mjs).
    const commit = cliNodeArgs().includes('--import') ? 'source' : `${headCommit()}(-dirty)?`;
    const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
    expect(r.stdout.trim()).toMatch(new RegExp(`^zonectl ${version.replace(/\./g, '\\.')} \\(commit ${commit}\\)$`));
  });
});
