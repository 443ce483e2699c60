/** Reads what `zonectl export` writes: a zone's records, DNS settings and the tokens that name it. */
import {
  type ApiZone,
  CloudflareApiError,
  type CloudflareClient,
  findZone,
  readDnsSettings,
  readDnssec,
  readLiveRecords,
  readPermissionGroups,
} from '../../api/index.js';
import type { LiveDnssec } from '../../core/dnssec/index.js';
import { exportZone, type ExportInput, type ZoneExport } from '../../core/export/export-zone.js';
import { isZonectlRecordName } from '../../core/lock/lock-record.js';
import type { LiveToken } from '../../core/diff/diff-tokens.js';
import { readTokensIfAllowed } from '../engine/index.js';

export interface ReadExportResult {
  readonly zoneId: string;
  readonly export: ZoneExport;
}

/** Tokens and permission groups, or a note saying why they could not be read (the export goes on). */
async function readTokensFor(
  client: CloudflareClient,
): Promise<{ tokens?: LiveToken[]; groups?: Array<{ id: string; name: string }>; note?: string }> {
  const tokens = await readTokensIfAllowed(client);
  if (tokens === undefined)
    return { note: 'Tokens were not exported: these credentials cannot read API tokens (they need the API Tokens Read permission).' };
  return { tokens, groups: await readPermissionGroups(client) };
}

/** Everything an export reads of one zone. */
export interface LiveZoneSnapshot {
  readonly zoneId: string;
  readonly input: ExportInput;
}

/**
 * Reads a zone's records, DNS settings and (when the credentials may) tokens and permission
 * groups. `zone` is a name to look up, or a zone already listed (`export --all`).
 */
export async function readLiveZone(client: CloudflareClient, zoneOrName: string | ApiZone): Promise<LiveZoneSnapshot> {
  const zone = typeof zoneOrName === 'string' ? await findZone(client, zoneOrName) : zoneOrName;
  const [live, settings, tokenRead, dnssecRead] = await Promise.all([
    readLiveRecords(client, zone.id, zone.name),
    readDnsSettings(client, zone.id),
    readTokensFor(client),
    readDnssecFor(client, zone.id, zone.name.toLowerCase()),
  ]);
  // zonectl's own records (the apply lock) are never part of a zone file.
  const visible = (name: string): boolean => !isZonectlRecordName(name, zone.name);
  const records = live.records.filter((r) => visible(r.name));
  const unknownTypes = live.unknownTypes.filter((r) => visible(r.name));
  const nameServers = Array.isArray(zone.name_servers) ? zone.name_servers.filter((n): n is string => typeof n === 'string') : [];
  const input: ExportInput = {
    zone: zone.name.toLowerCase(),
    zoneId: zone.id,
    ...(zone.account?.id !== undefined ? { accountId: zone.account.id } : {}),
    nameServers,
    records,
    unknownTypes: unknownTypes.map((r) => ({
      id: r.id,
      name: r.name,
      type: r.type,
      ...(typeof r.content === 'string' ? { content: r.content } : {}),
    })),
    settings,
    ...(tokenRead.tokens !== undefined ? { tokens: tokenRead.tokens } : {}),
    ...(tokenRead.groups !== undefined ? { permissionGroups: tokenRead.groups } : {}),
    ...(tokenRead.note !== undefined ? { tokenNote: tokenRead.note } : {}),
    ...(dnssecRead.live !== undefined ? { dnssec: dnssecRead.live } : {}),
    ...(dnssecRead.note !== undefined ? { dnssecNote: dnssecRead.note } : {}),
  };
  return { zoneId: zone.id, input };
}

/** The zone's DNSSEC, or a note when the credential may not read it (403) or the service has no such endpoint for it (404). */
async function readDnssecFor(client: CloudflareClient, zoneId: string, zone: string): Promise<{ live?: LiveDnssec; note?: string }> {
  try {
    return { live: await readDnssec(client, zoneId, zone) };
  } catch (error) {
    if (error instanceof CloudflareApiError && (error.status === 403 || error.status === 404))
      return { note: `dnssec: not exported: GET /zones/{zone_id}/dnssec answered ${error.status}; DNSSEC stays unmanaged` };
    throw error;
  }
}

export async function readZoneExport(client: CloudflareClient, zoneName: string): Promise<ReadExportResult> {
  const { zoneId, input } = await readLiveZone(client, zoneName);
  return { zoneId, export: exportZone(input) };
}
