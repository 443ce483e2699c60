/**
 * `npm run bench -- action`: the GitHub Action's own script (action.yml, its steps run as the
 * runner runs them: test/ci-recipes/run-action.ts) from its start to the plan's markdown file, at
 * a release tag: the release's files (scripts/release-assets.mjs, from dist/: `npm run build &&
 * npm run build:binary` first) served by a loopback stand-in for the release download, the plan
 * of the 1,400-record team zone against the emulator behind the 10 ms proxy. Median of 5 runs,
 * and the install step alone (scripts/action-install.sh: download, digest, unpack) the same way.
 * Beside it, what the action did before at a cache miss: `npm ci --no-audit --no-fund
 * --ignore-scripts` of the lock file in a copy of the checkout (npm's own cache as this machine
 * has it), then `node scripts/bundle.mjs`; once each.
 */
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { startEmulator } from '../src/emulator/server.js';
import { bash, makeActionCheckout, runAction } from '../test/ci-recipes/run-action.js';
import { startLatencyProxy } from './latency-proxy.js';
import { median } from './measure.js';
import { teamRecords, teamZoneText } from './team-zone.js';

const TOKEN = 'bench-action-token-3c5e7a9b1d';
const TAG = 'v0.0.0-bench';

export interface ActionBench {
  readonly runs: number;
  readonly records: number;
  readonly asset: string;
  readonly assetMb: number;
  /** The whole action: install step and plan step, to the markdown file. */
  readonly actionMs: number;
  readonly installMs: number;
  readonly planRequests: number;
  readonly npmCiMs: number;
  readonly bundleMs: number;
}

function timed(file: string, args: readonly string[], cwd: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(file, [...args], { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(performance.now() - started)
        : reject(new Error(`${file} ${args.join(' ')}: exit ${code}: ${stderr.slice(-800)}`)),
    );
  });
}

export async function benchAction(root: string, dir: string, records: number, runs: number, delayMs: number): Promise<ActionBench> {
  for (const f of [join(root, 'dist', 'zonectl'), join(root, 'dist', 'bundle', 'zonectl.js')])
    if (!existsSync(f)) throw new Error(`action: ${f} is missing (npm run build && npm run build:binary first)`);
  const assets = join(dir, 'action-assets');
  await timed(process.execPath, [join(root, 'scripts', 'release-assets.mjs'), '--dist', join(root, 'dist'), assets], root);
  const sums = readFileSync(join(assets, 'SHA256SUMS'), 'utf8');
  const asset = `zonectl-${process.platform}-${process.arch}.tar.gz`;
  const server = createServer((req, res) => {
    const name = (req.url ?? '').replace(`/download/${TAG}/`, '');
    if (!/^[\w.-]+$/.test(name) || !existsSync(join(assets, name))) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200).end(readFileSync(join(assets, name)));
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const zone = 'team.example';
  const emulator = await startEmulator({ port: 0, zones: [zone], token: TOKEN, zonePlan: 'pro' });
  const proxy = await startLatencyProxy(emulator.baseUrl, delayMs);
  try {
    const base = join(dir, 'action');
    const ctx = makeActionCheckout(root, base, {
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: base,
      NO_COLOR: '1',
      CLOUDFLARE_BASE_URL: `${proxy.origin}/client/v4`,
      CLOUDFLARE_API_TOKEN: TOKEN,
      ZONECTL_RELEASE_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}/download/${TAG}`,
    });
    mkdirSync(join(ctx.actionPath, 'release'));
    writeFileSync(join(ctx.actionPath, 'release', 'SHA256SUMS'), sums);
    writeFileSync(join(ctx.actionPath, 'release', 'source'), `tag=${TAG}\nrepository=bench/zonectl\n`);
    const file = join(ctx.workspace, `${zone}.yaml`);
    writeFileSync(file, teamZoneText(teamRecords(records, zone), zone));
    const created = await runAction({ command: 'apply', paths: `${zone}.yaml`, args: '--yes' }, ctx);
    if (created.code !== 0) throw new Error(`action: apply failed: ${created.stderr.slice(-800)}`);
    const actionTimes: number[] = [];
    const installTimes: number[] = [];
    let planRequests = 0;
    for (let i = 0; i < runs; i += 1) {
      proxy.reset();
      const started = performance.now();
      const plan = await runAction({ command: 'plan', paths: `${zone}.yaml` }, ctx);
      actionTimes.push(performance.now() - started);
      planRequests = proxy.total();
      if (plan.outputs['exit-code'] !== '0' || !existsSync(plan.outputs['markdown-file'] ?? ''))
        throw new Error(`action: the plan is not clean (exit ${plan.outputs['exit-code']}): ${plan.stderr.slice(-800)}`);
      const output = join(ctx.runnerTemp, `install-output-${i}`);
      writeFileSync(output, '');
      const install = performance.now();
      const r = await bash('bash scripts/action-install.sh', ctx.actionPath, {
        ...ctx.env,
        RUNNER_TEMP: ctx.runnerTemp,
        GITHUB_OUTPUT: output,
      });
      installTimes.push(performance.now() - install);
      if (r.code !== 0) throw new Error(`action: install failed: ${r.stderr.slice(-800)}`);
    }
    // What the action did before at a cache miss, in a copy of its checkout.
    const old = join(dir, 'old-action');
    for (const f of ['package.json', 'package-lock.json', 'scripts', 'src']) cpSync(join(root, f), join(old, f), { recursive: true });
    const npmCiMs = await timed('npm', ['ci', '--no-audit', '--no-fund', '--ignore-scripts'], old);
    const bundleMs = await timed(process.execPath, [join('scripts', 'bundle.mjs')], old);
    return {
      runs,
      records,
      asset,
      assetMb: readFileSync(join(assets, asset)).length / 1e6,
      actionMs: median(actionTimes),
      installMs: median(installTimes),
      planRequests,
      npmCiMs,
      bundleMs,
    };
  } finally {
    await proxy.close();
    await emulator.close();
    await new Promise((done) => server.close(done));
  }
}
