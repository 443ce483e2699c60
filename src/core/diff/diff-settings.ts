import equal from 'fast-deep-equal';
import type { SettingsOperation } from '../plan/operation.js';
import { PHASE } from '../plan/operation.js';

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/**
 * DNS settings: only the fields the file sets are managed. Nested objects (soa, nameservers,
 * internal_dns) compare only the members the file sets, and are sent whole (live merged with
 * desired) so that PATCH does not drop the members the file leaves alone.
 */
export function diffSettings(zoneId: string, desired: Readonly<Record<string, unknown>> | undefined, live: Readonly<Record<string, unknown>>): SettingsOperation | undefined {
  if (desired === undefined) return undefined;
  const body: Record<string, unknown> = {};
  const before: Record<string, unknown> = {};
  const after: Record<string, unknown> = {};
  const fields: string[] = [];
  for (const [key, want] of Object.entries(desired)) {
    const have = live[key];
    if (isObject(want)) {
      const haveObj = isObject(have) ? have : {};
      const changed = Object.keys(want).filter((k) => !equal(haveObj[k], want[k]));
      if (changed.length === 0) continue;
      for (const k of changed) {
        fields.push(`${key}.${k}`);
        before[`${key}.${k}`] = haveObj[k] ?? null;
        after[`${key}.${k}`] = want[k];
      }
      body[key] = { ...haveObj, ...want };
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
    phase: PHASE.settings,
  };
}
