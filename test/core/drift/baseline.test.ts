/**
 * `drift --baseline` reads what the report shows (src/core/drift/baseline.ts): ids computed
 * again from each item's fields, an item whose id is not that of what it shows refused with its
 * line, a report of format 1 read by what its items show.
 */
import { describe, expect, it } from 'vitest';
import { readBaseline } from '../../../src/core/drift/baseline.js';
import { driftItemId } from '../../../src/core/drift/drift-items.js';

const shown = {
  zone: 'example.com',
  kind: 'changed',
  name: 'www.example.com',
  type: 'A',
  field: 'value',
  file: '192.0.2.1',
  live: '192.0.2.9',
} as const;
const report = (version: number, items: unknown[]): string =>
  JSON.stringify({ format_version: version, zones: [{ zone: 'example.com', items }] }, null, 2);

describe('a baseline means what it shows', () => {
  it('reads an item whose id is the id of what it shows', () => {
    const id = driftItemId(shown);
    const b = readBaseline('b.json', report(2, [{ id, ...shown, counted: true }]));
    expect([...b.ids]).toEqual([id]);
    expect(b.version).toBe(2);
  });

  it('the live value is part of the id: another live value is another item', () => {
    expect(driftItemId(shown)).not.toBe(driftItemId({ ...shown, live: '203.0.113.66' }));
    expect(driftItemId(shown)).toMatch(/^d2:[0-9a-f]{24}$/);
  });

  it('refuses an item whose id is not that of the fields it shows, naming its line', () => {
    const other = driftItemId({ ...shown, name: 'login.example.com', live: '203.0.113.66' });
    const text = report(2, [
      { id: driftItemId(shown), ...shown },
      { id: other, ...shown, field: 'ttl', file: '300', live: '600' },
    ]);
    const line = text.split('\n').findIndex((l, i, all) => l.trim() === '{' && all[i + 1]!.includes(other)) + 1;
    expect(line).toBeGreaterThan(1);
    expect(() => readBaseline('b.json', text)).toThrow(
      `b.json: line ${line}: zones[0].items[1]: its id ${other} is not the id of what it shows (example.com: www.example.com A ttl, file 300, live 600: ${driftItemId({ ...shown, field: 'ttl', file: '300', live: '600' })})`,
    );
  });

  it('refuses an item without its fields, or under another zone', () => {
    expect(() => readBaseline('b.json', report(2, [{ id: driftItemId(shown), kind: 'changed' }]))).toThrow(
      /b\.json: line 7: zones\[0\]\.items\[0\]: an item without its kind, zone, name, type and field/,
    );
    const elsewhere = { ...shown, zone: 'other.example' };
    expect(() => readBaseline('b.json', report(2, [{ id: driftItemId(elsewhere), ...elsewhere }]))).toThrow(
      /an item of zone other\.example under example\.com/,
    );
  });

  it('reads a report of format 1 by what its items show (the id it carries is not used)', () => {
    const b = readBaseline('old.json', report(1, [{ id: 'd1:000000000000000000000000', ...shown }]));
    expect([...b.ids]).toEqual([driftItemId(shown)]);
    expect(b.version).toBe(1);
  });

  it('refuses what is no report', () => {
    expect(() => readBaseline('b.json', '{')).toThrow(/b\.json: not JSON/);
    expect(() => readBaseline('b.json', JSON.stringify({ format_version: 3, zones: [] }))).toThrow(/format_version 3 is not 1 or 2/);
  });
});
