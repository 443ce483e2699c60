/**
 * Issue 18 item 2: a saved plan edited after review is refused before any write (through the
 * real CLI against the emulator), and the zone is left as it was.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN, listRecords, startHarness, type Harness } from '../scenario/harness.js';
import { runCli } from '../support/run-cli.js';
import { tempDir } from '../support/temp-dir.js';

const ZONE = (ip: string, www = true) => `version: 1
zone: example.com
records:
  - { name: "@", type: A, content: ${ip} }
${www ? '  - { name: www, type: CNAME, content: example.com }\n' : ''}  - { name: critical, type: A, content: 192.0.2.50 }
`;

interface Op {
  action: string;
  method: string;
  path: string;
  recordId?: string;
  body?: Record<string, unknown>;
  before?: { name: string };
}
interface PlanDoc {
  zones: Array<{ plan: { operations: Op[]; fingerprint: Record<string, string[]> } }>;
}

describe('apply --plan refuses a plan edited after it was made', () => {
  let h: Harness;
  let dir: string;
  let env: Record<string, string>;
  let n = 0;
  const snapshot = async () => (await listRecords(h)).map((r) => `${r.name} ${r.type} ${r.content}`).sort();
  const planTo = async (zoneText: string): Promise<string> => {
    n += 1;
    const zone = join(dir, `zone-${n}.yaml`);
    writeFileSync(zone, zoneText);
    const out = join(dir, `plan-${n}.json`);
    const r = await runCli(['plan', zone, '--out', out], env);
    expect(r.code).toBe(0);
    return out;
  };
  const edit = (plan: string, change: (doc: PlanDoc) => void): void => {
    const doc = JSON.parse(readFileSync(plan, 'utf8')) as PlanDoc;
    change(doc);
    writeFileSync(plan, JSON.stringify(doc));
  };
  const refused = async (plan: string, before: string[]): Promise<string> => {
    const r = await runCli(['apply', '--plan', plan, '--yes'], env, dir);
    expect(r.code).not.toBe(0);
    expect(await snapshot()).toEqual(before);
    return r.stderr;
  };

  beforeAll(async () => {
    h = await startHarness();
    dir = tempDir('tamper');
    env = { CLOUDFLARE_BASE_URL: h.emulator.baseUrl, CLOUDFLARE_API_TOKEN: TOKEN };
    const zone = join(dir, 'base.yaml');
    writeFileSync(zone, ZONE('192.0.2.1'));
    expect((await runCli(['apply', zone, '--yes'], env)).code).toBe(0);
  });
  afterAll(async () => {
    await h.close();
  });

  it('when a body was changed', async () => {
    const plan = await planTo(ZONE('192.0.2.2'));
    edit(plan, (doc) => {
      const op = doc.zones[0].plan.operations.find((o) => o.body !== undefined) as Op;
      (op.body as Record<string, unknown>).content = '198.51.100.66';
    });
    expect(await refused(plan, await snapshot())).toMatch(/stale.*operations differ/);
  });

  it('when an operation was added', async () => {
    const plan = await planTo(ZONE('192.0.2.3'));
    edit(plan, (doc) => {
      const ops = doc.zones[0].plan.operations;
      const update = ops.find((o) => o.action === 'update') as Op;
      const zonePath = update.path.replace(/\/[0-9a-f]{32}$/, '');
      ops.push({
        ...update,
        action: 'create',
        method: 'POST',
        path: zonePath,
        recordId: undefined,
        before: undefined,
        body: { ...update.body, name: 'evil.example.com', content: '198.51.100.7' },
      } as Op);
    });
    expect(await refused(plan, await snapshot())).toMatch(/stale.*operations differ/);
  });

  it('when the fingerprint was emptied and the zone changed since', async () => {
    const plan = await planTo(ZONE('192.0.2.4'));
    edit(plan, (doc) => {
      doc.zones[0].plan.fingerprint = {};
    });
    const apex = (await listRecords(h)).find((r) => r.type === 'A' && r.name === 'example.com');
    await fetch(`${h.emulator.baseUrl}/zones/${h.zoneId}/dns_records/${apex?.id}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body: JSON.stringify({ comment: 'changed out of band' }),
    });
    expect(await refused(plan, await snapshot())).toMatch(/stale.*fingerprint/);
  });

  it('when a delete was pointed at another record', async () => {
    const plan = await planTo(ZONE('192.0.2.1', false));
    const critical = (await listRecords(h)).find((r) => r.name === 'critical.example.com');
    expect(critical).toBeDefined();
    edit(plan, (doc) => {
      const del = doc.zones[0].plan.operations.find((o) => o.action === 'delete') as Op;
      del.path = del.path.replace(del.recordId as string, critical?.id as string);
      del.recordId = critical?.id;
    });
    const stderr = await refused(plan, await snapshot());
    expect(stderr).toMatch(/stale.*operations differ/);
  });

  it('--expect-digest: applies only the very file plan --out printed the digest of', async () => {
    n += 1;
    const zone = join(dir, `zone-${n}.yaml`);
    writeFileSync(zone, ZONE('192.0.2.7'));
    const plan = join(dir, `plan-${n}.json`);
    const made = await runCli(['plan', zone, '--out', plan], env);
    expect(made.code).toBe(0);
    const digest = /\((sha256:[0-9a-f]{64})\)/.exec(made.stderr + made.stdout)?.[1] as string;
    expect(digest).toBeDefined();
    // Whitespace only: the same plan in every field, but not the file that was pinned.
    writeFileSync(plan, `${readFileSync(plan, 'utf8')}\n`);
    const before = await snapshot();
    const wrong = await runCli(['apply', '--plan', plan, '--expect-digest', digest, '--yes'], env, dir);
    expect(wrong.code).not.toBe(0);
    expect(wrong.stderr).toMatch(/PLAN_FILE_DIGEST.*not the expected one/);
    expect(await snapshot()).toEqual(before);

    writeFileSync(plan, readFileSync(plan, 'utf8').replace(/\n$/, ''));
    const right = await runCli(['apply', '--plan', plan, '--expect-digest', digest, '--yes'], env, dir);
    expect(right.code).toBe(0);
    expect((await listRecords(h)).find((r) => r.name === 'example.com' && r.type === 'A')?.content).toBe('192.0.2.7');
    const again = await runCli(['plan', zone, '--detailed-exitcode'], env);
    expect(again.code).toBe(0); // nothing left to do
  });

  it('when a plan made from other files is relabelled as the reviewed one', async () => {
    const reviewed = await planTo(ZONE('192.0.2.8'));
    const other = await planTo(ZONE('198.51.100.9'));
    type Doc = { files: Array<{ path: string; sha256: string }>; zones: Array<{ config: { file: string } }> };
    const good = JSON.parse(readFileSync(reviewed, 'utf8')) as Doc;
    const forged = JSON.parse(readFileSync(other, 'utf8')) as Doc;
    forged.files = good.files;
    // The zone file as the reviewed plan records it (relative to the repository root).
    forged.zones[0].config.file = good.zones[0].config.file;
    writeFileSync(reviewed, JSON.stringify(forged));
    const stderr = await refused(reviewed, await snapshot());
    expect(stderr).toMatch(/PLAN_FILE_MISMATCH.*configuration of zone example\.com is not what .*zone-\d+\.yaml produces/);
  });

  it('when the zone file changed since the plan', async () => {
    const plan = await planTo(ZONE('192.0.2.10'));
    writeFileSync(join(dir, `zone-${n}.yaml`), ZONE('192.0.2.11'));
    expect(await refused(plan, await snapshot())).toMatch(/PLAN_FILE_MISMATCH.*changed since the plan was made/);
  });

  it('a files entry edited to a device (/dev/zero) is refused at once, never read', async () => {
    const before = await snapshot();
    const plan = await planTo(ZONE('192.0.2.9'));
    const doc = JSON.parse(readFileSync(plan, 'utf8')) as { files: Array<{ path: string; sha256: string }> };
    doc.files.push({ path: '/dev/zero', sha256: '0'.repeat(64) });
    writeFileSync(plan, JSON.stringify(doc));
    const stderr = await refused(plan, before);
    // Refused as a path outside the repository apply runs in, before it is even looked at.
    expect(stderr).toMatch(
      /error\[PLAN_FILE_INVALID\]: \/dev\/zero: the plan names a file apply does not read: the path leads outside the repository/,
    );
  });

  it('a saved plan of a zone that includes a shared fragment applies, and a second plan is empty', async () => {
    const repo = tempDir('tamper-frag');
    writeFileSync(join(repo, 'zonectl.yaml'), 'version: 1\n');
    writeFileSync(join(repo, 'mail.yaml'), 'version: 1\nrecords:\n  - { name: "@", type: MX, content: mx.example.net, priority: 10 }\n');
    const zone = join(repo, 'example.com.yaml');
    writeFileSync(zone, `${ZONE('192.0.2.1')}include: [mail.yaml]\n`);
    const out = join(repo, 'plan.json');
    const planned = await runCli(['plan', zone, '--out', out], env);
    expect(planned.code, planned.stderr).toBe(0);
    const applied = await runCli(['apply', '--plan', out, '--yes'], env, repo);
    expect(applied.code, applied.stderr).toBe(0);
    expect((await listRecords(h)).some((r) => r.type === 'MX' && r.content === 'mx.example.net')).toBe(true);
    expect((await runCli(['plan', zone, '--detailed-exitcode'], env)).code).toBe(0);
  });
});
