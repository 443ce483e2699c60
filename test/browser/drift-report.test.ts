// biome-ignore-all lint/performance/useDomNodeTextContent: playwright innerText is the text as rendered, what a person reads
/**
 * The HTML drift report in a real browser (issue 30, item 1): Debian's headless Chromium
 * (test/support/browser.ts) opens a report the real CLI made from real drift in the emulator,
 * as a person opens the file, and the test asserts what that person sees: the totals, a zone's
 * field-level diff, the filters and the search narrowing the list, a permalink revealing its
 * zone, the page read with scripts off, print and dark layouts; and what they must never see:
 * a console error, a network request, a name from the API run as markup. It leaves screenshots
 * in a temporary directory (printed), not in the repository.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, expect } from 'vitest';
import { CHROMIUM, openBrowser, type OpenBrowser, type WatchedPage } from '../support/browser.js';
import { addMissingZoneFile, HOSTILE_NAME, makeDrift, openDriftWorld, type DriftWorld } from '../support/drift-world.js';
import { needsTool } from '../support/needs-tool.js';
import { tempDir } from '../support/temp-dir.js';

const guard = needsTool(CHROMIUM);

guard.describe('the HTML drift report in Chromium', () => {
  let world: DriftWorld;
  let browser: OpenBrowser;
  let url: string;
  const shots = tempDir('report-screenshots');

  beforeAll(async () => {
    world = await openDriftWorld();
    await makeDrift(world);
    addMissingZoneFile(world);
    const made = await world.cli(['drift', 'zones/', '--format', 'text', '--report', 'html=report/drift.html']);
    expect(made.code, made.stderr).toBe(1); // one zone failed
    url = pathToFileURL(join(world.dir, 'report', 'drift.html')).href;
    browser = await openBrowser();
  }, 120_000);
  afterAll(async () => {
    await browser?.close();
    await world?.close();
    console.log(`screenshots of the drift report: ${shots}`);
  });

  const open = async (options: { colorScheme?: 'light' | 'dark' } = {}): Promise<WatchedPage> => {
    const watched = await browser.page(options);
    await watched.page.goto(url);
    return watched;
  };
  // (No DOM types in this project's TypeScript: the page is read through locators and string expressions.)
  const shownZones = async (w: WatchedPage): Promise<string[]> =>
    Promise.all((await w.page.locator('section.zone:visible').all()).map(async (s) => (await s.getAttribute('data-zone')) ?? ''));
  const cells = async (w: WatchedPage, rows: string): Promise<string[][]> =>
    Promise.all((await w.page.locator(rows).all()).map(async (tr) => (await tr.locator('td').allInnerTexts()).map((t) => t.trim())));

  guard.it(
    'shows the totals, each zone’s state and a drifted zone’s field-level diff; no console error, no request but the file',
    async () => {
      const w = await open();
      const dialogs: string[] = [];
      w.page.on('dialog', (d) => {
        dialogs.push(d.message());
        void d.dismiss();
      });
      const totals = (await w.page.locator('#totals li').allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
      expect(totals.slice(0, 4)).toEqual(['4 zones', '2 drifted', '1 failed', '1 in sync']);
      expect(totals).toContain('2 changed at the service');
      expect(totals).toContain('1 added at the service');
      expect(totals).toContain('1 removed at the service');
      expect(totals).toContain('1 settings changed at the service');
      const rows = (await cells(w, 'table.zones tbody tr')).map((r) => r.slice(0, 2));
      expect(rows).toEqual([
        ['mail.example', 'drifted'],
        ['shop.example', 'drifted'],
        ['zz-missing.example', 'failed'],
        ['quiet.example', 'in sync'],
      ]);
      // Each item: what happened at the service (and what it touches), the live value first, who made it, its ways out (issue 42).
      const heads = (await w.page.locator('#zone-shop\\.example table.items thead th').allInnerTexts()).map((t) => t.trim());
      expect(heads).toEqual(['change', 'name', 'type', 'field', 'live', 'file', 'who', 'ways out']);
      const diff = await cells(w, '#zone-shop\\.example table.items tbody tr');
      expect(diff.map((r) => r.slice(0, 6))).toEqual([
        ['changed at the service\nthe zone apex', 'shop.example', 'A', 'value', '192.0.2.99', '192.0.2.10'],
        ['changed at the service\nthe zone apex', 'shop.example', 'A', 'ttl', '600', '300'],
        ['removed at the service', 'api.shop.example', 'A', '', '—', '192.0.2.20 [ttl auto]'],
        ['added at the service', 'promo.shop.example', 'TXT', '', '"<img src=x onerror=alert(2)>" [ttl auto]', '—'],
      ]);
      for (const row of diff)
        expect(row[6]).toMatch(/^admin@example\.com via the API \(token "zonectl emulator token"\), \S+ \((update|delete|create)\)$/);
      expect(diff[0]![7]).toMatch(
        /^revert:\s*zonectl apply zones\/shop\.example\.yaml\s*sets it back to 192\.0\.2\.10\s+adopt:\s*zonectl drift zones\/shop\.example\.yaml --adopt d2:[0-9a-f]{24}\s*writes 192\.0\.2\.99 into the file$/,
      );
      expect(diff[3]![7]).toMatch(/^revert:\s*zonectl apply zones\/shop\.example\.yaml\s*deletes it\s+adopt:\s*.*adds it to the file$/s);
      expect(await w.page.locator('#zone-zz-missing\\.example .error').innerText()).toMatch(/^ZONE_LOOKUP .*the service knows no zone/);
      // The token's name from the API is text on the page, not an element.
      const tokenRow = w.page.locator('#zone-mail\\.example tr.k-token');
      expect(await tokenRow.locator('td').nth(1).innerText()).toBe(HOSTILE_NAME);
      expect(await w.page.evaluate('document.scripts.length')).toBe(1);
      expect(await w.page.locator('img').count()).toBe(0);
      await w.page.screenshot({ path: join(shots, 'drift-report.png'), fullPage: true });
      expect(readFileSync(join(shots, 'drift-report.png')).subarray(1, 4).toString()).toBe('PNG');
      expect(w.errors).toEqual([]);
      expect(dialogs).toEqual([]);
      expect(w.requests).toEqual([url]);
    },
    60_000,
  );

  guard.it(
    'the zone filter, the kind filter and the search narrow the list; a permalink brings its zone back',
    async () => {
      const w = await open();
      expect(await w.page.locator('#controls').isVisible()).toBe(true);
      await w.page.fill('#f-zone', 'shop');
      await expect.poll(() => w.page.locator('#f-shown').innerText()).toBe('1 of 4 zones shown');
      expect(await shownZones(w)).toEqual(['shop.example']);
      expect(await w.page.locator('table.zones tbody tr:visible').count()).toBe(1);

      await w.page.fill('#f-zone', '');
      for (const kind of ['changed', 'added', 'deleted', 'token']) await w.page.uncheck(`input[data-kind="${kind}"]`);
      await expect.poll(() => shownZones(w)).toEqual(['mail.example', 'zz-missing.example']);
      await w.page.uncheck('input[data-status="failed"]');
      await expect.poll(() => shownZones(w)).toEqual(['mail.example']);
      expect(await w.page.locator('#zone-mail\\.example tr.item:visible').count()).toBe(1);
      for (const kind of ['changed', 'added', 'deleted', 'token']) await w.page.check(`input[data-kind="${kind}"]`);
      await w.page.check('input[data-status="failed"]');

      await w.page.fill('#f-search', 'onerror');
      await expect.poll(() => shownZones(w)).toEqual(['shop.example']);
      expect(await w.page.locator('#zone-shop\\.example tr.item:visible').allInnerTexts()).toEqual([
        expect.stringContaining('promo.shop.example'),
      ]);
      await w.page.screenshot({ path: join(shots, 'drift-report-search.png') });

      // A permalink to a zone the filters hide: the filters are cleared and the zone is shown.
      await w.page.evaluate("location.hash = '#zone-mail.example'");
      await expect.poll(() => w.page.locator('#zone-mail\\.example').isVisible()).toBe(true);
      expect(await w.page.inputValue('#f-search')).toBe('');
      expect(w.errors).toEqual([]);
      expect(w.requests).toEqual([url]);
    },
    60_000,
  );

  guard.it(
    'readable with scripts off; a print layout without the controls; dark colours when the system asks',
    async () => {
      const off = await openBrowser({ javaScriptEnabled: false });
      try {
        const w = await off.page();
        await w.page.goto(url);
        expect(await w.page.locator('#controls').isVisible()).toBe(false);
        expect(await shownZones(w)).toEqual(['mail.example', 'shop.example', 'zz-missing.example']);
        expect(await w.page.locator('#zone-shop\\.example tr.item').count()).toBe(4);
        expect(w.requests).toEqual([url]);
      } finally {
        await off.close();
      }

      const printed = await open();
      await printed.page.emulateMedia({ media: 'print' });
      expect(await printed.page.locator('#controls').isVisible()).toBe(false);
      expect(await printed.page.locator('#zone-shop\\.example').isVisible()).toBe(true);

      const dark = await open({ colorScheme: 'dark' });
      expect(await dark.page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(13, 17, 23)');
      const light = await open({ colorScheme: 'light' });
      expect(await light.page.evaluate('getComputedStyle(document.body).backgroundColor')).toBe('rgb(255, 255, 255)');
      await dark.page.screenshot({ path: join(shots, 'drift-report-dark.png') });
      expect([...printed.errors, ...dark.errors, ...light.errors]).toEqual([]);
    },
    60_000,
  );
});
