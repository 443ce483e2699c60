import equal from 'fast-deep-equal';
import { SERVICE_DEFAULT_SETTINGS } from '../service/dns-settings.js';
import { SERVICE_DEFAULT_RNAME, SERVICE_DEFAULT_SOA } from '../service/soa.js';

/** Settings the zone file can manage (others, such as internal_dns or read-only ones, are left out). */
const EXPORTED_SETTINGS = ['flatten_all_cnames', 'multi_provider', 'ns_ttl', 'secondary_overrides', 'zone_mode', 'nameservers'] as const;

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * The zone's DNS settings that differ from the service's defaults, shaped as the zone file's
 * `settings`. SOA: only the timers and rname that differ (mname defaults to the zone's own
 * first nameserver, so a set mname is kept only when it is not one of the zone's nameservers).
 */
export function exportSettings(live: Readonly<Record<string, unknown>>, zoneNameServers: readonly string[] = []): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of EXPORTED_SETTINGS) {
    const value = live[key];
    if (value === undefined || value === null) continue;
    if (key === 'nameservers' && isObject(value)) {
      const ns: Record<string, unknown> = { type: value.type };
      if (value.ns_set !== undefined && value.ns_set !== null) ns.ns_set = value.ns_set;
      if (!equal(ns, SERVICE_DEFAULT_SETTINGS.nameservers)) out.nameservers = ns;
      continue;
    }
    if (!equal(value, SERVICE_DEFAULT_SETTINGS[key])) out[key] = value;
  }
  const soa = isObject(live.soa) ? live.soa : undefined;
  if (soa !== undefined) {
    const changed: Record<string, unknown> = {};
    for (const [k, def] of Object.entries(SERVICE_DEFAULT_SOA)) if (typeof soa[k] === 'number' && soa[k] !== def) changed[k] = soa[k];
    if (typeof soa.rname === 'string' && soa.rname.toLowerCase().replace(/\.$/, '') !== SERVICE_DEFAULT_RNAME) changed.rname = soa.rname;
    const nameServers = zoneNameServers.map((n) => n.toLowerCase().replace(/\.$/, ''));
    if (typeof soa.mname === 'string' && nameServers.length > 0 && !nameServers.includes(soa.mname.toLowerCase().replace(/\.$/, ''))) {
      changed.mname = soa.mname;
    }
    if (Object.keys(changed).length > 0) out.soa = changed;
  }
  return out;
}
