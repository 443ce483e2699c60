/**
 * The one style sheet and the one script of the HTML report, inline, allowed by their SHA-256
 * in the page's Content-Security-Policy (CSP Level 3, "hash-source"): nothing else may load or
 * run, so text that escaped escaping still could not execute. The page is whole without the
 * script: it only adds the filters (zone, kind, status, new only, search) and keeps a permalink's
 * zone visible. The script reads the page itself (data-* attributes), never a second copy of
 * the data, and touches only rows whose visibility changes. Pure.
 */
import { createHash } from 'node:crypto';

export const REPORT_STYLE = `
:root { color-scheme: light dark; --bg: #fff; --fg: #1b1f24; --muted: #59636e; --line: #d1d9e0; --head: #f6f8fa;
  --ok: #1a7f37; --warn: #9a6700; --bad: #cf222e; --new: #8250df; --mark: #fff8c5; }
@media (prefers-color-scheme: dark) { :root { --bg: #0d1117; --fg: #e6edf3; --muted: #9198a1; --line: #3d444d; --head: #151b23;
  --ok: #3fb950; --warn: #d29922; --bad: #f85149; --new: #ab7df8; --mark: #3b2e00; } }
* { box-sizing: border-box; }
body { margin: 0 auto; max-width: 88rem; padding: 1rem 1.5rem 3rem; background: var(--bg); color: var(--fg);
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; }
h1 { font-size: 1.5rem; margin: 0 0 .25rem; }
h2 { font-size: 1.1rem; margin: 0; display: flex; flex-wrap: wrap; gap: .5rem; align-items: baseline; }
a { color: inherit; }
code, td.v, .file { font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; font-size: 12.5px; }
.muted, .file { color: var(--muted); }
.totals { display: flex; flex-wrap: wrap; gap: .5rem 1.5rem; margin: .75rem 0; padding: 0; list-style: none; }
.totals li { border: 1px solid var(--line); border-radius: 6px; padding: .35rem .75rem; }
.totals b { font-size: 1.25rem; margin-right: .25rem; }
.status { font-size: .8rem; font-weight: 600; border-radius: 1rem; padding: 0 .55rem; border: 1px solid currentColor; white-space: nowrap; }
.s-in-sync { color: var(--ok); } .s-drifted { color: var(--warn); } .s-failed { color: var(--bad); }
.badge { font-size: .75rem; font-weight: 600; border-radius: 1rem; padding: 0 .45rem; margin-left: .3rem; border: 1px solid currentColor; }
.b-new .badge, .badge.new { color: var(--new); } .b-gone { color: var(--muted); } .b-gone td { text-decoration: line-through; }
#controls { position: sticky; top: 0; z-index: 1; background: var(--bg); border-bottom: 1px solid var(--line);
  padding: .5rem 0; display: flex; flex-wrap: wrap; gap: .5rem 1rem; align-items: center; }
#controls input[type=search] { font: inherit; padding: .25rem .5rem; border: 1px solid var(--line); border-radius: 6px;
  background: var(--bg); color: var(--fg); min-width: 14rem; }
#controls fieldset { border: 0; margin: 0; padding: 0; display: flex; flex-wrap: wrap; gap: .25rem .75rem; }
#controls legend { float: left; margin-right: .5rem; color: var(--muted); }
table { border-collapse: collapse; width: 100%; margin: .5rem 0 1rem; }
th, td { border-bottom: 1px solid var(--line); padding: .25rem .5rem; text-align: left; vertical-align: top; }
th { background: var(--head); font-weight: 600; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
td.v { overflow-wrap: anywhere; min-width: 8rem; }
td.v.live { color: var(--bad); } td.v.want { color: var(--ok); }
section.zone { border: 1px solid var(--line); border-radius: 8px; padding: .75rem 1rem; margin: 1rem 0;
  content-visibility: auto; contain-intrinsic-size: auto 12rem; }
section.zone:target { outline: 3px solid var(--new); }
.error { color: var(--bad); }
.impact { display: block; font-size: .75rem; color: var(--bad); }
.impact.r2, .impact.r3 { color: var(--warn); }
td.who, td.ways { font-size: .85rem; } td.ways { width: 24%; } td.who { width: 14%; }
td.ways code { display: block; overflow-wrap: anywhere; }
td.ways .does { display: block; color: var(--muted); }
.audit-note { color: var(--warn); }
[hidden] { display: none !important; }
@media print {
  #controls, .permalink-hint { display: none !important; }
  body { max-width: none; padding: 0; font-size: 11px; }
  section.zone { content-visibility: visible; break-inside: avoid-page; border-color: #999; }
  tr { break-inside: avoid; }
  a { text-decoration: none; }
}
`;

export const REPORT_SCRIPT = `
(function () {
  'use strict';
  var $ = function (id) { return document.getElementById(id); };
  var controls = $('controls');
  if (controls === null) return;
  controls.hidden = false;
  var zoneInput = $('f-zone'), search = $('f-search'), newOnly = $('f-new'), shown = $('f-shown');
  var kindBoxes = Array.prototype.slice.call(document.querySelectorAll('input[data-kind]'));
  var statusBoxes = Array.prototype.slice.call(document.querySelectorAll('input[data-status]'));
  var model = null;
  function buildModel() {
    var byZone = {};
    Array.prototype.forEach.call(document.querySelectorAll('tr.zone-row'), function (tr) {
      byZone[tr.dataset.zone] = { zone: tr.dataset.zone, status: tr.dataset.status, row: tr, section: null, items: [], text: tr.textContent.toLowerCase() };
    });
    Array.prototype.forEach.call(document.querySelectorAll('section.zone'), function (s) {
      var z = byZone[s.dataset.zone];
      if (z === undefined) return;
      z.section = s;
      z.text = s.querySelector('h2').textContent.toLowerCase() + ' ' + z.text;
      Array.prototype.forEach.call(s.querySelectorAll('tr.item'), function (tr) {
        z.items.push({ tr: tr, kind: tr.dataset.kind, isNew: tr.classList.contains('b-new'), text: null });
      });
      var err = s.querySelector('.error');
      if (err !== null) z.text += ' ' + err.textContent.toLowerCase();
    });
    return Object.keys(byZone).map(function (k) { return byZone[k]; });
  }
  function setHidden(el, hidden) { if (el !== null && el.hidden !== hidden) el.hidden = hidden; }
  function apply() {
    if (model === null) model = buildModel();
    var zq = zoneInput.value.trim().toLowerCase();
    var q = search.value.trim().toLowerCase();
    var onlyNew = newOnly !== null && newOnly.checked;
    var kinds = {}, allKinds = true;
    kindBoxes.forEach(function (b) { kinds[b.dataset.kind] = b.checked; if (!b.checked) allKinds = false; });
    var statuses = {};
    statusBoxes.forEach(function (b) { statuses[b.dataset.status] = b.checked; });
    var visible = 0;
    model.forEach(function (z) {
      var show = (zq === '' || z.zone.indexOf(zq) !== -1) && statuses[z.status] === true;
      var zoneHit = false;
      if (show && q !== '') {
        // A zone's whole text first: most zones of a search are hidden without reading a row.
        if (z.all === undefined) z.all = z.section === null ? z.text : z.text + ' ' + z.section.textContent.toLowerCase();
        if (z.all.indexOf(q) === -1) show = false;
        else zoneHit = z.text.indexOf(q) !== -1;
      }
      var rows = 0;
      if (show) {
        z.items.forEach(function (i) {
          var on = (allKinds || kinds[i.kind] === true || i.kind === 'gone') && (!onlyNew || i.isNew);
          if (on && q !== '' && !zoneHit) {
            if (i.text === null) i.text = i.tr.textContent.toLowerCase();
            on = i.text.indexOf(q) !== -1;
          }
          setHidden(i.tr, !on);
          if (on) rows += 1;
        });
      }
      if (z.status === 'drifted') show = show && (rows > 0 || (allKinds && !onlyNew && (q === '' || zoneHit)));
      else show = show && !onlyNew && (q === '' || zoneHit) && (allKinds || z.status !== 'in-sync');
      setHidden(z.row, !show);
      setHidden(z.section, !show);
      if (show) visible += 1;
    });
    shown.textContent = visible + ' of ' + model.length + ' zones shown';
  }
  window.addEventListener('load', function () {
    var build = function () { if (model === null) model = buildModel(); };
    if ('requestIdleCallback' in window) window.requestIdleCallback(build); else setTimeout(build, 0);
  });
  var timer = 0;
  function later() { clearTimeout(timer); timer = setTimeout(apply, 120); }
  zoneInput.addEventListener('input', later);
  search.addEventListener('input', later);
  kindBoxes.concat(statusBoxes, newOnly === null ? [] : [newOnly]).forEach(function (b) { b.addEventListener('change', apply); });
  function reveal() {
    var id = decodeURIComponent(location.hash.slice(1));
    var target = id === '' ? null : document.getElementById(id);
    if (target === null || !target.hidden) return;
    zoneInput.value = ''; search.value = '';
    if (newOnly !== null) newOnly.checked = false;
    kindBoxes.concat(statusBoxes).forEach(function (b) { b.checked = true; });
    apply();
    target.scrollIntoView();
  }
  window.addEventListener('hashchange', reveal);
})();
`;

/** A CSP hash-source of an inline element's exact text. */
export function cspHash(text: string): string {
  return `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;
}

/**
 * Nothing loads but the page's own style and script: no fetch, image, font, frame, form target
 * or base URL (`default-src 'none'` covers every fetch directive).
 */
export const REPORT_CSP = [
  "default-src 'none'",
  `style-src ${cspHash(REPORT_STYLE)}`,
  `script-src ${cspHash(REPORT_SCRIPT)}`,
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');
