/**
 * Many files in one run share one view of the tokens: a token one file lists is never an
 * "unlisted" token of another file, so `manage.tokens: delete` in one file cannot revoke a token
 * another file of the same run manages.
 */
import { describe, expect, it } from 'vitest';
import { planZoneOutcomes } from '../../src/app/engine/plan-zone-outcomes.js';
import { config, startHarness, TOKEN } from './harness.js';

const policy =
  '[{ effect: allow, permission_groups: [{ name: DNS Write }], resources: { "com.cloudflare.api.account.zone.{zone_id}": "*" } }]';

describe('tokens across the files of one run', () => {
  it('a token listed by one file is not deleted by another file that deletes unlisted tokens', async () => {
    const h = await startHarness({ zones: ['example.com', 'example.org'] });
    try {
      const res = await fetch(`${h.emulator.baseUrl}/user/tokens`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          name: 'zonectl-ci-com',
          policies: [
            {
              effect: 'allow',
              permission_groups: [{ id: '4755a26eedb94da69e1066d98aa820be' }],
              resources: { [`com.cloudflare.api.account.zone.${h.zoneId}`]: '*' },
            },
          ],
        }),
      });
      expect(res.status).toBe(200);
      const com = config(`version: 1\nzone: example.com\nrecords: []\ntokens:\n  - name: zonectl-ci-com\n    policies: ${policy}\n`);
      const org = config('version: 1\nzone: example.org\nrecords: []\nmanage: { tokens: delete, tokens_prefix: "zonectl-" }\n');
      const outcomes = await planZoneOutcomes(h.client, [com, org]);
      const deletes = outcomes
        .flatMap((o) => (o.kind === 'planned' ? o.run.plan.operations : []))
        .filter((op) => op.kind === 'token' && op.action === 'delete');
      expect(outcomes.map((o) => o.kind)).toEqual(['planned', 'planned']);
      expect(deletes).toEqual([]);
      // Alone, the org file would delete it: the shared view is what protects it.
      const alone = await planZoneOutcomes(h.client, [org]);
      const lone = alone
        .flatMap((o) => (o.kind === 'planned' ? o.run.plan.operations : []))
        .filter((op) => op.kind === 'token' && op.action === 'delete');
      expect(lone.map((op) => (op.kind === 'token' ? op.name : ''))).toEqual(['zonectl-ci-com']);
    } finally {
      await h.close();
    }
  });
});
