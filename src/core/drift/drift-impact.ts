/**
 * How much a drift item matters, so that "Needs attention" and every list of items lead with
 * what breaks a zone (docs/drift-report.md, "Impact"). Four ranks, first match wins:
 *
 * 1. the zone itself: a record at the apex; NS (the delegation), MX (mail), CAA (who may issue
 *    certificates), DS and DNSKEY (the DNSSEC chain) wherever they are; the DNSSEC state; the
 *    zone's nameserver settings; a zone that does not exist;
 * 2. a proxied flag flipped (on: traffic now passes the service's proxy; off: the origin's
 *    address is published);
 * 3. an address that moved out of the zone's known ranges: a live A/AAAA value (a changed value,
 *    or an added record) outside every known range. The known ranges are the networks of the
 *    addresses the zone file lists (the /24 of each IPv4 address, the /48 of each IPv6 address:
 *    the longest prefixes routed on the internet, RFC 7454 §6.1.3) and the service's own network
 *    (src/core/service/network.ts, the proxy's addresses);
 * 4. the rest.
 *
 * Pure.
 */
import { cidrContains, isServiceNetworkAddress, parseCidr } from '../model/addresses.js';
import type { DriftItem } from './drift-items.js';

export type ImpactRank = 1 | 2 | 3 | 4;

export interface Impact {
  readonly rank: ImpactRank;
  /** Why it ranks so (`MX: mail`); '' for the rest. */
  readonly reason: string;
}

/** The networks an address of the zone is expected in: those of the file's addresses. */
export interface KnownRanges {
  readonly networks: readonly string[];
}

/** Prefix lengths of a zone's known networks: IPv4 /24, IPv6 /48. */
const KNOWN_PREFIX = { ipv4: 24, ipv6: 48 } as const;

/** The known ranges of a zone from the A/AAAA contents of its file. */
export function knownRanges(addresses: readonly string[]): KnownRanges {
  const networks = new Set<string>();
  for (const address of addresses) {
    for (const bits of [KNOWN_PREFIX.ipv4, KNOWN_PREFIX.ipv6]) {
      const parsed = parseCidr(`${address.trim()}/${bits}`);
      if (parsed.ok && KNOWN_PREFIX[parsed.family] === bits) networks.add(parsed.network);
    }
  }
  return { networks: [...networks].sort() };
}

/** True when the address lies in a known range of the zone or in the service's own network. */
export function inKnownRanges(address: string, known: KnownRanges): boolean {
  return isServiceNetworkAddress(address) || known.networks.some((n) => cidrContains(n, address));
}

const RECORD_TYPE_REASONS: Readonly<Record<string, string>> = {
  NS: 'NS: the delegation',
  MX: 'MX: mail',
  CAA: 'CAA: who may issue certificates',
  DS: 'DS: the DNSSEC chain',
  DNSKEY: 'DNSKEY: the DNSSEC chain',
};

/** The zone's settings that decide its nameservers (what NS records the service answers). */
const NAMESERVER_SETTINGS = new Set(['nameservers', 'ns_ttl', 'multi_provider', 'secondary_overrides']);

/** The address an item shows live: the value of a changed address, or the content of an added A/AAAA record. */
function liveAddress(i: DriftItem): string | undefined {
  if (i.type !== 'A' && i.type !== 'AAAA') return undefined;
  if (i.live === null) return undefined;
  if (i.kind === 'changed' && i.field === 'value') return i.live;
  if (i.kind === 'added') return i.live.split('  ')[0];
  return undefined;
}

/** `known`: the zone's known ranges; undefined when the file's addresses are not known (no rank 3 then). */
export function impactOf(i: DriftItem, known: KnownRanges | undefined): Impact {
  if (!i.counted) return { rank: 4, reason: '' };
  if (i.kind === 'zone') return { rank: 1, reason: 'the zone itself' };
  if (i.type === 'dnssec') return { rank: 1, reason: 'the DNSSEC state' };
  if (i.type === 'dns_settings' && NAMESERVER_SETTINGS.has(i.field)) return { rank: 1, reason: "the zone's nameservers" };
  const isRecord = i.kind === 'changed' || i.kind === 'added' || i.kind === 'deleted';
  if (isRecord) {
    const byType = RECORD_TYPE_REASONS[i.type];
    if (i.name === i.zone) return { rank: 1, reason: byType !== undefined ? `the zone apex (${byType})` : 'the zone apex' };
    if (byType !== undefined) return { rank: 1, reason: byType };
  }
  if (i.kind === 'changed' && i.field === 'proxied') {
    return {
      rank: 2,
      reason:
        i.live === 'true'
          ? "proxied turned on: traffic now passes the service's proxy"
          : "proxied turned off: the origin's address is published",
    };
  }
  const address = liveAddress(i);
  if (address !== undefined && known !== undefined && !inKnownRanges(address, known))
    return { rank: 3, reason: "an address outside the zone's known ranges" };
  return { rank: 4, reason: '' };
}
