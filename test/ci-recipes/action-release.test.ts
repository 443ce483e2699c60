/**
 * Issue 45, item 3: the GitHub Action at a release tag runs the zonectl that release attaches,
 * checked against the digests committed with the tag (release/SHA256SUMS), with no install and
 * no cache (scripts/action-install.sh). The release's files are made as the release workflow
 * makes them (scripts/build-binary.mjs, scripts/bundle.mjs, scripts/release-assets.mjs) and served
 * by a loopback stand-in for the release download (ZONECTL_RELEASE_URL); the action's steps run
 * as the runner runs them (./run-action.ts) against the emulator.
 */
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type RunningEmulator } from '../../src/emulator/server.js';
import { SMALL_ZONE } from '../fixtures/small-zone.js';
import { tempDir } from '../support/temp-dir.js';
import { bash, makeActionCheckout, runAction, type ActionContext } from './run-action.js';
import { loadWorkflow } from './run-workflow.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const TOKEN = 'action-release-token-7d1f3b5a9c';
const TAG = 'v9.9.9';
const BINARY = `zonectl-linux-${process.arch}.tar.gz`;

/** The release's download, on loopback: GET /download/TAG/NAME answers the file of `dir`; every path asked is recorded. */
async function serveRelease(dir: string, replaced: Map<string, Buffer>): Promise<{ server: Server; url: string; asked: string[] }> {
  const asked: string[] = [];
  const server = createServer((req, res) => {
    const path = req.url ?? '';
    asked.push(path);
    const name = path.startsWith(`/download/${TAG}/`) ? path.slice(`/download/${TAG}/`.length) : '';
    let body: Buffer | undefined = replaced.get(name);
    if (body === undefined && /^[\w.-]+$/.test(name)) {
      try {
        body = readFileSync(join(dir, name));
      } catch {
        body = undefined;
      }
    }
    res.writeHead(body === undefined ? 404 : 200);
    res.end(body);
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/download/${TAG}`, asked };
}

describe.skipIf(process.platform !== 'linux')('the GitHub Action at a release tag (release/SHA256SUMS)', () => {
  let emulator: RunningEmulator;
  let ctx: ActionContext;
  let npmLog: string;
  let release: { server: Server; url: string; asked: string[] };
  const replaced = new Map<string, Buffer>();
  let sums: string;
  let assets: string;

  beforeAll(async () => {
    const base = tempDir('action-release');
    // What the release workflow builds and attaches.
    const dist = join(base, 'dist');
    execFileSync(process.execPath, [join(root, 'scripts', 'build-binary.mjs'), join(dist, 'zonectl')], { cwd: root, stdio: 'pipe' });
    execFileSync(process.execPath, [join(root, 'scripts', 'bundle.mjs'), join(dist, 'bundle')], { cwd: root, stdio: 'pipe' });
    assets = join(base, 'assets');
    execFileSync(process.execPath, [join(root, 'scripts', 'release-assets.mjs'), '--dist', dist, assets], { cwd: root, stdio: 'pipe' });
    sums = readFileSync(join(assets, 'SHA256SUMS'), 'utf8');
    release = await serveRelease(assets, replaced);
    emulator = await startEmulator({ port: 0, zones: ['example.com'], token: TOKEN });
    const checkout = makeActionCheckout(root, base, {
      PATH: `${dirname(process.execPath)}:/usr/bin:/bin`,
      HOME: base,
      NO_COLOR: '1',
      CLOUDFLARE_BASE_URL: emulator.baseUrl,
      CLOUDFLARE_API_TOKEN: TOKEN,
      ZONECTL_RELEASE_URL: release.url,
    });
    npmLog = checkout.npmLog;
    ctx = checkout;
    // What the release workflow commits with the tag.
    mkdirSync(join(ctx.actionPath, 'release'));
    writeFileSync(join(ctx.actionPath, 'release', 'SHA256SUMS'), sums);
    writeFileSync(join(ctx.actionPath, 'release', 'source'), `tag=${TAG}\nrepository=acme/zonectl\n`);
    mkdirSync(join(ctx.workspace, 'zones'), { recursive: true });
    writeFileSync(join(ctx.workspace, 'zones', 'example.com.yaml'), SMALL_ZONE);
  }, 300_000);
  afterAll(async () => {
    await new Promise((done) => release?.server.close(done));
    await emulator?.close();
  });

  it('lists the single executable and the bundle with their digests', () => {
    expect(sums).toMatch(new RegExp(`^[0-9a-f]{64}  ${BINARY.replaceAll('.', '\\.')}$`, 'm'));
    expect(sums).toMatch(/^[0-9a-f]{64} {2}zonectl-bundle\.tar\.gz$/m);
  });

  /** A new job: the runner gives each job an empty RUNNER_TEMP. */
  function newJob(): void {
    ctx.runnerTemp = tempDir('action-release-job');
  }

  it('downloads the single executable once per job, checks its digest at every step and plans with it, without npm', async () => {
    newJob();
    release.asked.length = 0;
    const plan = await runAction({ command: 'plan' }, ctx);
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.ran).toEqual(['Install zonectl', 'zonectl ${{ inputs.command }}']);
    expect(release.asked).toEqual([`/download/${TAG}/${BINARY}`]);
    expect(plan.stderr).toContain(`zonectl action: downloading ${BINARY} of ${TAG}`);
    expect(plan.stderr).toContain(`zonectl action: zonectl ${TAG} (${BINARY}, sha256 `);
    expect(plan.outputs['exit-code']).toBe('2');
    expect(plan.outputs.markdown).toMatch(/^### zonectl plan/);
    expect(plan.outputs.markdown).toContain('| `example.com` | 4 |');
    expect(readFileSync(plan.outputs['markdown-file'], 'utf8').trimEnd()).toBe(plan.outputs.markdown.trimEnd());
    const apply = await runAction({ command: 'apply', args: '--yes' }, ctx);
    expect(apply.code, apply.stderr).toBe(0);
    const replan = await runAction({ command: 'plan' }, ctx);
    expect(replan.outputs['exit-code'], replan.stderr).toBe('0');
    expect(replan.outputs.changes).toBe('false');
    // The later steps of the job took the kept download, its digest checked again.
    expect(release.asked).toEqual([`/download/${TAG}/${BINARY}`]);
    expect(replan.stderr).toContain(
      `zonectl action: ${BINARY} of ${TAG}: downloaded by an earlier step of this job, its digest checked again`,
    );
    expect(() => readFileSync(npmLog, 'utf8')).toThrow();
  });

  it('a kept download changed after an earlier step of the job is downloaded again, and what it held never runs', async () => {
    newJob();
    expect((await runAction({ command: 'validate' }, ctx)).code).toBe(0);
    const [kept] = readdirSync(ctx.runnerTemp).filter((f) => f.endsWith(BINARY));
    expect(kept).toBeDefined();
    // A later step of the job (or anything else) puts a different archive in its place.
    const forged = tempDir('action-kept-forged');
    const mark = join(forged, 'RAN');
    mkdirSync(join(forged, 'zonectl'));
    writeFileSync(join(forged, 'zonectl', 'zonectl'), `#!/bin/sh\ntouch '${mark}'\n`, { mode: 0o755 });
    execFileSync('tar', ['-czf', join(ctx.runnerTemp, kept!), '-C', forged, 'zonectl']);
    release.asked.length = 0;
    const r = await runAction({ command: 'validate' }, ctx);
    expect(r.code, r.stderr).toBe(0);
    expect(release.asked).toEqual([`/download/${TAG}/${BINARY}`]);
    expect(() => readFileSync(mark)).toThrow();
  });

  it('with node-version set, runs the release bundle with node instead', async () => {
    newJob();
    release.asked.length = 0;
    const r = await runAction({ command: 'validate', 'node-version': '20' }, ctx);
    expect(r.code, r.stderr).toBe(0);
    expect(release.asked).toEqual([`/download/${TAG}/zonectl-bundle.tar.gz`]);
    expect(r.stderr).toContain(`zonectl action: zonectl ${TAG} (zonectl-bundle.tar.gz, sha256 `);
    expect(r.summary).toBe('zonectl validate succeeded\n');
  });

  it('a download that is not the recorded file is refused before anything of it runs; so is a release without the file', async () => {
    // A well-formed archive whose zonectl would leave a mark if it ran.
    const forged = tempDir('action-forged');
    const mark = join(forged, 'RAN');
    mkdirSync(join(forged, 'zonectl'));
    writeFileSync(join(forged, 'zonectl', 'zonectl'), `#!/bin/sh\ntouch '${mark}'\n`, { mode: 0o755 });
    execFileSync('tar', ['-czf', join(forged, 'forged.tar.gz'), '-C', forged, 'zonectl']);
    replaced.set(BINARY, readFileSync(join(forged, 'forged.tar.gz')));
    try {
      newJob();
      const r = await runAction({ command: 'plan' }, ctx);
      expect(r.code).toBe(1);
      expect(r.ran).toEqual(['Install zonectl']);
      expect(r.outputs['exit-code']).toBe('');
      expect(r.stderr).toMatch(
        new RegExp(
          `${BINARY.replaceAll('.', '\\.')}: sha256 [0-9a-f]{64} is not the [0-9a-f]{64} that release/SHA256SUMS of ${TAG} records`,
        ),
      );
      expect(() => readFileSync(mark)).toThrow();
      // Nothing of the refused download is kept for a later step.
      expect(readdirSync(ctx.runnerTemp).filter((f) => f.includes(BINARY))).toEqual([]);
    } finally {
      replaced.delete(BINARY);
    }
    replaced.set('zonectl-bundle.tar.gz', Buffer.alloc(0));
    const saved = readFileSync(join(ctx.actionPath, 'release', 'SHA256SUMS'), 'utf8');
    try {
      writeFileSync(
        join(ctx.actionPath, 'release', 'SHA256SUMS'),
        saved
          .split('\n')
          .filter((l) => !l.endsWith(BINARY))
          .join('\n'),
      );
      release.asked.length = 0;
      newJob();
      // No binary listed for this platform: the bundle, whose download is empty here.
      const r = await runAction({ command: 'validate' }, ctx);
      expect(r.code).toBe(1);
      expect(release.asked).toEqual([`/download/${TAG}/zonectl-bundle.tar.gz`]);
      expect(r.stderr).toContain('zonectl-bundle.tar.gz: sha256 e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855 is not');
    } finally {
      replaced.delete('zonectl-bundle.tar.gz');
      writeFileSync(join(ctx.actionPath, 'release', 'SHA256SUMS'), saved);
    }
  });

  it('the release workflow passes GitHub’s parser, and its publish step commits the digests and source the action reads', async () => {
    const { errors, events, workflow } = await loadWorkflow(join(root, '.github', 'workflows', 'release.yml'));
    expect(errors).toEqual([]);
    expect(events).toEqual(['workflow_dispatch']);
    const step = workflow.jobs.publish!.steps.find((s) => s.name === 'Commit the digests, tag, release');
    // Run it in a stand-in of the publish job's checkout: git and gh record what they are asked.
    const job = tempDir('release-publish');
    cpSync(assets, join(job, 'release-assets'), { recursive: true, filter: (f) => !f.endsWith('SHA256SUMS') });
    mkdirSync(join(job, 'shims'));
    for (const tool of ['git', 'gh']) {
      writeFileSync(join(job, 'shims', tool), `#!/bin/sh\necho "${tool} $*" >> "${join(job, 'calls.log')}"\n`);
      chmodSync(join(job, 'shims', tool), 0o755);
    }
    const r = await bash(step!.run!, job, {
      PATH: `${join(job, 'shims')}:/usr/bin:/bin`,
      VERSION: TAG,
      REPOSITORY: 'acme/zonectl',
      GH_TOKEN: 'unused',
    });
    expect(r.code, r.stderr).toBe(0);
    expect(readFileSync(join(job, 'release', 'SHA256SUMS'), 'utf8')).toBe(sums);
    expect(readFileSync(join(job, 'release', 'source'), 'utf8')).toBe(`tag=${TAG}\nrepository=acme/zonectl\n`);
    const calls = readFileSync(join(job, 'calls.log'), 'utf8');
    expect(calls).toContain('git add release/SHA256SUMS release/source\n');
    expect(calls).toContain(`git push origin refs/tags/${TAG}\n`);
    expect(calls).toContain(`gh release create ${TAG} --verify-tag`);
    expect(calls).toContain(`release-assets/${BINARY}`);
  });
});
