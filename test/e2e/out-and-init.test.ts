/**
 * Files land where asked: every `--out` (export, import, plan) creates missing parent
 * directories; a path that cannot be written is one OUTPUT_UNWRITABLE line. `zonectl init` and
 * the first export or import keep the schema inside the repository, and the `$schema` line of a
 * zone file is a relative path that resolves from the file.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const SCHEMA_LINE = /^# yaml-language-server: \$schema=(\S+)$/;

/** The `$schema` path of a zone file, resolved from the file; it must exist. */
function schemaOf(file: string): string {
  const ref = SCHEMA_LINE.exec(readFileSync(file, 'utf8').split('\n')[0]!)?.[1];
  expect(ref, `no $schema line in ${file}`).toBeDefined();
  expect(ref).not.toMatch(/^(\/|[a-z]+:)/); // relative, never absolute or a URL
  return resolve(dirname(file), ref!);
}

describe('--out and the repository schema', () => {
  let h: Harness;
  let env: Record<string, string>;
  let repo: string;
  beforeAll(async () => {
    h = await startHarness();
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    repo = tempDir('repo');
    mkdirSync(join(repo, '.git'));
  });
  afterAll(async () => {
    await h.close();
  });

  it('export --out into directories that do not exist: written, and its $schema is the repository copy', async () => {
    const file = join(repo, 'zones', 'prod', 'example.com.yaml');
    const r = await runCli(['export', '--zone', 'example.com', '--out', file], env, join(repo));
    expect(r.code, r.stderr).toBe(0);
    expect(r.stderr).toContain(`wrote the zone file schema to ${join(repo, '.zonectl', 'zone.schema.json')}`);
    expect(schemaOf(file)).toBe(join(repo, '.zonectl', 'zone.schema.json'));
    expect(readFileSync(file, 'utf8').split('\n')[0]).toBe('# yaml-language-server: $schema=../../.zonectl/zone.schema.json');
    const schema = await runCli(['schema']);
    expect(readFileSync(join(repo, '.zonectl', 'zone.schema.json'), 'utf8')).toBe(schema.stdout);
  });

  it('import --out and plan --out create their directories too', async () => {
    const bind = join(repo, 'old.zone');
    writeFileSync(bind, '$ORIGIN example.com.\n$TTL 300\nwww IN A 192.0.2.1\n');
    const imported = join(repo, 'zones', 'imported', 'deep', 'example.com.yaml');
    const r = await runCli(['import', bind, '--zone', 'example.com', '--out', imported], {}, repo);
    expect(r.code, r.stderr).toBe(0);
    expect(schemaOf(imported)).toBe(join(repo, '.zonectl', 'zone.schema.json'));
    const planFile = join(repo, 'plans', 'pr-1', 'plan.json');
    const plan = await runCli(['plan', imported, '--out', planFile], env, repo);
    expect(plan.code, plan.stderr).toBe(0);
    expect(JSON.parse(readFileSync(planFile, 'utf8'))).toHaveProperty('zones');
  });

  it('an --out that cannot be written is one OUTPUT_UNWRITABLE line, no stack trace', async () => {
    const blocker = join(repo, 'a-file');
    writeFileSync(blocker, 'not a directory\n');
    const r = await runCli(['export', '--zone', 'example.com', '--out', join(blocker, 'sub', 'zone.yaml')], env, repo);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /^zonectl: error\[OUTPUT_UNWRITABLE\]: cannot write .*a-file\/sub\/zone\.yaml: a part of the path is a file, not a directory$/m,
    );
    expect(r.stderr).not.toMatch(/\n\s+at /);
  });

  it('zonectl init writes the schema at the repository root from any directory in it, once', async () => {
    const fresh = tempDir('init');
    writeFileSync(join(fresh, 'zonectl.yaml'), 'version: 1\n');
    mkdirSync(join(fresh, 'zones', 'eu'), { recursive: true });
    const first = await runCli(['init', join(fresh, 'zones', 'eu')]);
    expect(first.code, first.stderr).toBe(0);
    expect(first.stdout).toContain(`${join(fresh, '.zonectl', 'zone.schema.json')}: created`);
    expect(existsSync(join(fresh, 'zones', 'eu', '.zonectl'))).toBe(false);
    const again = await runCli(['init'], {}, fresh);
    expect(again.stdout).toContain(': unchanged');
    // Export to stdout inside it: the $schema line is relative to the working directory.
    const shown = await runCli(['export', '--zone', 'example.com'], env, join(fresh, 'zones'));
    expect(shown.stdout.split('\n')[0]).toBe('# yaml-language-server: $schema=../.zonectl/zone.schema.json');
  });
});
