/** `zonectl schema` prints the published schema; `zonectl version` the package's version. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli } from '../support/run-cli.js';

describe('zonectl schema and version', () => {
  it('schema is the committed schemas/zone.schema.json', async () => {
    const r = await runCli(['schema']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual(JSON.parse(readFileSync('schemas/zone.schema.json', 'utf8')));
  });

  it('version is package.json\'s, with the commit ("source" when run unbuilt)', async () => {
    const r = await runCli(['version']);
    expect(r.code).toBe(0);
    expect(r.stdout.trim()).toBe(
      `zonectl ${(JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version} (commit source)`,
    );
  });
});
