/**
 * Behaviours that changed on a date (spec, Versioning). `apiDate` is YYYY-MM-DD, so string
 * comparison is date comparison.
 */
export const DATED = {
  /** From this date, record validation errors are returned bare (no 1004 wrapper). */
  bareValidationErrors: '2024-10-01',
  /** From this date, record responses drop `zone_id` and `zone_name`. */
  noZoneFieldsInRecords: '2024-11-30',
  /** From this date, record responses drop `locked`. */
  noLockedInRecords: '2024-07-14',
  /**
   * From this date, a PATCH or PUT (single or in a batch) may not change an existing record's
   * type: "Changing the type of an existing DNS record via the API is deprecated and will no
   * longer be supported after June 30, 2026" (the API deprecations list, entry of 2026-01-23:
   * https://developers.cloudflare.com/fundamentals/api/reference/deprecations/). The day after
   * the end of life is the first refused.
   */
  noTypeChange: '2026-07-01',
} as const;

export function isBefore(apiDate: string, change: string): boolean {
  return apiDate < change;
}

/** Today (UTC) as YYYY-MM-DD. */
export function todayApiDate(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

export function isApiDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}
