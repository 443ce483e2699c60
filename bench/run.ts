/**
 * `npm run bench`: every benchmark in one run (about 2–3 minutes on 2 cores), printed as a table.
 * Inputs are generated into a temporary directory, removed at the end. Never part of `npm test`.
 *
 *   npm run bench                 all benchmarks
 *   npm run bench -- validate     only some: validate, hostile, plan, apply, durability, zones, report, bigzone, startup, team, edits, action, shared, readers
 *
 * `bigzone` runs the compiled CLI (`npm run build` first; `ZONECTL_BENCH_CLI=path/to/main.js`
 * measures another build) on a zone of ZONECTL_BENCH_RECORDS records (default 100,000).
 * `startup` compares the single executable with the bundle (`npm run build && npm run build:binary` first).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { benchBigZone, SDK_CONCURRENCY } from './bigzone-bench.js';
import { benchAction } from './action-bench.js';
import { benchApply, benchDurability, PRO_BATCH_LIMIT } from './emulator-bench.js';
import { benchHostile } from './hostile-bench.js';
import { formatInstructions, type InstructionCount } from './instructions.js';
import { formatMs, formatRatio } from './measure.js';
import { benchPlan } from './plan-bench.js';
import { benchStartup } from './startup-bench.js';
import { benchTeam, type CountedRow } from './team-bench.js';
import { benchEdits } from './edits-bench.js';
import { describeCounts } from './latency-proxy.js';
import { benchValidate } from './validate-bench.js';
import { benchManyZones } from './zones-bench.js';
import { benchReport } from './report-bench.js';
import { benchReaders } from './readers-bench.js';
import { benchSharedZone, SHARED_CYCLES } from './shared-zone-bench.js';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const ALL = [
  'validate',
  'hostile',
  'plan',
  'apply',
  'durability',
  'zones',
  'report',
  'bigzone',
  'startup',
  'team',
  'edits',
  'action',
  'shared',
  'readers',
] as const;
type Part = (typeof ALL)[number];

function selected(args: readonly string[]): Part[] {
  const unknown = args.filter((a) => !(ALL as readonly string[]).includes(a));
  if (unknown.length > 0) throw new Error(`unknown benchmark ${unknown.join(', ')} (choose from ${ALL.join(', ')})`);
  return args.length === 0 ? [...ALL] : (args as Part[]);
}

type Row = [benchmark: string, measure: string, result: string];

function printTable(rows: readonly Row[]): void {
  const head: Row = ['benchmark', 'measure', 'result'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r: Row): string =>
    r
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd();
  process.stdout.write(`${line(head)}\n${widths.map((w) => '-'.repeat(w)).join('  ')}\n${rows.map(line).join('\n')}\n`);
}

async function main(): Promise<void> {
  const parts = selected(process.argv.slice(2));
  const dir = mkdtempSync(join(tmpdir(), 'zonectl-bench-'));
  const rows: Row[] = [];
  const note = (s: string): void => {
    process.stderr.write(`bench: ${s}\n`);
  };
  note(`node ${process.version}, ${cpus().length} cores, ${new Date().toISOString().slice(0, 10)}`);
  try {
    if (parts.includes('shared')) {
      note(`shared: ${SHARED_CYCLES} cycles of a foreign writer and zonectl applies (unmanaged: owned), Free and paid ...`);
      const r = await benchSharedZone();
      for (const [plan, c] of [
        ['Free (comment marker)', r.free],
        ['paid (tag marker)', r.pro],
      ] as const) {
        const label = `shared zone, ${c.cycles} cycles, ${plan}`;
        rows.push([label, 'foreign writes / zonectl writes', `${c.foreignWrites} / ${c.zonectlWrites}`]);
        rows.push([
          label,
          'foreign records checked / changed / zonectl left behind',
          `${c.foreignChecked} / ${c.foreignChanged} / ${c.leftBehind}`,
        ]);
        rows.push([label, 'records at the end / wall time', `${c.finalRecords} / ${formatMs(c.ms)}`]);
      }
    }
    if (parts.includes('validate')) {
      note('validate: 10k and 100k records ...');
      for (const r of await benchValidate(root, dir, [10_000, 100_000], 5)) {
        const label = `validate ${r.records / 1000}k records (${r.sizeMb.toFixed(1)} MB)`;
        rows.push([label, `${r.mode}, median of ${r.runs}`, formatMs(r.medianMs)]);
        rows.push([label, 'peak RSS', `${r.peakRssMb.toFixed(0)} MB`]);
      }
    }
    if (parts.includes('hostile')) {
      note('hostile: alias bomb, 200k records with errors ...');
      for (const r of await benchHostile(root, dir, 3)) {
        const label = `validate ${r.name} (${r.sizeMb < 0.1 ? `${Math.ceil(r.sizeMb * 1e6)} bytes` : `${r.sizeMb.toFixed(1)} MB`})`;
        rows.push([label, `${r.mode}, median of ${r.runs}`, formatMs(r.medianMs)]);
        rows.push([label, 'peak RSS', `${r.peakRssMb.toFixed(0)} MB`]);
      }
    }
    if (parts.includes('plan')) {
      note('plan: 100k desired vs 100k live, 1% changes, and clean ...');
      for (const changePercent of [1, 0]) {
        const p = await benchPlan(100_000, 5, changePercent);
        const label = `plan ${p.records / 1000}k desired vs ${Math.round(p.liveRecords / 1000)}k live, ${changePercent === 0 ? 'clean' : `${changePercent}% changes`}`;
        rows.push([label, `diff + buildZonePlan, median of ${p.runs}`, formatMs(p.medianMs)]);
        rows.push([label, 'operations', `${p.create} create, ${p.update} update, ${p.delete} delete`]);
      }
    }
    if (parts.includes('apply')) {
      note('apply: 10k creates, batch vs single calls (the single run takes a while) ...');
      const a = await benchApply(10_000);
      const label = `apply ${a.records / 1000}k creates (pro, limit ${PRO_BATCH_LIMIT}, concurrency 8)`;
      rows.push([label, 'batch: HTTP calls / time', `${a.batch.calls} / ${formatMs(a.batch.ms)}`]);
      rows.push([label, 'single: HTTP calls / time', `${a.single.calls} / ${formatMs(a.single.ms)}`]);
      rows.push([
        label,
        'single vs batch',
        `${formatRatio(a.single.calls, a.batch.calls)} calls, ${formatRatio(a.single.ms, a.batch.ms)} time`,
      ]);
    }
    if (parts.includes('durability')) {
      note('durability: 10k creates with/without journal, 100k live read, restart ...');
      const d = await benchDurability(dir, 10_000, 100_000);
      rows.push([
        `emulator ${d.records / 1000}k creates (batch)`,
        'in memory / with --state journal',
        `${formatMs(d.inMemoryMs)} / ${formatMs(d.journaledMs)}`,
      ]);
      rows.push([`emulator ${d.records / 1000}k creates (batch)`, 'journal cost', formatRatio(d.journaledMs, d.inMemoryMs)]);
      rows.push([`live read ${d.liveRecords / 1000}k records`, 'readLiveRecords (paged GETs)', formatMs(d.liveReadMs)]);
      rows.push([
        `emulator restart, ${d.liveRecords / 1000}k records`,
        `load state (${d.stateFileMb.toFixed(1)} MB)`,
        formatMs(d.restartMs),
      ]);
    }
    if (parts.includes('zones')) {
      // The service's 1,200 per 300 s, scaled down by 75 so that the run takes seconds, not minutes.
      note('zones: plan 1,000 small zones against the emulator with --rate-limit 400/4 ...');
      const z = await benchManyZones(root, dir, 1000, 400, 4);
      const label = `plan ${z.zones} zones (emulator limit ${z.quota}/${z.windowSeconds} s)`;
      rows.push([label, `${z.mode}: requests / 429s / exit`, `${z.requests} / ${z.limited} / ${z.exitCode}`]);
      rows.push([label, "time vs the budget's floor", `${formatMs(z.ms)} vs ${formatMs(z.floorMs)} (${formatRatio(z.ms, z.floorMs)})`]);
    }
    if (parts.includes('report')) {
      note('report: drift of 1,000 zones / 100,000 records, every record drifted, HTML report opened in Chromium ...');
      const r = await benchReport(root, dir, 1000, 100);
      const label = `drift HTML report, ${r.zones} zones / ${r.records / 1000}k records / ${r.items / 1000}k items`;
      rows.push([
        label,
        `${r.mode}: time / peak RSS with --report html`,
        `${formatMs(r.withHtml.ms)} / ${r.withHtml.peakRssMb.toFixed(0)} MB`,
      ]);
      rows.push([
        label,
        'the same drift without the HTML report',
        `${formatMs(r.withoutHtml.ms)} / ${r.withoutHtml.peakRssMb.toFixed(0)} MB`,
      ]);
      rows.push([label, 'file size', `${r.htmlMb.toFixed(1)} MB`]);
      rows.push([
        label,
        'Chromium: first paint / first contentful paint / load',
        `${formatMs(r.firstPaintMs)} / ${formatMs(r.firstContentfulPaintMs)} / ${formatMs(r.loadMs)}`,
      ]);
      rows.push([label, 'Chromium: search narrowing 100k rows (after the 120 ms debounce)', formatMs(r.searchMs)]);
    }
    if (parts.includes('bigzone')) {
      const records = Number(process.env.ZONECTL_BENCH_RECORDS ?? 100_000);
      const updates = Math.round(records / 10);
      note(`bigzone: ${records} records end to end through the compiled CLI, behind a 10 ms proxy; then the CLI vs the SDK ...`);
      const b = await benchBigZone(root, dir, records, updates, [1000, 10_000], 10);
      note(`bigzone: CLI ${b.cliPath}`);
      for (const s of b.steps) {
        note(`bigzone: ${s.name}: ${s.byPath}`);
        const label = `${s.name} (pro, batch ${b.batchLimit}, +${b.delayMs} ms/request)`;
        rows.push([label, 'compiled CLI: requests / time / peak RSS', `${s.requests} / ${formatMs(s.ms)} / ${s.peakRssMb.toFixed(0)} MB`]);
      }
      for (const c of b.comparisons) {
        note(`bigzone: ${c.cli.name}: ${c.cli.byPath}`);
        const label = `${c.records} creates: CLI vs SDK (create per record, ${SDK_CONCURRENCY} at once)`;
        rows.push([
          label,
          'CLI: requests / time / peak RSS',
          `${c.cli.requests} / ${formatMs(c.cli.ms)} / ${c.cli.peakRssMb.toFixed(0)} MB`,
        ]);
        rows.push([label, 'SDK: requests / time', `${c.sdk.requests} / ${formatMs(c.sdk.ms)}`]);
        rows.push([
          label,
          'SDK vs CLI',
          `${formatRatio(c.sdk.requests, c.cli.requests)} the requests, ${formatRatio(c.sdk.ms, c.cli.ms)} the time`,
        ]);
      }
    }
    if (parts.includes('readers')) {
      note('readers: the YAML readers on the 1,400-record team zone, each in a fresh process ...');
      const r = await benchReaders(root, dir, 11);
      const [parse] = r.rows;
      for (const row of r.rows) {
        const label = `YAML read, ${r.records}-record team zone: ${row.reader}`;
        rows.push([
          label,
          'parse alone, fresh process, median of 11',
          `${formatMs(row.medianMs)} (${formatRatio(row.medianMs, parse!.medianMs)} parseYaml)`,
        ]);
        if (row.instructions !== undefined && parse!.instructions !== undefined) {
          rows.push([
            label,
            'main thread instructions (callgrind)',
            `${formatInstructions(row.instructions)} (${formatRatio(row.instructions, parse!.instructions)} parseYaml)`,
          ]);
        }
      }
    }
    if (parts.includes('startup')) {
      note('startup: the single executable beside the bundle, version and validate, median of 15 ...');
      for (const r of await benchStartup(root, dir, 15)) {
        rows.push([
          `start-up: ${r.command}`,
          `bundle (node) / binary, median of ${r.runs}`,
          `${formatMs(r.bundleMs)} / ${formatMs(r.binaryMs)} (binary ${formatRatio(r.binaryMs, r.bundleMs)} the bundle's time)`,
        ]);
      }
    }
    if (parts.includes('team')) {
      note('team: per-run fixed costs on a 1,400-record zone, and beside octoDNS (1,000 records) where installed ...');
      const t = await benchTeam(root, dir, 1400, 11, 10);
      for (const r of t.rows)
        rows.push([
          `team zone: ${r.name}`,
          `median of ${t.runs}, in turns`,
          `${formatMs(r.medianMs)}${r.requests !== undefined ? ` (${r.requests} requests, +${t.delayMs} ms each)` : ''}`,
        ]);
      if (typeof t.instructions === 'string') rows.push(['team zone: instructions', 'valgrind', t.instructions]);
      else {
        const [node] = t.instructions;
        for (const r of t.instructions) {
          const of = (c: InstructionCount) =>
            `${formatInstructions(c.total)} (main thread ${formatInstructions(c.main)}, ${formatRatio(c.main, node!.count.main)} node -e 0's)`;
          rows.push([
            `team zone: ${r.name}`,
            'instructions, one run (callgrind): all threads (main thread)',
            `${of(r.count)}${r.base ? `; ZONECTL_BENCH_BASE_CLI: ${of(r.base)}` : ''}${r.binary ? `; single executable: ${of(r.binary)}` : ''}`,
          ]);
        }
        // Issue 45's targets in instructions (main thread), for each build counted.
        const builds: Array<[string, (r: CountedRow) => InstructionCount | undefined]> = [
          ['bundle', (r) => r.count],
          ['ZONECTL_BENCH_BASE_CLI', (r) => r.base],
          ['single executable', (r) => r.binary],
        ];
        for (const [build, of] of builds) {
          const [version, validate, plan] = t.instructions.slice(2).map((r) => of(r)?.main);
          if (version === undefined || validate === undefined || plan === undefined) continue;
          const n = node!.count.main;
          rows.push(
            [
              `target: version, ${build} (instructions)`,
              "within 1.5x node -e 0's, main thread",
              `${formatRatio(version, n)}: ${version <= 1.5 * n ? 'met' : 'NOT met'}`,
            ],
            [
              `target: validate, ${build} (instructions)`,
              "within 2.5x node -e 0's, main thread",
              `${formatRatio(validate, n)}: ${validate <= 2.5 * n ? 'met' : 'NOT met'}`,
            ],
            [
              `target: plan, ${build} (instructions)`,
              "within 4x node -e 0's (latency aside), main thread",
              `${formatRatio(plan, n)}: ${plan <= 4 * n ? 'met' : 'NOT met'}`,
            ],
          );
        }
      }
      for (const g of t.targets)
        rows.push([
          `target: ${g.name}`,
          `within ${g.how}`,
          `${formatMs(g.ms)} vs ${formatMs(g.targetMs)}: ${g.ms <= g.targetMs ? 'met' : 'NOT met'}`,
        ]);
      if (typeof t.octodns === 'string') rows.push(['zonectl vs octoDNS', 'octoDNS', t.octodns]);
      else
        for (const p of t.octodns)
          rows.push([
            `zonectl vs octoDNS: ${p.what}`,
            'requests / time; octoDNS / zonectl',
            `${p.zonectl.requests} / ${formatMs(p.zonectl.ms)} vs ${p.octodns?.requests} / ${formatMs(p.octodns?.ms ?? NaN)}: ${formatRatio(p.octodns?.ms ?? NaN, p.zonectl.ms)} the time`,
          ]);
    }
    if (parts.includes('edits')) {
      note('edits: 30 commits of 1-5 record changes to a 1,400-record zone, plan then apply: zonectl, the SDK, octoDNS ...');
      const e = await benchEdits(root, dir, 1400, 30, 10);
      for (const t of e.tools)
        rows.push([
          `edits: ${e.commits} commits to ${e.records} records (${e.changes} changes)`,
          `${t.name}: requests / time per commit (median; total)`,
          typeof t.result === 'string'
            ? t.result
            : `${t.result.medianRequests} / ${formatMs(t.result.medianMs)} (${t.result.requests} / ${formatMs(t.result.ms)})`,
        ]);
      // zonectl: plan's and apply's share of a commit, and every request they made, by kind.
      for (const t of e.tools) {
        if (typeof t.result === 'string' || t.result.verbs === undefined) continue;
        const v = t.result.verbs;
        rows.push([
          `edits: ${t.name}`,
          'plan / apply: time per commit (median); requests in all, by kind',
          `${formatMs(v.planMedianMs)} / ${formatMs(v.applyMedianMs)}; ${describeCounts(v.byKind)}`,
        ]);
      }
    }
    if (parts.includes('action')) {
      note('action: the GitHub Action at a release tag, from its start to the plan markdown (1,400 records), beside npm ci ...');
      const a = await benchAction(root, dir, 1400, 5, 10);
      const label = `GitHub Action, plan of ${a.records} records (${a.planRequests} requests, +10 ms each)`;
      rows.push([label, `whole action (install + plan), median of ${a.runs}`, formatMs(a.actionMs)]);
      rows.push([label, `install step alone (${a.asset}, ${a.assetMb.toFixed(1)} MB: download, digest, unpack)`, formatMs(a.installMs)]);
      rows.push([
        label,
        'before: npm ci --ignore-scripts (npm cache warm) / bundle build, once',
        `${formatMs(a.npmCiMs)} / ${formatMs(a.bundleMs)}`,
      ]);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  printTable(rows);
}

main().catch((error: unknown) => {
  process.stderr.write(`bench: error: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
