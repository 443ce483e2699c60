/**
 * What each name and type a plan changed must answer once the zone's nameservers serve the
 * change (`apply --wait-dns`, `zonectl wait-dns`): the zone after the apply, resolved as the
 * service's nameservers answer (`resolveName`, src/core/resolve/resolve-name.ts), then made
 * into a check a real nameserver's answer can pass:
 *
 * - an answer the zone fixes: those records, TTL included (an automatic TTL answers 300:
 *   https://developers.cloudflare.com/dns/manage-dns-records/reference/ttl/);
 * - a name or type that no longer exists (a deleted record): NXDOMAIN or NODATA, either;
 * - a proxied A/AAAA/CNAME: never the origin, but "multiple Cloudflare IPs" with TTL 300
 *   (https://developers.cloudflare.com/dns/cname-flattening/cname-flattening-diagram/,
 *   https://developers.cloudflare.com/dns/proxy-status/). Which addresses is not published, so the
 *   check asks for addresses of the service's network (https://www.cloudflare.com/ips/), not the
 *   ones zonectl's `resolve` and the emulator choose; likewise the HTTPS record the service
 *   synthesizes for a proxied name is checked to be there, not byte for byte;
 * - a flattened CNAME (at the apex, with `flatten_all_cnames` or `flatten_cname`, or to a name
 *   in the zone) is asked for its A and AAAA, which the service answers instead of the CNAME;
 *   when its chain leaves the zone, the addresses are another zone's and cannot be known here:
 *   the check says so and is not waited for;
 * - a delegation (NS below the apex) answers a referral to its nameservers;
 * - DNSKEY at the apex: the file's keys must be among those served (the service adds its own);
 * - NS at the apex: the service answers its own nameservers unless `multi_provider` is on
 *   (https://developers.cloudflare.com/dns/dnssec/multi-signer-dnssec/setup/, step 4): not waited for.
 * Pure.
 */
import { settingOf } from '../model/normalize.js';
import type { CanonicalRecord } from '../model/record.js';
import { proxyAddresses } from '../resolve/proxy-addresses.js';
import { resolveName, type ResourceRecordAnswer, type ZoneView } from '../resolve/resolve-name.js';

/** A record change of a plan: a create has `after`, a delete `before`, an update both (plan operations have this shape). */
export interface ChangedRecord {
  readonly before?: CanonicalRecord;
  readonly after?: CanonicalRecord;
}

export type ExpectedAnswer =
  | { readonly kind: 'records'; readonly answer: readonly ResourceRecordAnswer[] }
  | { readonly kind: 'includes'; readonly answer: readonly ResourceRecordAnswer[] }
  | { readonly kind: 'service-addresses'; readonly origins: readonly string[] }
  | { readonly kind: 'service-https' }
  | { readonly kind: 'absent' }
  | { readonly kind: 'referral'; readonly cut: string; readonly ns: readonly string[] }
  | { readonly kind: 'unverifiable'; readonly reason: string };

export interface Expectation {
  /** Canonical name (lower case, no trailing dot). */
  readonly name: string;
  readonly type: string;
  readonly expect: ExpectedAnswer;
}

const MAX_CHAIN = 16;

const inZone = (view: ZoneView, name: string): boolean => name === view.zone || name.endsWith(`.${view.zone}`);
const bare = (host: string): string => host.toLowerCase().replace(/\.$/, '');

/** The service answers this CNAME's name with addresses (developers.cloudflare.com/dns/cname-flattening/). */
function answersAddresses(view: ZoneView, r: CanonicalRecord): boolean {
  return (
    r.proxied ||
    r.name === view.zone ||
    view.flattenAllCnames ||
    settingOf(r.settings, 'flatten_cname') ||
    inZone(view, bare(r.content ?? ''))
  );
}

/** The types to ask for at a changed record's name. */
function queryTypes(view: ZoneView, r: CanonicalRecord): string[] {
  if (r.type === 'CNAME') return answersAddresses(view, r) ? ['A', 'AAAA'] : ['CNAME'];
  return [r.type];
}

/** True when following the name's CNAMEs leaves the zone (a flattened answer of another zone's addresses). */
function chainLeavesZone(view: ZoneView, name: string): boolean {
  let at = name;
  for (let hop = 0; hop < MAX_CHAIN; hop += 1) {
    const cname = view.records.find((r) => r.name === at && r.type === 'CNAME' && !r.proxied);
    if (cname === undefined) return false;
    const target = bare(cname.content ?? '');
    if (!inZone(view, target)) return true;
    at = target;
  }
  return false;
}

/** The origins a proxied name must never answer: its proxied records' contents (or its wildcard's). */
function originsAt(view: ZoneView, name: string): string[] {
  const labels = name.split('.');
  const owners = [name, ...labels.slice(1).map((_, i) => `*.${labels.slice(i + 1).join('.')}`)];
  for (const owner of owners) {
    const proxied = view.records.filter((r) => r.name === owner && r.proxied && r.content !== undefined);
    if (proxied.length > 0) return proxied.map((r) => bare(r.content!));
  }
  return [];
}

function classify(view: ZoneView, name: string, type: string): ExpectedAnswer {
  if (name === view.zone && type === 'NS') {
    return { kind: 'unverifiable', reason: "the apex NS answer is the service's own nameservers unless multi_provider is on" };
  }
  const res = resolveName(view, name, type);
  if (res.rcode === 'REFUSED') return { kind: 'unverifiable', reason: `${name} is not in the zone ${view.zone}` };
  if (!res.authoritative) {
    const ns = res.authority.filter((a) => a.type === 'NS');
    return { kind: 'referral', cut: ns[0]?.name ?? name, ns: ns.map((a) => a.data).sort() };
  }
  if (res.answer.length === 0) {
    if ((type === 'A' || type === 'AAAA') && chainLeavesZone(view, name)) {
      return { kind: 'unverifiable', reason: "flattened to a name outside the zone: the addresses are another zone's" };
    }
    return { kind: 'absent' };
  }
  const proxy = proxyAddresses(view.zone);
  const synthesized = new Set<string>([...proxy.ipv4, ...proxy.ipv6]);
  if ((type === 'A' || type === 'AAAA') && res.answer.every((a) => a.type === type && synthesized.has(a.data))) {
    return { kind: 'service-addresses', origins: originsAt(view, name) };
  }
  if (
    type === 'HTTPS' &&
    res.answer.length === 1 &&
    res.answer[0].data.startsWith('1 . alpn="h3,h2"') &&
    !view.records.some((r) => r.name === name && r.type === 'HTTPS')
  ) {
    return { kind: 'service-https' };
  }
  if (type === 'DNSKEY' && name === view.zone) return { kind: 'includes', answer: res.answer };
  return { kind: 'records', answer: res.answer };
}

/**
 * The checks for a plan's record changes against the zone as it is after the apply (`view`:
 * its records read back, or the desired zone), one per (name, type), sorted.
 */
export function expectedAnswers(view: ZoneView, changes: readonly ChangedRecord[]): Expectation[] {
  const wanted = new Map<string, { name: string; type: string }>();
  for (const change of changes) {
    for (const r of [change.before, change.after]) {
      if (r === undefined) continue;
      for (const type of queryTypes(view, r)) wanted.set(`${r.name}\u0000${type}`, { name: r.name, type });
    }
  }
  return [...wanted.values()]
    .sort((a, b) => (a.name === b.name ? a.type.localeCompare(b.type) : a.name.localeCompare(b.name)))
    .map(({ name, type }) => ({ name, type, expect: classify(view, name, type) }));
}
