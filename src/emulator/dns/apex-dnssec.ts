/**
 * What a signed zone answers at its apex for DNSKEY, CDS and CDNSKEY
 * (https://developers.cloudflare.com/dns/dnssec/dnssec-states/): in the `pending` and `active`
 * states the key-signing and zone-signing keys, and CDS/CDNSKEY of the key-signing key (RFC 7344,
 * the digest type of the API's DS); in `pending-disabled` and `disabled` the keys still, and
 * CDS/CDNSKEY "set to zero" (the RFC 8078 §4 delete forms `0 0 0 00` and `0 3 0 AA==`).
 * DNSKEY records of the zone's own (multi-signer) join the service's keys in one RRset. With
 * `dnssec_use_nsec3`, NSEC3PARAM says the NSEC3 parameters (nsec3.ts), TTL 0 (RFC 5155 §4).
 * TTL 3600 (the TTL of the API's `ds`; the emulator's choice for these).
 */
import { dsRdata } from '../dnssec/keys.js';
import { NSEC3PARAM, nsec3paramRdata } from './nsec3.js';
import { u16, u8, type WireRr } from './wire.js';
import type { ServedZone } from './zone-catalog.js';

const DNSKEY = 48;
const CDS = 59;
const CDNSKEY = 60;
const TTL = 3600;

/** Key tag 0, algorithm 0, digest type 0, digest 00. */
const CDS_DELETE = Buffer.concat([u16(0), u8(0), u8(0), u8(0)]);
/** Flags 0, protocol 3, algorithm 0, public key 00. */
const CDNSKEY_DELETE = Buffer.concat([u16(0), u8(3), u8(0), u8(0)]);

/** The apex RRset of `qtype` (DNSKEY, CDS, CDNSKEY or NSEC3PARAM) of a signed zone; `own` are the zone's records of that type. */
export function apexDnssecRecords(z: ServedZone, qtype: number, own: readonly WireRr[]): WireRr[] {
  const s = z.signing;
  if (s === undefined) return [...own];
  const apex = z.zone.name;
  const rr = (type: number, rdata: Buffer): WireRr => ({ name: apex, type, ttl: TTL, rdata });
  if (qtype === DNSKEY) return [rr(DNSKEY, s.ksk.rdata), rr(DNSKEY, s.zsk.rdata), ...own.map((o) => ({ ...o, ttl: TTL }))];
  if (qtype === CDS) return [rr(CDS, s.cdsDelete ? CDS_DELETE : dsRdata(apex, s.ksk))];
  if (qtype === CDNSKEY) return [rr(CDNSKEY, s.cdsDelete ? CDNSKEY_DELETE : s.ksk.rdata)];
  if (qtype === NSEC3PARAM) return s.nsec3 ? [{ ...rr(NSEC3PARAM, nsec3paramRdata()), ttl: 0 }] : [];
  return [...own];
}
