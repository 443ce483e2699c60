import { CloudflareClient } from '../../src/api/client.js';
import { findZoneId } from '../../src/api/live.js';
import { startEmulator, type RunningEmulator, type StartEmulatorOptions } from '../../src/emulator/server.js';
import { startDropProxy, type DropProxy } from './drop-proxy.js';
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
    kind: 'dns_record',
    action: 'create',
    method: 'POST',
    path: `/zones/${zoneId}/dns_records`,
    zoneId,
    body: bodyOf(r),
    after: r,
    fields: [],
    phase,
  };
}

export function updateOp(zoneId: string, phase: number, id: string, before: CanonicalRecord, after: CanonicalRecord): RecordOperation {
  return {
    kind: 'dns_record',
    action: 'update',
    method: 'PATCH',
    path: `/zones/${zoneId}/dns_records/${id}`,
    zoneId,
    recordId: id,
    body: bodyOf(after),
    before,
    after,
    fields: ['content'],
    phase,
  };
}

export function deleteOp(zoneId: string, phase: number, id: string, before?: CanonicalRecord): RecordOperation {
  return {
    kind: 'dns_record',
    action: 'delete',
    method: 'DELETE',
    path: `/zones/${zoneId}/dns_records/${id}`,
    zoneId,
    recordId: id,
    before: before ?? aRecord(`deleted-${id}.example.com`, '192.0.2.250'),
    fields: [],
    phase,
  };
}

export function settingsOp(zoneId: string, body: Record<string, unknown>): SettingsOperation {
  return {
    kind: 'dns_settings',
    action: 'update',
    method: 'PATCH',
    path: `/zones/${zoneId}/dns_settings`,
    zoneId,
    body,
    before: {},
    after: body,
    fields: Object.keys(body),
    phase: 0,
  };
}

export function tokenCreateOp(name: string, body: Record<string, unknown>): TokenOperation {
  return { kind: 'token', action: 'create', method: 'POST', path: '/user/tokens', name, body, after: body, fields: [], phase: 60 };
}

/** An emulator behind a drop proxy, and a fast-retrying client that talks through the proxy. */
export interface ProxiedEmulator {
  emu: RunningEmulator;
  proxy: DropProxy;
  client: CloudflareClient;
  zoneId: string;
  close(): Promise<void>;
}

export async function startProxiedEmulator(options: StartEmulatorOptions & { token: string; zones: [string] }): Promise<ProxiedEmulator> {
  const emu = await startEmulator(options);
  const proxy = await startDropProxy(emu.baseUrl);
  const client = new CloudflareClient({
    baseUrl: proxy.baseUrl,
    credentials: { kind: 'token', token: options.token },
    limiter: null,
    retry: { baseDelayMs: 1, maxDelayMs: 5 },
  });
  const zoneId = await findZoneId(client, options.zones[0]);
  return {
    emu,
    proxy,
    client,
    zoneId,
    async close() {
      await client.close();
      await proxy.close();
      await emu.close();
    },
  };
}
