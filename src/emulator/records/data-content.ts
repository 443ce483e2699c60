/**
 * `content` of the structured types: the service's read-only rendering of `data`.
 * Shapes from the spec (SRV "<weight> <port> <target>") and answers recorded from the live
 * API (caddyserver/caddy issue #7301: HTTPS `1 . alpn="h3,h2" ipv4hint=...`; SRV
 * `5 5222 xmpp.emilia.codes` in caddyserver/caddy issue #6975). HTTPS and SVCB render the
 * target as a fully qualified name with its trailing dot (`1 svc.example.net. alpn="h2"`).
 */
import type { RecordType } from '../../facts/record-types.js';
import type { StoredData } from './record-row.js';

const q = (v: unknown): string => `"${String(v ?? '')}"`;
const s = (v: unknown): string => String(v ?? '');
const fqdn = (v: unknown): string => {
  const t = s(v);
  return t === '.' || t === '' || t.endsWith('.') ? t : `${t}.`;
};

export function renderDataContent(type: RecordType, d: StoredData): string {
  switch (type) {
    case 'CAA':
      return `${s(d.flags)} ${s(d.tag)} ${q(d.value)}`;
    case 'SRV':
      return `${s(d.weight)} ${s(d.port)} ${s(d.target)}`;
    case 'HTTPS':
    case 'SVCB':
      return [s(d.priority), fqdn(d.target), s(d.value)].filter((x) => x !== '').join(' ');
    case 'URI':
      return `${s(d.weight)} ${q(d.target)}`;
    case 'DS':
      return `${s(d.key_tag)} ${s(d.algorithm)} ${s(d.digest_type)} ${s(d.digest)}`;
    case 'DNSKEY':
      return `${s(d.flags)} ${s(d.protocol)} ${s(d.algorithm)} ${s(d.public_key)}`;
    case 'NAPTR':
      return `${s(d.order)} ${s(d.preference)} ${q(d.flags)} ${q(d.service)} ${q(d.regex)} ${s(d.replacement)}`;
    case 'SSHFP':
      return `${s(d.algorithm)} ${s(d.type)} ${s(d.fingerprint)}`;
    case 'TLSA':
    case 'SMIMEA':
      return `${s(d.usage)} ${s(d.selector)} ${s(d.matching_type)} ${s(d.certificate)}`;
    case 'CERT':
      return `${s(d.type)} ${s(d.key_tag)} ${s(d.algorithm)} ${s(d.certificate)}`;
    case 'LOC':
      return (
        `${s(d.lat_degrees)} ${s(d.lat_minutes)} ${s(d.lat_seconds)} ${s(d.lat_direction)} ` +
        `${s(d.long_degrees)} ${s(d.long_minutes)} ${s(d.long_seconds)} ${s(d.long_direction)} ` +
        `${s(d.altitude)}m ${s(d.size)}m ${s(d.precision_horz)}m ${s(d.precision_vert)}m`
      );
    default:
      return Object.values(d).map(s).join(' ');
  }
}
