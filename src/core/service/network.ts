/**
 * The service's own network (src/facts/service-network.ts, from https://www.cloudflare.com/ips/):
 * an A/AAAA record's content may not point there.
 */
export { SERVICE_NETWORK_RANGES } from '../../facts/service-network.js';
