/**
 * Big zones end to end: the compiled CLI (a child process, so its peak RSS is its own) against
 * the emulator (in this process) behind a loopback proxy that adds a delay to every request and
 * counts them. A zone of N records is created with `apply --yes`, planned clean with `plan`, and
 * then 10 % of it updated with `apply --yes`; smaller zones are created by the CLI and, in the
 * same run, by a one-call-per-record client on the official SDK (`cloudflare` npm package).
 */
import Cloudflare from 'cloudflare';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startEmulator, type RunningEmulator } from '../src/emulator/server.js';
import { BENCH_RECORD_QUOTA, generateLargeZone } from './fixtures.js';
import { describeCounts, startLatencyProxy, type LatencyProxy } from './latency-proxy.js';
import { compiledCliPath, runNode, timeIt } from './measure.js';

const TOKEN = 'bench-bigzone-token-7e2a4c6b8d0f1a3c';
/** The emulator's batch limit on paid plans (https://developers.cloudflare.com/dns/manage-dns-records/how-to/batch-record-changes/). */
const PAID_BATCH_LIMIT = 3500;
/** Calls the SDK client keeps in flight. */
export const SDK_CONCURRENCY = 8;

export interface CliStep {
  readonly name: string;
  readonly ms: number;
  readonly peakRssMb: number;
  readonly requests: number;
  readonly byPath: string;
  readonly exitCode: number;
}

export interface SdkComparison {
  readonly records: number;
  readonly cli: CliStep;
  readonly sdk: { readonly ms: number; readonly requests: number };
}

export interface BigZoneBench {
  readonly cliPath: string;
  readonly delayMs: number;
  readonly records: number;
  readonly batchLimit: number;
  readonly steps: readonly CliStep[];
  readonly comparisons: readonly SdkComparison[];
}

/** The CLI to measure: `ZONECTL_BENCH_CLI` (e.g. an older build, for before/after) or this tree's `dist/`. */
export function benchCliPath(root: string): string {
  const path = process.env.ZONECTL_BENCH_CLI ?? compiledCliPath(root);
  if (!existsSync(path))
    throw new Error(`${path} does not exist: run \`npm run build\` first (the big-zone benchmark runs the compiled CLI)`);
  return path;
}

/** The generated zone with the TTL of its first `count` A records changed (300 -> 600): `count` updates. */
function withUpdatedTtls(text: string, count: number): string {
  let left = count;
  return text.replace(/^ {4}ttl: 300$/gm, (line) => (left-- > 0 ? '    ttl: 600' : line));
}

/** Thresholds off: the benchmark applies large changes on purpose. */
function zoneFile(count: number, zone: string): string {
  return `${generateLargeZone(count, zone)}manage:\n  max_update_percent: 100\n  max_delete_percent: 100\n`;
}

interface Context {
  readonly cli: string;
  readonly dir: string;
  readonly proxy: LatencyProxy;
  readonly baseUrl: string;
}

async function cliStep(ctx: Context, name: string, args: readonly string[], okCodes: readonly number[]): Promise<CliStep> {
  ctx.proxy.reset();
  const run = await runNode([ctx.cli, ...args], ctx.dir, { CLOUDFLARE_BASE_URL: ctx.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN });
  if (!okCodes.includes(run.code)) throw new Error(`${name}: zonectl ${args.join(' ')} exited ${run.code}: ${run.stderr.slice(-1500)}`);
  return {
    name,
    ms: run.ms,
    peakRssMb: run.peakRssMb,
    requests: ctx.proxy.total(),
    byPath: describeCounts(ctx.proxy.counts()),
    exitCode: run.code,
  };
}

/** One `dns.records.create` per record, `SDK_CONCURRENCY` at once: the way a script on the SDK does it. */
async function sdkCreateEach(baseUrl: string, zoneId: string, zone: string, count: number): Promise<void> {
  const cf = new Cloudflare({ apiToken: TOKEN, baseURL: baseUrl, maxRetries: 0 });
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < count) {
      const i = next++;
      await cf.dns.records.create({
        zone_id: zoneId,
        type: 'A',
        name: `host-${i}.${zone}`,
        content: `198.51.${(i >> 8) & 255}.${i & 255}`,
        ttl: 300,
        proxied: false,
      });
    }
  };
  await Promise.all(Array.from({ length: SDK_CONCURRENCY }, worker));
}

/** A zone file of `count` A records (the SDK client creates the same ones). */
function aRecordsZone(count: number, zone: string): string {
  const lines = ['version: 1', `zone: ${zone}`, 'records:'];
  for (let i = 0; i < count; i += 1)
    lines.push(`  - { name: host-${i}, type: A, content: 198.51.${(i >> 8) & 255}.${i & 255}, ttl: 300, proxied: false }`);
  return `${lines.join('\n')}\n`;
}

async function compareWithSdk(ctx: Context, emulator: RunningEmulator, count: number): Promise<SdkComparison> {
  const cliZone = `cli-${count}.example`;
  const sdkZone = `sdk-${count}.example`;
  const file = join(ctx.dir, `${cliZone}.yaml`);
  writeFileSync(file, aRecordsZone(count, cliZone));
  const cli = await cliStep(ctx, `apply ${count} creates`, ['apply', '--yes', file], [0]);
  const zoneId = emulator.zones.find((z) => z.name === sdkZone)!.id;
  ctx.proxy.reset();
  const { ms } = await timeIt(() => sdkCreateEach(ctx.baseUrl, zoneId, sdkZone, count));
  return { records: count, cli, sdk: { ms, requests: ctx.proxy.total() } };
}

/**
 * `records` records: apply creating them, a clean plan, apply of `updates` updates; then the CLI
 * vs the SDK client at each of `sdkSizes`. Every zone is on a paid plan (batch limit 3,500).
 */
export async function benchBigZone(
  root: string,
  dir: string,
  records: number,
  updates: number,
  sdkSizes: readonly number[],
  delayMs: number,
): Promise<BigZoneBench> {
  const cli = benchCliPath(root);
  const big = 'big.example';
  const zones = [big, ...sdkSizes.flatMap((n) => [`cli-${n}.example`, `sdk-${n}.example`])];
  const emulator = await startEmulator({ port: 0, zones, token: TOKEN, zonePlan: 'pro', recordQuota: BENCH_RECORD_QUOTA });
  const proxy = await startLatencyProxy(emulator.baseUrl, delayMs);
  const ctx: Context = { cli, dir, proxy, baseUrl: `${proxy.origin}/client/v4` };
  try {
    const file = join(dir, `${big}.yaml`);
    const text = zoneFile(records, big);
    writeFileSync(file, text);
    const steps: CliStep[] = [];
    steps.push(await cliStep(ctx, `apply ${records} creates`, ['apply', '--yes', file], [0]));
    steps.push(await cliStep(ctx, `plan ${records} (clean)`, ['plan', file], [0]));
    writeFileSync(file, withUpdatedTtls(text, updates));
    steps.push(await cliStep(ctx, `apply ${updates} updates of ${records}`, ['apply', '--yes', file], [0]));
    const comparisons: SdkComparison[] = [];
    for (const n of sdkSizes) comparisons.push(await compareWithSdk(ctx, emulator, n));
    return { cliPath: cli, delayMs, records, batchLimit: PAID_BATCH_LIMIT, steps, comparisons };
  } finally {
    await proxy.close();
    await emulator.close();
  }
}
