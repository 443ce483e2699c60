/**
 * The zone as its nameservers will answer it after an apply, for `expectedAnswers`: its records
 * (read back after the apply, or the file's), its flattening setting and nameservers. The SOA
 * values only shape negative answers' TTLs, which the checks do not compare: the service
 * defaults stand in for them. Pure.
 */
import type { CanonicalRecord } from '../model/record.js';
import type { ZoneView } from '../resolve/resolve-name.js';
import { SERVICE_DEFAULT_RNAME, SERVICE_DEFAULT_SOA } from '../service/soa.js';
import { NS_TTL } from '../service/ttl.js';

export interface ZoneAfterApply {
  /** Canonical zone name. */
  readonly zone: string;
  readonly records: readonly CanonicalRecord[];
  /** The zone's `flatten_all_cnames` DNS setting. */
  readonly flattenAllCnames: boolean;
  /** The zone's `name_servers`. */
  readonly nameServers: readonly string[];
}

export function zoneViewAfter(zone: ZoneAfterApply): ZoneView {
  return {
    zone: zone.zone,
    records: zone.records,
    flattenAllCnames: zone.flattenAllCnames,
    nameServers: zone.nameServers,
    nsTtl: NS_TTL.default,
    soa: {
      mname: zone.nameServers[0] ?? `ns.${zone.zone}`,
      rname: SERVICE_DEFAULT_RNAME,
      serial: 0,
      refresh: SERVICE_DEFAULT_SOA.refresh,
      retry: SERVICE_DEFAULT_SOA.retry,
      expire: SERVICE_DEFAULT_SOA.expire,
      minTtl: SERVICE_DEFAULT_SOA.min_ttl,
      ttl: SERVICE_DEFAULT_SOA.ttl,
    },
  };
}
