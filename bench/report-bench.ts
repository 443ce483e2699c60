/**
 * The HTML drift report at scale (issue 30, item 5): 1,000 zones of 100 records each (100,000
 * records) in the in-process emulator, zone files that differ from every live record (a TTL:
 * 100,000 drift items, the largest report such a run can make), `zonectl drift` through the
 * compiled CLI writing the HTML report (--report html=FILE) and, for comparison, without it:
 * wall time and peak RSS. Then Debian's Chromium (test/support/browser.ts) opens the file: its
 * size, the time to first paint and to first contentful paint (the Paint Timing API), and the
 * time the search box takes to narrow 100,000 rows (from the input event to the count's update,
 * measured in the page).
 */
import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { startEmulator } from '../src/emulator/server.js';
import { openBrowser } from '../test/support/browser.js';
import { compiledCliPath, runNode } from './measure.js';
import { BENCH_RECORD_QUOTA } from './fixtures.js';

const TOKEN = 'bench-report-token-8d2f6b1a4c';

export interface ReportBench {
  zones: number;
  records: number;
  items: number;
  mode: string;
  withHtml: { ms: number; peakRssMb: number; code: number };
  withoutHtml: { ms: number; peakRssMb: number; code: number };
  htmlMb: number;
  firstPaintMs: number;
  firstContentfulPaintMs: number;
  loadMs: number;
  searchMs: number;
}

const address = (record: number): string => `192.0.2.${record + 1}`;

export async function benchReport(root: string, dir: string, zones: number, perZone: number): Promise<ReportBench> {
  const names = Array.from({ length: zones }, (_, i) => `report-${String(i).padStart(4, '0')}.example`);
  const zonesDir = join(dir, 'report-zones');
  mkdirSync(zonesDir, { recursive: true });
  const emulator = await startEmulator({ port: 0, zones: names, token: TOKEN, zonePlan: 'pro', recordQuota: BENCH_RECORD_QUOTA });
  try {
    // Live: each zone's records at TTL 300 (one batch call a zone); the files say 600.
    const ids = new Map<string, string>();
    for (let page = 1; ids.size < zones; page += 1) {
      const res = await fetch(`${emulator.baseUrl}/zones?per_page=50&page=${page}`, { headers: { authorization: `Bearer ${TOKEN}` } });
      const body = (await res.json()) as { result: Array<{ id: string; name: string }> };
      if (body.result.length === 0) break;
      for (const z of body.result) ids.set(z.name, z.id);
    }
    for (const zone of names) {
      const posts = Array.from({ length: perZone }, (_, r) => ({ type: 'A', name: `h${r}.${zone}`, content: address(r), ttl: 300 }));
      const res = await fetch(`${emulator.baseUrl}/zones/${ids.get(zone)}/dns_records/batch`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ posts }),
      });
      if (!res.ok) throw new Error(`bench report: seeding ${zone} failed: ${res.status} ${await res.text()}`);
      const records = Array.from({ length: perZone }, (_, r) => `  - { name: h${r}, type: A, content: ${address(r)}, ttl: 600 }`);
      writeFileSync(join(zonesDir, `${zone}.yaml`), `version: 1\nzone: ${zone}\nrecords:\n${records.join('\n')}\n`);
    }
    const compiled = compiledCliPath(root);
    const useDist = existsSync(compiled);
    const cli = useDist ? [compiled] : ['--import', 'tsx', join(root, 'src', 'cli', 'main.ts')];
    const env = { CLOUDFLARE_BASE_URL: emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    const html = join(dir, 'drift-report.html');
    // stdout: the Slack body (small) in both runs, so that only the HTML file differs.
    const common = ['drift', zonesDir, '--format', 'slack', '--rate-limit', '100000/1', '--quiet'];
    const withoutHtml = await runNode([...cli, ...common], root, env);
    const withHtml = await runNode([...cli, ...common, '--report', `html=${html}`], root, env);
    if (withHtml.code !== 2) throw new Error(`bench report: drift exited ${withHtml.code}: ${withHtml.stderr.slice(0, 500)}`);

    const browser = await openBrowser();
    try {
      const w = await browser.page({ width: 1280, height: 900 });
      const started = Date.now();
      await w.page.goto(pathToFileURL(html).href, { waitUntil: 'load', timeout: 300_000 });
      const loadMs = Date.now() - started;
      const paint = (await w.page.evaluate(
        "Object.fromEntries(performance.getEntriesByType('paint').map((e) => [e.name, e.startTime]))",
      )) as Record<string, number>;
      // The search: from the input event to the moment the count of zones shown changes.
      const searchMs = (await w.page.evaluate(`new Promise((resolve) => {
        const shown = document.getElementById('f-shown');
        const input = document.getElementById('f-search');
        const started = performance.now();
        new MutationObserver(() => resolve(performance.now() - started - 120)).observe(shown, { childList: true, characterData: true, subtree: true });
        input.value = 'h42.report-0007';
        input.dispatchEvent(new Event('input'));
      })`)) as number;
      if (w.errors.length > 0) throw new Error(`bench report: the page logged errors: ${w.errors.join('; ')}`);
      return {
        zones,
        records: zones * perZone,
        items: zones * perZone,
        mode: useDist ? 'compiled CLI' : 'CLI through tsx',
        withHtml,
        withoutHtml,
        htmlMb: statSync(html).size / 1e6,
        firstPaintMs: paint['first-paint'] ?? Number.NaN,
        firstContentfulPaintMs: paint['first-contentful-paint'] ?? Number.NaN,
        loadMs,
        searchMs,
      };
    } finally {
      await browser.close();
    }
  } finally {
    await emulator.close();
  }
}
