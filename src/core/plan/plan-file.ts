import { ZonectlError } from '../errors.js';
import type { ZoneConfig } from '../zonefile/index.js';
import type { ZonePlan } from './build-plan.js';

export const PLAN_FORMAT_VERSION = 1;

/** A saved plan: data only, never a secret. */
export interface PlanFile {
  readonly format_version: number;
  readonly tool: 'zonectl';
  readonly created_at: string;
  readonly base_url: string;
  /** The zone files the plan was made from, with their SHA-256. */
  readonly files: ReadonlyArray<{ readonly path: string; readonly sha256: string }>;
  readonly zones: readonly SavedZone[];
}

/** One zone of a saved plan: the desired state it was made from, the plan, and the batch limit. */
export interface SavedZone {
  readonly config: ZoneConfig;
  readonly plan: ZonePlan;
  readonly batch_limit: number;
}

export class PlanFileError extends ZonectlError {}

export function serializePlanFile(plan: PlanFile): string {
  return `${JSON.stringify(plan, null, 2)}\n`;
}

function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Parse and check the outer shape of a saved plan. */
export function parsePlanFile(text: string, source: string): PlanFile {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    throw new PlanFileError('PLAN_FILE_INVALID', `${source}: not a JSON plan file (${(e as Error).message})`);
  }
  if (!isObject(raw) || raw.tool !== 'zonectl' || !Array.isArray(raw.zones)) {
    throw new PlanFileError('PLAN_FILE_INVALID', `${source}: not a zonectl plan file`);
  }
  if (raw.format_version !== PLAN_FORMAT_VERSION) {
    throw new PlanFileError(
      'PLAN_FILE_VERSION',
      `${source}: plan format_version ${String(raw.format_version)} is not supported (this zonectl writes ${PLAN_FORMAT_VERSION})`,
    );
  }
  for (const [i, z] of raw.zones.entries()) {
    const p = isObject(z) ? z.plan : undefined;
    if (!isObject(z) || !isObject(z.config) || !isObject(p) || typeof p.zone !== 'string' || typeof p.zoneId !== 'string' || !Array.isArray(p.operations) || !isObject(p.fingerprint)) {
      throw new PlanFileError('PLAN_FILE_INVALID', `${source}: zones[${i}] is not a zone plan`);
    }
  }
  return raw as unknown as PlanFile;
}
