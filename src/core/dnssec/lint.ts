/**
 * `zonectl lint` on DNSSEC, from the zone file alone (warnings; facts in checks.ts):
 *
 * - a delegation without a DS while the file asks for DNSSEC: the child zone is insecure (RFC
 *   4035 §2.4 allows it, so only a warning); a signed child needs its DS here (Cloudflare's
 *   subdomain DNSSEC setup, step 4);
 * - DNSKEY records the signed zone cannot use: below the apex (RFC 4035 §2.1: validators read
 *   the apex DNSKEY set only; a DNSKEY below the apex was refused with 1004, DNSControl/dnscontrol#3000),
 *   a protocol other than 3 (RFC 4034 §2.1.2), flags other than a zone-signing key's 256
 *   (RFC 4034 §2.1.1: without the zone-key bit it signs nothing; the multi-signer setup adds the
 *   other providers' ZSKs, and the service serves no KSK but its own: dnsviz/dnsviz#103), an
 *   algorithm other than the 13 the service signs with (RFC 4035 §2.2: every algorithm of the
 *   apex DNSKEY set must sign every RRset, which the service does not do for another one);
 * - DS records whose digest does not fit its type (RFC 4034 §5.1.4, RFC 4509 §2.2, RFC 6605
 *   §2), that use SHA-1 or an unknown digest type (RFC 8624 §3.3), or name an algorithm that
 *   must not sign any more (RFC 8624 §3.1).
 * Pure.
 */
import type { CanonicalRecord } from '../model/record.js';
import { dnssecLintId, type DnssecCheckInput, type DnssecLintCode, type DnssecProblem, type PositionedRecord } from './checks.js';
import { DIGEST_HEX_LENGTH } from './ds-record.js';

/** The service's signing algorithm (https://developers.cloudflare.com/dns/dnssec/, "Limitations": algorithm 13). */
const SERVICE_ALGORITHM = 13;
/** RFC 8624 §3.1: MUST NOT sign (1 RSAMD5, 3 DSA, 6 DSA-NSEC3-SHA1, 12 ECC-GOST); NOT RECOMMENDED (5 RSASHA1, 7 RSASHA1-NSEC3-SHA1). */
const MUST_NOT_SIGN: ReadonlySet<number> = new Set([1, 3, 6, 12]);
const NOT_RECOMMENDED: ReadonlySet<number> = new Set([5, 7]);
/** RFC 8624 §3.3: digest types a DS may be made with (2 SHA-256 MUST, 4 SHA-384 MAY). */
const DIGEST_TYPES_IN_USE: ReadonlySet<number> = new Set([2, 4]);

function finding(
  input: DnssecCheckInput,
  at: PositionedRecord,
  field: string,
  code: DnssecLintCode,
  message: string,
  fix: string,
): DnssecProblem {
  return {
    severity: 'warning',
    file: at.source ?? input.file,
    line: at.line,
    col: at.col,
    path: field === '' ? at.path : `${at.path}.${field}`,
    message: `${message}; ${fix} [${code}]`,
    code: dnssecLintId(code),
  };
}

const num = (r: CanonicalRecord, field: string): number | undefined =>
  typeof r.data?.[field] === 'number' ? (r.data[field] as number) : undefined;

function delegationsWithoutDs(input: DnssecCheckInput): DnssecProblem[] {
  if (input.dnssec?.desired.status !== 'active') return [];
  const withDs = new Set(input.records.filter((r) => r.record.type === 'DS').map((r) => r.record.name));
  const seen = new Set<string>();
  const out: DnssecProblem[] = [];
  for (const r of input.records) {
    const name = r.record.name;
    if (r.record.type !== 'NS' || name === input.zone || withDs.has(name) || seen.has(name)) continue;
    seen.add(name);
    out.push(
      finding(
        input,
        r,
        'name',
        'DELEGATION_WITHOUT_DS',
        `the delegation of ${name} has no DS record while the zone is signed: validators treat ${name} as an unsigned zone`,
        `if ${name} is signed, add its DS record here (name: ${name}, type: DS); else this is fine`,
      ),
    );
  }
  return out;
}

function dnskeyFindings(input: DnssecCheckInput, r: PositionedRecord): DnssecProblem[] {
  const out: DnssecProblem[] = [];
  const rec = r.record;
  if (rec.name !== input.zone) {
    out.push(
      finding(
        input,
        r,
        'name',
        'DNSKEY_NOT_APEX',
        `a DNSKEY record at ${rec.name}: validators read DNSKEY records at the zone apex only`,
        'move it to "@"',
      ),
    );
  }
  const protocol = num(rec, 'protocol');
  if (protocol !== undefined && protocol !== 3) {
    out.push(
      finding(
        input,
        r,
        'data.protocol',
        'DNSKEY_PROTOCOL',
        `protocol ${protocol}: a DNSKEY with any protocol but 3 is invalid`,
        'write protocol: 3',
      ),
    );
  }
  const flags = num(rec, 'flags');
  if (flags !== undefined && flags !== 256) {
    const why =
      (flags & 0x100) === 0
        ? `flags ${flags} lack the zone-key bit (256): the key cannot sign the zone`
        : `flags ${flags}: the multi-signer setup adds the other providers' zone-signing keys (flags 256), and the service serves no key-signing key but its own`;
    out.push(finding(input, r, 'data.flags', 'DNSKEY_FLAGS', why, "add the other provider's zone-signing key with flags 256"));
  }
  const algorithm = num(rec, 'algorithm');
  if (algorithm !== undefined && algorithm !== SERVICE_ALGORITHM) {
    out.push(
      finding(
        input,
        r,
        'data.algorithm',
        'DNSKEY_ALGORITHM',
        `algorithm ${algorithm}: the service signs with algorithm 13 only, and every algorithm in the apex DNSKEY set must sign every record set`,
        'use a key of algorithm 13 (ECDSA P-256 with SHA-256) at every signer',
      ),
    );
  }
  return out;
}

function dsFindings(input: DnssecCheckInput, r: PositionedRecord): DnssecProblem[] {
  const out: DnssecProblem[] = [];
  const digestType = num(r.record, 'digest_type');
  const digest = typeof r.record.data?.digest === 'string' ? r.record.data.digest : undefined;
  const length = digestType !== undefined ? DIGEST_HEX_LENGTH[digestType] : undefined;
  if (digest !== undefined && length !== undefined && digest.length !== length) {
    out.push(
      finding(
        input,
        r,
        'data.digest',
        'DS_DIGEST',
        `the digest has ${digest.length} hex digits, digest type ${digestType} has ${length}`,
        'copy the DS again from the child zone',
      ),
    );
  }
  if (digestType !== undefined && !DIGEST_TYPES_IN_USE.has(digestType)) {
    const what =
      digestType === 1
        ? 'digest type 1 (SHA-1) must not be used for new DS records'
        : `digest type ${digestType} is not one validators are required to know`;
    out.push(finding(input, r, 'data.digest_type', 'DS_DIGEST_TYPE', what, 'publish the DS with digest type 2 (SHA-256)'));
  }
  const algorithm = num(r.record, 'algorithm');
  if (algorithm !== undefined && (MUST_NOT_SIGN.has(algorithm) || NOT_RECOMMENDED.has(algorithm))) {
    const how = MUST_NOT_SIGN.has(algorithm) ? 'must not' : 'should not';
    out.push(
      finding(
        input,
        r,
        'data.algorithm',
        'DS_ALGORITHM',
        `algorithm ${algorithm} ${how} be used to sign zones`,
        're-sign the child zone with algorithm 13 and publish its new DS',
      ),
    );
  }
  return out;
}

/** Every DNSSEC finding of the file, in file order. */
export function lintDnssec(input: DnssecCheckInput): DnssecProblem[] {
  const out = [...delegationsWithoutDs(input)];
  for (const r of input.records) {
    if (r.record.type === 'DNSKEY') out.push(...dnskeyFindings(input, r));
    else if (r.record.type === 'DS') out.push(...dsFindings(input, r));
  }
  return out.sort((a, b) => a.line - b.line || a.col - b.col);
}
