/**
 * `npm install` in a clone (the `prepare` script): bundle the CLI (scripts/bundle.mjs, about a
 * second; the full `npm run build` adds tsc) and link node_modules/.bin/zonectl to it, so that
 * `npx zonectl` runs it with every npm: npm 11 runs a package's own `bin` by itself, npm 10 (the
 * one Node 20 ships) looks in node_modules/.bin only.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
execFileSync(process.execPath, [join(root, 'scripts', 'bundle.mjs')], { cwd: root, stdio: 'inherit' });

const { bin } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
const binDir = join(root, 'node_modules', '.bin');
if (existsSync(join(root, 'node_modules'))) {
  mkdirSync(binDir, { recursive: true });
  for (const [name, file] of Object.entries(bin)) {
    const link = join(binDir, name);
    rmSync(link, { force: true });
    symlinkSync(relative(binDir, join(root, file)), link);
  }
}
