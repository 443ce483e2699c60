import { describe, expect, it } from 'vitest';
import { mapPlanPaths } from '../../../src/core/plan/plan-file-paths.js';
import type { PlanFile } from '../../../src/core/plan/plan-file.js';

/** A saved plan's every path field, as plan --out fills them (values are only what is mapped). */
const PLAN = {
  format_version: 2,
  tool: 'zonectl',
  created_at: '2026-01-01T00:00:00.000Z',
  base_url: 'http://127.0.0.1:1',
  files: [{ path: 'Z', sha256: 'a'.repeat(64) }],
  repository_config: 'C',
  zones: [
    {
      config: { file: 'Z', zone: 'example.com', includes: ['F'], records: [{ path: 'records[0]', source: 'F' }, { path: 'records[1]' }] },
      plan: { zone: 'example.com', file: 'Z', sources: { 'www|A': 'F' } },
      batch_limit: 200,
    },
  ],
  accounts: [{ config: { file: 'A' }, plan: {} }],
} as unknown as PlanFile;

describe('mapPlanPaths', () => {
  it('maps every path a saved plan holds, and nothing else', () => {
    const mapped = mapPlanPaths(PLAN, (p) => `dir/${p.toLowerCase()}`);
    expect(mapped).toEqual({
      ...PLAN,
      files: [{ path: 'dir/z', sha256: 'a'.repeat(64) }],
      repository_config: 'dir/c',
      zones: [
        {
          config: {
            file: 'dir/z',
            zone: 'example.com',
            includes: ['dir/f'],
            records: [{ path: 'records[0]', source: 'dir/f' }, { path: 'records[1]' }],
          },
          plan: { zone: 'example.com', file: 'dir/z', sources: { 'www|A': 'dir/f' } },
          batch_limit: 200,
        },
      ],
      accounts: [{ config: { file: 'dir/a' }, plan: {} }],
    });
  });

  it('leaves what is not a path string (an edited plan) for the checks that follow', () => {
    const edited = {
      ...PLAN,
      files: 'x',
      repository_config: 5,
      accounts: 'y',
      zones: [{ config: { file: 7, records: null }, plan: {} }],
    } as unknown as PlanFile;
    expect(mapPlanPaths(edited, (p) => `dir/${p}`)).toEqual(edited);
  });
});
