/**
 * `dnscontrol print-ir` JSON (models/dns.go `DNSConfig`: `registrars`, `dns_providers`, `domains`;
 * models/domain.go, models/record.go, models/unmanaged.go) -> zone files for the domains served by
 * a `CLOUDFLAREAPI` DNS provider. What DNSControl's Cloudflare provider does with a record
 * (providers/cloudflare: `preprocessConfig`, `createRecDiff2`): `cloudflare_proxy` on/full proxies
 * (domain default `cloudflare_proxy_default`, else off) and makes the TTL 1; a TTL under 60 that is
 * not 1 becomes 60; an ALIAS is a CNAME; TXT is its joined text; comments and tags only when the
 * domain manages them (`cloudflare_manage_comments`/`_tags`). `IGNORE` rules become
 * `manage.ignore`, `NO_PURGE` becomes `manage.unmanaged: keep`. Pure.
 */
import { normalizeRecord } from '../../model/normalize.js';
import type { CanonicalRecord, RecordInput } from '../../model/record.js';
import { canonicalZoneName } from '../../model/names.js';
import type { IgnoreRule } from '../../zonefile/index.js';
import type { MigratedZone } from '../migrated-zone.js';
import type { InputProblem } from '../problems.js';
import type { MigrationReport, ReportItem, SourceSpot, ZoneReport } from '../report.js';
import { type JsScan, scanDnsconfig } from '../comments/js-comments.js';
import { commentReport } from '../comments/zone-comments.js';
import { type IrRecordOutcome, placeDnscontrolComments } from './dnscontrol-comments.js';
import { dnscontrolHandover } from './dnscontrol-handover.js';
import { convertIrRecord, irNumber } from './dnscontrol-values.js';
import type { Handover } from '../handover.js';

const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * `filepos` is `[line:4:5]` for a record written in dnsconfig.js itself (models/record.go
 * `FixPosition`: the stack frame `<anonymous>:4:5` of the main script): the report names that
 * line (and the comments there are the record's). `jsFile`: dnsconfig.js as read beside the IR.
 */
function spotOfRecord(r: Record<string, unknown>, irFile: string, jsFile: string): SourceSpot {
  const m = typeof r.filepos === 'string' ? /line:(\d+)/.exec(r.filepos) : null;
  return m !== null ? { file: jsFile, line: Number(m[1]) } : { file: irFile };
}

function ignoreRules(unmanaged: unknown): IgnoreRule[] {
  if (!Array.isArray(unmanaged)) return [];
  const rules: IgnoreRule[] = [];
  for (const u of unmanaged) {
    if (!isMapping(u)) continue;
    const label = typeof u.label_pattern === 'string' && u.label_pattern !== '' && u.label_pattern !== '*' ? u.label_pattern : undefined;
    const target =
      typeof u.target_pattern === 'string' && u.target_pattern !== '' && u.target_pattern !== '*' ? u.target_pattern : undefined;
    const types =
      typeof u.rType_pattern === 'string' && u.rType_pattern.trim() !== '*' && u.rType_pattern.trim() !== ''
        ? u.rType_pattern
            .split(',')
            .map((t) => t.trim().toUpperCase())
            .filter((t) => t !== '')
        : [undefined];
    for (const type of types)
      rules.push({
        ...(label !== undefined ? { name: label } : {}),
        ...(type !== undefined ? { type } : {}),
        ...(target !== undefined ? { content: target } : {}),
      });
  }
  return rules;
}

export interface DnscontrolImport {
  /** The edit of dnsconfig.js that makes DNSControl let go (issue 40 item 4). */
  readonly handover?: Handover;
  readonly zones: readonly MigratedZone[];
  readonly report: MigrationReport;
  readonly problems: readonly InputProblem[];
}

const DOMAIN_META_MEANING: Readonly<Record<string, string>> = {
  cloudflare_universalssl: 'Universal SSL is a zone setting outside DNS; zonectl does not manage it',
  dnscontrol_tag: 'split-horizon tag of DNSControl; not carried over',
};

function domainItems(d: Record<string, unknown>, at: SourceSpot): ReportItem[] {
  const items: ReportItem[] = [];
  const meta = isMapping(d.meta) ? d.meta : {};
  for (const [k, v] of Object.entries(meta)) {
    if (DOMAIN_META_MEANING[k] !== undefined)
      items.push({ kind: 'no_meaning', subject: `domain meta ${k}: ${JSON.stringify(v)}`, detail: DOMAIN_META_MEANING[k]!, at });
  }
  if (d.unmanaged_disable_safety_check === true)
    items.push({
      kind: 'no_meaning',
      subject: 'DISABLE_IGNORE_SAFETY_CHECK',
      detail: 'zonectl refuses a file that lists a record an ignore rule also matches',
      at,
    });
  if (d.ignore_external_dns === true)
    items.push({
      kind: 'left_to_old_tool',
      subject: 'IGNORE_EXTERNAL_DNS',
      detail: 'the records external-dns manages are not recognised by zonectl: add manage.ignore rules for them',
      at,
    });
  if (Array.isArray(d.recordsabsent) && d.recordsabsent.length > 0)
    items.push({
      kind: 'no_meaning',
      subject: `ENSURE_ABSENT (${d.recordsabsent.length})`,
      detail: 'zonectl deletes what the file does not list (unless unmanaged: keep); not carried over',
      at,
    });
  if (typeof d.auto_dnssec === 'string' && d.auto_dnssec !== '')
    items.push({
      kind: 'no_meaning',
      subject: `AUTODNSSEC ${d.auto_dnssec}`,
      detail: 'DNSSEC is not a DNS record setting zonectl manages',
      at,
    });
  return items;
}

export function readDnscontrolIr(
  doc: unknown,
  file: string,
  /** dnsconfig.js beside the IR, when there: its comments are carried, its `DefaultTTL` read. */
  dnsconfig?: { readonly file: string; readonly text: string },
): DnscontrolImport {
  const problems: InputProblem[] = [];
  const jsFile = dnsconfig?.file ?? 'dnsconfig.js';
  const scanned = dnsconfig !== undefined ? scanDnsconfig(dnsconfig.text, dnsconfig.file) : undefined;
  if (scanned !== undefined && !scanned.ok)
    problems.push({
      at: { file: jsFile, ...(scanned.line !== undefined ? { line: scanned.line } : {}) },
      message: `not JavaScript zonectl can read for its comments: ${scanned.message}`,
    });
  const scan = scanned?.ok === true ? scanned.scan : undefined;
  const outcomes: IrRecordOutcome[] = [];
  const top: SourceSpot = { file, line: 1 };
  if (!isMapping(doc) || !Array.isArray(doc.domains)) {
    problems.push({
      at: top,
      message: 'not the JSON of `dnscontrol print-ir`: it has a `domains` list (run `dnscontrol print-ir --out FILE`)',
    });
    return { zones: [], report: { from: 'dnscontrol', zones: [], other: [] }, problems };
  }
  const providerType = new Map<string, string>();
  for (const p of Array.isArray(doc.dns_providers) ? doc.dns_providers : [])
    if (isMapping(p)) providerType.set(String(p.name), String(p.type));
  const zones: MigratedZone[] = [];
  const reports: ZoneReport[] = [];
  const other: ReportItem[] = [];
  for (const d of doc.domains) {
    if (!isMapping(d) || typeof d.name !== 'string') {
      problems.push({ at: top, message: 'a domain without a name' });
      continue;
    }
    const at: SourceSpot = { file, line: 1 };
    const names = isMapping(d.dnsProviders) ? Object.keys(d.dnsProviders) : [];
    const cloudflare = names.filter((n) => providerType.get(n) === 'CLOUDFLAREAPI');
    if (cloudflare.length === 0) {
      other.push({
        kind: 'left_to_old_tool',
        subject: `domain ${d.name}`,
        detail: `its DNS providers (${names.map((n) => `${n}: ${providerType.get(n) ?? 'type not in the IR'}`).join(', ') || 'none'}) are not CLOUDFLAREAPI; no file written`,
        at,
      });
      continue;
    }
    const zone = canonicalZoneName(d.name);
    const meta = isMapping(d.meta) ? d.meta : {};
    const defProxy = String(meta.cloudflare_proxy_default ?? 'off').toLowerCase();
    const manageComments = meta.cloudflare_manage_comments === 'true';
    const manageTags = meta.cloudflare_manage_tags === 'true';
    const items = domainItems(d, at);
    const records: CanonicalRecord[] = [];
    for (const r of Array.isArray(d.records) ? d.records : []) {
      if (!isMapping(r) || typeof r.type !== 'string') {
        problems.push({ at, message: `${d.name}: a record without a type` });
        continue;
      }
      const rat = spotOfRecord(r, file, jsFile);
      const name = typeof r.name === 'string' && r.name !== '' ? r.name : '@';
      const subject = `${name} ${r.type}${typeof r.target === 'string' ? ` ${r.target}` : ''}`;
      const c = convertIrRecord(r);
      if (!c.ok) {
        if (rat.line !== undefined) outcomes.push({ zone, line: rat.line, subject });
        if (c.left === true) items.push({ kind: 'left_to_old_tool', subject, detail: c.message, at: rat });
        else problems.push({ at: rat, message: `${d.name}: ${subject}: ${c.message} (DNSControl record types: docs/language-reference)` });
        continue;
      }
      const rmeta = isMapping(r.meta) ? r.meta : {};
      const proxy = String(rmeta.cloudflare_proxy ?? (['A', 'AAAA', 'CNAME', 'ALIAS'].includes(r.type) ? defProxy : 'off')).toLowerCase();
      const proxied = ['A', 'AAAA', 'CNAME', 'ALIAS'].includes(r.type) && (proxy === 'on' || proxy === 'full');
      if (proxy === 'full')
        items.push({
          kind: 'meaning_changes',
          subject,
          detail:
            'cloudflare_proxy "full" also rewrote the address through ip_conversions; written proxied with the address as the file holds it',
          at: rat,
        });
      const ttlIn = irNumber(r.ttl);
      const ttl: number | 'auto' = proxied || ttlIn === 0 || ttlIn === 1 ? 'auto' : Math.max(60, ttlIn);
      const comment = manageComments && typeof rmeta.cloudflare_comment === 'string' ? rmeta.cloudflare_comment : undefined;
      const tags =
        manageTags && typeof rmeta.cloudflare_tags === 'string' ? rmeta.cloudflare_tags.split(',').filter((t) => t !== '') : undefined;
      const input: RecordInput = {
        ...c.input,
        name,
        ttl,
        proxied,
        ...(manageComments ? { comment: comment ?? null } : {}),
        ...(manageTags ? { tags: tags ?? [] } : {}),
        ...(r.type === 'CNAME' && rmeta.cloudflare_cname_flatten === 'on' ? { settings: { flatten_cname: true } } : {}),
      };
      const written = normalizeRecord(input, zone);
      records.push(written);
      if (c.note !== undefined) items.push({ kind: 'meaning_changes', subject, detail: c.note, at: rat });
      if (rat.line !== undefined) outcomes.push({ zone, line: rat.line, written, subject });
    }
    const ignore = ignoreRules(d.unmanaged);
    for (const rule of ignore)
      if (/[{}[\]]/.test(`${rule.name ?? ''}${rule.content ?? ''}`))
        items.push({
          kind: 'meaning_changes',
          subject: `IGNORE ${JSON.stringify(rule)}`,
          detail: "DNSControl globs have `{a,b}` and `[...]`; zonectl's manage.ignore globs only `*` and `?`: rewrite it as several rules",
          at,
        });
    // NO_PURGE: records the file does not list are kept (and reported), as DNSControl keeps them.
    const keep = d.keepunknown === true;
    // CF_PROXY_DEFAULT_ON: a record added later without cloudflare_proxy is proxied in DNSControl, and
    // so under `defaults: { proxied: true }` (issue 40 item 3); else each record says its own.
    const defaults = {
      ...(defProxy === 'on' || defProxy === 'full' ? { proxied: true } : {}),
      ...domainTtl(scan, zone),
    };
    zones.push({
      zone,
      records,
      defaults,
      ...(keep ? { unmanaged: 'keep' as const } : {}),
      ...(ignore.length > 0 ? { ignore } : {}),
      items,
    });
    reports.push({ zone, imported: records.length, items });
  }
  const keeping = new Set(zones.filter((z) => z.items.some((i) => i.kind === 'left_to_old_tool')).map((z) => z.zone));
  const handover = dnscontrolHandover(
    scan !== undefined && dnsconfig !== undefined ? { ...dnsconfig, scan } : undefined,
    zones.map((z) => z.zone),
    keeping,
  );
  if (scan === undefined || dnsconfig === undefined)
    return { zones, handover, report: { from: 'dnscontrol', zones: reports, other }, problems };
  const placed = placeDnscontrolComments(scan, dnsconfig.file, dnsconfig.text.split('\n'), new Set(zones.map((z) => z.zone)), outcomes);
  return {
    handover,
    zones: zones.map((z) => {
      const c = placed.zones.get(z.zone);
      return c !== undefined ? { ...z, comments: c } : z;
    }),
    report: {
      from: 'dnscontrol',
      zones: reports.map((r) => {
        const c = placed.zones.get(r.zone);
        return c !== undefined ? { ...r, comments: commentReport(c) } : r;
      }),
      other,
      comments: { notPlaced: placed.notPlaced, configuration: placed.configuration },
    },
    problems,
  };
}

/**
 * The TTL DNSControl gives a record of the domain written without one, when dnsconfig.js says it
 * plainly: the `D()` call's `DefaultTTL(n)`, else DNSControl's own 300 (models/dns.go
 * `DefaultTTL`) unless the file changes that with `DEFAULTS(...)`. Unknown (no dnsconfig.js, a
 * duration string, a `D()` written elsewhere): no `defaults.ttl`, each record says its own.
 */
function domainTtl(scan: JsScan | undefined, zone: string): { ttl?: number } {
  if (scan === undefined) return {};
  const calls = scan.domains.filter((d) => d.name.replace(/!.*$/, '').replace(/\.$/, '').toLowerCase() === zone);
  if (calls.length !== 1) return {};
  const ttl = calls[0]!.defaultTtl ?? (scan.usesDefaults ? undefined : 300);
  return ttl !== undefined && ttl >= 60 ? { ttl } : {};
}
