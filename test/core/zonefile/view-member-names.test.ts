/**
 * The one reading of a view's zone as the account file writes it (src/core/zonefile/view-member-names.ts),
 * and its two users agreeing on it: the account file's rule that a zone is in a view once
 * (rules/views.ts) and export's keeping a view's list as written (core/export/export-views.ts).
 */
import { describe, expect, it } from 'vitest';
import { type InternalZoneNames, viewsForAccountFile } from '../../../src/core/export/export-views.js';
import { parseZoneFile, viewZoneId, viewZoneName } from '../../../src/core/zonefile/index.js';

describe('viewZoneName and viewZoneId', () => {
  it('reads a name trimmed, in lower case, without one final dot', () => {
    expect(viewZoneName('corp.internal')).toBe('corp.internal');
    expect(viewZoneName('  Corp.INTERNAL.\t')).toBe('corp.internal');
    expect(viewZoneName('corp.internal..')).toBe('corp.internal.');
    expect(viewZoneName('')).toBe('');
  });

  it('reads an id in lower case, as written otherwise', () => {
    expect(viewZoneId('023E105F4ECEF8AD9CA31A8372D0C353')).toBe('023e105f4ecef8ad9ca31a8372d0c353');
    expect(viewZoneId(' ab ')).toBe(' ab ');
  });
});

describe('the account file and export read a view the same way', () => {
  const text = [
    'version: 1',
    'account_id: 01a7362d577a6c3019a474fd6f485823',
    'zone_defaults: {}',
    'views:',
    '  office:',
    '    - Corp.Internal.',
    '    - " corp.internal"',
    '    - { zone_id: 023E105F4ECEF8AD9CA31A8372D0C353 }',
    '    - { zone_id: 023e105f4ecef8ad9ca31a8372d0c353 }',
    '',
  ].join('\n');

  it('refuses the second spelling of one zone in a view, by name and by id', () => {
    const { problems } = parseZoneFile({ path: 'account.yaml', text }, {});
    const twice = problems.filter((p) => p.code === 'view.duplicate-zone').map((p) => [p.line, p.message.replace(/ \(also.*$/, '')]);
    expect(twice).toEqual([
      [7, 'view "office" names zone corp.internal twice'],
      [9, 'view "office" names zone id 023e105f4ecef8ad9ca31a8372d0c353 twice'],
    ]);
  });

  it('export keeps a list written in other spellings when it means the live zones', () => {
    const names: InternalZoneNames = {
      idOfName: (name) => (name === 'corp.internal' ? 'c1' : undefined),
      nameOfId: (id) => (id === 'c1' ? 'corp.internal' : undefined),
    };
    const written = { office: [' Corp.Internal.', { zone_id: 'AB12' }] };
    expect(viewsForAccountFile([{ name: 'office', zones: ['c1', 'ab12'] }], names, written)).toEqual(written);
    // Another zone than the file's: the list is written anew.
    expect(viewsForAccountFile([{ name: 'office', zones: ['c1'] }], names, written)).toEqual({ office: ['corp.internal'] });
  });
});
