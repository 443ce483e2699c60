/**
 * `zonectl export` with the accounts of zonectl.yaml, the edges (issue 33 item 3): a zone name in
 * two accounts, a zone only the environment's credential sees, a configuration with a problem,
 * `--config FILE`. Against one emulator serving three accounts, each with its own token.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { runCli, type CliResult } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const ONE = 'edge-one-token-0123456789abcdef0123456789';
const TWO = 'edge-two-token-0123456789abcdef0123456789';
const ENV = 'edge-env-token-0123456789abcdef0123456789';

describe('export with accounts: the edges', () => {
  let emu: RunningEmulator;
  let repo: string;
  let base: Record<string, string>;
  const cli = (args: string[], env: Record<string, string> = {}): Promise<CliResult> => runCli(args, { ...base, ...env }, repo);
  const config = (text: string, file = 'zonectl.yaml'): void => writeFileSync(join(repo, file), text);
  const accounts = (one: string, two: string): string =>
    `version: 1\naccounts:\n  one:\n    credentials: { token_env: ${one} }\n  two:\n    credentials: { token_env: ${two} }\n`;

  beforeAll(async () => {
    // Account "one" (the first) and "two" both hold twin.example; the environment's token is a third account's.
    emu = await startEmulator({
      port: 0,
      zones: ['twin.example', 'one.example'],
      token: ONE,
      accounts: [
        { token: TWO, zones: ['twin.example', 'two.example'] },
        { token: ENV, zones: ['env.example'] },
      ],
    });
    repo = tempDir('export-edges');
    mkdirSync(join(repo, '.git'));
    base = { CLOUDFLARE_BASE_URL: emu.baseUrl, CF_ONE: ONE, CF_TWO: TWO };
  });
  afterAll(async () => {
    await emu.close();
    rmSync(repo, { recursive: true, force: true });
  });

  it('a zone name in two accounts: --all is refused before any file is written, --zone asks for --account', async () => {
    config(accounts('CF_ONE', 'CF_TWO'));
    const all = await cli(['export', '--all', '--out', 'twins/']);
    expect(all.code).toBe(1);
    expect(all.stderr).toMatch(/zone "twin\.example" is in account "one" and in account "two": both would be written to one file/);
    expect(readdirSync(join(repo, 'twins'))).toEqual([]);
    const one = await cli(['export', '--zone', 'twin.example']);
    expect(one.code).toBe(1);
    expect(one.stderr).toMatch(/zone "twin\.example" is in account "one" and account "two": give --account NAME/);
    const chosen = await cli(['export', '--zone', 'twin.example', '--account', 'two']);
    expect(chosen.code).toBe(0);
    expect(chosen.stdout).toMatch(/^zone: twin\.example\naccount: two\n/m);
  });

  it("a zone only the environment's credential sees is exported too, without account: (not with --account)", async () => {
    config('version: 1\naccounts:\n  two:\n    credentials: { token_env: CF_TWO }\n');
    const r = await cli(['export', '--all', '--out', 'mixed/'], { CLOUDFLARE_API_TOKEN: ENV });
    expect(r.code).toBe(0);
    expect(readdirSync(join(repo, 'mixed')).sort()).toEqual(['env.example.yaml', 'twin.example.yaml', 'two.example.yaml']);
    const accountOf = (zone: string): string | undefined =>
      /^account: (\S+)$/m.exec(readFileSync(join(repo, 'mixed', `${zone}.yaml`), 'utf8'))?.[1];
    expect(['env.example', 'twin.example', 'two.example'].map(accountOf)).toEqual([undefined, 'two', 'two']);
    const narrowed = await cli(['export', '--all', '--out', 'narrowed/', '--account', 'two'], { CLOUDFLARE_API_TOKEN: ENV });
    expect(narrowed.code).toBe(0);
    expect(readdirSync(join(repo, 'narrowed')).sort()).toEqual(['twin.example.yaml', 'two.example.yaml']);
    const env = await cli(['export', '--zone', 'env.example'], { CLOUDFLARE_API_TOKEN: ENV });
    expect(env.code).toBe(0);
    expect(env.stdout).toMatch(/^zone: env\.example\n/m);
    expect(env.stdout).not.toMatch(/^account:/m);
  });

  it('an unset variable stops --all before anything is written, naming it', async () => {
    config(accounts('CF_ONE', 'CF_UNSET'));
    const r = await cli(['export', '--all', '--out', 'unset/']);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/account "two": environment variable CF_UNSET is not set \(its API token\); nothing was exported/);
    expect(existsSync(join(repo, 'unset')) ? readdirSync(join(repo, 'unset')) : []).toEqual([]);
  });

  it('a problem in zonectl.yaml refuses the export at its line, nothing written; --config FILE is read instead', async () => {
    config('version: 1\naccounts:\n  one:\n    credentials: { token_env: CF_ONE, key_env: CF_TWO }\n');
    const bad = await cli(['export', '--zone', 'one.example', '--out', 'bad/one.example.yaml']);
    expect(bad.code).toBe(1);
    expect(bad.stdout + bad.stderr).toMatch(/zonectl\.yaml:4:\d+ accounts\.one\.credentials/);
    expect(bad.stderr).toMatch(/error\[INVALID_ZONE_FILE\]: 1 error in the repository configuration; nothing was exported/);
    expect(existsSync(join(repo, 'bad', 'one.example.yaml'))).toBe(false);
    config(accounts('CF_ONE', 'CF_TWO'), 'other.yaml');
    const other = await cli(['export', '--zone', 'one.example', '--config', 'other.yaml']);
    expect(other.code).toBe(0);
    expect(other.stdout).toMatch(/^zone: one\.example\naccount: one\n/m);
    for (const text of [bad.stdout, bad.stderr, other.stdout, other.stderr, readFileSync(join(repo, 'zonectl.yaml'), 'utf8')]) {
      for (const secret of [ONE, TWO, ENV]) expect(text).not.toContain(secret);
    }
  });
});
