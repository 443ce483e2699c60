/**
 * The zone's SOA on the service's nameservers (only Enterprise zones may change it): the bounds
 * of each timer, in seconds, and the values of a new zone (a `GET /zones/{id}/dns_settings` of an
 * untouched zone; https://developers.cloudflare.com/api/resources/dns/subresources/settings/).
 */

/**
 * What the DNS settings API accepts: `dns-settings_soa-base` of the official OpenAPI schema
 * (https://github.com/cloudflare/api-schemas, openapi.json at c92b9b0fde23ae00fece2025662f96dc8e2d6283:
 * refresh 600..86400, retry 600..86400, expire 86400..2419200, min_ttl 60..86400, ttl 300..86400;
 * the same in the Terraform provider generated from it,
 * cloudflare/terraform-provider-cloudflare internal/services/zone_dns_settings/schema.go).
 * Outside these, zonectl refuses (`soa.range`).
 */
export const SOA_BOUNDS = {
  refresh: [600, 86400],
  retry: [600, 86400],
  expire: [86400, 2419200],
  min_ttl: [60, 86400],
  ttl: [300, 86400],
} as const satisfies Readonly<Record<string, readonly [number, number]>>;

/**
 * The older, narrower table of the record types page (its SOA section, and the API schema of
 * 2024-08-06): retry at most 3600, ttl 1800..3600, the others as SOA_BOUNDS. Outside it but
 * inside SOA_BOUNDS, zonectl warns (`soa.documented-range`): the newer schema accepts the value.
 */
export const SOA_DOCUMENTED_BOUNDS = {
  refresh: [600, 86400],
  retry: [600, 3600],
  expire: [86400, 2419200],
  min_ttl: [60, 86400],
  ttl: [1800, 3600],
} as const satisfies Readonly<Record<keyof typeof SOA_BOUNDS, readonly [number, number]>>;

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
