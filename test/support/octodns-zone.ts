/**
 * An octoDNS zone file (YamlProvider: a mapping of names to one record or a list of records) as
 * the zone file a team would write for zonectl, for the real-zone fixtures
 * (test/fixtures/real-zones). Only what those zones use: A, AAAA, CNAME, ALIAS (a CNAME at the
 * apex, which the service flattens: octodns-cloudflare maps ALIAS to a root CNAME), MX, TXT
 * (octoDNS escapes `;` as `\;`, octodns-cloudflare `_contents_for_TXT` sends it unescaped),
 * SRV, CAA and NS; `octodns.cloudflare.proxied`; `octodns.ignored` (the record is the service's,
 * octoDNS leaves it alone: an ignore rule of its name and type); `ttl` or the provider's
 * `default_ttl` (proxied records have none of their own). Anything else throws: a fixture must
 * not lose a record silently. A test helper, not zonectl's importer (issue 29 builds that).
 */
import yaml from 'js-yaml';

interface OctodnsRecord {
  type: string;
  ttl?: number;
  value?: unknown;
  values?: unknown[];
  octodns?: { ignored?: boolean; lenient?: boolean; cloudflare?: { proxied?: boolean } };
}

export interface ConvertedZone {
  /** The zonectl zone file. */
  readonly text: string;
  /** How many records it lists. */
  readonly records: number;
  /** Records octoDNS ignores (kept by `manage.ignore`). */
  readonly ignored: number;
}

const asList = <T>(v: T | T[]): T[] => (Array.isArray(v) ? v : [v]);

function valuesOf(r: OctodnsRecord): unknown[] {
  if (r.values !== undefined) return r.values;
  if (r.value !== undefined) return [r.value];
  throw new Error(`a ${r.type} record without value(s)`);
}

function str(v: unknown, what: string): string {
  if (typeof v !== 'string') throw new Error(`${what}: expected a string, got ${JSON.stringify(v)}`);
  return v;
}

function num(v: unknown, what: string): number {
  if (typeof v !== 'number') throw new Error(`${what}: expected a number, got ${JSON.stringify(v)}`);
  return v;
}

/**
 * A TXT value (octoDNS's form: `;` escaped as `\;`) as the content written: unescaped; with
 * `split`, a value over 255 characters as octodns-cloudflare sends it (octodns/record/chunked.py:
 * `"` escaped, cut every 255 characters of the escaped value but never after a `\\`, each piece
 * quoted; then `\;` unescaped), the strings the service holds.
 */
function txtContent(value: string, split: boolean): string {
  const escaped = value.replaceAll('"', '\\"');
  if (!split || escaped.length <= 255) return value.replaceAll('\\;', ';');
  const chunks: string[] = [];
  for (let i = 0; i < escaped.length; ) {
    let n = Math.min(255, escaped.length - i);
    while (n > 1 && escaped[i + n - 1] === '\\') n -= 1;
    chunks.push(escaped.slice(i, i + n));
    i += n;
  }
  return `"${chunks.join('" "')}"`.replaceAll('\\;', ';');
}

/** One zonectl record (before name, ttl and proxied) per octoDNS value. */
function bodiesOf(r: OctodnsRecord, name: string, split: boolean): Record<string, unknown>[] {
  const at = `${name || '@'} ${r.type}`;
  const values = valuesOf(r);
  switch (r.type) {
    case 'A':
    case 'AAAA':
    case 'NS':
      return values.map((v) => ({ type: r.type, content: str(v, at) }));
    case 'CNAME':
    case 'ALIAS':
      return values.map((v) => ({ type: 'CNAME', content: str(v, at) }));
    case 'TXT':
      return values.map((v) => ({ type: 'TXT', content: txtContent(str(v, at), split) }));
    case 'MX':
      return values.map((v) => {
        const mx = v as { exchange?: unknown; value?: unknown; preference?: unknown; priority?: unknown };
        return { type: 'MX', priority: num(mx.preference ?? mx.priority, at), content: str(mx.exchange ?? mx.value, at) };
      });
    case 'SRV':
      return values.map((v) => {
        const s = v as { priority: unknown; weight: unknown; port: unknown; target: unknown };
        return {
          type: 'SRV',
          data: { priority: num(s.priority, at), weight: num(s.weight, at), port: num(s.port, at), target: str(s.target, at) },
        };
      });
    case 'CAA':
      return values.map((v) => {
        const c = v as { flags?: unknown; tag: unknown; value: unknown };
        return { type: 'CAA', data: { flags: num(c.flags ?? 0, at), tag: str(c.tag, at), value: str(c.value, at) } };
      });
    default:
      throw new Error(`${at}: record type ${r.type} is not handled by this fixture converter`);
  }
}

/** octoDNS YAML of `zone` -> a zonectl zone file. `defaultTtl`: the YamlProvider's `default_ttl`. */
/**
 * `asWritten`: the zone as octoDNS's Cloudflare provider writes it (the records it would hold):
 * TTLs at least the provider's `min_ttl` (`_gen_data` sends `max(min_ttl, ttl)`), long TXT values
 * split as it splits them. Without it, the files' own TTLs and one string per TXT value.
 */
export function octodnsToZoneFile(
  source: string,
  zone: string,
  defaultTtl: number,
  asWritten?: { readonly minTtl: number },
): ConvertedZone {
  const minTtl = asWritten?.minTtl ?? 1;
  const doc = yaml.load(source) as Record<string, OctodnsRecord | OctodnsRecord[]>;
  const lines: string[] = [];
  const ignore: string[] = [];
  for (const [rawName, entry] of Object.entries(doc)) {
    // octoDNS names are relative, always: `hack.club` in zone hack.club is hack.club.hack.club.
    // Written absolute, as a zonectl file reads a name ending in the zone as fully qualified.
    const name = rawName === '' ? '@' : `${rawName}.${zone}.`;
    for (const r of asList(entry)) {
      if (r.octodns?.ignored === true) {
        ignore.push(JSON.stringify({ name, type: r.type === 'ALIAS' ? 'CNAME' : r.type }));
        continue;
      }
      const proxied = r.octodns?.cloudflare?.proxied === true;
      for (const body of bodiesOf(r, rawName, asWritten !== undefined)) {
        const record: Record<string, unknown> = { name, ...body };
        if (proxied) record.proxied = true;
        else record.ttl = Math.max(minTtl, r.ttl ?? defaultTtl);
        // `${` starts a variable reference in a zone file; `$${` is a literal `${`.
        lines.push(`  - ${JSON.stringify(record).replaceAll('${', () => '$${')}`);
      }
    }
  }
  const manage = ['manage:', '  unmanaged: delete', '  max_delete_percent: 100', '  max_update_percent: 100'];
  if (ignore.length > 0) manage.push('  ignore:', ...ignore.map((i) => `    - ${i}`));
  const text = ['version: 1', `zone: ${zone}`, 'records:', ...lines, ...manage, ''].join('\n');
  return { text, records: lines.length, ignored: ignore.length };
}
