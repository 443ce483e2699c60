/**
 * The foreign-writer scenario of `manage.unmanaged: owned` (issue 41 item 3), shared by its test
 * (test/scenario/shared-zone-cycles.test.ts, a few hundred cycles in `npm test`) and its benchmark
 * (bench/shared-zone-bench.ts, 1,000 cycles with figures). A foreign writer that works through the
 * API as external-dns does (an A record and its TXT registry record, created, changed and
 * deleted, none marked) alternates with zonectl applies of a file whose records come and go.
 * After every apply it checks, and throws naming the cycle when one fails:
 * - no foreign record changed: each is there with the same id, value, TTL, comment, tags and
 *   modified_on as before the apply;
 * - zonectl's records (those carrying its marker) are exactly the file's: none left behind,
 *   none missing, and every record of the zone is zonectl's or the foreign writer's;
 * - the apply converged and a second plan is empty.
 * In process: the real client against the real emulator over loopback. No vitest here (the
 * benchmark runs it too).
 */
import { applyZoneRuns } from '../../src/app/apply/zone-writes.js';
import { planZoneRun } from '../../src/app/engine/plan-zone-run.js';
import { parseZoneFile, type ZoneConfig } from '../../src/core/zonefile/index.js';
import { listRecords, startHarness, TOKEN, type Harness, type ListedRecord } from './harness.js';

/** The names the file's records take, a few of them each cycle. */
const FILE_NAMES = ['www', 'api', 'cdn', 'mail', 'static', 'app', 'docs', 'img'];
const MARKER_TAG = 'zonectl:owned';
const MARKER_COMMENT = /(^| )\[zonectl\]$/;

/** A small deterministic generator (mulberry32), so that a failing cycle can be replayed. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The file of cycle `i`: some of the names, values that change now and then, a comment on some. */
function zoneFile(i: number, pick: () => number): ZoneConfig {
  const lines = FILE_NAMES.flatMap((name, k) => {
    if (pick() < 0.35) return [];
    const value = `192.0.2.${(k * 10 + (Math.floor(i / 7) % 5)) % 250}`;
    const comment = k % 3 === 0 ? `, comment: "${name} of the web team"` : '';
    return [`  - { name: ${name}, type: A, content: ${value}${comment} }`];
  });
  const records = lines.length > 0 ? `records:\n${lines.join('\n')}` : 'records: []';
  const text = `version: 1\nzone: example.com\n${records}\nmanage:\n  unmanaged: owned\n  max_delete_percent: 100\n  max_update_percent: 100\n`;
  const { config, problems } = parseZoneFile({ path: `cycle-${i}.yaml`, text }, {});
  if (config === undefined) throw new Error(`cycle ${i}: the zone file does not load: ${JSON.stringify(problems)}`);
  return config;
}

/** external-dns's way through the API: raw calls, no marker. */
async function foreignCall(h: Harness, method: string, path: string, body?: unknown): Promise<ListedRecord> {
  const res = await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records${path}`, {
    method,
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const doc = (await res.json()) as { success: boolean; result: ListedRecord; errors: unknown };
  if (!doc.success) throw new Error(`foreign ${method} ${path}: ${JSON.stringify(doc.errors)}`);
  return doc.result;
}

const marked = (r: ListedRecord): boolean => (r.tags ?? []).includes(MARKER_TAG) || MARKER_COMMENT.test(r.comment ?? '');
const shape = (r: ListedRecord & { modified_on?: string }): string =>
  JSON.stringify([r.id, r.name, r.type, r.content, r.ttl, r.comment, [...(r.tags ?? [])].sort(), r.modified_on]);

function check(ok: boolean, cycle: number, what: string): void {
  if (!ok) throw new Error(`cycle ${cycle}: ${what}`);
}

export interface CyclesResult {
  readonly cycles: number;
  /** Foreign API writes (creates, updates, deletes). */
  readonly foreignWrites: number;
  /** Operations zonectl applied. */
  readonly zonectlWrites: number;
  /** Foreign records checked unchanged, summed over the cycles. */
  readonly foreignChecked: number;
  /** Foreign records changed by an apply, and zonectl's records left behind: both 0 unless a check threw. */
  readonly foreignChanged: number;
  readonly leftBehind: number;
  /** Records in the zone at the end. */
  readonly finalRecords: number;
  readonly ms: number;
}

export async function runSharedZoneCycles(options: { zonePlan: 'free' | 'pro'; cycles: number; seed: number }): Promise<CyclesResult> {
  const started = performance.now();
  const h = await startHarness({ zonePlan: options.zonePlan });
  const pick = random(options.seed);
  const services: Array<{ n: number; a: string; txt: string }> = [];
  let next = 0;
  let foreignWrites = 0;
  let zonectlWrites = 0;
  let foreignChecked = 0;
  let finalRecords = 0;
  try {
    for (let i = 0; i < options.cycles; i += 1) {
      // The foreign writer's turn: a new service, a changed address, or a service gone.
      const roll = pick();
      if (services.length === 0 || roll < 0.45) {
        const n = next++;
        const a = await foreignCall(h, 'POST', '', { type: 'A', name: `svc-${n}.example.com`, content: `198.51.100.${n % 250}`, ttl: 1 });
        const txt = await foreignCall(h, 'POST', '', {
          type: 'TXT',
          name: `a-svc-${n}.example.com`,
          content: `"heritage=external-dns,external-dns/owner=k8s,external-dns/resource=service/default/svc-${n}"`,
          ttl: 1,
        });
        services.push({ n, a: a.id, txt: txt.id });
        foreignWrites += 2;
      } else if (roll < 0.75) {
        const s = services[Math.floor(pick() * services.length)]!;
        await foreignCall(h, 'PATCH', `/${s.a}`, { content: `203.0.113.${(s.n + i) % 250}` });
        foreignWrites += 1;
      } else {
        const [s] = services.splice(Math.floor(pick() * services.length), 1);
        await foreignCall(h, 'DELETE', `/${s!.a}`);
        await foreignCall(h, 'DELETE', `/${s!.txt}`);
        foreignWrites += 2;
      }
      // zonectl's turn: plan, apply (batches, every fourth cycle single calls), converge.
      const before = (await listRecords(h)).filter((r) => !marked(r));
      const c = zoneFile(i, pick);
      const run = await planZoneRun(h.client, c);
      if (run.plan.operations.length > 0) {
        const [outcome] = await applyZoneRuns(h.client, [run], { batch: i % 4 !== 3, concurrency: 4 });
        check(outcome?.result.ok === true, i, `the apply failed: ${outcome?.result.error?.message ?? 'no outcome'}`);
        check((outcome?.residual?.operations ?? []).length === 0, i, 'the apply did not converge');
        zonectlWrites += run.plan.operations.length;
      }
      const again = await planZoneRun(h.client, c);
      check(
        again.plan.operations.length === 0,
        i,
        `a second plan is not empty: ${JSON.stringify(again.plan.operations.map((o) => o.action))}`,
      );
      const after = await listRecords(h);
      const now = new Map(after.map((r) => [r.id, r]));
      const changed = before.filter((r) => now.get(r.id) === undefined || shape(now.get(r.id)!) !== shape(r));
      check(changed.length === 0, i, `foreign records changed: ${changed.map((r) => `${r.name} ${r.type}`).join(', ')}`);
      foreignChecked += before.length;
      const ours = after
        .filter(marked)
        .map((r) => `${r.name} ${r.content}`)
        .sort();
      const wanted = c.records.map((d) => `${d.record.name} ${d.record.content}`).sort();
      check(
        JSON.stringify(ours) === JSON.stringify(wanted),
        i,
        `zonectl's records ${JSON.stringify(ours)} are not the file's ${JSON.stringify(wanted)}`,
      );
      check(
        after.length === ours.length + services.length * 2,
        i,
        `${after.length} records: neither zonectl's nor the foreign writer's are there`,
      );
      finalRecords = after.length;
    }
  } finally {
    await h.close();
  }
  return {
    cycles: options.cycles,
    foreignWrites,
    zonectlWrites,
    foreignChecked,
    foreignChanged: 0,
    leftBehind: 0,
    finalRecords,
    ms: performance.now() - started,
  };
}
