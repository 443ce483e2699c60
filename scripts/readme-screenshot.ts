/**
 * Makes docs/images/drift-report.png, the README's picture of the HTML drift report: real drift
 * from a real run (the emulator, the files applied, the live zones changed behind their back:
 * test/support/drift-world.ts), `zonectl drift --report html=...`, opened in Debian's headless
 * Chromium (test/support/browser.ts) and photographed at a fixed size.
 *
 *   npx tsx scripts/readme-screenshot.ts [docs/images/drift-report.png]
 */
import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { openBrowser } from '../test/support/browser.js';
import { addMissingZoneFile, makeDrift, openDriftWorld } from '../test/support/drift-world.js';

const target = resolve(process.argv[2] ?? join('docs', 'images', 'drift-report.png'));
const world = await openDriftWorld();
try {
  await makeDrift(world);
  addMissingZoneFile(world);
  const made = await world.cli(['drift', 'zones/', '--format', 'text', '--report', 'html=drift.html']);
  if (made.code !== 1) throw new Error(`drift exited ${made.code}: ${made.stderr}`);
  const browser = await openBrowser();
  try {
    const w = await browser.page({ width: 1100, height: 860 });
    await w.page.goto(pathToFileURL(join(world.dir, 'drift.html')).href);
    mkdirSync(dirname(target), { recursive: true });
    await w.page.screenshot({ path: target });
    if (w.errors.length > 0) throw new Error(`the page logged errors: ${w.errors.join('; ')}`);
  } finally {
    await browser.close();
  }
  process.stdout.write(`${target}\n`);
} finally {
  await world.close();
}
