/**
 * What to wait for in one zone once the API converged: the zone read back (its records and its
 * `flatten_all_cnames` setting), the names and types that changed made into expectations
 * (src/core/propagation/), and the nameservers to ask: `--nameserver` when given, else the
 * zone's `name_servers` as the API lists them.
 */
import { type ApiZone, type CloudflareClient, readDnsSettings, readLiveRecords } from '../../api/index.js';
import { ZonectlError } from '../../core/errors.js';
import { type ChangedRecord, type Expectation, expectedAnswers, zoneViewAfter } from '../../core/propagation/index.js';

export interface ZoneChecks {
  readonly zone: string;
  readonly nameservers: readonly string[];
  readonly expectations: readonly Expectation[];
}

const HOST = /^[A-Za-z0-9._-]{1,253}$/;

/** The zone's `name_servers` from an answer zonectl does not trust: host names only. */
function nameServersOf(zone: ApiZone): string[] {
  const listed = Array.isArray(zone.name_servers) ? zone.name_servers : [];
  return listed.filter((n): n is string => typeof n === 'string' && HOST.test(n));
}

export async function zoneChecks(
  client: CloudflareClient,
  zone: ApiZone,
  zoneName: string,
  changed: readonly ChangedRecord[],
  given: readonly string[],
): Promise<ZoneChecks> {
  const [live, settings] = await Promise.all([readLiveRecords(client, zone.id, zoneName), readDnsSettings(client, zone.id)]);
  const listed = nameServersOf(zone);
  const nameservers = given.length > 0 ? given : listed;
  if (nameservers.length === 0)
    throw new ZonectlError('DNS_NOT_SERVED', `${zoneName}: the zone lists no nameservers to ask; name them with --nameserver HOST[:PORT]`);
  const view = zoneViewAfter({
    zone: zoneName,
    records: live.records,
    flattenAllCnames: settings.flatten_all_cnames === true,
    nameServers: listed,
  });
  return { zone: zoneName, nameservers, expectations: expectedAnswers(view, changed) };
}
