import { ZonectlError } from '../errors.js';

export interface SafetyThresholds {
  readonly maxDeletePercent: number;
  readonly maxUpdatePercent: number;
  /** Zones with fewer manageable records than this are not checked (octoDNS: 10). */
  readonly minRecords: number;
}

export interface SafetyCounts {
  readonly deletes: number;
  readonly updates: number;
  /** Live records zonectl may touch (protected and ignored excluded). */
  readonly manageable: number;
}

export interface SafetyViolation {
  readonly kind: 'delete' | 'update';
  readonly count: number;
  readonly percent: number;
  readonly limit: number;
}

/** Deletes and updates over the thresholds (a replacement counts as one delete and one create). */
export function checkSafety(counts: SafetyCounts, t: SafetyThresholds): SafetyViolation[] {
  if (counts.manageable < t.minRecords) return [];
  const out: SafetyViolation[] = [];
  // Compare exactly (n / manageable > limit %); round only for the message.
  const over = (n: number, limit: number): boolean => n * 100 > limit * counts.manageable;
  const pct = (n: number): number => Math.round((n / counts.manageable) * 1000) / 10;
  if (over(counts.deletes, t.maxDeletePercent)) {
    out.push({ kind: 'delete', count: counts.deletes, percent: pct(counts.deletes), limit: t.maxDeletePercent });
  }
  if (over(counts.updates, t.maxUpdatePercent)) {
    out.push({ kind: 'update', count: counts.updates, percent: pct(counts.updates), limit: t.maxUpdatePercent });
  }
  return out;
}

export class UnsafePlanError extends ZonectlError {
  constructor(
    readonly zone: string,
    readonly violations: readonly SafetyViolation[],
  ) {
    super(
      'UNSAFE_PLAN',
      `${zone}: refusing to apply without --force: ` +
        violations.map((v) => `${v.count} ${v.kind}s are ${v.percent}% of the zone's manageable records (limit ${v.limit}%)`).join('; '),
    );
  }
}
