/**
 * The zone's SOA on the service's nameservers (only Enterprise zones may change it): the bounds
 * of each timer, in seconds (the DNS settings API, `soa`: refresh 600..86400, retry 600..3600,
 * expire 86400..2419200, min_ttl 60..86400, ttl 1800..3600; retry not above refresh, expire not
 * below it), and the values of a new zone (a `GET /zones/{id}/dns_settings` of an untouched
 * zone; https://developers.cloudflare.com/api/resources/dns/subresources/settings/).
 */

export const SOA_BOUNDS = {
  refresh: [600, 86400],
  retry: [600, 3600],
  expire: [86400, 2419200],
  min_ttl: [60, 86400],
  ttl: [1800, 3600],
} as const satisfies Readonly<Record<string, readonly [number, number]>>;

export type SoaTimer = keyof typeof SOA_BOUNDS;

/** SOA timers of a new zone. */
export const SERVICE_DEFAULT_SOA: Readonly<Record<SoaTimer, number>> = {
  refresh: 10000,
  retry: 2400,
  expire: 604800,
  min_ttl: 1800,
  ttl: 3600,
};

/** The SOA RNAME the service uses until it is changed. */
export const SERVICE_DEFAULT_RNAME = 'dns.cloudflare.com';
