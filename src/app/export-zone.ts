/** Reads what `zonectl export` writes: a zone's records, DNS settings and the tokens that name it. */
import type { CloudflareClient } from '../api/index.js';
import { CloudflareApiError, decodeLiveRecords, findZone, listAll, readDnsSettings, readPermissionGroups, readTokens, RECORDS_PER_PAGE } from '../api/index.js';
import type { ApiRecord } from '../core/model/api-codec.js';
import { exportZone, type ExportInput, type ZoneExport } from '../core/export/export-zone.js';
import { isZonectlRecordName } from '../core/lock/lock-record.js';
import type { LiveToken } from '../core/diff/diff-tokens.js';

export interface ReadExportResult {
  readonly zoneId: string;
  readonly export: ZoneExport;
}

/** Tokens and permission groups, or a note saying why they could not be read (the export goes on). */
async function readTokensFor(client: CloudflareClient): Promise<{ tokens?: LiveToken[]; groups?: Array<{ id: string; name: string }>; note?: string }> {
  try {
    const [tokens, groups] = await Promise.all([readTokens(client), readPermissionGroups(client)]);
    return { tokens: tokens as LiveToken[], groups };
  } catch (err) {
    if (err instanceof CloudflareApiError && (err.status === 403 || err.status === 401)) {
      return { note: 'Tokens were not exported: these credentials cannot read API tokens (they need the API Tokens Read permission).' };
    }
    throw err;
  }
}

/** Everything an export reads of one zone. */
export interface LiveZoneSnapshot {
  readonly zoneId: string;
  readonly input: ExportInput;
}

/** Reads a zone's records, DNS settings and (when the credentials may) tokens and permission groups. */
export async function readLiveZone(client: CloudflareClient, zoneName: string): Promise<LiveZoneSnapshot> {
  const zone = await findZone(client, zoneName);
  const [apiRecords, settings, tokenRead] = await Promise.all([
    listAll<ApiRecord>(client, `/zones/${zone.id}/dns_records`, {}, { perPage: RECORDS_PER_PAGE }),
    readDnsSettings(client, zone.id),
    readTokensFor(client),
  ]);
  const visible = apiRecords.filter((r) => !isZonectlRecordName(r.name, zone.name));
  const { records, unknownTypes } = decodeLiveRecords(visible, zone.name);
  const nameServers = Array.isArray(zone.name_servers) ? zone.name_servers.filter((n): n is string => typeof n === 'string') : [];
  const input: ExportInput = {
    zone: zone.name.toLowerCase(),
    zoneId: zone.id,
    ...(zone.account?.id !== undefined ? { accountId: zone.account.id } : {}),
    nameServers,
    records,
    unknownTypes: unknownTypes.map((r) => ({ id: r.id, name: r.name, type: r.type, ...(typeof r.content === 'string' ? { content: r.content } : {}) })),
    settings,
    ...(tokenRead.tokens !== undefined ? { tokens: tokenRead.tokens } : {}),
    ...(tokenRead.groups !== undefined ? { permissionGroups: tokenRead.groups } : {}),
    ...(tokenRead.note !== undefined ? { tokenNote: tokenRead.note } : {}),
  };
  return { zoneId: zone.id, input };
}

export async function readZoneExport(client: CloudflareClient, zoneName: string): Promise<ReadExportResult> {
  const { zoneId, input } = await readLiveZone(client, zoneName);
  return { zoneId, export: exportZone(input) };
}
