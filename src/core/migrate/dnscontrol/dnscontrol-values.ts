/**
 * One record of `dnscontrol print-ir` (models/record.go) -> the record body zonectl writes, through
 * a table keyed by record type (FROM_DNSCONTROL: the compiler wants one entry per type), or why it
 * is not converted: a Cloudflare feature that is not a DNS record, a type DNSControl's Cloudflare
 * provider does not write, an unknown type. Pure.
 */
import type { RecordInput } from '../../model/record.js';
import { isRecordType, type RecordType } from '../../record-types/index.js';

/** Types DNSControl knows that are Cloudflare features, not DNS records (providers/cloudflare/rtypes). */
const CLOUDFLARE_FEATURES = new Set([
  'CF_REDIRECT',
  'CF_TEMP_REDIRECT',
  'CF_WORKER_ROUTE',
  'WORKER_ROUTE',
  'CLOUDFLAREAPI_SINGLE_REDIRECT',
  'CF_SINGLE_REDIRECT',
  'PAGE_RULE',
]);
/** DNSControl record types the Cloudflare provider cannot write (its capabilities) or that zonectl reads differently. */
const NOT_WRITTEN = new Set([
  'DNSKEY',
  'SOA',
  'AKAMAICDN',
  'AZURE_ALIAS',
  'R53_ALIAS',
  'DHCID',
  'DNAME',
  'SPF',
  'LUA',
  'NAPTR_',
  'FRAME',
  'URL',
  'URL301',
  'PORKBUN_URLFWD',
  'IMPORT_TRANSFORM',
  'BUNNY_DNS_RDR',
  'ADGUARDHOME_A_PASSTHROUGH',
  'ADGUARDHOME_AAAA_PASSTHROUGH',
]);

export type Converted = { ok: true; input: Omit<RecordInput, 'name' | 'ttl' | 'proxied'> } | { ok: false; message: string; left?: boolean };

export function irNumber(v: unknown): number {
  return typeof v === 'number' ? v : 0;
}

/** One record of the IR (its `target` as text) -> the record body, or why it is not converted. */
type RecordReader = (r: Record<string, unknown>, target: string) => Converted;

/** A record whose value is its `target`, written as `content` of `type` (ALIAS: written as a CNAME). */
const targetAs =
  (type: RecordType): RecordReader =>
  (_r, target) => ({ ok: true, input: { type, content: target } });

const serviceBinding =
  (type: 'HTTPS' | 'SVCB'): RecordReader =>
  (r, target) => ({
    ok: true,
    input: { type, data: { priority: irNumber(r.svcpriority), target, value: typeof r.svcparams === 'string' ? r.svcparams : '' } },
  });

/** A type DNSControl has no record type for: read as today, an unknown type. */
const notInDnscontrol: RecordReader = (r) => ({ ok: false, message: `unknown record type ${JSON.stringify(String(r.type))}` });

/**
 * How a record of each type zonectl manages reads from the IR (models/record.go's fields of the
 * type): one entry per type (the compiler wants every type of src/facts/record-types.ts, so a new
 * type cannot be forgotten).
 */
const FROM_DNSCONTROL: Readonly<Record<RecordType, RecordReader>> = {
  A: targetAs('A'),
  AAAA: targetAs('AAAA'),
  CNAME: targetAs('CNAME'),
  NS: targetAs('NS'),
  PTR: targetAs('PTR'),
  MX: (r, target) => ({ ok: true, input: { type: 'MX', content: target, priority: irNumber(r.mxpreference) } }),
  TXT: (_r, target) => ({
    ok: true,
    input: { type: 'TXT', content: target.includes('"') || target.startsWith(' ') ? JSON.stringify(target) : target },
  }),
  SRV: (r, target) => ({
    ok: true,
    input: { type: 'SRV', data: { priority: irNumber(r.srvpriority), weight: irNumber(r.srvweight), port: irNumber(r.srvport), target } },
  }),
  CAA: (r, target) => ({ ok: true, input: { type: 'CAA', data: { flags: irNumber(r.caaflag), tag: r.caatag, value: target } } }),
  DS: (r) => ({
    ok: true,
    input: {
      type: 'DS',
      data: {
        key_tag: irNumber(r.dskeytag),
        algorithm: irNumber(r.dsalgorithm),
        digest_type: irNumber(r.dsdigesttype),
        digest: r.dsdigest,
      },
    },
  }),
  NAPTR: (r, target) => ({
    ok: true,
    input: {
      type: 'NAPTR',
      data: {
        order: irNumber(r.naptrorder),
        preference: irNumber(r.naptrpreference),
        flags: r.naptrflags ?? '',
        service: r.naptrservice ?? '',
        regex: r.naptrregexp ?? '',
        replacement: target,
      },
    },
  }),
  SSHFP: (r, target) => ({
    ok: true,
    input: { type: 'SSHFP', data: { algorithm: irNumber(r.sshfpalgorithm), type: irNumber(r.sshfpfingerprint), fingerprint: target } },
  }),
  TLSA: (r, target) => ({
    ok: true,
    input: {
      type: 'TLSA',
      data: {
        usage: irNumber(r.tlsausage),
        selector: irNumber(r.tlsaselector),
        matching_type: irNumber(r.tlsamatchingtype),
        certificate: target,
      },
    },
  }),
  HTTPS: serviceBinding('HTTPS'),
  SVCB: serviceBinding('SVCB'),
  LOC: () => ({
    ok: false,
    left: true,
    message: "LOC is kept in DNSControl's own encoding (RFC 1876 integers); not converted: write it in the zone file by hand",
  }),
  DNSKEY: () => ({ ok: false, left: true, message: "DNSControl's Cloudflare provider does not write DNSKEY records as DNS records" }),
  URI: notInDnscontrol,
  SMIMEA: notInDnscontrol,
  CERT: notInDnscontrol,
  OPENPGPKEY: notInDnscontrol,
};

/** DNSControl's own types that are not the service's, each read as the type its Cloudflare provider writes it as. */
const DNSCONTROL_ONLY: Readonly<Record<string, RecordReader>> = {
  ALIAS: targetAs('CNAME'),
};

export function convertIrRecord(r: Record<string, unknown>): Converted {
  const target = typeof r.target === 'string' ? r.target : '';
  const type = String(r.type);
  const read = isRecordType(type) ? FROM_DNSCONTROL[type] : Object.hasOwn(DNSCONTROL_ONLY, type) ? DNSCONTROL_ONLY[type] : undefined;
  if (read !== undefined) return read(r, target);
  if (CLOUDFLARE_FEATURES.has(type))
    return { ok: false, left: true, message: 'a Cloudflare redirect or worker route, not a DNS record: zonectl does not manage it' };
  if (NOT_WRITTEN.has(type))
    return { ok: false, left: true, message: `DNSControl's Cloudflare provider does not write ${type} records as DNS records` };
  return { ok: false, message: `unknown record type ${JSON.stringify(type)}` };
}
