/**
 * The `export --into` session in process (src/app/export/into-session.ts): a zone file on disk,
 * the real client against the real emulator over loopback, a recording output. What the editor
 * refuses reaches the user as EDIT_REFUSED with the file, the line and the reason, and nothing is
 * written; what it can make is written so that the file plans empty against the zone: a record
 * that takes its fields from a merge key gets an override, the shared anchor stays. `--dry-run`
 * returns the files it would change and writes nothing.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type ExportEvent, runExportInto } from '../../../src/app/export/index.js';
import { planZoneRun } from '../../../src/app/engine/plan-zone-run.js';
import { ZonectlError } from '../../../src/core/errors.js';
import { config, converge, listRecords, startHarness, TOKEN, type Harness } from '../../scenario/harness.js';
import { tempDir } from '../../support/temp-dir.js';

const ENV = { CLOUDFLARE_API_TOKEN: TOKEN, ZONECTL_ORIGIN: '192.0.2.10' };

const ANCHORS = `# web names share one base record
version: 1
zone: example.com
manage: { unmanaged: delete }
records:
  - &web { name: "@", type: A, content: 192.0.2.80, ttl: 300 }   # the apex
  - <<: *web
    name: www
  - <<: *web
    name: shop
  - { name: origin, type: A, content: "\${ZONECTL_ORIGIN}", ttl: 300 }
  # mail
  - { name: "@", type: MX, content: mx.example.net, priority: 10 }
`;

function recording(): { events: ExportEvent[]; emit(e: ExportEvent): void; texts(): string[] } {
  const events: ExportEvent[] = [];
  return {
    events,
    emit: (e) => {
      events.push(e);
    },
    texts: () => events.flatMap((e) => (e.kind === 'note' || e.kind === 'warning' ? [e.text] : [])),
  };
}

describe('the export --into session in process', () => {
  let h: Harness;
  let dir: string;
  let file: string;
  const api = async (method: string, path: string, body?: unknown): Promise<unknown> => {
    const res = await fetch(`${h.emulator.baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const doc = (await res.json()) as { success: boolean; result: unknown; errors: unknown };
    expect(doc.success, JSON.stringify(doc.errors)).toBe(true);
    return doc.result;
  };
  const patch = async (name: string, type: string, body: Record<string, unknown>): Promise<void> => {
    const record = (await listRecords(h)).find((r) => r.name === name && r.type === type);
    expect(record, `${name} ${type}`).toBeDefined();
    await api('PATCH', `/zones/${h.zoneId}/dns_records/${record!.id}`, body);
  };
  const run = (dryRun = false) => {
    const out = recording();
    return { out, done: runExportInto({ file, dryRun, baseUrl: h.emulator.baseUrl, env: ENV }, out) };
  };
  const refusal = async (): Promise<ZonectlError> => {
    const { done } = run();
    const error = await done.then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ZonectlError);
    return error as ZonectlError;
  };

  beforeAll(async () => {
    h = await startHarness();
    dir = tempDir('export-into-session');
    file = join(dir, 'example.com.yaml');
  });
  afterAll(async () => {
    await h.close();
  });
  beforeEach(async () => {
    writeFileSync(file, ANCHORS);
    await converge(h, config(ANCHORS, ENV));
  });

  it('a live change to a record that takes its fields from a merge key: an override on that record, the anchor untouched', async () => {
    await patch('www.example.com', 'A', { content: '192.0.2.81' });
    const dry = run(true);
    expect(await dry.done).toEqual({ changed: [file] });
    expect(readFileSync(file, 'utf8')).toBe(ANCHORS);
    const diff = dry.out.events.flatMap((e) => (e.kind === 'zone-text' ? [e.text] : [])).join('');
    expect(diff).toContain('+    content: 192.0.2.81\n');

    const { out, done } = run();
    expect(await done).toEqual({ changed: [file] });
    expect(out.texts().join('\n')).toMatch(/~ www A 192\.0\.2\.80: content 192\.0\.2\.80 → 192\.0\.2\.81/);
    const after = readFileSync(file, 'utf8');
    expect(after).toBe(ANCHORS.replace('    name: www\n', '    name: www\n    content: 192.0.2.81\n'));
    const again = await planZoneRun(h.client, config(after, ENV));
    expect(again.plan.operations).toEqual([]);
  });

  it('a live change to the anchored record others merge: EDIT_REFUSED at its line, with the reason; nothing written', async () => {
    await patch('example.com', 'A', { ttl: 600 });
    const error = await refusal();
    expect(error.code).toBe('EDIT_REFUSED');
    expect(error.message).toContain(`${file}:6: records[0]: the node at line 6 carries the anchor &web`);
    expect(error.message).toMatch(/\[anchor-shared\]; nothing was written$/);
    expect(readFileSync(file, 'utf8')).toBe(ANCHORS);
  });

  it('a live change to a value written with ${VAR}: refused [variable-reference]; the variable is not replaced', async () => {
    await patch('origin.example.com', 'A', { content: '192.0.2.11' });
    const error = await refusal();
    expect(error.code).toBe('EDIT_REFUSED');
    expect(error.message).toContain(`${file}:11: records[3].content at line 11 is written with a \${VAR} reference`);
    expect(error.message).toMatch(/\[variable-reference\]; nothing was written$/);
    expect(readFileSync(file, 'utf8')).toBe(ANCHORS);
  });

  it('a record removed live that only merges: it goes with its lines; the comment of the next record stays', async () => {
    const shop = (await listRecords(h)).find((r) => r.name === 'shop.example.com')!;
    await api('DELETE', `/zones/${h.zoneId}/dns_records/${shop.id}`);
    const { done } = run();
    expect(await done).toEqual({ changed: [file] });
    const after = readFileSync(file, 'utf8');
    expect(after).toBe(ANCHORS.replace('  - <<: *web\n    name: shop\n', ''));
    expect((await planZoneRun(h.client, config(after, ENV))).plan.operations).toEqual([]);
  });
});
