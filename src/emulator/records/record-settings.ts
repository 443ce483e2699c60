/**
 * Per-record `settings` {flatten_cname, ipv4_only, ipv6_only}: stored as written (only the
 * keys a write sets; `{}` when none, as live answers show), returned, merged key by key on
 * PATCH.
 * - `flatten_cname` is a CNAME setting of paid plans ("Paid zones also have the option of
 *   flattening specific CNAME records",
 *   https://developers.cloudflare.com/dns/cname-flattening/set-up-cname-flattening/); on a
 *   Free zone the emulator refuses it (its choice: the service's answer is not published).
 * - On a proxied record it is ignored silently: proxied records are always flattened, and the
 *   service drops the setting (DNSControl PR #4026), so a client that sends it never sees it
 *   back.
 * - `ipv4_only` / `ipv6_only` are booleans on any type (they only act on proxied records).
 */
import type { RecordType } from '../../facts/record-types.js';
import type { ZoneRow } from '../contract.js';
import { RECORD_CODES as C, invalid } from './codes.js';
import type { RecordSettings } from './record-row.js';
import { isPlainObject } from '../json.js';

const KEYS = ['flatten_cname', 'ipv4_only', 'ipv6_only'] as const;

export function validateSettings(raw: unknown, type: RecordType, proxied: boolean, zone: ZoneRow): RecordSettings {
  if (raw === undefined || raw === null) return {};
  if (!isPlainObject(raw)) throw invalid(C.settings, 'settings must be an object.');
  const unknown = Object.keys(raw).filter((k) => !(KEYS as readonly string[]).includes(k));
  if (unknown.length > 0) throw invalid(C.settings, `settings.${unknown[0]} is not a record setting (known: ${KEYS.join(', ')}).`);
  const out: RecordSettings = {};
  for (const key of KEYS) {
    const v = raw[key];
    if (v === undefined || v === null) continue;
    if (typeof v !== 'boolean') throw invalid(C.settings, `settings.${key} must be a boolean.`);
    out[key] = v;
  }
  if (out.flatten_cname !== undefined) {
    if (type !== 'CNAME') throw invalid(C.settings, 'settings.flatten_cname applies to CNAME records only.');
    if (out.flatten_cname && zone.plan === 'free') {
      throw invalid(C.settings, 'settings.flatten_cname needs a paid plan; this zone is on the Free plan.');
    }
    if (proxied) delete out.flatten_cname;
  }
  return out;
}

/** PATCH: the stored settings with the body's keys over them. */
export function mergeSettings(base: RecordSettings, patch: unknown): unknown {
  return isPlainObject(patch) ? { ...base, ...patch } : patch;
}
