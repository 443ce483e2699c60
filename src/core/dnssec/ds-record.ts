/**
 * The DS record the registrar needs, as the service reports it (GET /zones/{zone_id}/dnssec:
 * `ds`, `key_tag`, `algorithm`, `digest_type`, `digest`; https://developers.cloudflare.com/dns/dnssec/,
 * "Add DS record to your registrar"), read from an answer zonectl does not trust: the record is
 * printed for a person to paste at a registrar, so it is shown only when the `ds` text and its
 * parts agree and each part has the form RFC 4034 §5.1 and §5.3 give it. Pure.
 */

export interface DsRecord {
  /** The zone (lower case, no trailing dot). */
  readonly owner: string;
  readonly ttl: number;
  readonly keyTag: number;
  readonly algorithm: number;
  readonly digestType: number;
  /** Upper-case hex. */
  readonly digest: string;
  /** `example.com. 3600 IN DS 2371 13 2 <DIGEST>`: the service's own text, re-rendered from the parts above. */
  readonly text: string;
}

/** Hex digits of each digest type's digest: SHA-1 (RFC 4034 §5.1.4), SHA-256 (RFC 4509 §2.2), GOST (RFC 5933), SHA-384 (RFC 6605 §2). */
export const DIGEST_HEX_LENGTH: Readonly<Record<number, number>> = { 1: 40, 2: 64, 3: 64, 4: 96 };

/** Names of the values the service uses (algorithm 13 and digest type 2: the API reference's example and every live DS seen). */
export const ALGORITHM_NAMES: Readonly<Record<number, string>> = {
  8: 'RSASHA256',
  10: 'RSASHA512',
  13: 'ECDSAP256SHA256',
  14: 'ECDSAP384SHA384',
  15: 'ED25519',
  16: 'ED448',
};
export const DIGEST_TYPE_NAMES: Readonly<Record<number, string>> = { 1: 'SHA-1', 2: 'SHA-256', 3: 'GOST R 34.11-94', 4: 'SHA-384' };

const DS_TEXT = /^(\S{1,254}?)\.?\s+(\d{1,10})\s+IN\s+DS\s+(\d{1,5})\s+(\d{1,3})\s+(\d{1,3})\s+([0-9A-Fa-f]{2,256})$/;

/** An integer in 0..max from a number or a string of digits (the API sends `algorithm` "13" and `key_tag` 2371). */
export function codeNumber(value: unknown, max: number): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{1,10}$/.test(value) ? Number(value) : Number.NaN;
  return Number.isInteger(n) && n >= 0 && n <= max ? n : undefined;
}

export type DsRead = { readonly kind: 'ok'; readonly ds: DsRecord } | { readonly kind: 'unusable'; readonly why: string };

export interface DsParts {
  readonly ds: unknown;
  readonly key_tag: unknown;
  readonly algorithm: unknown;
  readonly digest_type: unknown;
  readonly digest: unknown;
}

/** The DS of `zone` from the answer's fields, or why it cannot be shown. */
export function readDs(zone: string, parts: DsParts): DsRead {
  const unusable = (why: string): DsRead => ({ kind: 'unusable', why });
  const keyTag = codeNumber(parts.key_tag, 65535);
  const algorithm = codeNumber(parts.algorithm, 255);
  const digestType = codeNumber(parts.digest_type, 255);
  if (keyTag === undefined) return unusable('key_tag is not a number 0..65535');
  if (algorithm === undefined) return unusable('algorithm is not a number 0..255');
  if (digestType === undefined) return unusable('digest_type is not a number 0..255');
  if (typeof parts.digest !== 'string' || !/^(?:[0-9A-Fa-f]{2}){1,128}$/.test(parts.digest)) return unusable('digest is not hexadecimal');
  const digest = parts.digest.toUpperCase();
  const length = DIGEST_HEX_LENGTH[digestType];
  if (length !== undefined && digest.length !== length) {
    return unusable(`digest has ${digest.length} hex digits, digest type ${digestType} has ${length}`);
  }
  if (typeof parts.ds !== 'string') return unusable('ds is not a string');
  const m = DS_TEXT.exec(parts.ds.trim());
  if (m === null) return unusable('ds is not "<zone>. <ttl> IN DS <key tag> <algorithm> <digest type> <digest>"');
  if (m[1].toLowerCase() !== zone) return unusable(`ds names another owner than the zone ${zone}`);
  const agree = Number(m[3]) === keyTag && Number(m[4]) === algorithm && Number(m[5]) === digestType && m[6].toUpperCase() === digest;
  if (!agree) return unusable('ds does not agree with key_tag, algorithm, digest_type and digest');
  const ttl = Number(m[2]);
  return {
    kind: 'ok',
    ds: {
      owner: zone,
      ttl,
      keyTag,
      algorithm,
      digestType,
      digest,
      text: `${zone}. ${ttl} IN DS ${keyTag} ${algorithm} ${digestType} ${digest}`,
    },
  };
}

/** The DS as `plan --format json` and `export` carry it: the service's field names and value forms (`algorithm` "13"). */
export function dsJson(ds: DsRecord): Record<string, string | number> {
  return { ds: ds.text, key_tag: ds.keyTag, algorithm: String(ds.algorithm), digest_type: String(ds.digestType), digest: ds.digest };
}

const named = (n: number, names: Readonly<Record<number, string>>): string => (names[n] !== undefined ? `${n} (${names[n]})` : String(n));

/** Text lines (no colour, no indentation of their own). */
export function renderDsText(ds: DsRecord): string[] {
  return [
    `DS record for the registrar: ${ds.text}`,
    `  key tag ${ds.keyTag}, algorithm ${named(ds.algorithm, ALGORITHM_NAMES)}, digest type ${named(ds.digestType, DIGEST_TYPE_NAMES)}`,
    `  digest ${ds.digest}`,
  ];
}

/** Markdown lines: a table of the parts and the record in a code block (every value is digits, hex or a checked zone name). */
export function renderDsMarkdown(ds: DsRecord): string[] {
  return [
    '| DS field | value |',
    '| --- | --- |',
    `| key tag | ${ds.keyTag} |`,
    `| algorithm | ${named(ds.algorithm, ALGORITHM_NAMES)} |`,
    `| digest type | ${named(ds.digestType, DIGEST_TYPE_NAMES)} |`,
    `| digest | \`${ds.digest}\` |`,
    '',
    '```',
    ds.text,
    '```',
  ];
}
