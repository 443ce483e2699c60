/**
 * `drift --adopt`'s choice (src/core/export/adopt-items.ts): the plan's operations narrowed to the
 * chosen drift items. A record update shows one item per field; adopting one of them takes only
 * that field into the file; what cannot be adopted (a token, a zone that does not exist) is never
 * chosen, whatever the choice says.
 */
import { describe, expect, it } from 'vitest';
import { adoptionItems, operationsToAdopt } from '../../../src/core/export/adopt-items.js';
import { editsToMatchLive } from '../../../src/core/export/refresh-edits.js';
import { planNewZone, planZone } from '../../../src/core/plan/plan-zone.js';
import { editText, live, load, ZONE_ID } from './edit-fixture.js';

const TEXT = `version: 1
zone: example.com
defaults: { ttl: 3600 }
settings:
  flatten_all_cnames: false
records:
  - { name: api, type: A, content: 192.0.2.1, ttl: 300 }   # api
  - { name: www, type: A, content: 192.0.2.2 }
`;

describe('operations narrowed to the chosen items', () => {
  const config = load(TEXT);
  const state = {
    records: [
      live({ name: 'api', type: 'A', content: '192.0.2.9', ttl: 600 }),
      live({ name: 'www', type: 'A', content: '192.0.2.2', ttl: 3600 }),
      live({ name: 'blog', type: 'CNAME', content: 'blog.example.net', ttl: 3600 }),
    ],
    settings: { flatten_all_cnames: true },
  };
  const plan = planZone(config, ZONE_ID, state);
  const items = adoptionItems(plan).map((a) => a.item);
  const pick = (kind: string, field: string) => items.find((i) => i.kind === kind && i.field === field)!;

  it('one field of a record update: only that field is edited; the other item stays as it was', () => {
    const ttl = pick('changed', 'ttl');
    const value = pick('changed', 'value');
    const ops = operationsToAdopt(plan, (i) => i.id === ttl.id);
    expect(ops).toHaveLength(1);
    expect(ops[0]).toMatchObject({ kind: 'dns_record', action: 'update', fields: ['ttl'] });
    const { edits } = editsToMatchLive(config, { operations: ops });
    const after = editText(TEXT, edits);
    expect(after).toBe(TEXT.replace('ttl: 300', 'ttl: 600'));
    // Planned again: the ttl item is gone, the value item is the same item (same id).
    const again = adoptionItems(planZone(load(after), ZONE_ID, state)).map((a) => a.item.id);
    expect(again).not.toContain(ttl.id);
    expect(again).toContain(value.id);
  });

  it('an added record and a setting, by their ids; nothing else', () => {
    const blog = pick('added', 'record');
    const setting = pick('settings', 'flatten_all_cnames');
    const ops = operationsToAdopt(plan, (i) => i.id === blog.id || i.id === setting.id);
    expect(ops.map((o) => `${o.kind} ${o.action}`).sort()).toEqual(['dns_record delete', 'dns_settings update']);
    const settings = ops.find((o) => o.kind === 'dns_settings');
    expect(settings?.fields).toEqual(['flatten_all_cnames']);
    expect(operationsToAdopt(plan, () => false)).toEqual([]);
  });

  it('a zone that does not exist has nothing to adopt', () => {
    const created = planNewZone(config, 'acc');
    const all = adoptionItems(created);
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((a) => !a.adoptable)).toBe(true);
    expect(operationsToAdopt(created, () => true)).toEqual([]);
  });
});
