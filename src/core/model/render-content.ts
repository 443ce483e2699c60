import type { RecordData } from './record.js';
import type { RecordType } from './record-types.js';

const q = (v: unknown): string => `"${String(v ?? '')}"`;
const s = (v: unknown): string => String(v ?? '');
/** A hostname as the service renders it in `content`: absolute, with its trailing dot ("." stays "."). */
const fqdn = (v: unknown): string => {
  const h = s(v);
  return h === '' || h.endsWith('.') ? h : `${h}.`;
};

/**
 * The service's read-only rendering of structured `data` as `content` (e.g. SRV
 * "weight port target"). Used by the content-size rule (zonefile/rules/record-size.ts) and by
 * text output (render/describe-record.ts). The emulator renders on its own
 * (src/emulator/records/data-content.ts), so that each side checks the other.
 */
export function renderDataContent(type: RecordType, data: RecordData): string {
  const d = data;
  switch (type) {
    case 'CAA':
      return `${s(d.flags)} ${s(d.tag)} ${q(d.value)}`;
    case 'SRV':
      return `${s(d.weight)} ${s(d.port)} ${s(d.target)}`;
    case 'HTTPS':
    case 'SVCB':
      // `1 . alpn="h3,h2" ipv4hint="…"` as the service answers (caddyserver/caddy#7301):
      // the target is absolute, so `svc.example.net` renders `svc.example.net.`.
      return [s(d.priority), fqdn(d.target), s(d.value)].filter((x) => x !== '').join(' ');
    case 'URI':
      return `${s(d.weight)} ${q(d.target)}`;
    case 'DS':
      return `${s(d.key_tag)} ${s(d.algorithm)} ${s(d.digest_type)} ${s(d.digest)}`;
    case 'DNSKEY':
      return `${s(d.flags)} ${s(d.protocol)} ${s(d.algorithm)} ${s(d.public_key)}`;
    case 'NAPTR':
      // `30 100 "S" "SIP+D2T" "" _sip._tls.unit.tests.`: the replacement absolute, as answered
      // (octodns/octodns-cloudflare tests/fixtures/cloudflare-dns_records-page-3.json).
      return `${s(d.order)} ${s(d.preference)} ${q(d.flags)} ${q(d.service)} ${q(d.regex)} ${fqdn(d.replacement)}`;
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
