/**
 * `drift --format html` / `plan --format html`: one self-contained page (docs/drift-report.md).
 * The totals and one row per zone come first, then a section per zone that drifted or failed:
 * each drift item with the live value first and the file's beside it, what it touches when that
 * matters most (drift-impact.ts), who made it (the audit log) and its two ways out, new items
 * first and marked, items gone since the baseline struck through. Written as chunks (a zone's section at most per
 * chunk), so that a run of 1,000 zones never holds the whole page as one string. Pure.
 */
import { DRIFT_KINDS, type DriftKind } from '../../drift/index.js';
import { describeWho } from '../../audit/audit-entry.js';
import { kindLabel } from '../drift-words.js';
import type { DriftReport, MarkedItem, ZoneEntry } from '../../drift/index.js';
import { html, zoneAnchor } from './html-text.js';
import { REPORT_CSP, REPORT_SCRIPT, REPORT_STYLE } from './report-assets.js';
import { unmanagedZoneLine, unmanagedZonesHeading, type UnmanagedZoneRow } from '../unmanaged-zones.js';
import { leftAloneHeading, leftAloneRows } from '../left-alone.js';

export interface HtmlOptions {
  /** When the run was made (ISO 8601), read by the caller: the renderer reads no clock. */
  readonly generatedAt?: string;
  /** Zone rows per chunk of the summary table. */
  readonly rowsPerChunk?: number;
  /** `drift --unmanaged-zones`: counted at the top, listed after the zones. */
  readonly unmanagedZones?: readonly UnmanagedZoneRow[];
}

const STATUS_LABEL = {
  plan: { 'in-sync': 'no changes', drifted: 'changes', failed: 'failed' },
  drift: { 'in-sync': 'in sync', drifted: 'drifted', failed: 'failed' },
} as const;

const n = (value: number): string => value.toLocaleString('en-US');

/** The kinds a report has columns and filters for: the usual five, and the others when present. */
function shownKinds(report: DriftReport): DriftKind[] {
  return DRIFT_KINDS.filter((k) => report.totals.byKind[k] > 0 || (k !== 'zone' && k !== 'unmanaged'));
}

/** Zones that drifted or failed, or lost drift since the baseline, have a section of their own. */
const hasSection = (z: ZoneEntry): boolean => z.status !== 'in-sync' || z.gone.length > 0;

function head(report: DriftReport, options: HtmlOptions): string {
  const t = report.totals;
  const verb = report.kind === 'drift' ? 'drifted' : 'with changes';
  const title = `zonectl ${report.kind}: ${n(t.drifted)} of ${n(t.zones)} zones ${verb}${t.failed > 0 ? `, ${n(t.failed)} failed` : ''}`;
  const kinds = shownKinds(report);
  const totals = [
    `<li><b>${n(t.zones)}</b> zones</li>`,
    `<li class="s-drifted"><b>${n(t.drifted)}</b> ${STATUS_LABEL[report.kind].drifted}</li>`,
    `<li class="s-failed"><b>${n(t.failed)}</b> failed</li>`,
    `<li class="s-in-sync"><b>${n(t.inSync)}</b> ${STATUS_LABEL[report.kind]['in-sync']}</li>`,
    ...kinds.map((k) => `<li><b>${n(t.byKind[k])}</b> ${html(kindLabel(report.kind, k))}</li>`),
    ...(report.baseline !== undefined
      ? [
          `<li class="badge-new"><b>${n(t.new)}</b> new since the baseline</li>`,
          `<li><b>${n(t.present)}</b> still present</li>`,
          `<li class="b-gone-total"><b>${n(t.gone)}</b> gone</li>`,
        ]
      : []),
    ...(options.unmanagedZones !== undefined
      ? [`<li><a href="#unmanaged-zones"><b>${n(options.unmanagedZones.length)}</b> unmanaged zones</a></li>`]
      : []),
    ...((t.leftAlone ?? 0) > 0 ? [`<li><a href="#left-alone"><b>${n(t.leftAlone ?? 0)}</b> records left alone</a></li>`] : []),
  ];
  const kindBoxes = kinds
    .map((k) => `<label><input type="checkbox" data-kind="${k}" checked> ${html(kindLabel(report.kind, k))}</label>`)
    .join('');
  const statusBoxes = (['drifted', 'failed', 'in-sync'] as const)
    .map((s) => `<label><input type="checkbox" data-status="${s}" checked> ${STATUS_LABEL[report.kind][s]}</label>`)
    .join('');
  const newBox = report.baseline !== undefined ? '<label><input type="checkbox" id="f-new"> new only</label>' : '';
  return [
    '<!DOCTYPE html>',
    '<html lang="en"><head><meta charset="utf-8">',
    `<meta http-equiv="Content-Security-Policy" content="${REPORT_CSP}">`,
    '<meta name="referrer" content="no-referrer">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    '<meta name="color-scheme" content="light dark">',
    `<title>${html(title)}</title>`,
    `<style>${REPORT_STYLE}</style>`,
    '</head><body>',
    `<header><h1>zonectl ${report.kind}</h1>`,
    `<p class="muted">${html(title)}${options.generatedAt !== undefined ? ` · made ${html(options.generatedAt)}` : ''}${
      report.baseline !== undefined ? ` · compared with ${html(report.baseline.source)}` : ''
    }</p>`,
    ...(report.audit?.notes ?? []).map((note) => `<p class="audit-note">Audit log: ${html(note)}</p>`),
    `<ul class="totals" id="totals">${totals.join('')}</ul></header>`,
    '<nav id="controls" hidden aria-label="Filters">',
    '<input type="search" id="f-zone" placeholder="Filter zones by name" aria-label="Filter zones by name">',
    '<input type="search" id="f-search" placeholder="Search names and values" aria-label="Search names and values">',
    `<fieldset><legend>Kind</legend>${kindBoxes}</fieldset>`,
    `<fieldset><legend>Zones</legend>${statusBoxes}${newBox}</fieldset>`,
    '<output id="f-shown" class="muted"></output>',
    '</nav><main>',
    '<h2 id="zones">Zones</h2>',
    '<table class="zones"><thead><tr><th>zone</th><th>status</th>',
    ...kinds.map((k) => `<th>${html(kindLabel(report.kind, k))}</th>`),
    report.baseline !== undefined ? '<th>new</th><th>gone</th>' : '',
    '</tr></thead><tbody>',
  ].join('\n');
}

function zoneRow(report: DriftReport, z: ZoneEntry, kinds: readonly DriftKind[]): string {
  const anchor = zoneAnchor(z.zone);
  const name = hasSection(z) ? `<a href="#${anchor}">${html(z.zone)}</a>` : html(z.zone);
  const counts = kinds.map((k) => `<td class="n">${z.status === 'failed' ? '-' : n(z.counts[k])}</td>`).join('');
  const baseline = report.baseline !== undefined ? `<td class="n">${n(z.newCount)}</td><td class="n">${n(z.gone.length)}</td>` : '';
  const id = hasSection(z) ? '' : ` id="${anchor}"`;
  return `<tr class="zone-row" data-zone="${html(z.zone.toLowerCase())}" data-status="${z.status}"${id}><td>${name}</td><td><span class="status s-${z.status}">${STATUS_LABEL[report.kind][z.status]}</span></td>${counts}${baseline}</tr>`;
}

/** Who made it, from the audit log (drift). */
function whoCell(i: MarkedItem): string {
  return i.who === undefined ? '<td class="who muted">—</td>' : `<td class="who">${html(describeWho(i.who))}</td>`;
}

/** Revert and adopt, each its command (as text) and what it does. */
function waysCell(i: MarkedItem): string {
  const way = (label: string, w: { command: string; does: string } | undefined): string =>
    w === undefined ? '' : `<div>${label}: <code>${html(w.command)}</code><span class="does">${html(w.does)}</span></div>`;
  const ways = way('revert', i.ways.revert) + way('adopt', i.ways.adopt);
  return ways === '' ? '<td class="ways muted">—</td>' : `<td class="ways">${ways}</td>`;
}

function itemRow(report: DriftReport, i: MarkedItem): string {
  const mark = i.baseline === 'new' ? '<span class="badge new">new</span>' : i.baseline === 'gone' ? '<span class="badge">gone</span>' : '';
  const impact = i.impact.rank < 4 && i.baseline !== 'gone' ? `<span class="impact r${i.impact.rank}">${html(i.impact.reason)}</span>` : '';
  const kind = i.baseline === 'gone' ? 'gone' : i.kind;
  const value = (v: string | null, cls: string): string =>
    v === null ? '<td class="muted">—</td>' : `<td class="v ${cls}">${html(v)}</td>`;
  const drift = report.kind === 'drift' ? `${whoCell(i)}${waysCell(i)}` : '';
  return (
    `<tr class="item k-${i.kind}${i.baseline !== undefined ? ` b-${i.baseline}` : ''}" data-kind="${kind}" data-id="${i.id}">` +
    `<td>${html(kindLabel(report.kind, i.kind))}${mark}${impact}</td><td><code>${html(i.name)}</code></td><td>${html(i.type)}</td>` +
    `<td>${i.field === 'record' ? '' : html(i.field)}</td>${value(i.live, 'live')}${value(i.file, 'want')}${drift}</tr>`
  );
}

function zoneSection(report: DriftReport, z: ZoneEntry): string {
  const anchor = zoneAnchor(z.zone);
  const parts = [
    `<section class="zone" id="${anchor}" data-zone="${html(z.zone.toLowerCase())}" data-status="${z.status}">`,
    `<h2><a class="permalink" href="#${anchor}" title="Permalink to this zone">${html(z.zone)}</a>` +
      `<span class="status s-${z.status}">${STATUS_LABEL[report.kind][z.status]}</span>` +
      `${z.newCount > 0 ? `<span class="badge new">${n(z.newCount)} new</span>` : ''}<span class="file">${html(z.file)}</span></h2>`,
  ];
  if (z.error !== undefined) {
    parts.push(`<p class="error"><code>${html(z.error.code)}</code> ${html(z.error.message)}</p>`);
  }
  const rows = [...z.items, ...z.gone];
  if (rows.length > 0) {
    parts.push(
      `<table class="items"><thead><tr><th>change</th><th>name</th><th>type</th><th>field</th><th>live</th><th>file</th>${
        report.kind === 'drift' ? '<th>who</th><th>ways out</th>' : ''
      }</tr></thead><tbody>`,
      ...rows.map((i) => itemRow(report, i)),
      '</tbody></table>',
    );
  }
  parts.push('</section>');
  return parts.join('\n');
}

/** `drift --unmanaged-zones`: every name from the API, as text. */
function unmanagedSection(zones: readonly UnmanagedZoneRow[]): string {
  const list = zones.length > 0 ? `<ul>${zones.map((z) => `<li><code>${html(unmanagedZoneLine(z))}</code></li>`).join('')}</ul>` : '';
  return `<section class="unmanaged" id="unmanaged-zones"><h2>${html(unmanagedZonesHeading(zones.length))}</h2>${list}</section>`;
}

/**
 * Every record the zones' plans leave alone, with why (src/core/ownership): one table after the
 * zones, each zone's rows under its name. Not drift: no filter hides or counts them.
 */
function leftAloneSection(report: DriftReport): string {
  const zones = report.zones.filter((z) => (z.leftAlone ?? []).length > 0);
  const all = zones.flatMap((z) => leftAloneRows(z.leftAlone));
  const rows = zones.flatMap((z) =>
    leftAloneRows(z.leftAlone).map(
      (l) =>
        `<tr class="left-alone k-${l.reason.kind}"><td>${html(z.zone)}</td><td><code>${html(l.name)}</code></td><td>${html(l.type)}</td>` +
        `<td class="v">${html(l.value)}</td><td>${html(l.why)}</td></tr>`,
    ),
  );
  return [
    `<section class="left-alone" id="left-alone"><h2>${html(leftAloneHeading(all).replace(/^left/, 'Left'))}</h2>`,
    '<p class="muted">zonectl never changes or deletes these records (README, "Sharing a zone").</p>',
    '<table class="items"><thead><tr><th>zone</th><th>name</th><th>type</th><th>live</th><th>why</th></tr></thead><tbody>',
    ...rows,
    '</tbody></table></section>',
  ].join('\n');
}

/** The page as chunks, in order; join them (or write each) for the whole file. */
export function* renderHtmlReport(report: DriftReport, options: HtmlOptions = {}): Generator<string> {
  yield `${head(report, options)}\n`;
  const kinds = shownKinds(report);
  const per = options.rowsPerChunk ?? 250;
  for (let i = 0; i < report.zones.length; i += per) {
    yield `${report.zones
      .slice(i, i + per)
      .map((z) => zoneRow(report, z, kinds))
      .join('\n')}\n`;
  }
  yield '</tbody></table>\n';
  const detailed = report.zones.filter(hasSection);
  if (detailed.length === 0)
    yield `<p class="s-in-sync">Every zone ${report.kind === 'drift' ? 'matches its file' : 'is without changes'}.</p>\n`;
  for (const z of detailed) yield `${zoneSection(report, z)}\n`;
  if (options.unmanagedZones !== undefined) yield `${unmanagedSection(options.unmanagedZones)}\n`;
  if ((report.totals.leftAlone ?? 0) > 0) yield `${leftAloneSection(report)}\n`;
  yield `</main>\n<script>${REPORT_SCRIPT}</script>\n</body></html>\n`;
}
