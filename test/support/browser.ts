/**
 * Debian's headless Chromium driven by playwright-core, for the tests, the README screenshot
 * and the benchmark: the browser the system has (/usr/bin/chromium, package `chromium`, which
 * .ci/run installs), never a downloaded one; a fresh profile directory each time; no network
 * service of the browser's own (updates, sync, QUIC). playwright passes `--headless` and the
 * profile directory (`--user-data-dir`) itself. The page records what a person would
 * notice: console errors, page errors, and every request it makes.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { commandRuns, type Tool } from './needs-tool.js';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM: Tool = {
  name: 'chromium',
  available: commandRuns(CHROMIUM_PATH, ['--headless', '--no-sandbox', '--version']),
  install: 'Debian package chromium',
};

export interface OpenBrowser {
  readonly context: BrowserContext;
  /** A new page (light or dark colour scheme) that records console errors, page errors and requests. */
  page(options?: { colorScheme?: 'light' | 'dark'; width?: number; height?: number }): Promise<WatchedPage>;
  close(): Promise<void>;
}

export interface WatchedPage {
  readonly page: Page;
  /** Console messages of level error, and uncaught page errors. */
  readonly errors: string[];
  /** Every URL the page requested (the report itself included). */
  readonly requests: string[];
}

/** A browser with a fresh profile (`--user-data-dir`, given as playwright wants it); `javaScriptEnabled: false` for a page read with scripts off. */
export async function openBrowser(options: { javaScriptEnabled?: boolean } = {}): Promise<OpenBrowser> {
  // Removed by close(), or here when Chromium does not start (bench/ and scripts/ use this too: no vitest hook).
  const profile = mkdtempSync(join(tmpdir(), 'zonectl-chromium-'));
  const context = await chromium
    .launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      javaScriptEnabled: options.javaScriptEnabled ?? true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    })
    .catch((err: unknown) => {
      rmSync(profile, { recursive: true, force: true });
      throw err;
    });
  return {
    context,
    page: async (o = {}) => {
      const page = await context.newPage();
      await page.setViewportSize({ width: o.width ?? 1280, height: o.height ?? 900 });
      await page.emulateMedia({ colorScheme: o.colorScheme ?? 'light' });
      const errors: string[] = [];
      const requests: string[] = [];
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(m.text());
      });
      page.on('pageerror', (e) => errors.push(e.message));
      page.on('request', (r) => requests.push(r.url()));
      return { page, errors, requests };
    },
    close: async () => {
      try {
        await context.close();
      } finally {
        rmSync(profile, { recursive: true, force: true });
      }
    },
  };
}
