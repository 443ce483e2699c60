/**
 * The DNS settings a new zone has on the service (Cloudflare API "DNS settings" defaults):
 * `zonectl export` writes only the settings that differ from these, so an exported file says
 * what someone chose, not what every zone has. zonectl's own copy of the facts (the emulator
 * keeps its own on purpose: each checks the other).
 */
export const SERVICE_DEFAULT_SETTINGS: Readonly<Record<string, unknown>> = {
  flatten_all_cnames: false,
  foundation_dns: false,
  multi_provider: false,
  ns_ttl: 86400,
  secondary_overrides: false,
  zone_mode: 'standard',
  nameservers: { type: 'cloudflare.standard' },
};

/** SOA timers of a zone on the service's nameservers (only Enterprise zones may change them). */
export const SERVICE_DEFAULT_SOA: Readonly<Record<string, number>> = {
  refresh: 10000,
  retry: 2400,
  expire: 604800,
  min_ttl: 1800,
  ttl: 3600,
};

/** The SOA RNAME the service uses until it is changed. */
export const SERVICE_DEFAULT_RNAME = 'dns.cloudflare.com';
