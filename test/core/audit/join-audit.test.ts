/**
 * Who changed it (src/core/audit): entries of the audit log read as untrusted input, and joined
 * with a zone's drift items by record id, by the name and type the log shows for a removed
 * record, by the zone's DNS settings or DNSSEC path; never a failed action or another zone's.
 */
import { describe, expect, it } from 'vitest';
import { decodeAuditEntry, describeWho, whoOf, type AuditEntry } from '../../../src/core/audit/audit-entry.js';
import { joinAudit } from '../../../src/core/audit/join-audit.js';
import { driftItemId, type DriftItem } from '../../../src/core/drift/drift-items.js';

const ZONE = 'a'.repeat(32);
const REC = 'b'.repeat(32);
const GONE = 'c'.repeat(32);

function entry(p: {
  id: string;
  time: string;
  type: string;
  resource?: Record<string, unknown>;
  uri?: string;
  result?: string;
  zone?: string;
  actor?: Record<string, unknown>;
}): AuditEntry {
  const decoded = decodeAuditEntry({
    id: p.id,
    action: { type: p.type, time: p.time, result: p.result ?? 'success', description: 'x' },
    actor: p.actor ?? { email: 'alice@example.com', type: 'user', context: 'dash', id: 'u1' },
    resource: p.resource ?? {},
    zone: { id: p.zone ?? ZONE, name: 'example.com' },
    raw: { method: 'PATCH', uri: p.uri ?? '', status_code: 200 },
  });
  if (decoded === undefined) throw new Error('not decoded');
  return decoded;
}

function item(p: Partial<DriftItem> & Pick<DriftItem, 'kind' | 'name' | 'type' | 'field'>): DriftItem {
  const shown = { zone: 'example.com', file: 'f', live: 'l', ...p };
  return { id: driftItemId(shown), counted: true, ...shown };
}

describe('audit log entries', () => {
  it('keep only bounded strings; an entry without id or time is dropped', () => {
    expect(decodeAuditEntry({ action: { time: '2026-01-01T00:00:00Z' } })).toBeUndefined();
    expect(decodeAuditEntry({ id: 'x', action: { time: 'yesterday' } })).toBeUndefined();
    const e = decodeAuditEntry({
      id: 'x',
      action: { time: '2026-01-01T00:00:00Z', type: 'update' },
      actor: { email: 'e'.repeat(1000), context: 42, token_name: 'ci' },
      resource: { id: REC, request: { name: 'WWW.Example.com.', type: 'a', content: '192.0.2.1' } },
    })!;
    expect(e.actorEmail).toHaveLength(300);
    expect(e.actorContext).toBeUndefined();
    expect([e.recordName, e.recordType, e.requestKeys]).toEqual(['www.example.com', 'A', ['name', 'type', 'content']]);
  });

  it('say who, where and when', () => {
    const dash = entry({ id: 'e1', time: '2026-05-01T10:00:00Z', type: 'update' });
    expect(describeWho(whoOf(dash))).toBe('alice@example.com in the dashboard, 2026-05-01T10:00:00Z (update)');
    expect(describeWho({ actor: 'bob@example.com', interface: 'API', tokenName: 'ci', time: 't', action: 'create', logId: 'x' })).toBe(
      'bob@example.com via the API (token "ci"), t (create)',
    );
  });
});

describe('joining drift items with the log', () => {
  const changed = item({ kind: 'changed', name: 'www.example.com', type: 'A', field: 'value', recordId: REC });
  const removed = item({ kind: 'deleted', name: 'old.example.com', type: 'TXT', field: 'record' });
  const setting = item({ kind: 'settings', name: 'example.com', type: 'dns_settings', field: 'ns_ttl' });
  const token = item({ kind: 'token', name: 'ci', type: 'token', field: 'policies' });

  it('joins a record by its id (the newest write that is no delete), a removed record by the name the log shows for its id', () => {
    const log = [
      entry({ id: 'old', time: '2026-05-01T09:00:00Z', type: 'update', resource: { id: REC } }),
      entry({ id: 'new', time: '2026-05-01T10:00:00Z', type: 'update', uri: `/zones/${ZONE}/dns_records/${REC}` }),
      entry({ id: 'failed', time: '2026-05-01T11:00:00Z', type: 'update', resource: { id: REC }, result: 'failure' }),
      entry({ id: 'other-zone', time: '2026-05-01T12:00:00Z', type: 'update', resource: { id: REC }, zone: 'd'.repeat(32) }),
      entry({
        id: 'made',
        time: '2026-04-01T00:00:00Z',
        type: 'create',
        resource: { id: GONE, response: { name: 'old.example.com', type: 'TXT' } },
      }),
      entry({ id: 'gone', time: '2026-05-02T00:00:00Z', type: 'delete', resource: { id: GONE, response: { id: GONE } } }),
      entry({
        id: 'ns',
        time: '2026-05-03T00:00:00Z',
        type: 'update',
        uri: `/zones/${ZONE}/dns_settings`,
        resource: { request: { ns_ttl: 7200 } },
      }),
      entry({
        id: 'soa',
        time: '2026-05-04T00:00:00Z',
        type: 'update',
        uri: `/zones/${ZONE}/dns_settings`,
        resource: { request: { soa: {} } },
      }),
    ];
    const who = joinAudit([changed, removed, setting, token], log, ZONE);
    expect(who.get(changed.id)?.logId).toBe('new');
    expect(who.get(removed.id)).toMatchObject({ logId: 'gone', action: 'delete', actor: 'alice@example.com', interface: 'dashboard' });
    expect(who.get(setting.id)?.logId).toBe('ns'); // the newer PATCH set another field
    expect(who.has(token.id)).toBe(false); // tokens are the user's, not in a zone's log
  });

  it('joins nothing the log does not cover', () => {
    const log = [entry({ id: 'x', time: '2026-05-01T10:00:00Z', type: 'update', resource: { id: 'e'.repeat(32) } })];
    expect(joinAudit([changed, removed, setting, token], log, ZONE).size).toBe(0);
  });
});
