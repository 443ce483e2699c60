/**
 * `node scripts/release-assets.mjs [--bundle] [--binary] [--dist DIR] [OUTDIR]`: the files a
 * release attaches (.github/workflows/release.yml), from what `npm run build` and
 * `npm run build:binary` left in dist/ (or DIR: its zonectl, zonectl-third-party/ and bundle/), written to OUTDIR (default dist/release) with their digests in OUTDIR/SHA256SUMS
 * (`sha256sum -c` reads it). The GitHub Action at the release's tag downloads one of them and
 * checks it against those digests, committed with the tag as release/SHA256SUMS
 * (scripts/action-install.sh).
 *
 * --binary: zonectl-OS-ARCH.tar.gz (this machine's), the single executable and its third-party
 *   licences under zonectl/.
 * --bundle: zonectl-bundle.tar.gz, the npm package as `npm pack` makes it (package/: the bundle,
 *   the schemas, package.json), run with `node package/dist/bundle/zonectl.js`.
 * With neither, both.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { join, resolve } from 'node:path';

const args = process.argv.slice(2);
const distAt = args.indexOf('--dist');
const dist = distAt >= 0 ? resolve(args.splice(distAt, 2)[1] ?? '') : resolve('dist');
const outdir = resolve(args.find((a) => !a.startsWith('--')) ?? join('dist', 'release'));
const both = !args.includes('--bundle') && !args.includes('--binary');
mkdirSync(outdir, { recursive: true });

// GNU tar: the same bytes from the same files (names sorted, no owner or time of the build).
const gnuTar = execFileSync('tar', ['--version'], { encoding: 'utf8' }).includes('GNU tar');
const stable = gnuTar ? ['--sort=name', '--mtime=@0', '--owner=0', '--group=0', '--numeric-owner'] : [];
const written = [];

if (both || args.includes('--binary')) {
  const os = { linux: 'linux', darwin: 'darwin' }[platform()];
  const cpu = { x64: 'x64', arm64: 'arm64' }[arch()];
  if (os === undefined || cpu === undefined)
    throw new Error(`release-assets: no single executable is released for ${platform()}-${arch()}`);
  const staging = join(outdir, 'staging');
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(join(staging, 'zonectl'), { recursive: true });
  cpSync(join(dist, 'zonectl'), join(staging, 'zonectl', 'zonectl'));
  cpSync(join(dist, 'zonectl-third-party'), join(staging, 'zonectl', 'zonectl-third-party'), { recursive: true });
  const name = `zonectl-${os}-${cpu}.tar.gz`;
  execFileSync('tar', [...stable, '-czf', join(outdir, name), '-C', staging, 'zonectl']);
  rmSync(staging, { recursive: true, force: true });
  written.push(name);
}

if (both || args.includes('--bundle')) {
  // The package's own files (package.json "files"), from the bundle already built (no prepack),
  // packed from a copy holding the bundle of `dist`.
  const staging = join(outdir, 'package');
  rmSync(staging, { recursive: true, force: true });
  mkdirSync(join(staging, 'dist'), { recursive: true });
  for (const f of ['package.json', 'README.md', 'schemas']) cpSync(f, join(staging, f), { recursive: true });
  cpSync(join(dist, 'bundle'), join(staging, 'dist', 'bundle'), { recursive: true });
  const packed = JSON.parse(
    execFileSync('npm', ['pack', '--ignore-scripts', '--json', '--pack-destination', outdir], { cwd: staging, encoding: 'utf8' }),
  );
  rmSync(staging, { recursive: true, force: true });
  const name = 'zonectl-bundle.tar.gz';
  renameSync(join(outdir, packed[0].filename), join(outdir, name));
  written.push(name);
}

const sums = join(outdir, 'SHA256SUMS');
const lines = new Map(
  (readdirSync(outdir).includes('SHA256SUMS') ? readFileSync(sums, 'utf8') : '')
    .split('\n')
    .filter((l) => l !== '')
    .map((l) => [l.slice(66), l]),
);
for (const name of written)
  lines.set(
    name,
    `${createHash('sha256')
      .update(readFileSync(join(outdir, name)))
      .digest('hex')}  ${name}`,
  );
writeFileSync(
  sums,
  `${[...lines.keys()]
    .sort()
    .map((k) => lines.get(k))
    .join('\n')}\n`,
);
process.stderr.write(`release-assets: ${written.join(', ')} in ${outdir}\n${readFileSync(sums, 'utf8')}`);
