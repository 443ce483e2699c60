/**
 * external-dns's TXT registry, read from the live zone: which records external-dns owns, and its
 * registry records themselves. Facts from external-dns's docs and code
 * (https://kubernetes-sigs.github.io/external-dns/latest/docs/registry/txt/; kubernetes-sigs/external-dns
 * `registry/txt/registry.go`, `registry/mapper/mapper.go`, `endpoint/labels.go`, `endpoint/crypto.go`
 * and their tests, read at 2bf1bf8af2b70f23579f9147c1f7e9394f7f83d5):
 *
 * - A registry record is a TXT record whose text (quotes trimmed) is comma-separated `key=value`
 *   labels with `heritage=external-dns`; a record with another heritage, or none, is not one.
 *   The owner is `external-dns/owner=<--txt-owner-id>` (`default` unless set), e.g.
 *   `"heritage=external-dns,external-dns/owner=default,external-dns/resource=ingress/default/web"`
 *   (`endpoint.NewLabelsFromStringPlain`; registry_test.go).
 * - Its name, for a record `<first>.<rest>` of type T (`AffixNameMapper.ToTXTName`): the new
 *   format `prefix + t- + first + suffix + . + rest` with t the lower-case type (`a-www`,
 *   `cname-www`); when `--txt-prefix` or `--txt-suffix` holds `%{record_type}` the template is
 *   replaced by t and no `t-` is added (`--txt-prefix=%{record_type}-abc-.` gives
 *   `cname-abc-.www.ex.com`). The legacy format (external-dns before v0.18, written beside the
 *   new one from v0.12) is `prefix + first + suffix + . + rest` with the template dropped
 *   (v0.16.1 `toTXTName`); AAAA records never had it. `--txt-prefix` and `--txt-suffix` are
 *   mutually exclusive; `--txt-wildcard-replacement` replaces a leading `*` label.
 * - A record is external-dns's when a registry record sits at its new-format name, or at its
 *   legacy name (external-dns falls back to it "with the preference for the new one", except for
 *   AAAA). Legacy claims are limited here to A and CNAME, the types external-dns manages by
 *   default besides AAAA (`--managed-record-types`, default A, AAAA, CNAME; pkg/apis/externaldns/types.go):
 *   a legacy registry record at the apex would otherwise claim the apex MX and TXT records of the file.
 * - `--txt-encrypt-enabled`: the labels are AES-256-GCM over gzip, base64 with a 12-byte nonce
 *   first (`endpoint.EncryptText`). Without external-dns's key the owner cannot be read, so with
 *   `encrypted: true` a TXT at a record's registry name whose text is such a base64 blob claims
 *   that record (owner unknown); an encrypted registry record with no record beside it is not
 *   recognised.
 *
 * DNSControl's `IGNORE_EXTERNAL_DNS(prefix)` (pkg/diff2/externaldns.go) reads the same registry
 * by parsing TXT names backwards, any owner, prefixes only; here names are computed forwards from
 * each live record, so suffixes, templates and owners are honoured and a record is claimed only
 * by a registry record that names it.
 */
import type { LiveRecord } from '../model/record.js';
import { txtText } from '../model/txt-strings.js';
import type { ExternalDnsOptions } from './policy.js';

const HERITAGE = 'external-dns';
const TEMPLATE = '%{record_type}';
/** The types external-dns manages unless told otherwise (`--managed-record-types`, default A, AAAA, CNAME: pkg/apis/externaldns/types.go). */
export const EXTERNAL_DNS_DEFAULT_TYPES: ReadonlySet<string> = new Set(['A', 'AAAA', 'CNAME']);
/** Types a legacy-format registry record claims (see above). */
const LEGACY_TYPES: ReadonlySet<string> = new Set(['A', 'CNAME']);
/** The smallest encrypted label text: 12-byte nonce, 16-byte GCM tag and a gzip stream (20 bytes at least). */
const ENCRYPTED_MIN_BYTES = 12 + 16 + 20;

/** Why external-dns owns a record: the registry record that says so, and its owner (null: encrypted, unknown). */
export interface ExternalDnsClaim {
  readonly role: 'registry' | 'owned';
  readonly owner: string | null;
  /** The registry record's name (FQDN). */
  readonly registry: string;
}

/** The labels of a registry record's text, or undefined when it is not one (`endpoint.NewLabelsFromStringPlain`). */
export function registryLabels(text: string): ReadonlyMap<string, string> | undefined {
  const labels = new Map<string, string>();
  let heritage = false;
  for (const token of text.replace(/^"+|"+$/g, '').split(',')) {
    const eq = token.indexOf('=');
    if (eq < 0) continue;
    const key = token.slice(0, eq);
    const value = token.slice(eq + 1);
    if (key === 'heritage') {
      if (value !== HERITAGE) return undefined;
      heritage = true;
    } else if (key.startsWith(`${HERITAGE}/`)) labels.set(key.slice(HERITAGE.length + 1), value);
  }
  return heritage ? labels : undefined;
}

/** The owner a registry record's text names (`default` is external-dns's own default), or undefined when it is not a registry record. */
export function registryOwner(text: string): string | undefined {
  const labels = registryLabels(text);
  return labels === undefined ? undefined : (labels.get('owner') ?? '');
}

/** True for text that can be an encrypted label set: standard base64 of at least ENCRYPTED_MIN_BYTES. */
function looksEncrypted(text: string): boolean {
  const t = text.replace(/^"+|"+$/g, '');
  if (t.length % 4 !== 0 || !/^[A-Za-z0-9+/]+={0,2}$/.test(t)) return false;
  const padding = t.endsWith('==') ? 2 : t.endsWith('=') ? 1 : 0;
  return (t.length / 4) * 3 - padding >= ENCRYPTED_MIN_BYTES;
}

function affixes(options: ExternalDnsOptions): { prefix: string; suffix: string; templated: boolean } {
  const prefix = (options.prefix ?? '').toLowerCase();
  const suffix = (options.suffix ?? '').toLowerCase();
  return { prefix, suffix, templated: prefix.includes(TEMPLATE) || suffix.includes(TEMPLATE) };
}

function splitFirst(name: string, options: ExternalDnsOptions): [string, string | undefined] {
  const dot = name.indexOf('.');
  let first = dot < 0 ? name : name.slice(0, dot);
  const rest = dot < 0 ? undefined : name.slice(dot + 1);
  if (options.wildcard_replacement !== undefined && options.wildcard_replacement !== '' && first === '*')
    first = options.wildcard_replacement.toLowerCase();
  return [first, rest];
}

const join = (label: string, rest: string | undefined): string => (rest === undefined ? label : `${label}.${rest}`);

/** The new-format registry name of a record (`AffixNameMapper.ToTXTName`). */
export function registryName(name: string, type: string, options: ExternalDnsOptions): string {
  const { prefix, suffix, templated } = affixes(options);
  const t = type.toLowerCase();
  const [first, rest] = splitFirst(name.toLowerCase(), options);
  const label = templated ? first : `${t}-${first}`;
  return join(`${prefix.replaceAll(TEMPLATE, t)}${label}${suffix.replaceAll(TEMPLATE, t)}`, rest);
}

/** The legacy registry name of a record (external-dns v0.16.1 `toTXTName`: the template dropped, no type). */
export function legacyRegistryName(name: string, options: ExternalDnsOptions): string {
  const { prefix, suffix } = affixes(options);
  const [first, rest] = splitFirst(name.toLowerCase(), options);
  return join(`${prefix.replaceAll(TEMPLATE, '')}${first}${suffix.replaceAll(TEMPLATE, '')}`, rest);
}

/** The registry records of a zone by name, as far as their text can be read. */
export interface ExternalDnsRegistry {
  /** Registry records whose text is readable (and of a configured owner): by name. */
  readonly byName: ReadonlyMap<string, ReadonlyArray<{ readonly record: LiveRecord; readonly owner: string }>>;
  /** TXT records that may be encrypted registry records (`encrypted: true`): by name. */
  readonly opaque: ReadonlyMap<string, readonly LiveRecord[]>;
  /** The opaque records that sit at the registry name of another live record: taken for registry records. */
  readonly opaqueRegistry: ReadonlySet<LiveRecord>;
  readonly options: ExternalDnsOptions;
}

function push<V>(map: Map<string, V[]>, key: string, value: V): void {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
}

/** The names at which a registry record claims a record of this name and type: the new format, then the legacy one. */
function registryNamesOf(name: string, type: string, options: ExternalDnsOptions): string[] {
  const names = [registryName(name, type, options)];
  if (LEGACY_TYPES.has(type)) names.push(legacyRegistryName(name, options));
  // A TXT is never its own registry record.
  return type === 'TXT' ? names.filter((n) => n !== name) : names;
}

/** Reads the registry out of the live records (one pass over the TXT records; a second with `encrypted`). */
export function readRegistry(live: readonly LiveRecord[], options: ExternalDnsOptions): ExternalDnsRegistry {
  const byName = new Map<string, Array<{ record: LiveRecord; owner: string }>>();
  const opaque = new Map<string, LiveRecord[]>();
  for (const r of live) {
    if (r.type !== 'TXT' || r.content === undefined) continue;
    const text = txtText(r.content);
    const owner = registryOwner(text);
    if (owner !== undefined) {
      if (options.owner === undefined || options.owner.includes(owner)) push(byName, r.name, { record: r, owner });
    } else if (options.encrypted === true && looksEncrypted(text)) push(opaque, r.name, r);
  }
  const opaqueRegistry = new Set<LiveRecord>();
  if (opaque.size > 0) {
    for (const r of live) {
      for (const n of registryNamesOf(r.name, r.type, options)) for (const o of opaque.get(n) ?? []) if (o !== r) opaqueRegistry.add(o);
    }
  }
  return { byName, opaque, opaqueRegistry, options };
}

/** The registry record that claims a record of this name and type, if any (new format first). */
export function claimOf(registry: ExternalDnsRegistry, name: string, type: string): ExternalDnsClaim | undefined {
  for (const n of registryNamesOf(name, type, registry.options)) {
    const found = registry.byName.get(n)?.[0];
    if (found !== undefined) return { role: 'owned', owner: found.owner, registry: n };
    if (registry.opaque.has(n)) return { role: 'owned', owner: null, registry: n };
  }
  return undefined;
}

/** Why external-dns owns a live record: a registry record itself, or a record one claims; undefined when neither. */
export function externalDnsClaimOf(registry: ExternalDnsRegistry, record: LiveRecord): ExternalDnsClaim | undefined {
  if (record.type === 'TXT') {
    const own = registry.byName.get(record.name)?.find((e) => e.record === record);
    if (own !== undefined) return { role: 'registry', owner: own.owner, registry: record.name };
    if (registry.opaqueRegistry.has(record)) return { role: 'registry', owner: null, registry: record.name };
  }
  return claimOf(registry, record.name, record.type);
}
