/**
 * One octoDNS zone (its YAML files, in the order octoDNS reads them) -> the records octoDNS's
 * Cloudflare provider keeps live, in zonectl's form. The record format (docs/records.rst): each
 * key a name (`''` the apex) holding one record or a list, `type`, `ttl` (else the YAML provider's
 * `default_ttl`), `value` or `values`, and `octodns:` metadata. What the provider does with them
 * (octodns_cloudflare `_gen_data`): TTL 1 (auto) when `cloudflare.proxied` or `auto-ttl`, else at
 * least its `min_ttl`; `proxied` on A/AAAA/CNAME/ALIAS; comment and tags per value. A record
 * octoDNS leaves alone at this target (`ignored`, `excluded`, not `included`: octodns/zone/base.py
 * `changes`) becomes a `manage.ignore` rule, so zonectl leaves it alone too. Pure.
 */
import { canonicalRecordName, canonicalZoneName, zoneFileRecordName } from '../../model/names.js';
import { normalizeRecord } from '../../model/normalize.js';
import type { CanonicalRecord, RecordInput } from '../../model/record.js';
import { type RecordType, PROXIABLE_TYPES } from '../../record-types/index.js';
import type { IgnoreRule } from '../../zonefile/index.js';
import type { InputProblem } from '../problems.js';
import type { ReportItem, SourceSpot } from '../report.js';
import type { CloudflareTarget, YamlSource } from './octodns-config.js';
import { NO_COMMENTS, type ZoneComments } from '../comments/source-comments.js';
import { type FileComments, octodnsAnchors, placeOctodnsComments, type RecordOutcome } from './octodns-comments.js';
import { CLOUDFLARE_WRITES, convertValue, OCTODNS_TYPES } from './octodns-values.js';
import { spotOf, type Spots } from './yaml-tree.js';

export interface OctodnsZoneFile {
  readonly file: string;
  readonly root: unknown;
  readonly source: YamlSource;
}

export interface OctodnsZoneRecords {
  readonly records: CanonicalRecord[];
  readonly ignore: IgnoreRule[];
  readonly items: ReportItem[];
  readonly problems: InputProblem[];
  /** The comments of the zone's files, placed (NO_COMMENTS when none were read). */
  readonly comments: ZoneComments;
}

const isMapping = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

const RECORD_KEYS = new Set(['type', 'ttl', 'value', 'values', 'octodns', 'dynamic', 'geo']);

interface ValueMeta {
  readonly comment?: string;
  readonly tags?: readonly string[];
}

/** `octodns.cloudflare.values` entries: per-value comment/tags, matched by the value's JSON. */
function perValueMeta(cf: Record<string, unknown>): Map<string, ValueMeta> {
  const out = new Map<string, ValueMeta>();
  if (!Array.isArray(cf.values)) return out;
  for (const entry of cf.values) {
    if (!isMapping(entry) || entry.value === undefined) continue;
    out.set(valueKey(entry.value), {
      ...(typeof entry.comment === 'string' ? { comment: entry.comment } : {}),
      ...(Array.isArray(entry.tags) ? { tags: entry.tags.map(String) } : {}),
    });
  }
  return out;
}

function valueKey(v: unknown): string {
  if (typeof v === 'string') return JSON.stringify(v.toLowerCase());
  if (isMapping(v))
    return JSON.stringify(
      Object.keys(v)
        .sort()
        .map((k) => [k, v[k]]),
    );
  return JSON.stringify(v);
}

/** An octoDNS name (always relative; '' is the apex) as an absolute name in the zone. */
function absoluteName(name: string, zone: string): string {
  return name === '' ? '@' : `${name}.${canonicalZoneName(zone)}.`;
}

function shownName(name: string): string {
  return name === '' ? '@' : name;
}

export function convertOctodnsZone(
  zone: string,
  files: readonly OctodnsZoneFile[],
  target: CloudflareTarget | undefined,
  spots: Spots,
  comments?: ReadonlyMap<string, FileComments>,
): OctodnsZoneRecords {
  const records: CanonicalRecord[] = [];
  /** What became of each record mapping: where its comments go. */
  const outcomes = new Map<object, RecordOutcome>();
  const ignore: IgnoreRule[] = [];
  const items: ReportItem[] = [];
  const problems: InputProblem[] = [];
  const seen = new Map<string, { at: SourceSpot }>();
  const targetId = target?.id;
  // Without a Cloudflare target (--all-zones) the TTLs are the files' own, at least the service's 60.
  const minTtl = target?.minTtl ?? 60;
  for (const f of files) {
    if (f.root === null || f.root === undefined) continue;
    if (!isMapping(f.root)) {
      problems.push({ at: { file: f.file, line: 1 }, message: 'not an octoDNS zone file: it is a mapping of record names' });
      continue;
    }
    for (const [name, body] of Object.entries(f.root)) {
      const list = Array.isArray(body) ? body : [body];
      const listSpot = Array.isArray(body) ? spots.get(body) : undefined;
      list.forEach((rec, index) => {
        const at: SourceSpot = {
          file: f.file,
          line: listSpot?.items[index] ?? spotOf(spots, f.root, name)?.line ?? spotOf(spots, rec)?.line ?? 1,
        };
        if (!isMapping(rec) || typeof rec.type !== 'string') {
          problems.push({ at, message: `${shownName(name)}: a record needs a \`type\`` });
          return;
        }
        const type = rec.type;
        const subject = `${shownName(name)} ${type}`;
        if (!OCTODNS_TYPES.has(type)) {
          problems.push({
            at,
            message: `${subject}: unknown record type ${JSON.stringify(type)} (octoDNS types: ${[...OCTODNS_TYPES].sort().join(', ')})`,
          });
          return;
        }
        const key = `${name.toLowerCase()}/${type}`;
        const dup = seen.get(key);
        if (dup !== undefined) {
          if (!f.source.populateShouldReplace) {
            problems.push({
              at,
              message: `${subject}: a second ${type} record at this name (first at ${dup.at.file}:${dup.at.line}); octoDNS refuses it too`,
            });
            return;
          }
          // populate_should_replace: this record replaces the earlier one (octodns/provider/yaml.py).
          const fqdn = canonicalRecordName(absoluteName(name, zone), zone);
          const written = type === 'ALIAS' ? 'CNAME' : type;
          for (let i = records.length - 1; i >= 0; i -= 1)
            if (records[i]!.name === fqdn && records[i]!.type === written) records.splice(i, 1);
        }
        seen.set(key, { at });
        for (const k of Object.keys(rec))
          if (!RECORD_KEYS.has(k))
            items.push({ kind: 'no_meaning', subject: `${subject} ${k}`, detail: "not part of octoDNS's record format; ignored", at });
        const meta = isMapping(rec.octodns) ? rec.octodns : {};
        const cf = isMapping(meta.cloudflare) ? meta.cloudflare : {};
        const included = Array.isArray(meta.included) ? meta.included.map(String) : [];
        const excluded = Array.isArray(meta.excluded) ? meta.excluded.map(String) : [];
        // octoDNS names are always relative to the zone; a zone file reads `hack.club` in zone hack.club
        // as the apex, so the name is written as `export` writes it (absolute where it must be).
        const ruleName = zoneFileRecordName(canonicalRecordName(absoluteName(name, zone), zone), zone);
        const ignoreType = type === 'ALIAS' ? 'CNAME' : type;
        const left = (): void => void outcomes.set(rec, { kind: 'left', subject });
        if (meta.ignored === true) {
          const rule = { name: ruleName, type: ignoreType };
          ignore.push(rule);
          outcomes.set(rec, { kind: 'ignored', subject, rule });
          items.push({
            kind: 'meaning_changes',
            subject,
            detail: 'octoDNS `ignored`: becomes manage.ignore (zonectl leaves whatever is live there alone)',
            at,
          });
          return;
        }
        if (targetId !== undefined && (excluded.includes(targetId) || (included.length > 0 && !included.includes(targetId)))) {
          const rule = { name: ruleName, type: ignoreType };
          ignore.push(rule);
          outcomes.set(rec, { kind: 'ignored', subject, rule });
          items.push({
            kind: 'meaning_changes',
            subject,
            detail: `octoDNS ${excluded.includes(targetId) ? 'excludes' : 'does not include'} target ${targetId}: becomes manage.ignore (left alone, as octoDNS left it)`,
            at,
          });
          return;
        }
        if (!CLOUDFLARE_WRITES.has(type)) {
          left();
          items.push({
            kind: 'no_meaning',
            subject,
            detail: `octoDNS's Cloudflare provider does not write ${type} records; it was never live there`,
            at,
          });
          return;
        }
        if (type === 'NS' && name === '') {
          // CloudflareProvider: SUPPORTS_ROOT_NS is off; the service answers with its own nameservers.
          left();
          items.push({
            kind: 'no_meaning',
            subject,
            detail: "octoDNS's Cloudflare provider does not manage apex NS records (the service answers with its own nameservers)",
            at,
          });
          return;
        }
        if (type === 'URLFWD') {
          left();
          items.push({
            kind: 'left_to_old_tool',
            subject,
            detail:
              target?.pagerules === false
                ? 'a URL forward (a Page Rule, not a DNS record), and this provider has pagerules: false: it was never written'
                : 'a URL forward is a Cloudflare Page Rule, not a DNS record: zonectl does not manage Page Rules (keep it in octoDNS with a TypeAllowlistFilter of URLFWD, or move it to a redirect rule)',
            at,
          });
          return;
        }
        if (rec.dynamic !== undefined || rec.geo !== undefined)
          items.push({
            kind: 'no_meaning',
            subject: `${subject} ${rec.dynamic !== undefined ? 'dynamic' : 'geo'}`,
            detail: "the Cloudflare provider has no dynamic records: it writes the record's values, and so does zonectl",
            at,
          });
        for (const k of Object.keys(meta))
          if (!['cloudflare', 'ignored', 'included', 'excluded', 'lenient', 'healthcheck', 'auto_arpa_priority'].includes(k))
            items.push({ kind: 'no_meaning', subject: `${subject} octodns.${k}`, detail: 'octoDNS-only; not carried over', at });
        if (meta.healthcheck !== undefined)
          items.push({
            kind: 'no_meaning',
            subject: `${subject} octodns.healthcheck`,
            detail: 'health checks belong to dynamic records, which the Cloudflare provider does not support',
            at,
          });
        for (const k of Object.keys(cf))
          if (!['proxied', 'auto-ttl', 'comment', 'tags', 'values'].includes(k))
            items.push({
              kind: 'no_meaning',
              subject: `${subject} octodns.cloudflare.${k}`,
              detail: k === 'region' ? 'Regional Services hostnames are not DNS records; zonectl does not manage them' : 'not carried over',
              at,
            });
        const proxiedFlag = cf.proxied === true && target?.cdn !== true;
        const autoTtl = proxiedFlag || (cf['auto-ttl'] === true && target?.cdn !== true);
        const proxied = proxiedFlag && PROXIABLE_TYPES.has((type === 'ALIAS' ? 'CNAME' : type) as RecordType);
        const written = typeof rec.ttl === 'number' ? rec.ttl : f.source.defaultTtl;
        let ttl: number | 'auto' = autoTtl ? 'auto' : Math.max(minTtl, written);
        if (!autoTtl && written < minTtl)
          items.push({
            kind: 'meaning_changes',
            subject: `${subject} ttl ${written}`,
            detail:
              target !== undefined
                ? `below the provider's min_ttl ${minTtl}: octoDNS writes ${minTtl}, and so does this file`
                : `below the service's lowest TTL: written as ${minTtl}`,
            at,
          });
        if (ttl === 1) ttl = 'auto';
        const raw = rec.values !== undefined ? rec.values : rec.value;
        const values = Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw];
        if (values.length === 0) {
          problems.push({ at, message: `${subject}: missing value(s)` });
          return;
        }
        const perValue = perValueMeta(cf);
        const made: Array<CanonicalRecord | undefined> = [];
        outcomes.set(rec, { kind: 'imported', subject, values: made });
        for (const v of values) {
          const converted = convertValue(type, v, { escapedSemicolons: f.source.escapedSemicolons });
          if (!converted.ok) {
            problems.push({ at, message: `${subject}: ${converted.message}` });
            made.push(undefined);
            continue;
          }
          const own = perValue.get(valueKey(v));
          const comment = own?.comment ?? (typeof cf.comment === 'string' ? cf.comment : undefined);
          const tags = own?.tags ?? (Array.isArray(cf.tags) ? cf.tags.map(String) : undefined);
          const input: RecordInput = {
            name: absoluteName(name, zone),
            type: converted.type,
            ...(converted.content !== undefined ? { content: converted.content } : {}),
            ...(converted.data !== undefined ? { data: converted.data } : {}),
            ...(converted.priority !== undefined ? { priority: converted.priority } : {}),
            ttl,
            proxied,
            ...(comment !== undefined && comment !== '' ? { comment } : {}),
            ...(tags !== undefined && tags.length > 0 ? { tags } : {}),
          };
          const record = normalizeRecord(input, zone);
          made.push(record);
          records.push(record);
        }
      });
    }
  }
  let placed = NO_COMMENTS;
  if (comments !== undefined) {
    const anchors = octodnsAnchors(
      files.map((f) => f.root),
      spots,
    );
    // The comments of the zone's files and of the files they include (where its anchors lie).
    const read = new Set([...files.map((f) => f.file), ...anchors.map((a) => a.file)]);
    const own = new Map([...comments].filter(([file]) => read.has(file)));
    placed = placeOctodnsComments(own, anchors, outcomes, new Set(records));
  }
  return { records, ignore, items, problems, comments: placed };
}
