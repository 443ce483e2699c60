/**
 * Drift in the operator's words (src/core/render/drift-words.ts): what happened at the service,
 * the live value first, no plan sign; each item's two ways out, as text the later
 * `drift --adopt` honours (`zonectl drift FILE --adopt ID`, the id as in the JSON report).
 */
import { describe, expect, it } from 'vitest';
import { DRIFT_ITEM_ID, driftItemId, type DriftItem } from '../../../src/core/drift/drift-items.js';
import { happenedOf, shellWord, waysOut } from '../../../src/core/drift/ways-out.js';
import { describeDriftItem, describeWaysOut } from '../../../src/core/render/drift-words.js';

function item(p: Partial<DriftItem> & Pick<DriftItem, 'kind' | 'name' | 'type' | 'field'>): DriftItem {
  const shown = { zone: 'example.com', file: null, live: null, ...p };
  return { id: driftItemId(shown), counted: true, ...shown };
}

describe('what happened at the service', () => {
  const changed = item({ kind: 'changed', name: 'www.example.com', type: 'A', field: 'value', file: '192.0.2.1', live: '192.0.2.9' });
  const added = item({ kind: 'added', name: 'x.example.com', type: 'TXT', field: 'record', live: '"hi"  [ttl auto]' });
  const removed = item({ kind: 'deleted', name: 'api.example.com', type: 'A', field: 'record', file: '192.0.2.20  [ttl auto]' });

  it('says added, changed or removed there, the live value first, with no sign', () => {
    expect(describeDriftItem(changed)).toBe('www.example.com A value changed at the service: live 192.0.2.9, file 192.0.2.1');
    expect(describeDriftItem(added)).toBe('x.example.com TXT added at the service: live "hi"  [ttl auto], not in the file');
    expect(describeDriftItem(removed)).toBe('api.example.com A removed at the service: not live, file 192.0.2.20  [ttl auto]');
    expect(
      describeDriftItem(item({ kind: 'settings', name: 'example.com', type: 'dns_settings', field: 'ns_ttl', file: '3600', live: '7200' })),
    ).toBe('example.com dns_settings ns_ttl changed at the service: live 7200, file 3600');
    expect(describeDriftItem(item({ kind: 'token', name: 'ci', type: 'token', field: 'token', file: 'listed' }))).toBe(
      'ci token removed at the service: not live, the file lists it',
    );
    for (const i of [changed, added, removed]) expect(describeDriftItem(i)).not.toMatch(/^[+~-] /);
  });

  it('maps every kind to what happened', () => {
    expect([changed, added, removed].map(happenedOf)).toEqual(['changed', 'added', 'removed']);
    expect(happenedOf(item({ kind: 'zone', name: 'example.com', type: 'zone', field: 'zone', file: 'listed' }))).toBe('missing');
    expect(happenedOf(item({ kind: 'unmanaged', name: 'k.example.com', type: 'A', field: 'record', live: 'x' }))).toBe('kept');
    expect(happenedOf(item({ kind: 'token', name: 't', type: 'token', field: 'unlisted', live: 'id x' }))).toBe('unlisted');
    expect(happenedOf(item({ kind: 'token', name: 't', type: 'token', field: 'token', live: 'present (manage.tokens: delete)' }))).toBe(
      'added',
    );
  });

  it('names two ways out: revert (apply the file) and adopt (drift FILE --adopt ID, the id of the JSON report)', () => {
    const ways = waysOut(changed, 'zones/example.com.yaml');
    expect(ways).toEqual({
      revert: { command: 'zonectl apply zones/example.com.yaml', does: 'sets it back to 192.0.2.1' },
      adopt: { command: `zonectl drift zones/example.com.yaml --adopt ${changed.id}`, does: 'writes 192.0.2.9 into the file' },
    });
    expect(changed.id).toMatch(DRIFT_ITEM_ID);
    expect(waysOut(added, 'z.yaml')).toMatchObject({ revert: { does: 'deletes it' }, adopt: { does: 'adds it to the file' } });
    expect(waysOut(removed, 'z.yaml')).toMatchObject({ revert: { does: 'creates it again' }, adopt: { does: 'removes it from the file' } });
    expect(waysOut({ ...removed, source: 'shared/mail.yaml' }, 'z.yaml').adopt?.does).toBe('removes it from shared/mail.yaml');
    expect(describeWaysOut(waysOut(added, 'z.yaml'))).toBe(
      `revert: zonectl apply z.yaml (deletes it) · adopt: zonectl drift z.yaml --adopt ${added.id} (adds it to the file)`,
    );
  });

  it('offers no adopt where there is nothing to take in, and no way out of what is no drift', () => {
    const token = item({ kind: 'token', name: 'ci', type: 'token', field: 'policies', file: 'a', live: 'b' });
    expect(waysOut(token, 'z.yaml')).toEqual({ revert: { command: 'zonectl apply z.yaml', does: 'sets it back to a' } });
    const dnssecError = item({ kind: 'settings', name: 'example.com', type: 'dnssec', field: 'status', file: 'active', live: 'error' });
    expect(waysOut(dnssecError, 'z.yaml')).toEqual({});
    expect(waysOut(removed, 'z.yaml', true)).toEqual({ revert: { command: 'zonectl apply z.yaml', does: 'creates it with the zone' } });
    expect(waysOut({ ...added, counted: false }, 'z.yaml')).toEqual({});
  });

  it('quotes a file name a shell would read specially, so that a copied command names that file only', () => {
    expect(shellWord('zones/example.com.yaml')).toBe('zones/example.com.yaml');
    expect(shellWord("zones/a b;$(rm -rf x)'.yaml")).toBe(`'zones/a b;$(rm -rf x)'\\''.yaml'`);
    expect(waysOut(changed, 'zones/$(id).yaml').revert?.command).toBe("zonectl apply 'zones/$(id).yaml'");
  });
});
