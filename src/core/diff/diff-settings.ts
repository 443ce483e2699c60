import equal from 'fast-deep-equal';
import { canonicalHostname } from '../model/names.js';
import { isServiceAssignedMname } from '../service/nameservers.js';
import type { SettingsChange } from './changes.js';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * Members of nested settings whose values are host names (a string, or a list of strings):
 * the service stores them lower-case without a trailing dot, so they are compared and sent in
 * canonical form (`Hostmaster.Example.org.` and `hostmaster.example.org` are the same).
 */
const HOSTNAME_MEMBERS: Readonly<Record<string, readonly string[]>> = {
  soa: ['mname', 'rname'],
  nameservers: ['ns_set'],
};

function canonicalMember(key: string, member: string, value: unknown): unknown {
  if (!(HOSTNAME_MEMBERS[key]?.includes(member) ?? false)) return value;
  if (typeof value === 'string') return canonicalHostname(value);
  if (Array.isArray(value)) return value.map((v: unknown) => (typeof v === 'string' ? canonicalHostname(v) : v));
  return value;
}

/**
 * `soa.mname: null` asks for the service's own choice ("If null, a Cloudflare-assigned value will
 * be used", the dns_settings schema of the official SDKs): a read then answers null or the
 * assigned name, one of the service's nameservers or another cloudflare.com name
 * (isServiceAssignedMname). Either meets the file; any other name does not (it was set by
 * hand), so the plan sends null.
 */
function meets(key: string, member: string, have: unknown, want: unknown): boolean {
  if (key === 'soa' && member === 'mname' && want === null)
    return have === null || have === undefined || (typeof have === 'string' && isServiceAssignedMname(have));
  return equal(have, want);
}

/** A nested setting with its host name members in canonical form. */
function canonicalObject(key: string, value: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [member, v] of Object.entries(value)) out[member] = canonicalMember(key, member, v);
  return out;
}

/**
 * DNS settings: only the fields the file sets are managed. Nested objects (soa, nameservers,
 * internal_dns) compare only the members the file sets, and are sent whole (live merged with
 * desired) so that PATCH does not drop the members the file leaves alone. Host name members
 * (soa.mname, soa.rname, nameservers.ns_set entries) are compared and sent in canonical form;
 * `soa.mname: null` is met by the name the service assigns (`meets`).
 */
export function diffSettings(
  zoneId: string,
  desired: Readonly<Record<string, unknown>> | undefined,
  live: Readonly<Record<string, unknown>>,
): SettingsChange | undefined {
  if (desired === undefined) return undefined;
  const body: Record<string, unknown> = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const fields: string[] = [];
  for (const [key, want] of Object.entries(desired)) {
    const have = live[key];
    if (isObject(want)) {
      const liveObj = isObject(have) ? have : {};
      const haveObj = canonicalObject(key, liveObj);
      const wantObj = canonicalObject(key, want);
      const changed = Object.keys(wantObj).filter((k) => !meets(key, k, haveObj[k], wantObj[k]));
      if (changed.length === 0) continue;
      for (const k of changed) {
        fields.push(`${key}.${k}`);
        before[`${key}.${k}`] = liveObj[k] ?? null;
        after[`${key}.${k}`] = wantObj[k];
      }
      body[key] = { ...haveObj, ...wantObj };
    } else if (!equal(have, want)) {
      fields.push(key);
      before[key] = have ?? null;
      after[key] = want;
      body[key] = want;
    }
  }
  if (fields.length === 0) return undefined;
  return {
    kind: 'dns_settings',
    action: 'update',
    method: 'PATCH',
    path: `/zones/${zoneId}/dns_settings`,
    zoneId,
    body,
    before,
    after,
    fields,
  };
}
