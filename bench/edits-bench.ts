/**
 * `npm run bench -- edits`: a team's day, replayed. A 1,400-record zone (bench/team-zone.ts)
 * receives 30 generated commits of one to five record changes each (addresses and TTLs changed,
 * records added, verification TXT changed or removed); each commit goes through plan and then
 * apply, against the emulator behind the 10 ms proxy, by:
 * - zonectl: `zonectl plan FILE` then `zonectl apply --yes FILE` (the bundle);
 * - a script on the official SDK (`cloudflare` npm package, as in bigzone-bench.ts): it lists the
 *   zone's records (per_page 5,000), then sends one call per changed record (create, edit, delete)
 *   — it knows the changes, so it needs no plan of its own;
 * - octoDNS where installed (bench/octodns.ts): `octodns-sync` then `octodns-sync --doit`.
 * Each tool has a zone of its own, created before the clock starts. Requests and time per commit.
 */
import Cloudflare from 'cloudflare';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEmulator } from '../src/emulator/server.js';
import { benchCliPath } from './bigzone-bench.js';
import { startLatencyProxy, type LatencyProxy } from './latency-proxy.js';
import { benchBinaryPath, median, runCli } from './measure.js';
import { OCTODNS_MISSING, octodnsCommand, octodnsZoneYaml, runOctodns, writeOctodnsConfig } from './octodns.js';
import { octodnsCompatible, seededRandom, teamRecords as allTeamRecords, teamZoneText, type TeamRecord } from './team-zone.js';
import { BENCH_RECORD_QUOTA } from './fixtures.js';

/** The same records for the three tools: those octoDNS can write too. */
const teamRecords = (count: number, zone: string): TeamRecord[] => octodnsCompatible(allTeamRecords(count, zone), zone);

const TOKEN = 'bench-edits-token-1a3c5e7b9d2f4a6c';

type Change =
  | { readonly kind: 'create'; readonly record: TeamRecord }
  | { readonly kind: 'update'; readonly before: TeamRecord; readonly after: TeamRecord }
  | { readonly kind: 'delete'; readonly record: TeamRecord };

interface Commit {
  readonly records: readonly TeamRecord[];
  readonly changes: readonly Change[];
}

/**
 * `commits` commits of 1-5 changes each, deterministic. Only records nothing else depends on are
 * removed (verification TXT, records added earlier), so every commit is a valid zone file.
 */
export function editStream(base: readonly TeamRecord[], commits: number, seed = 30): Commit[] {
  const random = seededRandom(seed);
  let records = [...base];
  let added = 0;
  const out: Commit[] = [];
  const pick = (ok: (r: TeamRecord) => boolean): number => {
    const candidates = records.flatMap((r, i) => (ok(r) ? [i] : []));
    return candidates[Math.floor(random() * candidates.length)]!;
  };
  // A records at names with one A record (hosts), and single-TXT verification names.
  const isHostA = (r: TeamRecord): boolean => r.type === 'A' && /^[a-z]+-\d+$|^new-/.test(r.name);
  for (let c = 0; c < commits; c += 1) {
    const changes: Change[] = [];
    const n = 1 + Math.floor(random() * 5);
    for (let k = 0; k < n; k += 1) {
      const roll = random();
      if (roll < 0.3) {
        const i = pick(isHostA);
        const before = records[i]!;
        const after = { ...before, content: `203.0.113.${Math.floor(random() * 250) + 1}` };
        records[i] = after;
        changes.push({ kind: 'update', before, after });
      } else if (roll < 0.5) {
        const i = pick(isHostA);
        const before = records[i]!;
        const after = { ...before, ttl: before.ttl === 3600 ? 300 : 3600 };
        records[i] = after;
        changes.push({ kind: 'update', before, after });
      } else if (roll < 0.75) {
        const record: TeamRecord = { name: `new-${added++}`, type: 'A', content: `198.18.${added >> 8}.${added & 255}`, ttl: 300 };
        records.push(record);
        changes.push({ kind: 'create', record });
      } else if (roll < 0.9) {
        const i = pick((r) => r.name.startsWith('verify-'));
        const before = records[i]!;
        const after = { ...before, content: `site-verification=${Math.floor(random() * 1e12).toString(16)}${c}` };
        records[i] = after;
        changes.push({ kind: 'update', before, after });
      } else {
        const i = pick((r) => r.name.startsWith('verify-') || r.name.startsWith('new-'));
        changes.push({ kind: 'delete', record: records[i]! });
        records = records.filter((_, j) => j !== i);
      }
    }
    out.push({ records: [...records], changes });
  }
  return out;
}

export interface ToolResult {
  readonly requests: number;
  readonly ms: number;
  readonly medianRequests: number;
  readonly medianMs: number;
  /** zonectl: each verb's median time per commit, and its requests in all by `verb METHOD /path`. */
  readonly verbs?: {
    readonly planMedianMs: number;
    readonly applyMedianMs: number;
    readonly byKind: ReadonlyMap<string, number>;
  };
}

export interface EditsBench {
  readonly records: number;
  readonly commits: number;
  readonly changes: number;
  readonly tools: ReadonlyArray<{ readonly name: string; readonly result: ToolResult | string }>;
}

function summarise(perCommit: ReadonlyArray<{ ms: number; requests: number }>): ToolResult {
  return {
    requests: perCommit.reduce((a, c) => a + c.requests, 0),
    ms: perCommit.reduce((a, c) => a + c.ms, 0),
    medianRequests: median(perCommit.map((c) => c.requests)),
    medianMs: median(perCommit.map((c) => c.ms)),
  };
}

const fqdn = (name: string, zone: string): string => (name === '@' ? zone : `${name}.${zone}`);

/** The API body of a record the edits touch (A and TXT only). */
function apiBody(r: TeamRecord, zone: string): { type: 'A' | 'TXT'; name: string; content: string; ttl: number; proxied?: boolean } {
  if (r.type !== 'A' && r.type !== 'TXT') throw new Error(`edits: no SDK body for ${r.type}`);
  return {
    type: r.type,
    name: fqdn(r.name, zone),
    content: r.content ?? '',
    ttl: r.ttl ?? 1,
    ...(r.type === 'A' ? { proxied: r.proxied ?? false } : {}),
  };
}

/** One commit by the SDK script: list the zone, then one call per change. */
async function sdkCommit(cf: Cloudflare, zoneId: string, zone: string, changes: readonly Change[]): Promise<void> {
  const ids = new Map<string, string>();
  for await (const r of cf.dns.records.list({ zone_id: zoneId, per_page: 5000 })) ids.set(`${r.name} ${r.type}`, r.id);
  const idOf = (r: TeamRecord): string => {
    const id = ids.get(`${fqdn(r.name, zone)} ${r.type}`);
    if (!id) throw new Error(`edits: the SDK script found no ${r.type} at ${fqdn(r.name, zone)}`);
    return id;
  };
  for (const c of changes) {
    if (c.kind === 'create') await cf.dns.records.create({ zone_id: zoneId, ...apiBody(c.record, zone) });
    else if (c.kind === 'update') await cf.dns.records.edit(idOf(c.before), { zone_id: zoneId, ...apiBody(c.after, zone) });
    else await cf.dns.records.delete(idOf(c.record), { zone_id: zoneId });
  }
}

async function timed(proxy: LatencyProxy, fn: () => Promise<void>): Promise<{ ms: number; requests: number }> {
  proxy.reset();
  const started = performance.now();
  await fn();
  return { ms: performance.now() - started, requests: proxy.total() };
}

export async function benchEdits(root: string, dir: string, records: number, commits: number, delayMs: number): Promise<EditsBench> {
  const cli = benchCliPath(root);
  // Each build of zonectl on its own zone: the bundle, the single executable where built, and
  // ZONECTL_BENCH_BASE_CLI (an older build) where given.
  const builds: Array<{ name: string; cli: string; zone: string }> = [{ name: 'zonectl plan + apply', cli, zone: 'edits-cli.example' }];
  const binary = benchBinaryPath(root);
  if (binary !== undefined) builds.push({ name: 'zonectl plan + apply (single executable)', cli: binary, zone: 'edits-bin.example' });
  const base = process.env.ZONECTL_BENCH_BASE_CLI;
  if (base !== undefined) builds.push({ name: 'zonectl plan + apply [ZONECTL_BENCH_BASE_CLI]', cli: base, zone: 'edits-base.example' });
  const zones = { cli: 'edits-cli.example', sdk: 'edits-sdk.example', octo: 'edits-octo.example' };
  const emulator = await startEmulator({
    port: 0,
    zones: [...builds.map((b) => b.zone).filter((z) => z !== zones.cli), ...Object.values(zones)],
    token: TOKEN,
    zonePlan: 'pro',
    recordQuota: BENCH_RECORD_QUOTA,
  });
  const proxy = await startLatencyProxy(emulator.baseUrl, delayMs);
  const baseUrl = `${proxy.origin}/client/v4`;
  const env = { CLOUDFLARE_BASE_URL: baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
  const zoneId = (name: string): string => emulator.zones.find((z) => z.name === name)!.id;
  const runWith = async (build: string, args: string[], ok: number[]): Promise<void> => {
    const r = await runCli(build, args, dir, env);
    if (!ok.includes(r.code)) throw new Error(`edits: zonectl ${args.join(' ')} exited ${r.code}: ${r.stderr.slice(-1500)}`);
  };
  const cliRun = (args: string[], ok: number[]): Promise<void> => runWith(cli, args, ok);
  try {
    const stream = (zone: string): Commit[] => editStream(teamRecords(records, zone), commits);
    const tools: Array<{ name: string; result: ToolResult | string }> = [];

    // zonectl: the zone is created by one apply, then every commit is planned and applied; the
    // builds take the commits in turns, so that the machine's load falls on each alike.
    const runs = builds.map((b) => ({
      ...b,
      file: join(dir, `${b.zone}.yaml`),
      commits: [] as Array<{ ms: number; requests: number }>,
      planMs: [] as number[],
      applyMs: [] as number[],
      byKind: new Map<string, number>(),
    }));
    // Each verb's time and requests (by kind) within a commit.
    const verb = async (b: (typeof runs)[number], name: 'plan' | 'apply', args: string[], ok: number[]): Promise<void> => {
      const before = new Map(proxy.counts());
      const started = performance.now();
      await runWith(b.cli, args, ok);
      (name === 'plan' ? b.planMs : b.applyMs).push(performance.now() - started);
      for (const [k, n] of proxy.counts()) {
        const added = n - (before.get(k) ?? 0);
        if (added > 0) b.byKind.set(`${name} ${k}`, (b.byKind.get(`${name} ${k}`) ?? 0) + added);
      }
    };
    for (const b of runs) {
      writeFileSync(b.file, teamZoneText(teamRecords(records, b.zone), b.zone));
      await runWith(b.cli, ['apply', '--yes', b.file], [0]);
    }
    const streams = runs.map((b) => stream(b.zone));
    for (let i = 0; i < commits; i += 1)
      for (const [k, b] of runs.entries()) {
        writeFileSync(b.file, teamZoneText(streams[k]![i]!.records, b.zone));
        b.commits.push(
          await timed(proxy, async () => {
            await verb(b, 'plan', ['plan', b.file, '--detailed-exitcode'], [2]);
            await verb(b, 'apply', ['apply', '--yes', b.file], [0]);
          }),
        );
      }
    for (const b of runs)
      tools.push({
        name: b.name,
        result: {
          ...summarise(b.commits),
          verbs: { planMedianMs: median(b.planMs), applyMedianMs: median(b.applyMs), byKind: b.byKind },
        },
      });

    // The SDK script, on a zone zonectl created the same way (untimed).
    const sdkFile = join(dir, `${zones.sdk}.yaml`);
    writeFileSync(sdkFile, teamZoneText(teamRecords(records, zones.sdk), zones.sdk));
    await cliRun(['apply', '--yes', sdkFile], [0]);
    const cf = new Cloudflare({ apiToken: TOKEN, baseURL: baseUrl, maxRetries: 0 });
    const sdkCommits: Array<{ ms: number; requests: number }> = [];
    for (const commit of stream(zones.sdk))
      sdkCommits.push(await timed(proxy, () => sdkCommit(cf, zoneId(zones.sdk), zones.sdk, commit.changes)));
    // What the SDK script wrote is what the zone file says: zonectl finds nothing to do.
    writeFileSync(sdkFile, teamZoneText(stream(zones.sdk).at(-1)!.records, zones.sdk));
    await cliRun(['plan', sdkFile, '--detailed-exitcode'], [0]);
    tools.push({ name: 'SDK script (list + one call per change)', result: summarise(sdkCommits) });

    const command = octodnsCommand();
    if (!command) tools.push({ name: 'octoDNS sync + sync --doit', result: OCTODNS_MISSING });
    else {
      const octoDir = join(dir, 'edits-octodns');
      mkdirSync(octoDir, { recursive: true });
      const config = writeOctodnsConfig(octoDir, zones.octo, teamRecords(records, zones.octo), baseUrl, TOKEN);
      await runOctodns(command, config, true);
      const octoCommits: Array<{ ms: number; requests: number }> = [];
      for (const commit of stream(zones.octo)) {
        writeFileSync(join(octoDir, `${zones.octo}.yaml`), octodnsZoneYaml(commit.records));
        octoCommits.push(
          await timed(proxy, async () => {
            await runOctodns(command, config, false);
            await runOctodns(command, config, true);
          }),
        );
      }
      tools.push({ name: 'octoDNS sync + sync --doit', result: summarise(octoCommits) });
    }
    const changes = stream(zones.cli).reduce((a, c) => a + c.changes.length, 0);
    return { records, commits, changes, tools };
  } finally {
    await proxy.close();
    await emulator.close();
  }
}
