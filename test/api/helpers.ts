import type { ApiRecordBody } from '../../src/core/model/api-codec.js';
import type { CanonicalRecord } from '../../src/core/model/record.js';
import type { RecordOperation, SettingsOperation, TokenOperation } from '../../src/core/plan/operation.js';

export function aRecord(name: string, content: string, extra: Partial<CanonicalRecord> = {}): CanonicalRecord {
  return { name, type: 'A', content, ttl: 1, proxied: false, ...extra };
}

function bodyOf(r: CanonicalRecord): ApiRecordBody {
  return { name: r.name, type: r.type, content: r.content, ttl: r.ttl, proxied: r.proxied };
}

export function createOp(zoneId: string, phase: number, r: CanonicalRecord): RecordOperation {
  return {
    kind: 'dns_record', action: 'create', method: 'POST', path: `/zones/${zoneId}/dns_records`, zoneId,
    body: bodyOf(r), after: r, fields: [], phase,
  };
}

export function updateOp(zoneId: string, phase: number, id: string, before: CanonicalRecord, after: CanonicalRecord): RecordOperation {
  return {
    kind: 'dns_record', action: 'update', method: 'PATCH', path: `/zones/${zoneId}/dns_records/${id}`, zoneId,
    recordId: id, body: bodyOf(after), before, after, fields: ['content'], phase,
  };
}

export function deleteOp(zoneId: string, phase: number, id: string, before?: CanonicalRecord): RecordOperation {
  return {
    kind: 'dns_record', action: 'delete', method: 'DELETE', path: `/zones/${zoneId}/dns_records/${id}`, zoneId,
    recordId: id, ...(before ? { before } : {}), fields: [], phase,
  };
}

export function settingsOp(zoneId: string, body: Record<string, unknown>): SettingsOperation {
  return {
    kind: 'dns_settings', action: 'update', method: 'PATCH', path: `/zones/${zoneId}/dns_settings`, zoneId,
    body, before: {}, after: body, fields: Object.keys(body), phase: 0,
  };
}

export function tokenCreateOp(name: string, body: Record<string, unknown>): TokenOperation {
  return { kind: 'token', action: 'create', method: 'POST', path: '/user/tokens', name, body, fields: [], phase: 60 };
}
