/**
 * A generated zone that looks like a team's real one (not the uniform A/AAAA/CNAME/TXT cycle of
 * generate-large-zone.ts): hosts with A and AAAA, service CNAMEs (proxied or not), apex and
 * per-subdomain MX, SPF, DKIM keys longer than 255 bytes, DMARC, site verifications, SRV, CAA,
 * comments and tags, flow and block mappings mixed. Deterministic: the same count gives the same
 * text. Used by the `team` benchmarks (a 1,400-record zone) and by `edits`, which changes it.
 */
import { createPrng } from '../src/emulator/faults.js';

/** One record as the generator writes it (YAML flow mapping, or block for long TXT). */
export interface TeamRecord {
  readonly name: string;
  readonly type: 'A' | 'AAAA' | 'CNAME' | 'MX' | 'TXT' | 'SRV' | 'CAA';
  readonly content?: string;
  readonly data?: Readonly<Record<string, string | number>>;
  readonly priority?: number;
  readonly ttl?: number;
  readonly proxied?: boolean;
  readonly comment?: string;
  readonly tags?: readonly string[];
}

/** A deterministic generator (the emulator's mulberry32), so that runs and builds see the same zone. */
export const seededRandom = createPrng;

const TEAMS = ['web', 'api', 'data', 'infra', 'mail', 'sec'] as const;
const SAAS = ['ghs.googlehosted.com', 'custom.helpscout.net', 'hosted.statuspage.example.net', 'cdn.vendor.example.net'];

/**
 * A DKIM record with a well-formed 2048-bit RSA key (DER SubjectPublicKeyInfo: the fixed header,
 * a random odd modulus with its top bit set, exponent 65537), so that lint reads it as a real key.
 */
function dkimKey(random: () => number): string {
  const modulus = Array.from({ length: 256 }, () => Math.floor(random() * 256));
  modulus[0] |= 0x80;
  modulus[255] |= 1;
  const header = [0x30, 0x82, 0x01, 0x22, 0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00];
  const bits = [0x03, 0x82, 0x01, 0x0f, 0x00, 0x30, 0x82, 0x01, 0x0a, 0x02, 0x82, 0x01, 0x01, 0x00];
  const der = Buffer.from([...header, ...bits, ...modulus, 0x02, 0x03, 0x01, 0x00, 0x01]);
  return `v=DKIM1; k=rsa; p=${der.toString('base64')}`;
}

function hex(random: () => number, length: number): string {
  let s = '';
  for (let i = 0; i < length; i += 1) s += Math.floor(random() * 16).toString(16);
  return s;
}

/** The records of a zone of exactly `count` records (in-zone targets under `zone`), deterministic for a count. */
export function teamRecords(count: number, zone = 'example.com', seed = 20_261_126): TeamRecord[] {
  const random = seededRandom(seed);
  const out: TeamRecord[] = [
    { name: '@', type: 'A', content: '192.0.2.10', proxied: true, comment: 'origin', tags: ['team:web'] },
    { name: '@', type: 'AAAA', content: '2001:db8::10', proxied: true, comment: 'origin', tags: ['team:web'] },
    { name: 'www', type: 'CNAME', content: zone, proxied: true },
    { name: '@', type: 'MX', content: 'mx1.example.net', priority: 10 },
    { name: '@', type: 'MX', content: 'mx2.example.net', priority: 20 },
    { name: '@', type: 'TXT', content: 'v=spf1 include:_spf.example.net ip4:203.0.113.0/24 ~all' },
    { name: '_dmarc', type: 'TXT', content: `v=DMARC1; p=quarantine; rua=mailto:dmarc@${zone}; adkim=s; aspf=s` },
    { name: '@', type: 'CAA', data: { flags: 0, tag: 'issue', value: 'letsencrypt.org' } },
    { name: '@', type: 'CAA', data: { flags: 0, tag: 'iodef', value: `mailto:security@${zone}` } },
    { name: '_sip._tcp', type: 'SRV', data: { priority: 10, weight: 5, port: 5060, target: `sip.${zone}` } },
    { name: 'sip', type: 'A', content: '203.0.113.50' },
  ];
  for (let i = 0; out.length < count; i += 1) {
    const team = TEAMS[i % TEAMS.length];
    const host = `${team}-${i}`;
    const tags = random() < 0.3 ? [`team:${team}`] : undefined;
    const kind = i % 10;
    if (kind < 4) {
      const ttl = random() < 0.5 ? 300 : undefined;
      out.push({ name: host, type: 'A', content: `198.51.${(i >> 8) & 255}.${i & 255}`, ttl, tags });
      if (kind < 2) out.push({ name: host, type: 'AAAA', content: `2001:db8:${(i >> 8).toString(16)}::${(i & 255).toString(16)}`, ttl });
    } else if (kind < 7) {
      const proxied = random() < 0.4;
      const host0 = i - kind; // the A record (and AAAA) written at i - kind
      const target = random() < 0.5 ? `${TEAMS[host0 % TEAMS.length]}-${host0}.${zone}` : SAAS[i % SAAS.length];
      out.push({ name: `svc-${i}`, type: 'CNAME', content: target, proxied, comment: random() < 0.3 ? `owner ${team}` : undefined });
    } else if (kind === 7) {
      out.push({ name: `mail-${i}`, type: 'MX', content: 'mx1.example.net', priority: 10 });
      out.push({ name: `mail-${i}`, type: 'TXT', content: 'v=spf1 include:_spf.example.net -all' });
    } else if (kind === 8) {
      out.push({ name: `s${i}._domainkey`, type: 'TXT', content: dkimKey(random), comment: 'DKIM key (2048-bit RSA)' });
    } else {
      out.push({ name: `verify-${i}`, type: 'TXT', content: `site-verification=${hex(random, 43)}`, ttl: 3600 });
    }
  }
  return out.slice(0, count);
}

function scalar(value: string): string {
  return /^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(value) ? value : JSON.stringify(value);
}

function flowRecord(r: TeamRecord): string {
  const parts = [`name: ${scalar(r.name)}`, `type: ${r.type}`];
  if (r.content !== undefined) parts.push(`content: ${scalar(r.content)}`);
  if (r.data !== undefined)
    parts.push(
      `data: { ${Object.entries(r.data)
        .map(([k, v]) => `${k}: ${typeof v === 'number' ? v : scalar(v)}`)
        .join(', ')} }`,
    );
  if (r.priority !== undefined) parts.push(`priority: ${r.priority}`);
  if (r.ttl !== undefined) parts.push(`ttl: ${r.ttl}`);
  if (r.proxied !== undefined) parts.push(`proxied: ${r.proxied}`);
  if (r.comment !== undefined) parts.push(`comment: ${scalar(r.comment)}`);
  if (r.tags !== undefined) parts.push(`tags: [${r.tags.map((t) => JSON.stringify(t)).join(', ')}]`);
  return `  - { ${parts.join(', ')} }`;
}

/** Long TXT (DKIM) in block style with a folded scalar, as teams write them. */
function blockRecord(r: TeamRecord): string {
  const lines = [`  - name: ${scalar(r.name)}`, `    type: ${r.type}`];
  if (r.comment !== undefined) lines.push(`    comment: ${scalar(r.comment)}`);
  if (r.ttl !== undefined) lines.push(`    ttl: ${r.ttl}`);
  lines.push('    content: >-', `      ${r.content}`);
  return lines.join('\n');
}

/** The zone file of `records` (thresholds off: the benchmarks change many records on purpose). */
export function teamZoneText(records: readonly TeamRecord[], zone = 'example.com'): string {
  const lines = [
    '# yaml-language-server: $schema=../schemas/zone.schema.json',
    'version: 1',
    `zone: ${zone}`,
    '',
    'defaults:',
    '  ttl: auto',
    '  proxied: false',
    '',
    'records:',
  ];
  for (const r of records) lines.push(r.type === 'TXT' && (r.content?.length ?? 0) > 200 ? blockRecord(r) : flowRecord(r));
  lines.push('', 'manage:', '  max_update_percent: 100', '  max_delete_percent: 100', '');
  return lines.join('\n');
}

/**
 * The records both zonectl and octoDNS can write (bench/octodns.ts): no SRV (octodns-cloudflare
 * sends the retired SRV data fields), and CNAMEs to names in the zone unproxied (octoDNS creates
 * records in its own order, and the service refuses a proxied CNAME before its chain's address).
 */
export function octodnsCompatible(records: readonly TeamRecord[], zone: string): TeamRecord[] {
  return records
    .filter((r) => r.type !== 'SRV')
    .map((r) => (r.type === 'CNAME' && r.proxied && r.content?.endsWith(zone) ? { ...r, proxied: false } : r));
}
