/**
 * Helpers for the tests that run zonectl as users install it (test/install): the npm tarball
 * installed into a temporary prefix, the single executable, the README's commands. Every child
 * runs asynchronously: an emulator started by the test answers from this very process.
 */
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { SMALL_ZONE } from '../fixtures/small-zone.js';
import { runProcess, startProcess } from '../support/run-process.js';
import { tempDir } from '../support/temp-dir.js';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `file args` with exactly `env` (plus NO_COLOR): nothing of the test's own environment leaks in. */
export async function runFile(file: string, args: readonly string[], env: Record<string, string>, cwd: string): Promise<Run> {
  const r = await runProcess(file, args, { cwd, env: { NO_COLOR: '1', ...env } });
  return { code: r.code ?? -1, stdout: r.stdout, stderr: r.stderr };
}

/** The commit a build made now embeds (scripts/build-info.mjs): 12 hex digits, `-dirty` with uncommitted changes. */
export function headCommit(): string {
  return execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
}

/**
 * `npm pack` of the package as it would be published: package.json, README and schemas copied to
 * a staging directory with a fresh bundle (what `prepack` builds), packed there with the
 * repository's own npm. Staged so that the test neither needs nor rewrites the worktree's dist/.
 */
export function packTarball(): string {
  const stage = tempDir('stage');
  for (const f of ['package.json', 'README.md', 'schemas']) cpSync(join(root, f), join(stage, f), { recursive: true });
  execFileSync(process.execPath, [join(root, 'scripts', 'bundle.mjs'), join(stage, 'dist', 'bundle')], { cwd: root, stdio: 'pipe' });
  const out = join(stage, 'out');
  mkdirSync(out);
  execFileSync('npm', ['pack', '--ignore-scripts', '--pack-destination', out], { cwd: stage, stdio: 'pipe', env: isolatedNpmEnv(stage) });
  const [tarball] = readdirSync(out);
  return join(out, tarball);
}

/** npm with an empty cache and user config of its own: nothing comes from this machine's npm setup. */
export function isolatedNpmEnv(dir: string): NodeJS.ProcessEnv {
  const userconfig = join(dir, 'npmrc');
  writeFileSync(userconfig, '');
  // TMPDIR: the run's (test/support/tmp-guard.ts), so that what npm writes there is checked and removed too.
  return {
    PATH: process.env.PATH,
    HOME: dir,
    npm_config_cache: join(dir, 'npm-cache'),
    npm_config_userconfig: userconfig,
    ...(process.env.TMPDIR !== undefined ? { TMPDIR: process.env.TMPDIR } : {}),
  };
}

/** `npm install -g --prefix PREFIX TARBALL --offline`: works only while the package has no dependencies. */
export function installGlobally(tarball: string, prefix: string): string {
  execFileSync('npm', ['install', '-g', '--prefix', prefix, tarball, '--offline', '--no-audit', '--no-fund'], {
    stdio: 'pipe',
    env: isolatedNpmEnv(dirname(prefix)),
  });
  return join(prefix, 'bin', 'zonectl');
}

export interface CliEmulator {
  baseUrl: string;
  /** SIGTERM, then resolves once the emulator has exited (nothing of it still runs when its directory goes). */
  stop(): Promise<void>;
}

/** `zonectl emulator --port 0 ...` run by `bin`; resolves with the base URL it prints on stdout. */
export function startCliEmulator(bin: string, args: readonly string[], env: Record<string, string>): Promise<CliEmulator> {
  const emulator = startProcess(bin, ['emulator', '--port', '0', ...args], { env: { NO_COLOR: '1', ...env } });
  return emulator.waitFor('stdout', /^(http:\/\/127\.0\.0\.1:\d+\/client\/v4)$/m).then((url) => ({
    baseUrl: url[1],
    stop: async () => {
      emulator.child.kill('SIGTERM');
      await emulator.done;
    },
  }));
}

/**
 * The main job with an installed zonectl (`bin`) against an emulator: validate, plan (changes),
 * apply, plan (empty). Returns each run, so the caller asserts on them.
 */
export async function validatePlanApplyPlan(
  bin: string,
  baseUrl: string,
  token: string,
  env: Record<string, string>,
): Promise<Record<'validate' | 'plan' | 'apply' | 'replan', Run>> {
  const dir = tempDir('installed');
  writeFileSync(join(dir, 'example.com.yaml'), SMALL_ZONE);
  const api = { ...env, CLOUDFLARE_BASE_URL: baseUrl, CLOUDFLARE_API_TOKEN: token };
  const validate = await runFile(bin, ['validate', 'example.com.yaml'], env, dir);
  const plan = await runFile(bin, ['plan', 'example.com.yaml', '--detailed-exitcode'], api, dir);
  const apply = await runFile(bin, ['apply', 'example.com.yaml', '--yes'], api, dir);
  const replan = await runFile(bin, ['plan', 'example.com.yaml', '--detailed-exitcode'], api, dir);
  return { validate, plan, apply, replan };
}

/** A `.tf` file whose values are literals: one zone (through its data source), one record. */
const MAIN_TF = `data "cloudflare_zone" "main" {
  name = "example.com"
}

resource "cloudflare_dns_record" "www" {
  zone_id = data.cloudflare_zone.main.id
  name    = "www.example.com"
  type    = "A"
  content = "192.0.2.10"
  ttl     = 1
  proxied = true
}
`;

/**
 * `zonectl import --from terraform` of `.tf` files with an installed zonectl (`bin`): one that
 * parses (its zone file returned) and one that does not. Reading HCL needs the parser's
 * WebAssembly, which the installed zonectl must carry itself.
 */
export async function importTfFiles(
  bin: string,
  env: Record<string, string>,
): Promise<{ good: Run; zoneFile: string | undefined; bad: Run; badWrote: boolean }> {
  const dir = tempDir('installed-tf');
  writeFileSync(join(dir, 'main.tf'), MAIN_TF);
  writeFileSync(join(dir, 'bad.tf'), 'resource "cloudflare_dns_record" "x" {\n  name = \n}\n');
  const good = await runFile(bin, ['import', '--from', 'terraform', 'main.tf', '--out', 'zones'], env, dir);
  const zone = join(dir, 'zones', 'example.com.yaml');
  const bad = await runFile(bin, ['import', '--from', 'terraform', 'bad.tf', '--out', 'bad-zones'], env, dir);
  return { good, zoneFile: existsSync(zone) ? readFileSync(zone, 'utf8') : undefined, bad, badWrote: existsSync(join(dir, 'bad-zones')) };
}
