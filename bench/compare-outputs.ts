/**
 * `npx tsx bench/compare-outputs.ts BUILD_A BUILD_B`: the same commands through two builds of the
 * CLI, their stdout, stderr and exit codes compared byte for byte. A build is the bundle's entry
 * (`dist/bundle/zonectl.js`, run with this node) or an executable (`dist/zonectl`, the single
 * executable). Used to show that a change to how zonectl is built or started (bench/README.md,
 * parts 6 and 7) changes nothing a user sees.
 *
 * The commands: `validate` (text, `--format json`, `--format sarif`) of every YAML file under
 * test/fixtures and of generated files (the team zone of bench/team-zone.ts, invalid YAML, schema
 * and rule errors, an alias bomb, references written through escapes); `lint` of several; `plan`
 * (text, `--format json`, `--format markdown`, `--detailed-exitcode`) of the team zone, a
 * 1,000-record zone, a zone with changes and an invalid file against the emulator (started here,
 * zones created by BUILD_A); help, `completion bash`, an unknown command, a bad flag. `version`
 * is left out: it names each build's commit. Exit code 0 when every command agrees, 1 otherwise
 * (the differences are printed).
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { startEmulator } from '../src/emulator/server.js';
import { octodnsCompatible, teamRecords, teamZoneText } from './team-zone.js';

const TOKEN = 'compare-outputs-token-5e7a9c1b3d';
const root = resolve(import.meta.dirname, '..');

interface Outcome {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(build: string, args: readonly string[], cwd: string, env: Record<string, string>): Promise<Outcome> {
  const [file, argv] = build.endsWith('.js') ? [process.execPath, [build, ...args]] : [build, [...args]];
  return new Promise((done, fail) => {
    const child = spawn(file, argv, {
      cwd,
      env: { PATH: process.env.PATH ?? '', NO_COLOR: '1', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString('latin1')));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString('latin1')));
    child.on('error', fail);
    child.on('close', (code) => done({ code, stdout, stderr }));
  });
}

function yamlFiles(dir: string): string[] {
  return readdirSync(dir)
    .sort()
    .flatMap((name) => {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) return yamlFiles(path);
      return /\.ya?ml$/.test(name) ? [path] : [];
    });
}

/** Files with problems of each kind zonectl reports, and one with references through escapes. */
function writeProblemFiles(dir: string): string[] {
  const files: Record<string, string> = {
    'bad-yaml.example.yaml': 'version: 1\nzone: bad-yaml.example\nrecords:\n  - { name: www, type: A, content: 192.0.2.1\n',
    'schema.example.yaml':
      'version: 1\nzone: schema.example\nrecords:\n  - { name: www, type: A, content: 192.0.2.1, ttl: "soon" }\n  - { name: x, type: NOPE, content: y }\n  - { name: y, typo: A }\n',
    'rules.example.yaml':
      'version: 1\nzone: rules.example\nrecords:\n  - { name: www, type: A, content: 192.0.2.300 }\n  - { name: www, type: CNAME, content: other.example }\n  - { name: mail, type: MX, content: 192.0.2.7, priority: 10 }\n  - { name: "@", type: TXT, content: "v=spf1 include:a include:b include:c include:d include:e include:f include:g include:h include:i include:j include:k ~all" }\n',
    'bomb.example.yaml': `version: 1\nzone: bomb.example\na: &a ["x","x","x","x","x","x","x","x","x","x"]\n${Array.from({ length: 9 }, (_, i) => `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [${Array.from({ length: 10 }, () => `*${String.fromCharCode(97 + i)}`).join(',')}]`).join('\n')}\nrecords: []\n`,
    'escapes.example.yaml':
      'version: 1\nzone: escapes.example\nrecords:\n  - { name: www, type: TXT, content: "token \\x24{ZONECTL_COMPARE_VALUE}" }\n  - { name: api, type: A, content: 192.0.2.1 }\n',
    'not-a-mapping.example.yaml': '- just\n- a list\n',
    'empty.example.yaml': '',
  };
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return Object.keys(files).map((name) => join(dir, name));
}

async function main(): Promise<void> {
  const [a, b] = process.argv.slice(2).map((p) => resolve(p));
  if (a === undefined || b === undefined) throw new Error('usage: npx tsx bench/compare-outputs.ts BUILD_A BUILD_B');
  const dir = mkdtempSync(join(tmpdir(), 'zonectl-compare-'));
  const zone = 'team.example';
  const team = join(dir, `${zone}.yaml`);
  writeFileSync(team, teamZoneText(teamRecords(1400, zone), zone));
  const thousand = join(dir, 'cli-1000.example.yaml');
  writeFileSync(thousand, teamZoneText(octodnsCompatible(teamRecords(1000, 'cli-1000.example'), 'cli-1000.example'), 'cli-1000.example'));
  const changed = join(dir, 'changes', `${zone}.yaml`);
  mkdirSync(join(dir, 'changes'));
  writeFileSync(changed, teamZoneText(teamRecords(1410, zone), zone).replace(/ttl: 300/, 'ttl: 600'));
  const problems = writeProblemFiles(dir);
  const fixtures = yamlFiles(join(root, 'test', 'fixtures')).map((f) => relative(dir, f));
  const emulator = await startEmulator({ port: 0, zones: [zone, 'cli-1000.example'], token: TOKEN, zonePlan: 'pro' });
  try {
    const api = { CLOUDFLARE_BASE_URL: emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    for (const file of [team, thousand]) {
      const created = await run(a, ['apply', '--yes', file], dir, api);
      if (created.code !== 0) throw new Error(`apply ${file}: exit ${created.code}: ${created.stderr.slice(-800)}`);
    }
    const local = [...fixtures, ...problems.map((f) => relative(dir, f)), relative(dir, team)];
    const commands: Array<{ args: string[]; env?: Record<string, string> }> = [
      ...local.flatMap((f) => [{ args: ['validate', f] }, { args: ['validate', '--format', 'json', f] }]),
      ...[relative(dir, team), ...problems.slice(0, 3).map((f) => relative(dir, f))].map((f) => ({
        args: ['validate', '--format', 'sarif', f],
      })),
      { args: ['validate', 'escapes.example.yaml'], env: { ZONECTL_COMPARE_VALUE: 'from-the-environment' } },
      { args: ['validate', '--strict', relative(dir, team)] },
      ...[relative(dir, team), 'rules.example.yaml', ...fixtures.slice(0, 4)].map((f) => ({ args: ['lint', f] })),
      { args: ['lint', '--format', 'json', relative(dir, team)] },
      ...[relative(dir, team), relative(dir, thousand), relative(dir, changed), 'schema.example.yaml'].flatMap((f) => [
        { args: ['plan', f], env: api },
        { args: ['plan', '--format', 'json', f], env: api },
        { args: ['plan', '--format', 'markdown', f], env: api },
        { args: ['plan', '--detailed-exitcode', f], env: api },
      ]),
      { args: ['plan', relative(dir, team)] },
      { args: ['--help'] },
      { args: ['plan', '--help'] },
      { args: ['validate', '--help'] },
      { args: ['completion', 'bash'] },
      { args: ['no-such-command'] },
      { args: ['valdate', 'x.yaml'] },
      { args: ['validate', '--no-such-flag', 'x.yaml'] },
      { args: ['validate'] },
      { args: ['version', '--help'] },
    ];
    let differ = 0;
    for (const c of commands) {
      const [ra, rb] = [await run(a, c.args, dir, c.env ?? {}), await run(b, c.args, dir, c.env ?? {})];
      const diffs = (['code', 'stdout', 'stderr'] as const).filter((k) => ra[k] !== rb[k]);
      if (diffs.length > 0) {
        differ += 1;
        process.stdout.write(`DIFFERS (${diffs.join(', ')}): zonectl ${c.args.join(' ')}\n`);
        for (const k of diffs)
          process.stdout.write(`  A ${k}: ${JSON.stringify(ra[k]).slice(0, 400)}\n  B ${k}: ${JSON.stringify(rb[k]).slice(0, 400)}\n`);
      }
    }
    process.stdout.write(
      `${commands.length} commands, ${commands.length - differ} the same (stdout, stderr, exit code), ${differ} different\n`,
    );
    process.exitCode = differ === 0 ? 0 : 1;
  } finally {
    await emulator.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

await main();
