/** A zone file as the resolver reads it: its records, flattening setting and SOA (service defaults where the file says nothing). */
import { SERVICE_DEFAULT_RNAME, SERVICE_DEFAULT_SOA, type SoaTimer } from '../service/soa.js';
import { NS_TTL } from '../service/ttl.js';
import type { ZoneConfig } from '../zonefile/index.js';
import type { ZoneView } from './resolve-name.js';

export function zoneViewOf(config: ZoneConfig, nameServers: readonly string[], serial = 0): ZoneView {
  const soa = (config.settings?.soa ?? {}) as Record<string, unknown>;
  const num = (key: SoaTimer): number => (typeof soa[key] === 'number' ? (soa[key] as number) : SERVICE_DEFAULT_SOA[key]);
  return {
    zone: config.zone,
    records: config.records.map((r) => r.record),
    flattenAllCnames: config.settings?.flatten_all_cnames === true,
    nameServers,
    nsTtl: typeof config.settings?.ns_ttl === 'number' ? config.settings.ns_ttl : NS_TTL.default,
    soa: {
      mname: typeof soa.mname === 'string' ? soa.mname : (nameServers[0] ?? `ns.${config.zone}`),
      rname: typeof soa.rname === 'string' ? soa.rname : SERVICE_DEFAULT_RNAME,
      serial,
      refresh: num('refresh'),
      retry: num('retry'),
      expire: num('expire'),
      minTtl: num('min_ttl'),
      ttl: num('ttl'),
    },
  };
}
