/**
 * Asking authoritative nameservers over DNS (not the Cloudflare API): one question, UDP with TCP
 * on truncation (query.ts), answers in presentation form (present-rdata.ts). Kept out of
 * src/api/index.ts, so that commands that never ask a nameserver never load it.
 */
export { DnsQueryError, printable, queryNameserver, where, type DnsQueryOptions, type DnsReply, type DnsServer } from './query.js';
export { presentRdata, typeName } from './present-rdata.js';
