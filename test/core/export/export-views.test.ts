/**
 * The account's views as the account file writes them (src/core/export/export-views.ts): a zone
 * by name when that name means it alone, else `{ zone_id }`; a view the file writes with the
 * same zones keeps its list; the file's order of views first, then the service's.
 */
import { describe, expect, it } from 'vitest';
import { type InternalZoneNames, viewMember, viewsForAccountFile } from '../../../src/core/export/export-views.js';

const zones: Record<string, string> = { c1: 'corp.internal', l1: 'lab.internal', d1: 'dup.internal', d2: 'dup.internal' };
const names: InternalZoneNames = {
  idOfName: (name) => {
    const found = Object.entries(zones).filter(([, n]) => n === name);
    return found.length === 1 ? found[0]![0] : undefined;
  },
  nameOfId: (id) => zones[id],
};

describe('viewsForAccountFile', () => {
  it('names a zone when its name is its own, by id when several share it or the account does not list it', () => {
    expect(viewMember('c1', names)).toBe('corp.internal');
    expect(viewMember('d2', names)).toEqual({ zone_id: 'd2' });
    expect(viewMember('ff', names)).toEqual({ zone_id: 'ff' });
    expect(
      viewsForAccountFile(
        [
          { name: 'office', zones: ['c1', 'd1'] },
          { name: 'empty', zones: [] },
        ],
        names,
      ),
    ).toEqual({ office: ['corp.internal', { zone_id: 'd1' }], empty: [] });
  });

  it("keeps the file's list when it means the same zones, its order of views, and drops the views gone", () => {
    const written = {
      gone: ['corp.internal'],
      office: ['lab.internal', { zone_id: 'C1' }],
      lab: ['dup.internal'],
    };
    const out = viewsForAccountFile(
      [
        { name: 'new', zones: ['l1'] },
        { name: 'lab', zones: ['d1'] },
        { name: 'office', zones: ['c1', 'l1'] },
      ],
      names,
      written,
    );
    expect(Object.keys(out)).toEqual(['office', 'lab', 'new']);
    expect(out.office).toBe(written.office);
    // `dup.internal` names two zones: the file's list cannot say which, so it is written by id.
    expect(out.lab).toEqual([{ zone_id: 'd1' }]);
    expect(out.new).toEqual(['lab.internal']);
  });

  it('rewrites a list whose zones differ, or that names a zone twice', () => {
    const out = viewsForAccountFile([{ name: 'office', zones: ['c1', 'l1'] }], names, {
      office: ['corp.internal', 'corp.internal', 'lab.internal'],
    });
    expect(out.office).toEqual(['corp.internal', 'lab.internal']);
    expect(viewsForAccountFile([{ name: 'office', zones: ['c1'] }], names, { office: ['lab.internal'] }).office).toEqual(['corp.internal']);
  });
});
