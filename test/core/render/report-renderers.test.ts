/**
 * The pure renderers of the drift report on reports made here (no I/O): Slack's limits on a
 * report far larger than one message, the escaping of each format for what a name can hold,
 * the HTML page's CSP hashes, permalink ids, SARIF locations and references.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { DRIFT_KINDS, driftItemId, type DriftItem, type DriftKind } from '../../../src/core/drift/drift-items.js';
import type { DriftReport, MarkedItem, ZoneEntry } from '../../../src/core/drift/drift-report.js';
import { waysOut } from '../../../src/core/drift/ways-out.js';
import { renderHtmlReport } from '../../../src/core/render/html/render-html.js';
import { html, zoneAnchor } from '../../../src/core/render/html/html-text.js';
import { REPORT_CSP, REPORT_SCRIPT, REPORT_STYLE } from '../../../src/core/render/html/report-assets.js';
import { renderJunit, xml } from '../../../src/core/render/render-junit.js';
import { artifactUri, referenceUri, renderSarif } from '../../../src/core/render/render-sarif.js';
import {
  renderSlack,
  SLACK_BLOCKS_TEXT_BUDGET,
  SLACK_HEADER_MAX,
  SLACK_MAX_BLOCKS,
  SLACK_SECTION_MAX,
  slackText,
} from '../../../src/core/render/render-slack.js';

const counts = (items: readonly DriftItem[]): Record<DriftKind, number> => {
  const c = Object.fromEntries(DRIFT_KINDS.map((k) => [k, 0])) as Record<DriftKind, number>;
  for (const i of items) c[i.kind] += 1;
  return c;
};

function item(zone: string, n: number, live = `192.0.2.${n % 250}`): MarkedItem {
  const name = `h${n}.${zone}`;
  const shown = { kind: 'changed', zone, name, type: 'A', field: 'value', file: '192.0.2.1', live } as const;
  const i: DriftItem = { id: driftItemId(shown), ...shown, counted: true };
  return { ...i, impact: { rank: 4, reason: '' }, ways: waysOut(i, `zones/${zone}.yaml`) };
}

function report(zones: number, perZone: number, zoneName = (i: number): string => `z${i}.example`): DriftReport {
  const entries: ZoneEntry[] = Array.from({ length: zones }, (_, z) => {
    const items = Array.from({ length: perZone }, (_, n) => item(zoneName(z), n));
    return { zone: zoneName(z), file: `zones/${zoneName(z)}.yaml`, status: 'drifted', items, gone: [], counts: counts(items), newCount: 0 };
  });
  const byKind = counts(entries.flatMap((e) => e.items));
  return {
    kind: 'drift',
    zones: entries,
    totals: { zones, inSync: 0, drifted: zones, failed: 0, items: zones * perZone, byKind, new: 0, present: 0, gone: 0 },
  };
}

describe('drift --format slack', () => {
  it('stays within Slack’s limits on a report of 300 zones, counting what it leaves out', () => {
    const body = JSON.parse(renderSlack(report(300, 80, (i) => `${'long-label-'.repeat(12)}${i}.example`))) as {
      text: string;
      blocks: Array<{ type: string; text?: { text: string }; elements?: Array<{ text: string }> }>;
    };
    expect(body.blocks.length).toBeLessThanOrEqual(SLACK_MAX_BLOCKS);
    expect(body.blocks[0]!.text!.text.length).toBeLessThanOrEqual(SLACK_HEADER_MAX);
    for (const b of body.blocks) if (b.type === 'section') expect(b.text!.text.length).toBeLessThanOrEqual(SLACK_SECTION_MAX);
    const total = body.blocks.reduce(
      (n, b) => n + (b.text?.text.length ?? 0) + (b.elements ?? []).reduce((m, e) => m + e.text.length, 0),
      0,
    );
    expect(total).toBeLessThanOrEqual(SLACK_BLOCKS_TEXT_BUDGET + 200);
    const sections = body.blocks.filter((b) => b.type === 'section').length - 1;
    const last = body.blocks.at(-1)!;
    expect(last.type).toBe('context');
    expect(last.elements![0]!.text).toBe(`${300 - sections} more zone(s) not shown here.`);
    // Within a zone, the lines that do not fit are counted too.
    expect(body.blocks[2]!.text!.text).toMatch(/… \d+ more\n```$/);
  });

  it('escapes &, < and > (so nothing becomes a link or a mention) and keeps code blocks closed', () => {
    expect(slackText('a & <!channel> > b')).toBe('a &amp; &lt;!channel&gt; &gt; b');
    const r = report(1, 1);
    const hostile: MarkedItem = { ...r.zones[0]!.items[0]!, live: '```<!here>&`' };
    const body = renderSlack({ ...r, zones: [{ ...r.zones[0]!, items: [hostile] }] });
    const text = (JSON.parse(body) as { blocks: Array<{ text?: { text: string } }> }).blocks[2]!.text!.text;
    expect(text).toContain('live ˋˋˋ&lt;!here&gt;&amp;ˋ');
    expect(text.match(/```/g)).toHaveLength(2);
  });
});

describe('the HTML page', () => {
  const page = [...renderHtmlReport(report(3, 2, (i) => (i === 1 ? '<b>x</b>.example' : `z${i}.example`)))].join('');

  it('allows exactly its own style and script by their SHA-256', () => {
    const hash = (text: string): string => createHash('sha256').update(text).digest('base64');
    expect(REPORT_CSP).toContain(`style-src 'sha256-${hash(REPORT_STYLE)}'`);
    expect(REPORT_CSP).toContain(`script-src 'sha256-${hash(REPORT_SCRIPT)}'`);
    expect(page).toContain(`<style>${REPORT_STYLE}</style>`);
    expect(page).toContain(`<script>${REPORT_SCRIPT}</script>`);
  });

  it('shows a name as text wherever it goes (content, attribute, permalink id)', () => {
    expect(page).not.toContain('<b>x</b>');
    expect(page).toContain('&lt;b&gt;x&lt;/b&gt;.example');
    expect(zoneAnchor('<b>x</b>.example')).toBe('zone-_003cb_003ex_003c_002fb_003e.example');
    expect(page).toContain('id="zone-_003cb_003ex_003c_002fb_003e.example"');
    expect(html('"\'&\u001b[31m')).toBe('&quot;&#39;&amp;\\u001b[31m');
    expect(zoneAnchor('Bücher.example')).toBe('zone-b_00fccher.example');
  });

  it('is written in chunks, none of them the whole page', () => {
    const chunks = [...renderHtmlReport(report(600, 2), { rowsPerChunk: 100 })];
    const longest = Math.max(...chunks.map((c) => c.length));
    expect(chunks.length).toBeGreaterThan(600);
    expect(longest).toBeLessThan(chunks.join('').length / 10);
  });
});

describe('JUnit and SARIF text', () => {
  it('XML: markup and characters XML cannot hold are escaped or replaced', () => {
    expect(xml('<a b="c">&\n')).toBe('&lt;a b=&quot;c&quot;&gt;&amp;&#10;');
    expect(xml('\ud800x\uffff')).toBe('\ufffdx\ufffd');
    const r = report(1, 1, () => 'a"<z>.example');
    const doc = renderJunit(r, { timestamp: '2026-11-26T03:17:00' });
    expect(doc).toContain('<testcase name="a&quot;&lt;z&gt;.example" classname="zonectl.drift" time="0">');
  });

  it('SARIF: files relative to the checkout or file:// URIs, references as links', () => {
    expect(artifactUri('./zones/a b.yaml')).toEqual({ uri: 'zones/a%20b.yaml', uriBaseId: '%SRCROOT%' });
    expect(artifactUri('/srv/dns/zones/x.yaml')).toEqual({ uri: 'file:///srv/dns/zones/x.yaml' });
    expect(referenceUri('RFC 7208 §5.1')).toBe('https://www.rfc-editor.org/rfc/rfc7208#section-5.1');
    expect(referenceUri('developers.cloudflare.com/dns/proxy-status/')).toBe('https://developers.cloudflare.com/dns/proxy-status/');
    expect(referenceUri('docs/architecture.md, "Layers"')).toBeUndefined();
    const log = JSON.parse(
      renderSarif(
        [
          { severity: 'error', file: 'z.yaml', line: 0, col: 0, path: '', message: 'bad', code: 'yaml.syntax' },
          {
            severity: 'error',
            file: 'z.yaml',
            line: 9,
            col: 9,
            path: '',
            message: '',
            code: 'problems.omitted',
            omitted: { errors: 1, warnings: 0, complete: true },
          },
        ],
        { version: '0.1.0', command: 'validate' },
      ),
    ) as {
      runs: Array<{
        results: Array<{ locations: Array<{ physicalLocation: { region: unknown } }> }>;
        tool: { driver: { rules: Array<{ id: string }> } };
      }>;
    };
    expect(log.runs[0]!.results).toHaveLength(1);
    expect(log.runs[0]!.results[0]!.locations[0]!.physicalLocation.region).toEqual({ startLine: 1, startColumn: 1 });
    expect(log.runs[0]!.tool.driver.rules.map((r) => r.id)).toEqual(['yaml.syntax']);
  });
});

describe('drift --unmanaged-zones in HTML, JUnit and Slack', () => {
  // Names come from the API (GET /zones): each format must show them as text.
  const hostile = [
    { zone: '<script>alert(1)</script>.example', id: 'a"b', account_id: "x'y&z" },
    { zone: '<!channel> & `tick`', id: '0123', account_id: 'acct', account: '<b>shop</b>' },
  ];

  it('HTML: counted at the top, listed in a section of their own, every field escaped', () => {
    const page = [...renderHtmlReport(report(1, 1), { unmanagedZones: hostile })].join('');
    expect(page).toContain('<li><a href="#unmanaged-zones"><b>2</b> unmanaged zones</a></li>');
    expect(page).toContain('<code>&lt;script&gt;alert(1)&lt;/script&gt;.example (id a&quot;b, account x&#39;y&amp;z)</code>');
    expect(page).toContain('<code>&lt;!channel&gt; &amp; `tick` (id 0123, account acct &quot;&lt;b&gt;shop&lt;/b&gt;&quot;)</code>');
    expect(page).not.toMatch(/<script>alert|<b>shop/);
    expect(page.match(/<script/g)).toHaveLength(1); // the report's own
    // None listed: the section says so; not asked: no section at all.
    expect([...renderHtmlReport(report(1, 1), { unmanagedZones: [] })].join('')).toContain(
      '<h2>Unmanaged zones: none (every zone the credentials can see has a file)</h2>',
    );
    expect([...renderHtmlReport(report(1, 1))].join('')).not.toContain('unmanaged-zones');
  });

  it('JUnit: a property with the count and the list in the suite output, escaped; no test case added', () => {
    const doc = renderJunit(report(1, 1), { timestamp: '2026-11-26T03:17:00', unmanagedZones: hostile });
    expect(doc).toContain('<property name="zonectl.unmanaged-zones" value="2"/>');
    expect(doc).toContain('  &lt;script&gt;alert(1)&lt;/script&gt;.example (id a&quot;b, account x&apos;y&amp;z)');
    expect(doc).toContain('  &lt;!channel&gt; &amp; `tick` (id 0123, account acct &quot;&lt;b&gt;shop&lt;/b&gt;&quot;)</system-out>');
    expect(doc).not.toMatch(/<script>|<!channel>|<b>/);
    expect(doc.match(/<testcase /g)).toHaveLength(1);
  });

  it('Slack: one section, &, <, > escaped, backticks unable to close the code block; the rest counted when they do not fit', () => {
    const body = JSON.parse(renderSlack(report(1, 1), { unmanagedZones: hostile })) as { blocks: Array<{ text?: { text: string } }> };
    const section = body.blocks.map((b) => b.text?.text ?? '').find((t) => t.includes('Unmanaged zones'))!;
    expect(section).toContain('&lt;script&gt;alert(1)&lt;/script&gt;.example (id a"b, account x\'y&amp;z)');
    expect(section).toContain('&lt;!channel&gt; &amp; \u02cbtick\u02cb (id 0123, account acct "&lt;b&gt;shop&lt;/b&gt;")');
    expect(section).not.toMatch(/<!channel>|<script>/);
    const many = Array.from({ length: 500 }, (_, i) => ({
      zone: `zone-${i}.example`,
      id: `${i}`.padStart(32, '0'),
      account_id: 'a'.repeat(32),
    }));
    const big = JSON.parse(renderSlack(report(1, 1), { unmanagedZones: many })) as { blocks: Array<{ text?: { text: string } }> };
    const text = big.blocks.map((b) => b.text?.text ?? '').find((t) => t.includes('Unmanaged zones (500'))!;
    expect(text.length).toBeLessThanOrEqual(SLACK_SECTION_MAX);
    expect(text).toMatch(/\n… \d+ more\n```$/);
    expect(big.blocks.length).toBeLessThanOrEqual(SLACK_MAX_BLOCKS);
  });
});
