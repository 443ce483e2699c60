/**
 * A zone to create in a saved plan (format_version 3, issue 33 item 2): what parsePlanFile
 * accepts and refuses before apply sends anything with the user's credentials.
 */
import { describe, expect, it } from 'vitest';
import { parsePlanFile } from '../../../src/core/plan/plan-file.js';

const ACCOUNT = '0123456789abcdef0123456789abcdef';
const create = (zoneId: string) => ({
  kind: 'dns_record',
  action: 'create',
  method: 'POST',
  path: `/zones/${zoneId}/dns_records`,
  zoneId,
  body: { type: 'A', name: 'www.example.dev', content: '192.0.2.1' },
  after: { type: 'A', name: 'www.example.dev', content: '192.0.2.1' },
  fields: [],
  phase: 0,
});
const plan = (version: number, zonePlan: Record<string, unknown>): string =>
  JSON.stringify({
    format_version: version,
    tool: 'zonectl',
    created_at: '2026-11-27T00:00:00.000Z',
    base_url: 'http://127.0.0.1:1',
    files: [{ path: 'zones/example.dev.yaml', sha256: 'a'.repeat(64) }],
    zones: [
      {
        config: { file: 'zones/example.dev.yaml', zone: 'example.dev' },
        plan: { zone: 'example.dev', fingerprint: {}, operations: [create('(new)')], ...zonePlan },
        batch_limit: 200,
      },
    ],
  });

describe('a zone to create in a saved plan', () => {
  it('is read from format 3: id "(new)", its account and type, record creates only', () => {
    const file = parsePlanFile(plan(3, { zoneId: '(new)', newZone: { accountId: ACCOUNT, type: 'full' } }), 'p.json');
    expect(file.zones[0]!.plan.newZone).toEqual({ accountId: ACCOUNT, type: 'full' });
    const internal = parsePlanFile(plan(3, { zoneId: '(new)', newZone: { accountId: ACCOUNT, type: 'internal' } }), 'p.json');
    expect(internal.zones[0]!.plan.newZone).toEqual({ accountId: ACCOUNT, type: 'internal' });
  });

  it.each([
    [
      'format 2',
      plan(2, { zoneId: '(new)', newZone: { accountId: ACCOUNT, type: 'full' } }),
      /a zone to create in a plan of format_version 2/,
    ],
    ['no newZone', plan(3, { zoneId: '(new)' }), /a zone to create without `newZone`/],
    [
      'an account that is not 32 hex',
      plan(3, { zoneId: '(new)', newZone: { accountId: 'acme', type: 'full' } }),
      /is not a zone to create/,
    ],
    ['another type', plan(3, { zoneId: '(new)', newZone: { accountId: ACCOUNT, type: 'partial' } }), /is not a zone to create/],
    [
      'newZone on an existing zone',
      plan(3, { zoneId: 'b'.repeat(32), newZone: { accountId: ACCOUNT, type: 'full' }, operations: [create('b'.repeat(32))] }),
      /is not a zone to create/,
    ],
    [
      'a settings change',
      plan(3, {
        zoneId: '(new)',
        newZone: { accountId: ACCOUNT, type: 'full' },
        operations: [{ kind: 'dns_settings', action: 'update', method: 'PATCH', path: '/zones/(new)/dns_settings', body: {}, phase: 0 }],
      }),
      /a zone to create carries only record creates/,
    ],
  ])('is refused with %s', (_, text, message) => {
    expect(() => parsePlanFile(text, 'p.json')).toThrow(message);
  });
});
