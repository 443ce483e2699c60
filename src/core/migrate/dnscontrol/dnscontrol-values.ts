/**
 * One record of `dnscontrol print-ir` (models/record.go) -> the record body zonectl writes, through
 * a table keyed by record type (FROM_DNSCONTROL: the compiler wants one entry per type), or why it
 * is not converted: a Cloudflare feature that is not a DNS record, a type DNSControl's Cloudflare
 * provider does not write, a type DNSControl has no builder for, an unknown type. Pure.
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

/** The record body, and what the report says of it when it is carried over with a change of meaning (`note`). */
export type Converted =
  | { ok: true; input: Omit<RecordInput, 'name' | 'ttl' | 'proxied'>; note?: string }
  | { ok: false; message: string; left?: boolean };

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

/**
 * A type DNSControl has no record type for (URI, CERT): its language reference has no builder of
 * that name (https://github.com/StackExchange/dnscontrol/tree/main/documentation/language-reference/domain-modifiers),
 * pkg/js/helpers.js defines none and models/record.go has no field for its data; `get-zones` writes
 * such a record read from a provider as a comment (commands/getZones.go, type UNKNOWN). So no
 * `dnscontrol print-ir` holds one: the file was written or edited by something else.
 */
const notInDnscontrol =
  (type: 'URI' | 'CERT'): RecordReader =>
  () => ({
    ok: false,
    message: `DNSControl has no ${type} record type (no ${type}() in its language reference, no field for it in models/record.go), so this is not what \`dnscontrol print-ir\` writes: write the ${type} record in the zone file by hand`,
  });

/**
 * SMIMEA and OPENPGPKEY: DNSControl's Cloudflare provider declares neither capability (its
 * `features` list no CanUseSMIMEA or CanUseOPENPGPKEY, and an unlisted one is "Cannot":
 * https://github.com/StackExchange/dnscontrol/blob/main/providers/cloudflare/cloudflareProvider.go),
 * so `dnscontrol print-ir` refuses a CLOUDFLAREAPI domain that uses them ("domain ... uses
 * OPENPGPKEY records, but DNS provider type CLOUDFLAREAPI does not support them",
 * `checkProviderCapabilities` in https://github.com/StackExchange/dnscontrol/blob/main/pkg/normalize/validate.go;
 * asked for in https://github.com/DNSControl/dnscontrol/issues/4389) unless printed with `--raw`. Such a record
 * was never written to the zone by DNSControl; zonectl writes it, and says so.
 */
const notWrittenByDnscontrol = (type: 'SMIMEA' | 'OPENPGPKEY'): string =>
  `DNSControl's Cloudflare provider does not write ${type} records (print-ir refuses them without --raw): imported as dnsconfig.js writes it, so a plan creates it unless it is live`;

/**
 * OPENPGPKEY's key as the service takes it (base64). DNSControl takes the key in hex or in base64
 * and sends base64; a text in one letter case that is valid hex is read as hex, even when it would
 * be base64 too (`OPENPGPKEY` in https://github.com/StackExchange/dnscontrol/blob/main/pkg/transform/transform.go;
 * https://github.com/StackExchange/dnscontrol/blob/main/documentation/language-reference/domain-modifiers/OPENPGPKEY.md).
 * print-ir writes base64 already; `--raw` writes the key as given.
 */
function openpgpKeyAsBase64(key: string): string {
  const hex = key.length % 2 === 0 && (/^[0-9a-f]+$/.test(key) || /^[0-9A-F]+$/.test(key));
  return hex ? Buffer.from(key, 'hex').toString('base64') : key;
}

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
  URI: notInDnscontrol('URI'),
  // SMIMEA(name, usage, selector, matchingtype, certificate): the IR's name already ends in
  // `._smimecert`, the three numbers are left out when 0 (models/record.go, omitempty).
  SMIMEA: (r, target) => ({
    ok: true,
    input: {
      type: 'SMIMEA',
      data: {
        usage: irNumber(r.smimeausage),
        selector: irNumber(r.smimeaselector),
        matching_type: irNumber(r.smimeamatchingtype),
        certificate: target,
      },
    },
    note: notWrittenByDnscontrol('SMIMEA'),
  }),
  CERT: notInDnscontrol('CERT'),
  OPENPGPKEY: (_r, target) => ({
    ok: true,
    input: { type: 'OPENPGPKEY', content: openpgpKeyAsBase64(target) },
    note: notWrittenByDnscontrol('OPENPGPKEY'),
  }),
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
