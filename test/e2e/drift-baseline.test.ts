/**
 * `drift --baseline` over three nights against the emulator (issue 30, item 3): night 1 records
 * the drift (`--out`); night 2 adds drift and changes the file's record order: only the new
 * item is new (ids are not list positions), `--fail-on new` exits 2; night 3 nothing new:
 * exit 0 while drift is still there, and drift repaired in the meantime is "gone". The text,
 * Markdown, HTML and JUnit outputs put new drift first. A baseline means what it shows (issue 42,
 * item 4; issue 39, item 3): an item whose id is not that of the fields it shows is an error
 * naming its line, and a later, different live value of an accepted item is new drift.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeDrift, openDriftWorld, type DriftWorld } from '../support/drift-world.js';

interface JsonItem {
  id: string;
  kind: string;
  name: string;
  type: string;
  field: string;
  file: string | null;
  live: string | null;
  baseline?: string;
}
interface JsonReport {
  format_version: number;
  baseline?: { new: number; present: number; gone: number };
  zones: Array<{ zone: string; items: JsonItem[]; gone?: JsonItem[] }>;
}

describe('drift --baseline', () => {
  let world: DriftWorld;
  beforeAll(async () => {
    world = await openDriftWorld();
    await makeDrift(world);
  }, 120_000);
  afterAll(async () => {
    await world?.close();
  });

  const read = (file: string): JsonReport => JSON.parse(readFileSync(join(world.dir, file), 'utf8')) as JsonReport;
  const items = (r: JsonReport): JsonItem[] => r.zones.flatMap((z) => z.items);

  it('marks new, still present and gone items by stable id; --fail-on new exits 2 only on new drift', async () => {
    // Night 1: the report with ids, on stdout as JSON and in --out.
    const night1 = await world.cli(['drift', 'zones/', '--format', 'json', '--out', 'night1.json']);
    expect(night1.code, night1.stderr).toBe(2);
    expect(JSON.parse(night1.stdout)).toEqual(read('night1.json'));
    const first = read('night1.json');
    expect(first.format_version).toBe(2);
    const shop = first.zones.find((z) => z.zone === 'shop.example')!;
    expect(shop.items.map((i) => [i.kind, i.name, i.type, i.field, i.file, i.live])).toEqual([
      ['changed', 'shop.example', 'A', 'value', '192.0.2.10', '192.0.2.99'],
      ['changed', 'shop.example', 'A', 'ttl', '300', '600'],
      ['deleted', 'api.shop.example', 'A', 'record', '192.0.2.20  [ttl auto]', null],
      ['added', 'promo.shop.example', 'TXT', 'record', null, '"<img src=x onerror=alert(2)>"  [ttl auto]'],
    ]);
    for (const i of items(first)) expect(i.id).toMatch(/^d2:[0-9a-f]{24}$/);
    expect(new Set(items(first).map((i) => i.id)).size).toBe(items(first).length);

    // Night 2: one more record changed live, and the file's records reordered (positions move, ids do not).
    const id = await world.zoneId('shop.example');
    const records = (await world.api('GET', `/zones/${id}/dns_records?type=MX`)).result as Array<{ id: string }>;
    expect((await world.api('PATCH', `/zones/${id}/dns_records/${records[0]!.id}`, { priority: 20 })).success).toBe(true);
    const file = join(world.zonesDir, 'shop.example.yaml');
    const lines = readFileSync(file, 'utf8').split('\n');
    const recordLines = lines.filter((l) => l.startsWith('  - '));
    writeFileSync(file, [...lines.filter((l) => !l.startsWith('  - ')), ...recordLines.reverse()].join('\n'));
    const night2 = await world.cli([
      'drift',
      'zones/',
      '--baseline',
      'night1.json',
      '--fail-on',
      'new',
      '--format',
      'json',
      '--out',
      'night2.json',
    ]);
    expect(night2.code, night2.stderr).toBe(2);
    const second = JSON.parse(night2.stdout) as JsonReport;
    expect(second.baseline).toMatchObject({ new: 1, present: 5, gone: 0 });
    const fresh = items(second).filter((i) => i.baseline === 'new');
    expect(fresh.map((i) => [i.name, i.type, i.field, i.file, i.live])).toEqual([
      ['shop.example', 'MX', 'value', '10 mx1.example.net', '20 mx1.example.net'],
    ]);
    // New drift first in the zone's list.
    expect(second.zones.find((z) => z.zone === 'shop.example')!.items[0]!.baseline).toBe('new');
    for (const i of items(first)) expect(items(second).find((j) => j.id === i.id)?.baseline, `${i.kind} ${i.name}`).toBe('present');

    // The other outputs show the new item first too.
    const text = await world.cli(['drift', 'zones/', '--baseline', 'night1.json']);
    expect(text.code).toBe(2);
    expect(text.stdout.split('\n').slice(0, 3)).toEqual([
      'Compared with night1.json: 1 new, 5 still present, 0 gone.',
      'New drift:',
      '  shop.example: shop.example MX value changed at the service: live 20 mx1.example.net, file 10 mx1.example.net',
    ]);
    const markdown = await world.cli(['drift', 'zones/', '--baseline', 'night1.json', '--format', 'markdown']);
    expect(
      markdown.stdout.startsWith(
        '#### New drift since night1.json\n\n**1 new**, 5 still present, 0 gone.\n\n- `shop.example`: `shop.example MX value changed at the service',
      ),
    ).toBe(true);
    const junit = await world.cli(['drift', 'zones/', '--baseline', 'night1.json', '--format', 'junit']);
    expect(junit.stdout).toMatch(
      /<testcase name="shop.example"[^>]*>\s*<failure message="shop.example \(zones\/shop.example.yaml\): 5 drift \(1 new\)&#10;\[new\] shop.example MX value changed at the service/,
    );
    expect(junit.stdout.indexOf('name="shop.example"')).toBeLessThan(junit.stdout.indexOf('name="mail.example"'));
    const html = await world.cli(['drift', 'zones/', '--baseline', 'night1.json', '--format', 'html']);
    const shopSection = html.stdout.slice(html.stdout.indexOf('<section class="zone" id="zone-shop.example"'));
    expect(shopSection.indexOf('b-new')).toBeLessThan(shopSection.indexOf('b-present'));
    expect(html.stdout.indexOf('id="zone-shop.example"')).toBeLessThan(html.stdout.indexOf('id="zone-mail.example"'));

    // Night 3: the A record repaired by hand, nothing new: --fail-on new exits 0 though drift remains.
    const a = ((await world.api('GET', `/zones/${id}/dns_records?type=A&name=shop.example`)).result as Array<{ id: string }>)[0]!;
    expect((await world.api('PATCH', `/zones/${id}/dns_records/${a.id}`, { content: '192.0.2.10', ttl: 300 })).success).toBe(true);
    const night3 = await world.cli(['drift', 'zones/', '--baseline', 'night2.json', '--fail-on', 'new', '--format', 'json']);
    expect(night3.code, night3.stderr).toBe(0);
    const third = JSON.parse(night3.stdout) as JsonReport;
    expect(third.baseline).toMatchObject({ new: 0, present: 4, gone: 2 });
    const gone = third.zones.find((z) => z.zone === 'shop.example')!.gone!;
    expect(gone.map((i) => [i.name, i.type, i.field, i.baseline])).toEqual([
      ['shop.example', 'A', 'value', 'gone'],
      ['shop.example', 'A', 'ttl', 'gone'],
    ]);
    // Without --fail-on new, remaining drift still exits 2.
    expect((await world.cli(['drift', 'zones/', '--baseline', 'night2.json'])).code).toBe(2);
  }, 120_000);

  it('an edited baseline cannot hide a record it does not name: an item showing one record with the id of another is an error naming its line', async () => {
    const id = await world.zoneId('shop.example');
    const base = await world.cli(['drift', 'zones/', '--format', 'json', '--out', 'honest.json']);
    expect(base.code, base.stderr).toBe(2);
    // Tonight someone adds a record; the attacker learns its id (tonight's report) before the job runs.
    expect(
      (await world.api('POST', `/zones/${id}/dns_records`, { type: 'A', name: 'login.shop.example', content: '203.0.113.66' })).success,
    ).toBe(true);
    try {
      const tonight = JSON.parse((await world.cli(['drift', 'zones/', '--format', 'json'])).stdout) as JsonReport;
      const login = items(tonight).find((i) => i.name === 'login.shop.example')!;
      expect(login).toBeDefined();
      // The forged item displays an innocent field of another record, and carries the new record's id.
      const doc = read('honest.json');
      const shopIndex = doc.zones.findIndex((z) => z.zone === 'shop.example');
      const forged: JsonItem = {
        ...doc.zones[shopIndex]!.items[0]!,
        id: login.id,
        kind: 'changed',
        name: 'api.shop.example',
        type: 'A',
        field: 'ttl',
        file: '300',
        live: '600',
      };
      doc.zones[shopIndex]!.items.push(forged);
      const text = JSON.stringify(doc, null, 2);
      writeFileSync(join(world.dir, 'forged.json'), text);
      const r = await world.cli(['drift', 'zones/', '--baseline', 'forged.json', '--fail-on', 'new', '--format', 'json']);
      // Before: exit 0, the new record "still present". Now: refused, naming the item and its line.
      const position = doc.zones[shopIndex]!.items.length - 1;
      const line = text.slice(0, text.indexOf(`"id": "${login.id}"`)).split('\n').length - 1;
      expect(r.code, r.stdout).toBe(1);
      expect(r.stderr).toMatch(
        new RegExp(
          `^zonectl: error\\[BASELINE_INVALID\\]: forged\\.json: line ${line}: zones\\[${shopIndex}\\]\\.items\\[${position}\\]: its id ${login.id} is not the id of what it shows \\(shop\\.example: api\\.shop\\.example A ttl, file 300, live 600: d2:[0-9a-f]{24}\\)`,
          'm',
        ),
      );
      expect(r.stderr).not.toMatch(/\n\s+at /);
    } finally {
      const added = (await world.api('GET', `/zones/${id}/dns_records?name=login.shop.example`)).result as Array<{ id: string }>;
      for (const rec of added) await world.api('DELETE', `/zones/${id}/dns_records/${rec.id}`);
    }
  }, 120_000);

  it('an accepted item is tied to the live value it accepted: a later, different live value is new drift', async () => {
    const id = await world.zoneId('shop.example');
    const a = (
      (await world.api('GET', `/zones/${id}/dns_records?type=A&name=shop.example`)).result as Array<{ id: string; content: string }>
    )[0]!;
    expect((await world.api('PATCH', `/zones/${id}/dns_records/${a.id}`, { content: '192.0.2.99' })).success).toBe(true);
    const accepted = await world.cli(['drift', 'zones/', '--format', 'json', '--out', 'accepted.json']);
    expect(accepted.code, accepted.stderr).toBe(2);
    const before = items(read('accepted.json')).find((i) => i.name === 'shop.example' && i.type === 'A' && i.field === 'value')!;
    expect(before.live).toBe('192.0.2.99');
    // The same record, taken over: the live value moves on.
    expect((await world.api('PATCH', `/zones/${id}/dns_records/${a.id}`, { content: '203.0.113.66' })).success).toBe(true);
    const r = await world.cli(['drift', 'zones/', '--baseline', 'accepted.json', '--fail-on', 'new', '--format', 'json']);
    // Before: exit 0, the takeover "still present". Now: new drift, and the accepted value gone.
    expect(r.code, r.stderr).toBe(2);
    const now = JSON.parse(r.stdout) as JsonReport;
    const fresh = items(now).filter((i) => i.baseline === 'new');
    expect(fresh.map((i) => [i.name, i.type, i.field, i.live, i.file])).toEqual([
      ['shop.example', 'A', 'value', '203.0.113.66', '192.0.2.10'],
    ]);
    const gone = now.zones.find((z) => z.zone === 'shop.example')!.gone ?? [];
    expect(gone.map((i) => [i.name, i.field, i.live])).toEqual([['shop.example', 'value', '192.0.2.99']]);
  }, 120_000);

  it('a report of format 1 (an older zonectl) is read by what its items show', async () => {
    const current = await world.cli(['drift', 'zones/', '--format', 'json']);
    const doc = JSON.parse(current.stdout) as JsonReport;
    // As an older zonectl wrote it: format 1, ids of another form.
    const old = {
      format_version: 1,
      zones: doc.zones.map((z) => ({ zone: z.zone, items: z.items.map((i) => ({ ...i, id: `d1:${'0'.repeat(24)}` })) })),
    };
    writeFileSync(join(world.dir, 'v1.json'), JSON.stringify(old));
    const r = await world.cli(['drift', 'zones/', '--baseline', 'v1.json', '--fail-on', 'new', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expect(JSON.parse(r.stdout).baseline).toMatchObject({ new: 0, gone: 0 });
  }, 120_000);

  it('a baseline that is no drift report, or missing, is a clear error naming it (exit 1, nothing else)', async () => {
    writeFileSync(join(world.dir, 'plan.json'), JSON.stringify({ format_version: 1, zones: [{ zone: 'shop.example', changes: [] }] }));
    writeFileSync(join(world.dir, 'broken.json'), '{"format_version": 1, "zones": [');
    const cases: Array<[string, RegExp]> = [
      ['plan.json', /^zonectl: error\[BASELINE_INVALID\]: plan\.json: zones\[0\] \(shop\.example\): no "items"/m],
      ['broken.json', /^zonectl: error\[BASELINE_INVALID\]: broken\.json: not JSON/m],
      ['missing.json', /^zonectl: error\[BASELINE_INVALID\]: missing\.json: no such file/m],
    ];
    for (const [file, message] of cases) {
      const r = await world.cli(['drift', 'zones/', '--baseline', file]);
      expect(r.code, file).toBe(1);
      expect(r.stderr, file).toMatch(message);
      expect(r.stderr, file).not.toMatch(/\n\s+at /);
      expect(r.stdout, file).toBe('');
    }
    const noBaseline = await world.cli(['drift', 'zones/', '--fail-on', 'new']);
    expect(noBaseline.code).toBe(1);
    expect(noBaseline.stderr).toMatch(/--fail-on new needs --baseline/);
  }, 60_000);
});
