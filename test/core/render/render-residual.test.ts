import { describe, expect, it } from 'vitest';
import { diffRecords } from '../../../src/core/diff/diff-records.js';
import { normalizeRecord } from '../../../src/core/model/normalize.js';
import { buildZonePlan } from '../../../src/core/plan/build-plan.js';
import { describeNonConvergence } from '../../../src/core/render/render-residual.js';

describe('describeNonConvergence', () => {
  it('names the record and field, what the service keeps and what the file says', () => {
    const desired = [normalizeRecord({ name: 'www', type: 'A', content: '192.0.2.1', ttl: 120 }, 'example.com')];
    const live = [
      { ...normalizeRecord({ name: 'www', type: 'A', content: '192.0.2.1', ttl: 300, comment: null, tags: [] }, 'example.com'), id: 'r1' },
    ];
    const diff = diffRecords({ zone: 'example.com', desired, live, rules: { unmanaged: 'keep', ignore: [] } });
    const plan = buildZonePlan({
      zone: 'example.com',
      zoneId: 'z',
      desired,
      live,
      diff,
      thresholds: { maxDeletePercent: 30, maxUpdatePercent: 30, minRecords: 10 },
    });
    expect(describeNonConvergence(plan)).toEqual([
      'www.example.com A: the service keeps ttl 300 where the file says 120; write it in the file as the service keeps it',
    ]);
  });
});
