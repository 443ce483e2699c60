/**
 * New zones at apply: a zone file whose zone does not exist yet (and that names its account)
 * has a plan with `newZone`. Apply creates the zone first (POST /zones), then plans it again now
 * that it exists (its records, settings and tokens against the empty zone), so that the apply
 * lock, which is a record in the zone, can be taken before any other write. zonectl never
 * deletes a zone.
 */
import type { ApiZone, CloudflareClient } from '../../api/index.js';
import { newZoneBody } from '../../core/plan/plan-zone.js';
import { printable } from '../../core/text/index.js';
import { ZonectlError } from '../../core/errors.js';
import type { ZoneType } from '../../core/zone-type.js';
import { planZoneRun, type ZoneRun } from '../engine/index.js';

/** The zone the service created, with the nameservers it assigned (set them at the registrar). */
export interface CreatedZone {
  readonly zone: string;
  readonly id: string;
  readonly status: string;
  readonly nameServers: readonly string[];
  /** The type it was created with (`internal` zones get no nameservers to set). */
  readonly type?: ZoneType;
}

/** Creates the run's zone when its plan says so and returns the run planned against it; otherwise the run as it is. */
export async function createZoneIfNew(client: CloudflareClient, run: ZoneRun, onCreated: (created: CreatedZone) => void): Promise<ZoneRun> {
  const body = newZoneBody(run.plan);
  if (body === undefined) return run;
  const zone = (await client.request<ApiZone>('POST', '/zones', { body })).result;
  const nameServers = Array.isArray(zone.name_servers) ? zone.name_servers.filter((n): n is string => typeof n === 'string') : [];
  onCreated({ zone: run.config.zone, id: zone.id, status: zone.status ?? 'pending', nameServers, type: body.type });
  return planZoneRun(client, run.config, { ...(run.planOptions ?? {}), zone });
}

/** `example.org: zone created (id ..., pending); set its nameservers at the registrar: ...`, the service's values escaped for a terminal. */
export function describeCreatedZone(c: CreatedZone): string {
  // Internal zones "do not get assigned Cloudflare nameservers and can only be queried via
  // Cloudflare Gateway when linked to a DNS view" (https://developers.cloudflare.com/dns/internal-dns/internal-zones/).
  if (c.type === 'internal')
    return `${c.zone}: internal zone created (id ${printable(c.id)}); it answers through Gateway once linked to a DNS view (https://developers.cloudflare.com/dns/internal-dns/dns-views/)`;
  return `${c.zone}: zone created (id ${printable(c.id)}, ${printable(c.status)}); set its nameservers at the registrar: ${c.nameServers.map(printable).join(', ')}`;
}

/** A new zone the service would not create; its code is the service's (API_ERROR, ...). */
export class ZoneCreateError extends ZonectlError {
  constructor(message: string, cause: ZonectlError) {
    super(cause.code, message, { cause });
  }
}
